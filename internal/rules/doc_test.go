package rules

import (
	"context"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoIOImports keeps the rules' vocabulary, and the rules in the
// packages under it, free of the clients that do I/O: a rule reads network
// answers and judge verdicts through Env's interfaces, so the rules build
// (and test) without them. rulestest, the golden harness, runs them
// against loopback registries and is left out.
func TestNoIOImports(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := filepath.Glob("*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range sub {
		if filepath.Dir(f) != "rulestest" {
			files = append(files, f)
		}
	}
	if len(sub) == len(files) {
		t.Fatal("found no file of a package of rules")
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
