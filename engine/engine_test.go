package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citelint/citelint/config"
	core "github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/result"
)

// TestVerdictsMatch: Result.Verdict converts the implementation's verdict
// by value, so each public verdict must be the implementation's of the
// same name.
func TestVerdictsMatch(t *testing.T) {
	for _, tc := range []struct {
		public Verdict
		core   core.Verdict
	}{{Pass, core.Pass}, {Fail, core.Fail}, {Broken, core.Broken}, {TimedOut, core.TimedOut}} {
		if int(tc.public) != int(tc.core) {
			t.Errorf("public verdict %d is the implementation's %d", tc.public, tc.core)
		}
	}
}

// TestRun: what Run writes and which verdict it gives, through the public
// options alone.
func TestRun(t *testing.T) {
	const doc = "Water boils at 100 °C [1, 9].\n\n## References\n\n1. Smith, J. Boiling. 2020.\n"
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name    string
		ctx     context.Context
		missing bool // a path that does not exist
		o       RunOptions
		want    Verdict
		written bool
	}{
		{"an error fails the gate", context.Background(), false, RunOptions{}, Fail, false},
		{"above the fail level nothing fails", context.Background(), false, RunOptions{FailLevel: result.SeverityError + 1}, Pass, false},
		{"fix writes the file and leaves nothing", context.Background(), false, RunOptions{Fix: true}, Pass, true},
		{"a path that cannot be walked is broken", context.Background(), true, RunOptions{}, Broken, false},
		{"an ended ctx times out", cancelled, false, RunOptions{}, TimedOut, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "a.md")
			if err := os.WriteFile(p, []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
			e, err := New(config.New(ConfigOptions()), Options{WorkDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			paths := []string{dir}
			if tc.missing {
				paths = append(paths, filepath.Join(dir, "missing.md"))
			}
			res := e.Run(tc.ctx, paths, tc.o)
			if got := res.Verdict(); got != tc.want {
				t.Errorf("verdict %d, want %d (report %+v)", got, tc.want, res.Report.Summary)
			}
			b, _ := os.ReadFile(p)
			if written := string(b) != doc; written != tc.written || (res.Fixed > 0) != tc.written {
				t.Errorf("file written %v, %d fixed; want written %v:\n%s", written, res.Fixed, tc.written, b)
			}
		})
	}
}

// TestRelativePathsFromWorkDir: relative paths, and none at all, are taken
// from Options.WorkDir, not from the process's working directory; Run's
// fixes too.
func TestRelativePathsFromWorkDir(t *testing.T) {
	const doc = "Water boils at 100 °C [1, 9].\n\n## References\n\n1. Smith, J. Boiling. 2020.\n"
	for _, tc := range []struct {
		name  string
		paths []string
	}{
		{"a relative file", []string{"a.md"}},
		{"a relative folder", []string{"docs"}},
		{"no path: the working directory", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "docs"), 0o755); err != nil {
				t.Fatal(err)
			}
			for _, p := range []string{"a.md", "docs/a.md"} {
				if err := os.WriteFile(filepath.Join(dir, p), []byte(doc), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			e, err := New(config.New(ConfigOptions()), Options{WorkDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			rep := e.LintPaths(context.Background(), tc.paths)
			if len(rep.Summary.Errors) > 0 || rep.Summary.Files == 0 {
				t.Fatalf("LintPaths(%q) from %s: %d files, errors %+v", tc.paths, dir, rep.Summary.Files, rep.Summary.Errors)
			}
			for _, iss := range rep.Issues {
				if !strings.HasPrefix(iss.Path, dir) {
					t.Errorf("issue in %s, outside the WorkDir %s", iss.Path, dir)
				}
			}
			res := e.Run(context.Background(), tc.paths, RunOptions{Fix: true})
			if v := res.Verdict(); v != Pass || res.Fixed == 0 {
				t.Errorf("Run with fixes: verdict %v, %d fixed, report %+v", v, res.Fixed, res.Report.Summary)
			}
		})
	}
}
