package eval

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules/registry"
)

// TestFixRoundTrip runs --fix's machinery over every Markdown file of the
// corpus with every fixable rule on: a second pass must change nothing, no
// line may appear or vanish, and extraction must find the same citations
// before and after, apart from removed ones, which must all have been
// unresolvable.
func TestFixRoundTrip(t *testing.T) {
	root := corpus.Path(t)
	files, errs := lint.Walk([]string{root}, "", []string{"**/*.md", "**/*.markdown", "**/*.mdx"}, nil)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	cfg := config.New(engine.ConfigOptions())
	cfg.Rules.Default = config.DefaultNone
	for _, r := range registry.All() {
		if r.Fixable {
			cfg.Rules.Enable = append(cfg.Rules.Enable, r.Name)
		}
	}
	eng, err := engine.New(cfg, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// As --diff: fixes applied in memory, not written.
	fix := func(paths []string) []lint.FileResult {
		return eng.Run(context.Background(), engine.Files{Paths: paths}, engine.RunOptions{Fix: true}).Files
	}
	res := fix(files)

	tmp := t.TempDir()
	var fixedPaths []string
	changed, fixes, removed := 0, 0, 0
	perFolder := map[string]int{}
	for _, r := range res {
		if r.Err != nil {
			t.Errorf("%v", r.Err)
			continue
		}
		if r.Original == nil {
			continue
		}
		changed++
		fixes += r.Fixed
		rel, _ := filepath.Rel(root, r.Path)
		perFolder[filepath.Dir(rel)]++
		if bytes.Count(r.Original, []byte("\n")) != bytes.Count(r.Src, []byte("\n")) {
			t.Errorf("%s: fixing changed the number of lines", rel)
		}
		removed += compareCitations(t, rel, r.Original, r.Src)
		p := filepath.Join(tmp, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, r.Src, 0o644); err != nil {
			t.Fatal(err)
		}
		fixedPaths = append(fixedPaths, p)
	}
	for _, r := range fix(fixedPaths) {
		if r.Original != nil {
			t.Errorf("%s: a second --fix changed the file again", r.Path)
		}
	}
	var folders []string
	for f := range perFolder {
		folders = append(folders, f)
	}
	sort.Strings(folders)
	t.Logf("%d files, %d changed by %d fixes, %d citations removed (all unresolvable); second pass changed none", len(files), changed, fixes, removed)
	for _, f := range folders {
		t.Logf("  %-40s %d files changed", f, perFolder[f])
	}
}

// compareCitations checks that the citations of after are those of before
// less some unresolvable ones, and returns how many went.
func compareCitations(t *testing.T, name string, before, after []byte) int {
	t.Helper()
	key := func(c *markdown.Citation) string {
		if c.Target != "" {
			return c.Kind.String() + "|" + c.Target
		}
		return c.Kind.String() + "|" + c.Label
	}
	count := func(src []byte) (all, unresolved map[string]int) {
		doc := markdown.Parse(src, markdown.Options{})
		resolve.Resolve(doc, resolve.NewEnv(nil))
		all, unresolved = map[string]int{}, map[string]int{}
		for i := range doc.Citations {
			c := &doc.Citations[i]
			all[key(c)]++
			if c.Status == markdown.Unresolved {
				unresolved[key(c)]++
			}
		}
		return all, unresolved
	}
	b, bu := count(before)
	a, _ := count(after)
	removed := 0
	for k, n := range b {
		switch {
		case a[k] > n:
			t.Errorf("%s: fixing added citation %s", name, k)
		case n-a[k] > bu[k]:
			t.Errorf("%s: fixing removed %d of %s, only %d unresolvable", name, n-a[k], k, bu[k])
		default:
			removed += n - a[k]
		}
	}
	for k := range a {
		if b[k] == 0 {
			t.Errorf("%s: fixing created citation %s", name, k)
		}
	}
	return removed
}
