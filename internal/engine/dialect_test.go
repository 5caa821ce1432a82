package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// notebookSrc is a notebook whose second Markdown cell cites [2] against
// a list holding only [1]: the issue must point at the line of the .ipynb
// that holds "[2]" and name the cell.
const notebookSrc = `{
 "cells": [
  {
   "cell_type": "markdown",
   "metadata": {},
   "source": ["# Boiling\n"]
  },
  {
   "cell_type": "code",
   "metadata": {},
   "outputs": [],
   "source": ["print('[7]')"]
  },
  {
   "cell_type": "markdown",
   "metadata": {},
   "source": [
    "Water boils at 100 \u00b0C at sea level [2].\n",
    "\n",
    "## References\n",
    "\n",
    "1. Smith, J. Boiling. 2020.\n"
   ]
  }
 ],
 "metadata": {},
 "nbformat": 4,
 "nbformat_minor": 5
}
`

func TestLintNotebook(t *testing.T) {
	eng, dir := newEngine(t, "")
	r := eng.LintBytes(context.Background(), filepath.Join(dir, "boil.ipynb"), []byte(notebookSrc))
	if len(r.Summary.Errors) > 0 {
		t.Fatalf("errors: %v", r.Summary.Errors)
	}
	if len(r.Issues) != 1 {
		t.Fatalf("issues = %q, want one unresolvable-label", describe(r.Issues))
	}
	is := r.Issues[0]
	lines := strings.Split(notebookSrc, "\n")
	line := lines[is.Pos.Line-1]
	if is.Rule != "unresolvable-label" || is.Pos.Line != 18 || !strings.HasPrefix(line[is.Pos.Column-1:], "[2]") {
		t.Errorf("issue %s at %d:%d (%q), want unresolvable-label at [2] on line 18", is.Rule, is.Pos.Line, is.Pos.Column, line)
	}
	if !strings.Contains(is.Message, "(cell 3, line 1)") {
		t.Errorf("message %q does not name the cell", is.Message)
	}
	if is.Fix != nil {
		t.Error("a notebook issue must not carry a fix to the JSON")
	}
}

// TestLintNotebookNotJSON: a broken notebook is an unreadable-file
// finding on that file, at the line where its JSON breaks; it is no panic
// and no error of the run.
func TestLintNotebookNotJSON(t *testing.T) {
	eng, dir := newEngine(t, "")
	r := eng.LintBytes(context.Background(), filepath.Join(dir, "bad.ipynb"), []byte("{\n \"cells\": [\n  {oops}\n ]\n}\n"))
	if len(r.Summary.Errors) != 0 || len(r.Issues) != 1 {
		t.Fatalf("errors %+v, issues %+v; want one issue", r.Summary.Errors, r.Issues)
	}
	is := r.Issues[0]
	if filepath.Base(is.Path) != "bad.ipynb" || is.Rule != "unreadable-file" || is.Pos.Line != 3 || is.Pos.Column != 4 ||
		!strings.HasPrefix(is.Message, "not a Jupyter notebook: ") {
		t.Fatalf("issue = %+v, want unreadable-file at bad.ipynb:3:4", is)
	}
}

// TestQuartoAndRMarkdown: .qmd and .Rmd are walked and linted as pandoc
// Markdown: code chunks are code, @fig- and @tbl- are cross-references, and
// the bibliography in the YAML header resolves [@key].
func TestQuartoAndRMarkdown(t *testing.T) {
	eng, dir := newEngine(t, "")
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("refs.bib", "@article{smith2020, title={Boiling}, author={Smith, J.}, year={2020}}\n")
	head := "---\ntitle: Boiling\nbibliography: refs.bib\n---\n\n"
	body := "As @fig-plot and [@tbl-data] show, water boils [@smith2020]; see [@nobody2021].\n\n" +
		"```{r}\n#| label: fig-plot\nplot(\"[@doe99]\")\n```\n"
	write("paper.qmd", head+body)
	write("chapter.Rmd", head+body)
	write("notes.txt", "[@nobody2021]\n")
	r := eng.LintPaths(context.Background(), []string{dir})
	if len(r.Summary.Errors) > 0 {
		t.Fatalf("errors: %v", r.Summary.Errors)
	}
	var got []string
	for _, is := range r.Issues {
		got = append(got, filepath.Base(is.Path)+":"+is.Rule+":"+itoa(is.Pos.Line))
	}
	want := "chapter.Rmd:unresolvable-label:6 paper.qmd:unresolvable-label:6"
	if strings.Join(got, " ") != want {
		t.Errorf("issues = %q, want %q", got, want)
	}
}

// TestBibliographyMissingOne: R Markdown books list packages.bib, which
// knitr writes at build time. With it missing, in an R Markdown or Quarto
// file a key found in no other bibliography may be in it, so it is
// unchecked rather than unresolvable; in Markdown, where nothing writes
// the file, the keys stay errors, so that naming a file that does not
// exist cannot hide a bogus [@key]. Either way the missing file is
// reported: in Markdown as a warning, where rendering may write it as a
// note. knitr::write_bib names packages.bib's keys "R-" and a package, so
// only those are unchecked for it: a typo in a book's own key is still
// reported (issue 37); another missing file leaves every key unchecked.
func TestBibliographyMissingOne(t *testing.T) {
	eng, dir := newEngine(t, "")
	if err := os.WriteFile(filepath.Join(dir, "book.bib"), []byte("@book{xie2015, title={Dynamic Documents}, author={Xie, Y.}, year={2015}}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "---\nbibliography: [book.bib, packages.bib]\n---\n\nknitr [@R-knitr] and the book [@xie2015] and [@xie2099].\n"
	other := strings.ReplaceAll(src, "packages.bib", "generated.bib")
	for _, tt := range []struct{ name, src, want string }{
		{"index.md", src, "document:1:warning unresolvable-label:5:error unresolvable-label:5:error"},
		{"index.Rmd", src, "document:1:note unresolvable-label:5:error"}, // rendering may write it, with R- keys
		{"index.qmd", src, "document:1:note unresolvable-label:5:error"},
		{"other.Rmd", other, "document:1:note"},
	} {
		name, src, want := tt.name, tt.src, tt.want
		r := eng.LintBytes(context.Background(), filepath.Join(dir, name), []byte(src))
		if got := strings.Join(describe(r.Issues), " "); got != want {
			t.Errorf("%s: issues = %q, want %q", name, got, want)
		}
	}
}

// TestInMemoryBibliographyConfined: a document held in memory (an editor
// buffer, an agent's draft) may name a file not yet on disk, and its
// bibliography is then found in the project as for a saved one; a path
// through a symbolic link that leaves the project reads nothing outside.
func TestInMemoryBibliographyConfined(t *testing.T) {
	eng, dir := newEngine(t, "")
	outside := t.TempDir()
	for p, text := range map[string]string{
		filepath.Join(dir, "refs.bib"):     "@book{inside2020, title={Inside}, year={2020}}\n",
		filepath.Join(outside, "refs.bib"): "@book{outside2020, title={Outside}, year={2020}}\n",
	} {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(dir, "link")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	src := "---\nbibliography: refs.bib\n---\n\nIn [@inside2020] and [@outside2020].\n"
	for name, want := range map[string]string{
		"drafts/new.md": "unresolvable-label:5:error", // refs.bib found at the root; outside2020 is no key there
		"link/x.md":     "document:1:warning",         // outside the project: nothing read, nothing claimed
	} {
		r := eng.LintBytes(context.Background(), filepath.Join(dir, name), []byte(src))
		got := strings.Join(describe(r.Issues), " ")
		if got != want {
			t.Errorf("%s: issues = %q, want %q", name, got, want)
		}
		for _, is := range r.Issues {
			if strings.Contains(is.Message, "outside2020") && is.Rule != "unresolvable-label" {
				t.Errorf("%s: %s", name, is.Message)
			}
		}
	}
}

// TestBookInMemory: a chapter held in memory (an editor's buffer, an
// agent's draft, not yet on disk) reads the bibliography its Jupyter Book
// names, as the saved chapters do: a key typo in a note's body is
// reported (issue 37).
func TestBookInMemory(t *testing.T) {
	eng, dir := newEngine(t, "")
	for name, text := range map[string]string{
		".git/HEAD":      "",
		"_config.yml":    "bibtex_bibfiles: [refs.bib]\n",
		"refs.bib":       "@article{lucas1978, title={Asset prices}, year={1978}}\n",
		"chapters/a.md":  "saved\n",
		"chapters/x.txt": "",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := "# Draft\n\n```{note}\nAs {cite:t}`lucas1978` and {cite:t}`lucsa1978` showed.\n```\n"
	r := eng.LintBytes(context.Background(), filepath.Join(dir, "chapters", "draft.md"), []byte(src))
	if got := strings.Join(describe(r.Issues), " "); got != "unresolvable-label:4:error" || !strings.Contains(r.Issues[0].Message, "lucsa1978") {
		t.Errorf("issues = %q %v", got, r.Issues)
	}
}
