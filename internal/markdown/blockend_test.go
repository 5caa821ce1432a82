package markdown

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// subtreeEnd is the direct definition the walker's one-pass block ends must
// match: the largest line end among a block's block descendants, at least
// its position, at most len(src).
func subtreeEnd(n ast.Node, src []byte) int {
	end := n.Pos()
	var visit func(ast.Node)
	visit = func(n ast.Node) {
		if n.Type() == ast.TypeBlock {
			if l := n.Lines(); l != nil && l.Len() > 0 {
				end = max(end, l.At(l.Len()-1).Stop)
			}
		}
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if c.Type() == ast.TypeBlock {
				visit(c)
			}
		}
	}
	visit(n)
	return min(max(end, 0), len(src))
}

// checkBlockEnds compares the walker's list items (span, ordinal) and
// footnote spans with the direct definitions.
func checkBlockEnds(t *testing.T, name string, src []byte) {
	t.Helper()
	root := md.Parser().Parse(text.NewReader(src), parser.WithContext(parser.NewContext()))
	w := walker{doc: &Document{Src: src}, src: src}
	w.walk(root)
	type item struct {
		span    Span
		ordinal int
	}
	var items []item
	var notes []Span
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || n.Pos() < 0 {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.ListItem:
			ord := 0
			if l, ok := n.Parent().(*ast.List); ok && l.IsOrdered() {
				ord = l.Start
				for s := n.PreviousSibling(); s != nil; s = s.PreviousSibling() {
					ord++
				}
			}
			items = append(items, item{Span{Start: n.Pos(), End: subtreeEnd(n, src)}, ord})
		case *east.Footnote:
			if n.Pos() < len(src) {
				notes = append(notes, Span{Start: n.Pos(), End: max(n.Pos(), subtreeEnd(n, src))})
			}
		}
		return ast.WalkContinue, nil
	})
	if len(items) != len(w.listItems) {
		t.Fatalf("%s: %d list items, want %d", name, len(w.listItems), len(items))
	}
	for i, it := range items {
		if got := w.listItems[i]; got.Span != it.span || got.Ordinal != it.ordinal {
			t.Errorf("%s: list item %d: span %v ordinal %d, want %v %d", name, i, got.Span, got.Ordinal, it.span, it.ordinal)
		}
	}
	if len(notes) != len(w.footnotes) {
		t.Fatalf("%s: %d footnotes, want %d", name, len(w.footnotes), len(notes))
	}
	for i, sp := range notes {
		if got := w.doc.References[w.footnotes[i]].Span; got != sp {
			t.Errorf("%s: footnote %d: span %v, want %v", name, i, got, sp)
		}
	}
}

func TestBlockEnds(t *testing.T) {
	cases := map[string]string{
		"nested":    "- a\n  - b\n    - c [1]\n\n      more\n- d\n",
		"compact":   strings.Repeat("- ", 50) + "deep\n",
		"ordered":   "3. a\n4. b\n   1. x\n   2. y\n5. c\n\n- bullet\n",
		"empty":     "-\n-\n- x\n-\n",
		"quotes":    "> - a\n>   > - b\n>   >   ```\n>   >   code\n>   >   ```\n> - c\n\nafter\n",
		"footnotes": "Text[^a] and[^b].\n\n[^a]: One\n    - listed\n    - items\n\n[^b]: Two\n\n    | t | u |\n    |---|---|\n    | 1 | 2 |\n",
		"html":      "- <div>\n  x\n  </div>\n- [l]: https://example.org\n- ~~~\n  fenced\n",
		"eof":       "1. a\n2. ",
	}
	for name, src := range cases {
		checkBlockEnds(t, name, []byte(src))
	}
	files, _ := filepath.Glob("testdata/extract/*.md")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkBlockEnds(t, f, src)
	}
	// The shared corpus, when present, is a thousand real documents.
	if dir := corpus.Dir(); dir != "" && !testing.Short() {
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
				if src, err := os.ReadFile(p); err == nil {
					checkBlockEnds(t, p, src)
				}
			}
			return nil
		})
	}
}

// FuzzBlockEnds compares the walker's list items and footnotes with the
// direct definitions on arbitrary input.
func FuzzBlockEnds(f *testing.F) {
	f.Add([]byte("- a\n  - b\n    > - c\n\n[^x]: y\n    - z\n"))
	f.Add([]byte("1. a\n2. b\n   3. c\n\n- - - d\n"))
	f.Add([]byte("x[^a]\n\n[^a]: one\n\n    two\n\n[^b]: three\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		checkBlockEnds(t, "input", src)
	})
}
