package rules

import (
	"context"
	"flag"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite docs/rules.md")

// TestDocsCurrent keeps docs/rules.md in step with the code.
func TestDocsCurrent(t *testing.T) {
	want := Markdown()
	if *updateDocs {
		if err := os.WriteFile("../../docs/rules.md", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatalf("%v (run: go test ./internal/rules -update-docs)", err)
	}
	if string(got) != want {
		t.Error("docs/rules.md is stale: run go test ./internal/rules -update-docs")
	}
}

var kebab = regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)

// TestRuleMetadata checks every rule describes itself fully.
func TestRuleMetadata(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range All() {
		if !kebab.MatchString(r.Name) || seen[r.Name] {
			t.Errorf("bad or duplicate rule name %q", r.Name)
		}
		seen[r.Name] = true
		if r.Summary == "" || strings.HasSuffix(r.Summary, ".") {
			t.Errorf("%s: summary must be one line without a final period", r.Name)
		}
		if !strings.Contains(r.Doc, "Bad:") || !strings.Contains(r.Doc, "Good:") {
			t.Errorf("%s: doc needs a Bad: and a Good: example", r.Name)
		}
		if r.Severity == 0 || len(r.Tags) == 0 || r.Check == nil {
			t.Errorf("%s: severity, tags and check are required", r.Name)
		}
		if got, want := r.HasTag(TagNetwork), r.Needs&NeedNetwork != 0; got != want {
			t.Errorf("%s: tagged network is %v but declares network needs %v: a network rule must declare its lookups in Needs", r.Name, got, want)
		}
		if got, want := r.HasTag(TagSources), r.Needs.Has(NeedSourceText); got != want {
			t.Errorf("%s: tagged sources is %v but declares NeedSourceText %v", r.Name, got, want)
		}
		if r.NewSettings != nil && r.NewSettings() == r.NewSettings() {
			t.Errorf("%s: NewSettings must return a fresh value each call", r.Name)
		}
		if s := r.DefaultSettings(); (s == nil) != (r.NewSettings == nil) || s != nil && s == r.DefaultSettings() {
			t.Errorf("%s: DefaultSettings must be a fresh NewSettings value, or nil without NewSettings", r.Name)
		}
	}
}

func TestKnown(t *testing.T) {
	for name, want := range map[string]bool{"uncited-claim": true, "unused-reference": true, "document": true, "invalid-suppression": true, "unused-suppression": true, "": false, "Uncited-Claim": false, "all": false} {
		if got := Known(name); got != want {
			t.Errorf("Known(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestNoIOImports keeps the rules' vocabulary free of the clients that do
// I/O: a rule reads network answers and judge verdicts through Env's
// interfaces, so the rules package builds (and tests) without them.
func TestNoIOImports(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	banned := []string{"net/http", "/resolve/judge", "/resolve/httpclient", "/resolve/verify", "/resolve/cache"}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range af.Imports {
			for _, b := range banned {
				if p := strings.Trim(imp.Path.Value, `"`); strings.HasSuffix(p, b) {
					t.Errorf("%s imports %s: rules must reach I/O through Env's interfaces", f, p)
				}
			}
		}
	}
}

// TestPassCarriesContext: a rule sees the run's context, so a long check
// can stop when the run is cancelled or times out.
func TestPassCarriesContext(t *testing.T) {
	var seen error
	r := &Rule{Name: "ctx-probe", Check: func(p *Pass) { seen = p.Ctx.Err() }}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := RunPass(&Pass{Ctx: ctx, Rule: r}); err != nil || seen != context.Canceled {
		t.Errorf("with a cancelled run: rule saw %v (err %v), want %v", seen, err, context.Canceled)
	}
	if _, err := Run(r, "x.md", nil, nil, nil); err != nil || seen != nil {
		t.Errorf("without a context: rule saw %v (err %v), want a live context", seen, err)
	}
}
