package lint

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/rules/input"
	"github.com/citelint/citelint/internal/rules/registry"
)

// lintWithRoot lints one document under root with unresolvable-label and
// document on and returns its issues as "rule: message" lines.
func lintWithRoot(t *testing.T, root, doc string) []string {
	t.Helper()
	r, ok := registry.Lookup("unresolvable-label")
	if !ok {
		t.Fatal("no unresolvable-label rule")
	}
	res := Run(context.Background(), []string{doc}, Options{Root: root, Rules: []Enabled{{Rule: r, Settings: r.DefaultSettings()}, {Rule: input.Document}}})
	if len(res) != 1 || res[0].Err != nil {
		t.Fatalf("lint %s: %+v", doc, res)
	}
	var out []string
	for _, iss := range res[0].Issues {
		out = append(out, iss.Rule+": "+iss.Message)
	}
	return out
}

// TestFrontMatterBibliography: a bibliography the front matter names is
// loaded when it is a regular file inside the project root; otherwise it
// is a document diagnostic naming it, so that the citations it would
// resolve are known to be unchecked (issue 20, defects 1, 2 and 11: a
// missing one was silent, /dev/zero ran out of memory, ../ and symbolic
// links read files anywhere).
func TestFrontMatterBibliography(t *testing.T) {
	outside := t.TempDir()
	const entry = "@misc{x, title = {A title}, url = {https://example.org/x}}\n"
	if err := os.WriteFile(filepath.Join(outside, "secret.bib"), []byte(entry), 0o644); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	if err := os.MkdirAll(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{"refs.bib": entry, ".git/x.bib": entry, "docs/local.bib": entry} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(outside, "secret.bib"), filepath.Join(docs, "link.bib")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	rel, err := filepath.Rel(docs, filepath.Join(outside, "secret.bib"))
	if err != nil {
		t.Fatal(err)
	}
	zero := "/dev/zero.bib" // missing where /dev/zero is absent
	if _, err := os.Stat("/dev/zero"); err == nil {
		zero = filepath.Join(docs, "zero.bib")
		if err := os.Symlink("/dev/zero", zero); err != nil {
			t.Fatal(err)
		}
	}
	for i, tt := range []struct{ bib, want string }{
		{"local.bib", ""},
		{"../refs.bib", ""},
		{"nope.bib", "document: bibliography not read, so its citations are not checked: open " + filepath.Join(docs, "nope.bib") + ": no such file or directory"},
		{"link.bib", "link.bib: resolves outside"},
		{filepath.ToSlash(rel), "secret.bib: resolves outside"},
		{filepath.Join(outside, "secret.bib"), "secret.bib: resolves outside"},
		{"../.git/x.bib", "x.bib: inside a .git directory"},
		{zero, "zero.bib: "},
		// Named from where pandoc runs (the project's top), as manubot's
		// output/manuscript.md names content/refs.json: found above.
		{"refs.bib", ""},
	} {
		doc := filepath.Join(docs, "d"+string(rune('a'+i))+".md")
		if err := os.WriteFile(doc, []byte("---\nbibliography: "+tt.bib+"\n---\nText [@x].\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		got := strings.Join(lintWithRoot(t, root, doc), "\n")
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("bibliography %s: issues\n%s\nwant %q", tt.bib, got, tt.want)
		}
		if tt.want != "" && !strings.Contains(got, "document: bibliography not read") {
			t.Errorf("bibliography %s: no diagnostic in\n%s", tt.bib, got)
		}
	}
}

// TestBibliographyOutsideProject: a document outside the project root,
// found under a folder named on the command line, reads its bibliography
// inside that folder (the directory given to run), and no further.
func TestBibliographyOutsideProject(t *testing.T) {
	project := t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	corpus := t.TempDir()
	const entry = "@misc{x, title = {A title}, url = {https://example.org/x}}\n"
	for name, content := range map[string]string{
		"paper/content/refs.bib": entry,
		"paper/output/ms.md":     "---\nbibliography: content/refs.bib\n---\nText [@x] and [@y].\n",
		"paper/output/escape.md": "---\nbibliography: ../../secret.bib\n---\nText [@x].\n",
		"../secret.bib":          entry,
	} {
		p := filepath.Join(corpus, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(doc string) string {
		r, _ := registry.Lookup("unresolvable-label")
		res := Run(context.Background(), []string{doc}, Options{Root: project, Dirs: []string{filepath.Join(corpus, "paper")}, Rules: []Enabled{{Rule: r, Settings: r.DefaultSettings()}, {Rule: input.Document}}})
		var out []string
		for _, is := range res[0].Issues {
			out = append(out, is.Rule+": "+is.Message)
		}
		return strings.Join(out, "\n")
	}
	got := run(filepath.Join(corpus, "paper", "output", "ms.md"))
	if strings.Contains(got, "not read") || !strings.Contains(got, `"y" has no bibliography entry`) {
		t.Errorf("ms.md: %s", got)
	}
	if got := run(filepath.Join(corpus, "paper", "output", "escape.md")); !strings.Contains(got, "resolves outside") {
		t.Errorf("escape.md: %s", got)
	}
}

// TestFrontMatterBibliographyBareKeys: a bare @key (pandoc's narrative
// citation) counts only when the bibliography the front matter names holds
// it, so the file is loaded before the body is read. A bare @word that is
// not a key (a handle, a decorator) is prose.
func TestFrontMatterBibliographyBareKeys(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	const bib = "@article{smith2020, title = {A title}, year = {2020}}\n"
	if err := os.WriteFile(filepath.Join(root, "refs.bib"), []byte(bib), 0o644); err != nil {
		t.Fatal(err)
	}
	doc := filepath.Join(root, "paper.md")
	src := "---\nbibliography: refs.bib\n---\n\nAs @smith2020 showed, ask @octocat on GitHub.\n"
	if err := os.WriteFile(doc, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var labels []string
	opts := Options{Root: root, Visit: func(_ string, d *markdown.Document) {
		for _, c := range d.Citations {
			labels = append(labels, fmt.Sprintf("%s %s ref=%v", c.Scheme, c.Label, c.Ref >= 0))
		}
	}}
	if res := Run(context.Background(), []string{doc}, opts); len(res) != 1 || res[0].Err != nil {
		t.Fatalf("lint: %+v", res)
	}
	if want := []string{"narrative smith2020 ref=true"}; !slices.Equal(labels, want) {
		t.Errorf("citations = %q, want %q", labels, want)
	}
}

// TestRenderedBibliographyWrittenByChunk: a bibliography missing because
// the document's own code chunk writes it at render time (bookdown's
// template and tufte's skeletons call knitr::write_bib) is no note, since
// there is nothing for its author to do; its keys stay unchecked, not
// unresolvable. One that nothing in the document writes is still a note.
func TestRenderedBibliographyWrittenByChunk(t *testing.T) {
	for _, tt := range []struct {
		name, chunk string
		note        bool
	}{
		{"write_bib", "```{r include=FALSE}\nknitr::write_bib(c(\n  .packages(), 'bookdown'\n), 'gen.bib')\n```\n", false},
		{"file argument", "```{r bib, include=FALSE}\nknitr::write_bib(c('base'), file = \"gen.bib\")\n```\n", false},
		{"no chunk", "", true},
		{"another file", "```{r}\nknitr::write_bib(c('base'), 'other.bib')\n```\n", true},
		{"read, not written", "```{r}\nx <- readLines('gen.bib')\n```\n", true},
		{"named in prose", "We write_bib into 'gen.bib' by hand.\n", true},
		// A book's references chapter writes what index.Rmd names.
		{"another chapter writes it", "", false},
		{"another chapter writes another file", "", true},
		{"a chapter in a subfolder writes it", "", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			doc := filepath.Join(root, "doc.Rmd")
			src := "---\nbibliography: gen.bib\n---\n\nText [@R-base] and [@smith2020].\n\n" + tt.chunk
			if err := os.WriteFile(doc, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			chapter := map[string][2]string{
				"another chapter writes it":           {"20-references.Rmd", "gen.bib"},
				"another chapter writes another file": {"20-references.Rmd", "other.bib"},
				"a chapter in a subfolder writes it":  {filepath.Join("sub", "20-references.Rmd"), "gen.bib"},
			}[tt.name]
			if chapter[0] != "" {
				p := filepath.Join(root, chapter[0])
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, []byte("# References\n\n```{r}\nxfun::write_utf8(bib, '"+chapter[1]+"')\n```\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got := strings.Join(lintWithRoot(t, root, doc), "\n")
			if strings.Contains(got, "unresolvable-label") {
				t.Errorf("keys reported with the bibliography missing:\n%s", got)
			}
			if note := strings.Contains(got, "document: bibliography not read"); note != tt.note {
				t.Errorf("note %v, want %v:\n%s", note, tt.note, got)
			}
		})
	}
}

// TestNarrativeKeys: in a pandoc document (.Rmd, .qmd) that names a
// bibliography, a bare @key is a citation as pandoc reads it, so a typo in
// one is reported; Quarto's cross-references and e-mail addresses are not
// keys, and in plain Markdown a bare @word counts only when the
// bibliography holds it (newcomer sets 2 and 3, issue 37).
func TestNarrativeKeys(t *testing.T) {
	const body = "---\nbibliography: refs.bib\n---\n\nAs @known shows and @nosuchkey2020 claims; see @fig-plot, or write to a@b.org.\n"
	for _, tt := range []struct {
		file string
		want string
	}{
		{"doc.Rmd", `unresolvable-label: citation key "nosuchkey2020" has no bibliography entry`},
		{"doc.qmd", `unresolvable-label: citation key "nosuchkey2020" has no bibliography entry`},
		{"doc.md", ""},
	} {
		root := t.TempDir()
		writeTree(t, root, map[string]string{tt.file: body, "refs.bib": "@book{known, title = {Known}}\n"})
		if got := strings.Join(lintWithRoot(t, root, filepath.Join(root, tt.file)), "\n"); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.file, got, tt.want)
		}
	}
}
