package lint

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestSelectsAgreesWithWalk: for every file of a tree, Selects says what
// a walk of the tree finds, under include and exclude globs, .gitignore
// files, skipped folders and endings that are not a document's.
func TestSelectsAgreesWithWalk(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		".git/HEAD":           "ref: refs/heads/main\n",
		".gitignore":          "build/\n*.draft.md\n",
		"a.md":                "",
		"b.txt":               "",
		"c.draft.md":          "",
		"build/out.md":        "",
		"docs/d.md":           "",
		"docs/e.qmd":          "",
		"docs/.gitignore":     "private.md\n",
		"docs/private.md":     "",
		"docs/gen/f.md":       "",
		"node_modules/x/r.md": "",
		"vendor/v.md":         "",
		"notes/n.markdown":    "",
		"notes/deep/n2.md":    "",
	}
	var all []string
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		all = append(all, p)
	}
	slices.Sort(all)
	for _, tt := range []struct {
		name             string
		dirs             []string
		include, exclude []string
		gitignore        bool
		want             int // files found, to be sure the case tests something
	}{
		{"defaults", []string{dir}, nil, nil, true, 6},
		{"no gitignore", []string{dir}, nil, nil, false, 9},
		{"exclude folder", []string{dir}, nil, []string{"docs/gen/**"}, true, 5},
		{"exclude glob", []string{dir}, nil, []string{"**/n*.md", "notes/**"}, true, 4},
		{"include", []string{dir}, []string{"docs/**/*.md"}, nil, true, 2},
		{"paths", []string{filepath.Join(dir, "notes"), filepath.Join(dir, "a.md")}, nil, nil, true, 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := WalkOptions{Root: dir, Base: dir, Include: tt.include, Exclude: tt.exclude, Gitignore: tt.gitignore}
			found, errs := WalkWith(tt.dirs, o)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			if len(found) != tt.want {
				t.Errorf("the walk finds %d files, want %d: %v", len(found), tt.want, found)
			}
			for _, p := range all {
				if got, want := Selects(p, tt.dirs, o), slices.Contains(found, filepath.ToSlash(p)); got != want {
					t.Errorf("Selects(%s) = %v, the walk finds it: %v", p, got, want)
				}
			}
		})
	}
}
