package engine_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/citelint/citelint/internal/engine"
)

// TestSelectsAgreesWithRun: Selects says, file by file, what `citelint
// run` without paths (engine.Walk) lints, for configs with and without
// run.paths, include and exclude, and a .gitignore.
func TestSelectsAgreesWithRun(t *testing.T) {
	for _, tt := range []struct {
		name, config string
		want         int
	}{
		{"no config", "", 4},
		{"exclude", "version: \"1\"\nrun:\n  exclude: [\"drafts/**\", \"**/*.qmd\"]\n", 2},
		{"paths", "version: \"1\"\nrun:\n  paths: [docs]\n", 2},
		{"include", "version: \"1\"\nrun:\n  include: [\"docs/**\", \"**/*.txt\"]\n", 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := []string{".git/HEAD", ".gitignore", "a.md", "b.txt", "ignored.md", "docs/c.md", "docs/d.qmd", "drafts/e.md"}
			for _, f := range files {
				p := filepath.Join(dir, f)
				os.MkdirAll(filepath.Dir(p), 0o755)
				body := ""
				if f == ".gitignore" {
					body = "ignored.md\n"
				}
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tt.config != "" {
				if err := os.WriteFile(filepath.Join(dir, ".citelint.yaml"), []byte(tt.config), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cfg, _, err := engine.LoadConfig(dir, "", false)
			if err != nil {
				t.Fatal(err)
			}
			e, err := engine.New(cfg, engine.Options{WorkDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			t.Chdir(dir) // the walk of "." is of the working directory
			fs := e.Walk(nil)
			var found []string
			for _, p := range fs.Paths {
				found = append(found, filepath.Join(dir, p))
			}
			if len(found) != tt.want {
				t.Errorf("run lints %v, want %d files", found, tt.want)
			}
			for _, f := range files {
				p := filepath.Join(dir, f)
				if got, want := e.Selects(p), slices.Contains(found, p); got != want {
					t.Errorf("Selects(%s) = %v, run lints it: %v", f, got, want)
				}
			}
		})
	}
}
