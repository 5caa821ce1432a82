package lint

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/rules/registry"
	"github.com/citelint/citelint/internal/wanttest"
)

// defaultEnabled are the rules a run with no config runs.
func defaultEnabled() []Enabled {
	var out []Enabled
	for _, r := range registry.All() {
		if r.Default {
			out = append(out, Enabled{Rule: r, Settings: r.DefaultSettings()})
		}
	}
	return out
}

// TestBooksGolden lints each project of testdata/books (Quarto, bookdown,
// Jupyter Book, MyST) as its own project root, with the default rules,
// and checks every file's <!-- want --> comments: the bibliography the
// project names in its own configuration applies to its documents, so the
// key typo planted in each is reported, once (issue 37: 0 times before),
// and nothing else is.
func TestBooksGolden(t *testing.T) {
	books, err := filepath.Glob("testdata/books/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, book := range books {
		if fi, err := os.Stat(book); err != nil || !fi.IsDir() {
			continue
		}
		n++
		t.Run(filepath.Base(book), func(t *testing.T) {
			// A copy with the want comments blanked, so that what is read
			// from disk (the configurations, index.Rmd's front matter) is
			// what is linted.
			root := t.TempDir()
			wants := map[string][]wanttest.Want{}
			err := filepath.WalkDir(book, func(p string, d os.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				rel, _ := filepath.Rel(book, p)
				raw, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				w, src, err := wanttest.Parse(raw)
				if err != nil {
					t.Fatalf("%s: %v", p, err)
				}
				dst := filepath.Join(root, rel)
				wants[dst] = w
				if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
					return err
				}
				return os.WriteFile(dst, src, 0o644)
			})
			if err != nil {
				t.Fatal(err)
			}
			files, errs := Walk([]string{root}, "", nil, nil)
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			res := Run(context.Background(), files, Options{Root: root, Rules: defaultEnabled()})
			typos := 0
			for _, r := range res {
				if r.Err != nil {
					t.Fatalf("%s: %v", r.Path, r.Err)
				}
				var got []wanttest.Got
				for _, is := range r.Issues {
					got = append(got, wanttest.Got{Line: is.Pos.Line, Key: is.Rule, Msg: is.Message})
					if is.Rule == "unresolvable-label" {
						typos++
					}
				}
				rel, _ := filepath.Rel(root, r.Path)
				wanttest.Check(t, filepath.Join(book, rel), wants[r.Path], got)
			}
			if typos == 0 {
				t.Errorf("%s: no key typo reported", book)
			}
		})
	}
	if n < 5 {
		t.Fatalf("%d book fixtures, want 5", n)
	}
}

// TestBookDocumentBibliography: a document of a book records the
// bibliographies its project names, and a chapter's bare @key (pandoc's
// narrative citation) counts, since the project's bibliography holds it.
func TestBookDocumentBibliography(t *testing.T) {
	root, _ := filepath.Abs("testdata/books/quarto")
	doc := filepath.Join(root, "chapters", "more.qmd")
	res := Run(context.Background(), []string{doc}, Options{Root: root, KeepDocs: true})
	if len(res) != 1 || res[0].Err != nil {
		t.Fatal(res)
	}
	d := res[0].Doc
	want := []string{filepath.Join(root, "references.bib"), filepath.Join(root, "print.bib"), filepath.Join(root, "chapters", "extra.bib")}
	if strings.Join(d.ProjectBibliography, "|") != strings.Join(want, "|") {
		t.Errorf("ProjectBibliography = %q, want %q", d.ProjectBibliography, want)
	}
	var keys []string
	for _, c := range d.Citations {
		if c.Status == markdown.Resolved {
			keys = append(keys, c.Label)
		}
	}
	if strings.Join(keys, " ") != "extra2021 knuth1984" {
		t.Errorf("resolved keys %q, want extra2021 and the bare knuth1984", keys)
	}
}

// TestBookBibliographyConfined: what a project's configuration names, and
// the configuration itself, is read only inside the project root, after
// symbolic links are resolved, and never under .git; a URL is not
// fetched. What is refused is a document diagnostic at the first key
// cited, and the key it would have resolved stays unresolved (issue 37,
// with issue 20's confinement).
func TestBookBibliographyConfined(t *testing.T) {
	outside := t.TempDir()
	const secret = "@misc{secret, title = {Not to be read}}\n"
	write := func(dir, name, content string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(outside, "secret.bib", secret)
	write(outside, "myst.yml", "project:\n  bibliography: [secret.bib]\n")
	const doc = "# A page\n\nIt cites [@secret] and {cite}`secret`.\n"
	for _, tt := range []struct {
		name  string
		setup func(t *testing.T, root string)
		want  string // in a diagnostic; "" for none
	}{
		{"quarto-dotdot", func(t *testing.T, root string) {
			rel, _ := filepath.Rel(root, filepath.Join(outside, "secret.bib"))
			write(root, "_quarto.yml", "bibliography: "+filepath.ToSlash(rel)+"\n")
		}, "resolves outside"},
		{"quarto-absolute", func(t *testing.T, root string) {
			// Quarto reads "/x" relative to the project.
			write(root, "_metadata.yml", "bibliography: x.bib\n")
			write(root, "_quarto.yml", "format:\n  html:\n    bibliography: "+filepath.Join(outside, "secret.bib")+"\n")
		}, "project/" + strings.TrimPrefix(filepath.Join(outside, "secret.bib"), "/") + ": no such file"},
		{"jupyter-absolute", func(t *testing.T, root string) {
			write(root, "_config.yml", "bibtex_bibfiles: ["+filepath.Join(outside, "secret.bib")+"]\n")
		}, "resolves outside"},
		{"jupyter-symlink", func(t *testing.T, root string) {
			write(root, "_config.yml", "bibtex_bibfiles: [link.bib]\n")
			if err := os.Symlink(filepath.Join(outside, "secret.bib"), filepath.Join(root, "link.bib")); err != nil {
				t.Skip("no symbolic links:", err)
			}
		}, "resolves outside"},
		{"jupyter-git", func(t *testing.T, root string) {
			write(root, ".git/x.bib", secret)
			write(root, "_config.yml", "bibtex_bibfiles: [.git/x.bib]\n")
		}, "inside a .git directory"},
		{"myst-config-symlink", func(t *testing.T, root string) {
			if err := os.Symlink(filepath.Join(outside, "myst.yml"), filepath.Join(root, "myst.yml")); err != nil {
				t.Skip("no symbolic links:", err)
			}
		}, "myst.yml not read"},
		{"myst-found-symlink", func(t *testing.T, root string) {
			write(root, "myst.yml", "project:\n  title: x\n")
			if err := os.Symlink(filepath.Join(outside, "secret.bib"), filepath.Join(root, "found.bib")); err != nil {
				t.Skip("no symbolic links:", err)
			}
		}, "resolves outside"},
		{"myst-remote", func(t *testing.T, root string) {
			write(root, "myst.yml", "project:\n  bibliography: [https://127.0.0.1:1/secret.bib]\n")
		}, ""},
		{"above-root", func(t *testing.T, root string) {
			// The project's configuration lies above the root: not read.
			write(filepath.Dir(root), "_quarto.yml", "bibliography: secret.bib\n")
			write(filepath.Dir(root), "secret.bib", secret)
		}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), "project")
			write(root, "docs/page.md", doc)
			tt.setup(t, root)
			res := Run(context.Background(), []string{filepath.Join(root, "docs", "page.md")}, Options{Root: root, Rules: defaultEnabled(), KeepDocs: true})
			if len(res) != 1 || res[0].Err != nil {
				t.Fatal(res)
			}
			for _, c := range res[0].Doc.Citations {
				if c.Status == markdown.Resolved {
					t.Errorf("%s resolved from %s", c.Label, res[0].Doc.References[c.Ref].Path)
				}
			}
			var diags []string
			for _, is := range res[0].Issues {
				if is.Rule == "document" {
					diags = append(diags, is.Message)
				}
			}
			got := strings.Join(diags, "\n")
			if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
				t.Errorf("document diagnostics:\n%s\nwant %q", got, tt.want)
			}
		})
	}
}

// FuzzBookConfigs: whatever a project's configuration files hold (they
// come from pull requests), finding a document's project bibliographies
// neither panics nor names a file outside the project without refusing
// to read it.
func FuzzBookConfigs(f *testing.F) {
	for _, s := range []string{
		"bibliography: refs.bib\n",
		"bibliography: [a.bib, /b.bib, https://x/c.bib]\nformat:\n  html:\n    bibliography: d.bib\n  pdf: 3\n",
		"bibtex_bibfiles: refs.bib\nsphinx:\n  config:\n    bibtex_bibfiles: [x.bib]\n",
		"project:\n  bibliography: [refs.bib]\n",
		"project: {title: x}\n",
		"---\nsite: bookdown::bookdown_site\nbibliography: [book.bib, packages.bib]\n---\n",
		"rmd_files:\n  html: [a.Rmd, b/c.Rmd]\n  latex: x.Rmd\nrmd_subdir: [sub]\n",
		"rmd_subdir: true\n",
		"a: &x [*x]\n",
		"bibliography: {a: b}\n",
		"---\n[\n---\n",
		"\xEF\xBB\xBF---\nsite: bookdown\n...\n",
	} {
		for which := range uint8(6) {
			f.Add(s, which)
		}
	}
	names := []string{"_quarto.yml", "_metadata.yml", "_config.yml", "myst.yml", "index.Rmd", "_bookdown.yml"}
	f.Fuzz(func(t *testing.T, content string, which uint8) {
		root := t.TempDir()
		name := names[int(which)%len(names)]
		if err := os.MkdirAll(filepath.Join(root, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if name == "_bookdown.yml" {
			if err := os.WriteFile(filepath.Join(root, "index.Rmd"), []byte("---\nbibliography: refs.bib\n---\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		doc := filepath.Join(root, "sub", "a.Rmd")
		if err := os.WriteFile(doc, []byte("Text [@k] and {cite}`k`.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		res := Run(context.Background(), []string{doc}, Options{Root: root, Rules: defaultEnabled(), KeepDocs: true})
		if len(res) != 1 || res[0].Err != nil {
			t.Fatalf("%q as %s: %+v", content, name, res)
		}
		for _, p := range res[0].Doc.ProjectBibliography {
			if strings.HasPrefix(p, "http://") || strings.HasPrefix(p, "https://") {
				continue
			}
			if r, err := filepath.Rel(root, p); err != nil || !filepath.IsLocal(r) {
				for _, is := range res[0].Issues {
					if is.Rule == "document" && strings.Contains(is.Message, "resolves outside") {
						return
					}
				}
				t.Errorf("%q as %s: %s outside the project, and no refusal", content, name, p)
			}
		}
	})
}

// TestLinkedChapterBelongsToItsBook: a chapter that is a symbolic link
// into the book's folder (its text kept elsewhere in the project) is the
// book's chapter by the name the book lists, for its bibliography as for
// its headings. find took the link's target and pandocProject the link,
// so the chapter's keys went unchecked while its heading links resolved.
func TestLinkedChapterBelongsToItsBook(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"book/index.Rmd":    "---\nsite: bookdown::bookdown_site\nbibliography: book.bib\n---\n\n# Preface\n\nText.\n",
		"book/book.bib":     "@book{known, title = {Known}}\n",
		"common/chapter.md": "# Methods\n\nAs [@known] and [@unknown] say; see [the preface][Preface].\n",
	}
	writeTree(t, root, files)
	doc := filepath.Join(root, "book", "01-methods.Rmd")
	if err := os.Symlink(filepath.Join("..", "common", "chapter.md"), doc); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	got := strings.Join(lintWithRoot(t, root, doc), "\n")
	if want := `unresolvable-label: citation key "unknown" has no bibliography entry`; got != want {
		t.Errorf("the linked chapter got\n%s\nwant\n%s", got, want)
	}
}
