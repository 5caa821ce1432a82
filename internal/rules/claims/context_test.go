package claims_test

import (
	"context"
	"testing"

	"github.com/citelint/citelint/internal/evidence"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/claims"
	"github.com/citelint/citelint/internal/sources"
	"go.yaml.in/yaml/v3"
)

type ctxKey struct{}

// ctxJudge records the contexts it is asked with and finds no support.
type ctxJudge struct{ ctxs []context.Context }

func (j *ctxJudge) Judge(ctx context.Context, _, _ string) (rules.JudgeVerdict, error) {
	j.ctxs = append(j.ctxs, ctx)
	return rules.JudgeVerdict{}, nil
}

// TestLowOverlapUsesRunContext: the judge is asked with the run's context
// (it was context.Background, so --timeout could not stop a slow judge),
// and a run that is over stops the rule before it asks anything.
func TestLowOverlapUsesRunContext(t *testing.T) {
	st, err := sources.Load("testdata/low-overlap/sources.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	env := resolve.NewEnv(nil)
	env.Sources = st
	src := []byte("Penguins are common in the Arctic and nest on Greenland's glaciers [id:d_2].\n")
	doc := markdown.Parse(src, markdown.Options{KnownKey: env.KnownKey})
	resolve.Resolve(doc, env)
	settings := claims.LowOverlap.DefaultSettings()
	pass := func(ctx context.Context, j *ctxJudge) *rules.Pass {
		return &rules.Pass{Ctx: ctx, Rule: claims.LowOverlap, Path: "x.md", Doc: doc, Settings: settings,
			Env: &rules.Env{Evidence: &evidence.Finder{}, Support: &rules.SupportStats{}, Judge: j}}
	}
	// Every score is borderline: the judge is asked.
	if err := yaml.Unmarshal([]byte("judge-band: 1"), settings); err != nil {
		t.Fatal(err)
	}

	live := context.WithValue(context.Background(), ctxKey{}, "run")
	j := &ctxJudge{}
	if _, err := rules.RunPass(pass(live, j)); err != nil {
		t.Fatal(err)
	}
	if len(j.ctxs) == 0 {
		t.Fatal("the judge was not asked; the test needs a borderline sentence")
	}
	for _, c := range j.ctxs {
		if c.Value(ctxKey{}) != "run" {
			t.Errorf("judge asked with a context that is not the run's")
		}
	}

	over, cancel := context.WithCancel(live)
	cancel()
	j = &ctxJudge{}
	if _, err := rules.RunPass(pass(over, j)); err != nil {
		t.Fatal(err)
	}
	if len(j.ctxs) != 0 {
		t.Errorf("a cancelled run asked the judge %d times, want 0", len(j.ctxs))
	}
}
