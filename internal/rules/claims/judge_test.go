package claims_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/citelint/citelint/internal/evidence"
	"github.com/citelint/citelint/internal/hangguard"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/claims"
	"github.com/citelint/citelint/internal/rules/rulestest"
	"github.com/citelint/citelint/internal/sources"
	"go.yaml.in/yaml/v3"
)

// gateJudge answers "supported" once wait questions are in flight at
// once (or, for the rest, at once): a rule that asks one sentence after
// another never gets an answer past its first, and hangguard fails it.
type gateJudge struct {
	wait    int
	mu      sync.Mutex
	arrived int
	open    chan struct{}
}

func (j *gateJudge) Judge(ctx context.Context, _, _ string) (rules.JudgeVerdict, error) {
	j.mu.Lock()
	j.arrived++
	if j.arrived == j.wait {
		close(j.open)
	}
	j.mu.Unlock()
	select {
	case <-j.open:
		return rules.JudgeVerdict{Supported: true, Score: 1}, nil
	case <-ctx.Done():
		return rules.JudgeVerdict{}, ctx.Err()
	}
}

// TestLowOverlapJudgeConcurrent: the sentences of one document go to the
// judge at once (issue 34: a report is one file, and eight sentences at
// a second each took eight seconds). The judge answers only when four
// questions are in flight together.
func TestLowOverlapJudgeConcurrent(t *testing.T) {
	st, err := sources.Load("testdata/low-overlap/sources.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	env := resolve.NewEnv(nil)
	env.Sources = st
	var src strings.Builder
	for i := range 8 {
		fmt.Fprintf(&src, "Sea level rose %d cm between 1901 and 2018 in the record [id:d_1].\n\n", 10+i)
	}
	doc := markdown.Parse([]byte(src.String()), markdown.Options{KnownKey: env.KnownKey})
	resolve.Resolve(doc, env)
	j := &gateJudge{wait: 4, open: make(chan struct{})}
	hangguard.Run(t, "eight sentences, a judge that needs four at once", func() {
		issues, err := rules.RunPass(&rules.Pass{Ctx: context.Background(), Rule: claims.LowOverlap, Path: "x.md", Doc: doc, Settings: claims.LowOverlap.DefaultSettings(),
			Env: &rules.Env{Evidence: &evidence.Finder{}, Support: &rules.SupportStats{}, Judge: j, JudgePolicy: rules.JudgePolicy{All: true}}})
		if err != nil || len(issues) != 0 || j.arrived != 8 {
			t.Errorf("issues %v, err %v, asked %d; want none, nil, 8", issues, err, j.arrived)
		}
	})
}

// TestLowOverlapJudge: the judge reads the passages of every cited source
// under their titles; mode all asks about sentences far from the
// threshold; a failed judge leaves the lexical verdict and says so in
// the issue.
func TestLowOverlapJudge(t *testing.T) {
	st, err := sources.Load("testdata/low-overlap/sources.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	env := resolve.NewEnv(nil)
	env.Sources = st
	src := []byte("Penguins are flightless seabirds of the Arctic, and sea level rose 0.20 m between 1901 and 2018 [id:d_1] [id:d_2].\n")
	doc := markdown.Parse(src, markdown.Options{KnownKey: env.KnownKey})
	resolve.Resolve(doc, env)
	run := func(band string, j rules.Judge, all bool) []string {
		settings := claims.LowOverlap.DefaultSettings()
		if err := yaml.Unmarshal([]byte("judge-band: "+band), settings); err != nil {
			t.Fatal(err)
		}
		issues, err := rules.RunPass(&rules.Pass{Ctx: context.Background(), Rule: claims.LowOverlap, Path: "x.md", Doc: doc, Settings: settings,
			Env: &rules.Env{Evidence: &evidence.Finder{}, Support: &rules.SupportStats{}, Judge: j, JudgePolicy: rules.JudgePolicy{All: all}}})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, is := range issues {
			out = append(out, is.Message)
		}
		return out
	}
	no := &rulestest.ScriptJudge{Answer: func(string) (rules.JudgeVerdict, error) { return rules.JudgeVerdict{}, nil }}
	if got := run("0", no, true); len(no.Docs) != 1 || len(got) != 1 || !strings.Contains(got[0], "says the judge model") {
		t.Fatalf("mode all: asked %d times, issues %q", len(no.Docs), got)
	}
	for _, want := range []string{"Source: IPCC AR6 sea level\n", "Global mean sea level increased by 0.20 m", "Source: Penguins\n", "Penguins are flightless seabirds"} {
		if !strings.Contains(no.Docs[0], want) {
			t.Errorf("the judge was not sent %q:\n%s", want, no.Docs[0])
		}
	}
	if i, j := strings.Index(no.Docs[0], "IPCC"), strings.Index(no.Docs[0], "Source: Penguins"); i > j {
		t.Errorf("sources out of citation order:\n%s", no.Docs[0])
	}
	unasked := &rulestest.ScriptJudge{Answer: no.Answer}
	run("0", unasked, false)
	if len(unasked.Docs) != 0 {
		t.Errorf("band 0 asked the judge %d times", len(unasked.Docs))
	}
	yes := &rulestest.ScriptJudge{Answer: func(string) (rules.JudgeVerdict, error) { return rules.JudgeVerdict{Supported: true, Score: 1}, nil }}
	if got := run("1", yes, false); len(got) != 0 {
		t.Errorf("supported by the judge, yet reported: %q", got)
	}
	broken := &rulestest.ScriptJudge{Answer: func(string) (rules.JudgeVerdict, error) { return rules.JudgeVerdict{}, errors.New("HTTP 500") }}
	lexical := run("0", nil, false)
	got := run("1", broken, false)
	if len(got) != len(lexical) {
		t.Fatalf("a failed judge changed the verdict: %q, lexical %q", got, lexical)
	}
	for _, m := range got {
		if !strings.Contains(m, "the judge gave no answer") {
			t.Errorf("a failed judge is not shown in %q", m)
		}
	}
}
