package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/engine"
)

// TestPrepare: the paths a setup names (standard input under
// --stdin-filename, a shard), the errors that stop it, and NoneFound.
func TestPrepare(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a.md", "b.md"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("# "+n+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, empty := filepath.Join(dir, "a.md"), filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	other := "1/2" // the shard a.md is not in
	if (engine.Shard{Index: 1, Count: 2}).Has("a.md") {
		other = "2/2"
	}
	tests := []struct {
		name      string
		s         engine.Setup
		paths     []string // Files.Paths, relative to dir
		stdin     string   // Files.Stdin
		err       string   // part of the error, "" for none
		noneFound bool
	}{
		{"the paths named", engine.Setup{Paths: []string{a}}, []string{"a.md"}, "", "", false},
		{"standard input named, no path", engine.Setup{Walk: engine.WalkOptions{StdinName: "c.md"}}, []string{"c.md"}, "c.md", "", false},
		{"standard input named among paths", engine.Setup{Paths: []string{"-", a}, Walk: engine.WalkOptions{StdinName: "c.md"}}, []string{"a.md", "c.md"}, "c.md", "", false},
		{"standard input named, - not given", engine.Setup{Paths: []string{a}, Walk: engine.WalkOptions{StdinName: "c.md"}}, nil, "", "--stdin-filename names standard input", false},
		{"a bad shard", engine.Setup{Paths: []string{a}, Shard: "3/2"}, nil, "", "--shard \"3/2\"", false},
		{"a shard that got none", engine.Setup{Paths: []string{a}, Shard: other}, nil, "", "", false},
		{"none found", engine.Setup{Paths: []string{empty}}, nil, "", "", true},
	}
	for _, tt := range tests {
		tt.s.WorkDir, tt.s.Stdin = dir, strings.NewReader("# stdin\n")
		p, err := engine.Prepare(config.New(engine.ConfigOptions()), tt.s)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want one holding %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		var got []string
		for _, f := range p.Files.Paths {
			if rel, err := filepath.Rel(dir, f); err == nil && filepath.IsAbs(f) {
				f = rel
			}
			got = append(got, filepath.ToSlash(f))
		}
		if !slices.Equal(got, tt.paths) || p.Files.Stdin != tt.stdin || p.Files.NoneFound() != tt.noneFound || p.Budget != nil {
			t.Errorf("%s: paths %q, stdin %q, none found %v, budget %v; want %q, %q, %v, none",
				tt.name, got, p.Files.Stdin, p.Files.NoneFound(), p.Budget, tt.paths, tt.stdin, tt.noneFound)
		}
		if tt.stdin != "" && len(p.Files.StdinSrc) == 0 {
			t.Errorf("%s: standard input not read", tt.name)
		}
		p.Close()
	}
}

// TestPrepareBudget: a limit starts the run's clock at Started, and Close
// releases it.
func TestPrepareBudget(t *testing.T) {
	dir := t.TempDir()
	limit := func(*config.Config) time.Duration { return time.Hour }
	p, err := engine.Prepare(config.New(engine.ConfigOptions()), engine.Setup{Options: engine.Options{WorkDir: dir}, Paths: []string{dir}, Limit: limit, Started: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if p.Budget == nil || p.Budget.Limit() != time.Hour {
		t.Fatalf("budget %v, want one of an hour", p.Budget)
	}
	ctx := p.Budget.Context()
	p.Close()
	if ctx.Err() != context.Canceled {
		t.Errorf("after Close, the run's context: %v; want cancelled", ctx.Err())
	}
}
