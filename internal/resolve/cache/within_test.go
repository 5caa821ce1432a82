package cache

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/resolve"
)

// TestWithin: a cache directory a config file named (which a pull request
// may have written, with links committed beside it) is read and written
// only inside the project, never under .git, however links lead: checked
// each time the directory is opened, so a link that appears after Open
// (after the config was read) is refused too. Nothing is created or
// written outside, and a valid answer planted outside is never read.
func TestWithin(t *testing.T) {
	valid := `{"format":"citelint-cache/2","entries":[{"kind":"doi","key":"k","stored":"2026-03-01T12:00:00Z","lookup":{"verdict":"ok"}}]}`
	clk := &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	ok := resolve.Lookup{Verdict: resolve.OK}
	tests := []struct {
		name string
		// plant lays out project (and outside) before Open; after runs
		// after a first Put, before the second.
		plant, after func(t *testing.T, project, outside string)
		wantWrite    bool
	}{
		{"a folder inside", nil, nil, true},
		{"a link to a folder inside", func(t *testing.T, p, _ string) {
			must(t, os.Mkdir(filepath.Join(p, "real"), 0o755))
			must(t, os.Symlink("real", filepath.Join(p, "cache")))
		}, nil, true},
		{"a link out of the project", func(t *testing.T, p, o string) {
			must(t, os.Symlink(o, filepath.Join(p, "cache")))
		}, nil, false},
		{"a relative link out of the project", func(t *testing.T, p, o string) {
			must(t, os.Symlink(filepath.Join("..", filepath.Base(o)), filepath.Join(p, "cache")))
		}, nil, false},
		{"a link into .git", func(t *testing.T, p, _ string) {
			must(t, os.MkdirAll(filepath.Join(p, ".git", "hooks"), 0o755))
			must(t, os.Symlink(filepath.Join(".git", "hooks"), filepath.Join(p, "cache")))
		}, nil, false},
		{"a link in a parent folder", func(t *testing.T, p, o string) {
			must(t, os.Symlink(o, filepath.Join(p, "up")))
		}, nil, false},
		{"the folder becomes a link after Open", nil, func(t *testing.T, p, o string) {
			must(t, os.RemoveAll(filepath.Join(p, "cache")))
			must(t, os.Symlink(o, filepath.Join(p, "cache")))
		}, false},
		{"a link inside the cache", nil, func(t *testing.T, p, o string) {
			must(t, os.RemoveAll(filepath.Join(p, "cache", formatDir)))
			must(t, os.Symlink(o, filepath.Join(p, "cache", formatDir)))
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := t.TempDir()
			project, outside := filepath.Join(base, "project"), filepath.Join(base, "outside")
			must(t, os.Mkdir(project, 0o755))
			must(t, os.Mkdir(outside, 0o755))
			// A valid answer where a link out would lead the reads.
			must(t, os.MkdirAll(filepath.Join(outside, formatDir, "doi"), 0o755))
			planted := filepath.Join(outside, formatDir, "doi", entryID("doi", "", "k")[:1]+".json")
			must(t, os.WriteFile(planted, []byte(valid), 0o644))
			must(t, os.WriteFile(filepath.Join(outside, entryID("doi", "", "k")[:1]+".json"), []byte(valid), 0o644))
			if tt.plant != nil {
				tt.plant(t, project, outside)
			}
			dir := filepath.Join(project, "cache")
			if tt.name == "a link in a parent folder" {
				dir = filepath.Join(project, "up", "cache")
			}
			var warnings []string
			c, err := Open(Options{Dir: dir, Within: project, Now: clk.now, Warn: func(m string) { warnings = append(warnings, m) }})
			if err != nil {
				t.Fatal(err)
			}
			if tt.after != nil {
				must(t, c.Put("doi", "first", ok))
				tt.after(t, project, outside)
				c, _ = Open(Options{Dir: dir, Within: project, Now: clk.now, Warn: func(m string) { warnings = append(warnings, m) }})
			}
			_, hit := c.Get("doi", "k")
			err = c.Put("doi", "new", ok)
			if tt.wantWrite {
				if err != nil || hit || len(warnings) != 0 {
					t.Fatalf("Put: %v, hit %v, warnings %q", err, hit, warnings)
				}
				again, _ := Open(Options{Dir: dir, Within: project, Now: clk.now})
				if _, hit := again.Get("doi", "new"); !hit {
					t.Error("answer not kept")
				}
			} else {
				if err == nil || hit {
					t.Errorf("Put: %v, hit %v: want the write refused and the planted answer unread", err, hit)
				}
				if len(warnings) == 0 || !strings.Contains(strings.Join(warnings, "\n"), "cannot be written") {
					t.Errorf("warnings: %q", warnings)
				}
			}
			// Nothing outside the project but what was planted; nothing
			// under .git.
			filepath.WalkDir(outside, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() && p != planted && filepath.Dir(p) != outside {
					t.Errorf("written outside the project: %s", p)
				}
				return nil
			})
			if ents, _ := os.ReadDir(filepath.Join(project, ".git", "hooks")); len(ents) != 0 {
				t.Errorf("written under .git: %v", ents)
			}
		})
	}
	if _, err := Open(Options{Dir: "/elsewhere/cache", Within: "/project"}); err == nil {
		t.Error("Open accepted a Dir outside Within")
	}
}
