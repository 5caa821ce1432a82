package lint

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/citelint/citelint/internal/rules/registry"
	"github.com/citelint/citelint/internal/wanttest"
	"github.com/citelint/citelint/result"
)

// TestManubotGolden lints testdata/manubot, a Manubot manuscript, with the
// default rules and --unsafe-fixes, and checks its findings against the
// files' want comments (issue 37): the keys content/manual-references.json
// defines ([@raw:x] for the id "raw:x", [@x] for the id "x", and the
// reverse) resolve in every content file; a raw: key whose reference
// citelint did not read is unchecked; one missing from a bibliography the
// front matter names is reported, and no fix, however unsafe, deletes it.
func TestManubotGolden(t *testing.T) {
	root := t.TempDir()
	wants := map[string][]wanttest.Want{}
	err := filepath.WalkDir("testdata/manubot", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel("testdata/manubot", p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if filepath.Ext(p) == ".md" {
			var ws []wanttest.Want
			if ws, b, err = wanttest.Parse(b); err != nil {
				return err
			}
			wants[rel] = ws
		}
		dst := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	var enabled []Enabled
	for _, r := range registry.All() {
		if r.Default {
			enabled = append(enabled, Enabled{Rule: r, Settings: r.DefaultSettings()})
		}
	}
	var files []string
	for rel := range wants {
		files = append(files, filepath.Join(root, rel))
	}
	res := Run(context.Background(), files, Options{Root: root, Dirs: []string{root}, Rules: enabled, Fix: &FixOptions{Unsafe: true}})
	if len(res) != len(wants) {
		t.Fatalf("%d files linted, want %d", len(res), len(wants))
	}
	for _, fr := range res {
		rel, _ := filepath.Rel(root, fr.Path)
		if fr.Err != nil {
			t.Fatalf("%s: %v", rel, fr.Err)
		}
		if fr.Original != nil {
			t.Errorf("%s: --unsafe-fixes changed it:\n%s", rel, fr.Src)
		}
		src, err := os.ReadFile(fr.Path)
		if err != nil {
			t.Fatal(err)
		}
		idx := result.NewLineIndex(src)
		var got []wanttest.Got
		for _, iss := range fr.Issues {
			got = append(got, wanttest.Got{Line: idx.Position(iss.Start).Line, Key: iss.Rule, Msg: iss.Message})
		}
		wanttest.Check(t, rel, wants[rel], got)
	}
}
