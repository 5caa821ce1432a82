package project

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCodeFence: the raw-line readers (a book's headings, a chunk that
// writes a bibliography) agree with CommonMark on where a fenced block
// ends, so a heading inside code is not a heading and a chunk is the whole
// chunk.
func TestCodeFence(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		want      string // one letter a line: t text, o open, c code, x close
	}{
		{"backticks", "a\n```\nb\n```\nc", "tocxt"},
		{"tildes with info", "~~~ {r}\nb\n~~~", "ocx"},
		{"longer fence holds a shorter one", "````\n```r\nx\n```\n````", "occcx"},
		{"closing may be longer", "```\nx\n`````", "ocx"},
		{"other character does not close", "```\n~~~\n```", "ocx"},
		{"closing line holds nothing else", "```\n``` r\n```", "ocx"},
		{"indented up to three spaces", "   ```\nx\n   ```", "ocx"},
		{"four spaces is indented code", "    ```\nx", "tt"},
		{"backtick info string without backticks", "``` a`b\nx", "tt"},
		{"tilde info string may hold backticks", "~~~ a`b\nx\n~~~", "ocx"},
		{"two backticks are inline code", "``x``\n# h", "tt"},
		{"CRLF closes", "```\r\nx\r\n```\r", "ocx"},
	} {
		var f codeFence
		var got strings.Builder
		for _, line := range strings.Split(tt.src, "\n") {
			got.WriteByte("tocx"[f.line([]byte(line))])
		}
		if got.String() != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, got.String(), tt.want)
		}
	}
}

// TestHeadingsAndChunksShareFences: a "```r" or "```" line inside a
// four-backtick block neither ends the block for the headings nor cuts the
// chunk short.
func TestHeadingsAndChunksShareFences(t *testing.T) {
	src := []byte("````markdown\n```r\n# Shown as an example\n```\nknitr::write_bib(x, 'p.bib')\n````\n# Real\n")
	if got := strings.Join(atxHeadings(src), "|"); got != "Real" {
		t.Errorf("atxHeadings = %q, want %q", got, "Real")
	}
	if !writesFile(src, "p.bib") {
		t.Error("writesFile: the chunk's write_bib after an inner ``` line not seen")
	}
	if writesFile([]byte("```r\nx <- 1\n```\nknitr::write_bib(x, 'p.bib')\n"), "p.bib") {
		t.Error("writesFile: a call in prose, outside any chunk, counted")
	}
}

// TestWalkProject: a book's files are found as its tool finds them:
// hidden folders, node_modules and the tool's build folders skipped, any
// case of extension, symbolic links not followed, and the file cap held.
func TestWalkProject(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{}
	for _, f := range []string{"a.md", "B.RMD", "c.txt", ".hidden/d.md", "node_modules/e.md", "_book/f.md", "ch/g.qmd", "_site/h.md"} {
		files[f] = ""
	}
	writeTree(t, dir, files)
	if err := os.Symlink(filepath.Join(dir, "ch"), filepath.Join(dir, "link")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	walk := func(max int) string {
		var got []string
		walkProject(dir, []string{"_book"}, []string{".md", ".rmd", ".qmd"}, 100, max, func(p string) {
			rel, _ := filepath.Rel(dir, p)
			got = append(got, filepath.ToSlash(rel))
		})
		return strings.Join(got, " ")
	}
	if got, want := walk(10), "B.RMD _site/h.md a.md ch/g.qmd"; got != want {
		t.Errorf("walkProject = %q, want %q", got, want)
	}
	if got, want := walk(2), "B.RMD _site/h.md"; got != want {
		t.Errorf("walkProject capped at 2 = %q, want %q", got, want)
	}
}
