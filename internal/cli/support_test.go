package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/registrystub"
)

func TestSupportRulesWithSourceStore(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "sources.jsonl", `{"id": "d_1", "text": "Global mean sea level increased by 0.20 m between 1901 and 2018."}
{"id": "d_2", "text": "Penguins live almost exclusively in the Southern Hemisphere."}
`)
	doc := write(t, dir, "answer.md", `Global mean sea level increased by 0.20 m between 1901 and 2018 [REF|d_1].
Penguins nest on Greenland's glaciers in the Arctic [REF|d_2].
Sea level rose 0.35 m since 1901 [REF|d_1].
This sentence cites nothing at all, and is long enough to count.
`)
	code, stdout, stderr := run(t, dir, "", "run", "--no-config", "--sources", dir+"/sources.jsonl",
		"--enable-only", "low-overlap,number-mismatch", "--format", "json", doc)
	if code != ExitIssues {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if got := issueLines(t, stdout); got != "answer.md:2:low-overlap answer.md:3:low-overlap answer.md:3:number-mismatch" {
		t.Errorf("issues %s\n%s", got, stdout)
	}
	var r struct {
		Summary struct {
			Support struct {
				Claims      int     `json:"claims"`
				CitedClaims int     `json:"cited_claims"`
				Scored      int     `json:"scored"`
				Supported   int     `json:"supported"`
				Coverage    float64 `json:"coverage"`
				Grounded    float64 `json:"grounded"`
			} `json:"support"`
			PerFile []struct {
				Path string `json:"path"`
			} `json:"per_file"`
		} `json:"summary"`
	}
	json.Unmarshal([]byte(stdout), &r)
	s := r.Summary.Support
	if s.Claims != 4 || s.CitedClaims != 3 || s.Scored != 3 || s.Supported != 1 || len(r.Summary.PerFile) != 1 {
		t.Errorf("support metrics %+v, per file %+v\n%s", s, r.Summary.PerFile, stdout)
	}

	// The text summary carries the metrics; min-grounded fails the file.
	write(t, dir, ".citelint.yaml", "version: \"1\"\nsources: sources.jsonl\nrules:\n  enable: [low-overlap]\n  settings:\n    low-overlap: {min-grounded: 0.9, min-coverage: 0.9}\n")
	code, stdout, _ = run(t, dir, "", "run", doc)
	for _, want := range []string{"coverage 75% (3 of 4 sentences cite a source); grounded 33% (1 of 3 scored", "grounded 33%: 1 of 3 scored cited sentences are supported", "coverage 75%: 3 of 4 sentences cite a source (min-coverage 90%)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("missing %q in\n%s", want, stdout)
		}
	}
	if code != ExitIssues {
		t.Errorf("exit %d", code)
	}
}

func TestSupportRulesWithFetchedAbstracts(t *testing.T) {
	stub := registrystub.Start(registrystub.Registry{
		DOIs: map[string]*registrystub.Work{"10.1000/sea": {Title: "Sea level", Year: 2021,
			Abstract: "Global mean sea level rose by 0.20 m between 1901 and 2018, driven by thermal expansion and melting glaciers."}},
		Pages: map[string]int{"/ok": 200},
	})
	defer stub.Close()
	dir := t.TempDir()
	write(t, dir, ".citelint.yaml", fmt.Sprintf("version: \"1\"\nrules:\n  enable: [dead-doi, low-overlap]\n  disable: [uncited-claim]\nresolvers:\n  cache: {dir: cache}\n  doi: {url: %[1]s}\n  crossref: {url: %[1]s}\n  datacite: {url: %[1]s}\n  arxiv: {url: %[1]s}\n  url: {allow-private: true}\n", stub.URL))
	doc := write(t, dir, "r.md", fmt.Sprintf(`Sea level rose by 0.20 m between 1901 and 2018 [1].
Tokyo's stock market fell after the election [1].
A page [2] about something else entirely, with no text worth scoring.

## References

1. Sea level. https://doi.org/10.1000/sea
2. A page. %s/ok
`, stub.URL))
	code, stdout, stderr := run(t, dir, "", "run", "--allow-private", "--format", "json", doc)
	if got := issueLines(t, stdout); !strings.HasPrefix(got, "r.md:2:low-overlap") || strings.Contains(got, "r.md:1:") {
		t.Errorf("exit %d issues %s\n%s%s", code, got, stdout, stderr)
	}
}

func TestSupportJudge(t *testing.T) {
	for _, tt := range []struct {
		answer string
		status int
		want   string // issue message fragment on line 1, "" for none
	}{
		{`{"supported": false, "quote": "Penguins live in the south."}`, 200, "does not support this sentence, says the judge model (lexical score 1.00"},
		{`{"supported": true}`, 200, ""},
		{``, 500, ""}, // the judge fails: the lexical verdict (supported) stands
	} {
		model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("Authorization") != "Bearer secret" {
				t.Errorf("no API key sent")
			}
			w.WriteHeader(tt.status)
			json.NewEncoder(w).Encode(map[string]any{"choices": []map[string]any{{"message": map[string]string{"content": tt.answer}}}})
		}))
		dir := t.TempDir()
		write(t, dir, "s.jsonl", `{"id": "d_1", "text": "Global mean sea level increased by 0.20 m between 1901 and 2018."}`+"\n")
		write(t, dir, ".citelint.yaml", fmt.Sprintf("version: \"1\"\nsources: s.jsonl\nrules:\n  default: none\n  enable: [low-overlap]\n  settings:\n    low-overlap: {judge-band: 1}\nresolvers:\n  cache: {dir: cache}\njudge:\n  url: %s/v1\n  model: m\n", model.URL))
		doc := write(t, dir, "a.md", "Global mean sea level increased by 0.20 m between 1901 and 2018 [REF|d_1].\n")
		var out, errb strings.Builder
		Main([]string{"run", "--trusted-host", "127.0.0.1", "--format", "json", doc}, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
			Getenv: func(k string) string { return map[string]string{envJudgeKey: "secret"}[k] },
			Getwd:  func() (string, error) { return dir, nil }})
		got := out.String()
		if tt.want == "" && strings.Contains(got, "low-overlap") || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("answer %q status %d: want %q in\n%s%s", tt.answer, tt.status, tt.want, got, errb.String())
		}
		model.Close()
	}
}

func TestUnsafeFixRemovesUnsupportedCitation(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "s.jsonl", `{"id": "d_2", "text": "Penguins live almost exclusively in the Southern Hemisphere."}`+"\n")
	const in = "Penguins nest on Greenland's glaciers in the Arctic [REF|d_2].\n"
	doc := write(t, dir, "a.md", in)
	args := []string{"run", "--no-config", "--sources", dir + "/s.jsonl", "--enable-only", "low-overlap", doc}
	run(t, dir, "", append(args, "--fix")...)
	if b := mustRead(t, doc); b != in {
		t.Errorf("--fix applied an unsafe fix: %q", b)
	}
	run(t, dir, "", append(args, "--fix", "--unsafe-fixes")...)
	if b := mustRead(t, doc); b != "Penguins nest on Greenland's glaciers in the Arctic.\n" {
		t.Errorf("--unsafe-fixes: %q", b)
	}
}

// A sentence whose wording its source supports but whose number it does
// not state is partly unsupported: with number-mismatch running, the
// grounded share does not count it as supported.
func TestNumberMismatchCountsAsUnsupported(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "sources.jsonl", `{"id": "d_1", "text": "Global mean sea level increased by 0.20 m between 1901 and 2018."}
`)
	doc := write(t, dir, "answer.md", "Global mean sea level increased by 0.25 m between 1901 and 2018 [REF|d_1].\n")
	for _, tc := range []struct {
		rules     string
		supported int
	}{
		{"low-overlap", 1},
		{"low-overlap,number-mismatch", 0},
	} {
		_, stdout, stderr := run(t, dir, "", "run", "--no-config", "--sources", dir+"/sources.jsonl",
			"--enable-only", tc.rules, "--format", "json", doc)
		var r struct {
			Summary struct {
				Support struct{ Scored, Supported int } `json:"support"`
			} `json:"summary"`
		}
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatalf("%s: %v\n%s%s", tc.rules, err, stdout, stderr)
		}
		if s := r.Summary.Support; s.Scored != 1 || s.Supported != tc.supported {
			t.Errorf("%s: scored %d, supported %d; want 1, %d", tc.rules, s.Scored, s.Supported, tc.supported)
		}
	}
}
