package markdown

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/markdown/plain"
	"github.com/citelint/citelint/internal/markdown/walk"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// mdInline is md without plainParagraphs: every paragraph goes through
// goldmark's inline pass. It is the reference the fast path is held to.
var mdInline = newMarkdown(false)

var plainSeeds = []string{
	"Plain prose.\nSecond line.  \nThird line\t\n\nA claim.12 (Smith, 2020)\n",
	"Title\n===\n\nSub\n---\n\ntext\n  - - -\n",
	"- a\n- b\n\n  c\n- d\n\n1. x\n2. y\n",
	"> quoted\nlazy\n\n>     code\n",
	"[a]: https://x.org\n===\n\nnext\n",
	">>>>>\t #", // goldmark places the empty heading at 9, past the end
	"[a]: https://x.org\nplain after a definition\n",
	"| a | b |\n|---|---|\n| 1 | 2 |\nplain\n",
	"Text [1] and `code` and <b>x</b>.\n\nPlain.\r\nCRLF line\r\n\r\nlast",
	"\tindented\n  para\n    more\n",
	"para\n\ttab\n \t mixed\n",
	"a\\\nb\n\nend with spaces   ",
	"[^1]: A footnote\n    with plain body.\n\nBody.[^1]\n",
	"Claims [1], [2, 3] and [4-6].\nMore [see [7]] text [\nopen [x\n] close ]\n\n[a]b [c] [d] e!\n",
	"Not a link: [1] (2020) and [x] [y] and ! [z]\n[ ] []\n[\n]\n",
	"Near links: [a](b) [c][d] ![e] [f][] x\n\n[d]: /u\n",
	"Only shortcut [u] and [U  v]\n\n[u]: /x\n[u v]: /y\n",
	"Defined [u] [v] [U] [ u ] [u][v] [w][] [x]\n[\nu] [a [\nb] c] ![u] ![w]\n\n[u]: /x\n[^w]: note\n",
	"Kelvin [\u212a] and [k] and [\u017f]\n\n[k]: /x\n[s]: /y\n",
	"> quoted [a] and\n> [\n> b]\n\n[b]: /x\n",
	"# H\n\nSee above.\n\n## References\n\n1. Smith, J. Plain title. 2020.\n2. Doe, A. Another. 2021.\n",
	"[1] Smith: x\n[a]: /x\n\n  [a\nb]: /y 't'\n\n[c]\n: /z\n",
	// Inline links on the fast path, and their near misses.
	"See [the survey](https://example.org/s?a=1&b=2#x) [1] and [2](https://doi.org/10.1/x).\nNext [](u) line [a [b](c) d] e.   \n",
	"[1](u)\n[x](y)   \n  [z](w) tail\n\n[a](#anchor) and [[3]](u) and [4, 5](v)\n",
	"Img ![a](b) [c](d) [e](f g) [h](<i>) [j]() [k](l(m)) [n](o[p]) [q](r\n",
	"Open [a\nb](c) [d\n[e](f)\n",
	"Bang![a](b) x!\n[a](b)[c](d)](e)\n",
	"Defs [a](/u) [b][a](/v) [a][](/w) [c] [a] [x [a](/y) z]\n[b\n][a](/q)\n\n[a]: /d\n[b]: /e\n",
	// Escapes and hard line breaks on the fast path, and their near misses.
	"Esc \\[1\\] \\`x\\` \\\\[2] \\\\`y` [a\\]](u) [3\\] \\\n hard \\\r\n crlf \\\\\n soft \\\\\\\n[4] carried\nlast \\",
	"`code \\` then \\` and `a\\\nb` [1] \\\n[x]\n\n[1]: /u\n[x]: /v\n",
	// Shortcut reference links on the fast path, and their near misses.
	"Refs [1] [2]\n[3] [x] [1][2] [1][] ![2] [a [1] b] [1](u) [y] x[1] [1]: z.\n\n[1]: /a\n[2]: <b> 't'\n[3]: https://doi.org/10.1/x\n[@k]: /k\n",
	"Keys [@k] [^1] [\u212a] [ 1 ] [\n1] [1\n] end [1]\n\n[k]: /x\n[1]: /y\n[^1]: note\n",
	// Labels with white space, and "]:" that ends no label.
	"Spaced [A\tB ] [a c] [a  b][] [x][a b] [a b](y) label.\n\n[a  \n b]: /x\nx[0[-1]]: y\n[ ]: /z\n",
	"Esc [a] [b] here.\n\n[a\\]]: /w\n[b]: /v\n",
	// Headings on the fast path, and those that keep the inline pass.
	// Code spans on the fast path, and their near misses.
	"Run `go test ./...` then `a <b> \\ [c](d)` and ``a ` b`` and `\nx\n` and ` `.\nUnmatched ` and ``` here\n`spans\nlines` [1] [a](u`v) `x [b](c`d).  \n",
	"{cite}`k1,k2` and {cite:t}`k` and [a `b` c](d) and [e] `f` [g]\n\n[g]: /x\n",
	"``\n`` x ` `` ``` `` `\n\n- `a\n  b` c\n- d `e`\n\n> q `r\n> s` t\n",
	"# Title\n\n## A `code` heading\n### [1] Cited ###\n#### Trailing #s ##  \n> ## Quoted <b>\n- ## In list\n#\n##   \n# \\# escaped\n#\ttab\t#\n###### six\n####### seven\n  ## indented # x #\n",
}

// TestPlainHeadingsUsed checks that the heading fast path is taken where
// it should be.
func TestPlainHeadingsUsed(t *testing.T) {
	for _, tc := range []struct {
		src   string
		plain int
	}{
		{"# Title\n", 1},
		{"## Title ##\n", 1},
		{"> - ### Nested\n", 1},
		{"#\n", 0}, // no text
		{"# A `code` title\n", 0},
		{"# A [1] title\n", 0},
		{"# A <b>title</b>\n", 0},
		{"# A \\* title\n", 0},
		{"Title\n===\n", 0}, // setext
	} {
		if n := countKind(tc.src, (&plain.Heading{}).Kind()); n != tc.plain {
			t.Errorf("%q: %d plain headings, want %d", tc.src, n, tc.plain)
		}
		checkPlainSame(t, []byte(tc.src))
	}
}

// TestPlainParagraphsUsed checks that the fast path is taken where it
// should be and left where goldmark's inline pass or block structure needs
// the paragraph.
func TestPlainParagraphsUsed(t *testing.T) {
	for _, tc := range []struct {
		src   string
		plain int
	}{
		{"Plain prose.\nSecond line.\n", 1},
		{"A [1] citation, [2, 3] and [see [4]].\n", 1},
		{"A [1] citation.\n\n[1]: https://x.org\n", 1}, // a shortcut reference link, looked up by the walk
		{"A [1] citation.\n\n[^1]: a footnote\n", 2},   // "^1" is not "1": the paragraph and the footnote's body
		{"A [link](https://x.org).\n", 1},              // the simplest inline link, nothing defined
		{"Two [a](/x) [b](/y)! [c [d](/z) e] f\n", 1},
		{"A [link](https://x.org).\n\n[link]: /x\n", 1},    // an inline link wins over a definition
		{"A [x][link](https://x.org).\n\n[link]: /x\n", 0}, // the reference link [x][link]
		{"A [x][link](https://x.org).\n", 1},               // nothing defined: "[x]" and a link
		{"A [a b](https://x.org).\n\n[a b]: /x\n", 1},      // an inline link wins, white space or not
		{"A [link](https://x.org \"title\").\n", 0},
		{"A [link]( https://x.org).\n", 0},
		{"A [link]().\n", 0},
		{"A [link](x(1)).\n", 0},
		{"A [link](x[1]).\n", 0},
		{"A [link](x\n", 0},
		{"A [cross\nline](x).\n", 0},
		{"An ![image](x).\n", 0},
		{"A [full][ref] link.\n", 1},              // nothing defined: text
		{"A [full][ref] link.\n\n[ref]: /x\n", 0}, // a link
		{"A [ful][] link.\n\n[FUL]: /x\n", 0},     // collapsed, case-insensitive
		{"See [a] and [c].\n\n[b]: /x\n", 1},
		{"See [ a ] here.\n\n[A]: /x\n", 1},
		{"See [\u212a] here.\n\n[k]: /x\n", 1},          // the Kelvin sign folds to k: goldmark's lookup decides
		{"Cross [\nb] line.\n\n[b]: /x\n", 0},           // a label over two lines
		{"Cross [a [\nb] c] line.\n\n[z]: /x\n", 0},     // labels over lines are not read: taken for links
		{"Spaced [a b] label.\n\n[a b]: /x\n", 1},       // a label with white space
		{"Spaced [A\tB ] label.\n\n[a  \n b]: /x\n", 1}, // matches up to case and white space
		{"Spaced [a c] label.\n\n[a b]: /x\n", 1},       // names nothing defined
		{"A [1][2] pair.\n\n[1]: /x\n[2]: /y\n", 0},     // the full reference link [1][2]
		{"A [x][1] link.\n\n[1]: /x\n", 0},              // likewise, [1] the second half
		{"A [1][] link.\n\n[1]: /x\n", 0},               // collapsed
		{"An ![1] image.\n\n[1]: /x\n", 0},              // an image
		{"A [x] [1] and [1]\n[2] lines.\n\n[1]: /x\n[2]: /y\n", 1},
		{"Foot [^1] ref.\n\n[^1]: note\n", 2},             // "^1" defines a footnote, not a link: text
		{"See [a] here, and [a]: not a definition.\n", 1}, // "]:" mid-line defines nothing: text
		{"Esc [a] here.\n\n[a\\]]: /x\n", 0},              // an escape in a label: every bracket may link
		{"Esc [a] here.\n\n[ü]: /x\n", 0},                 // non-ASCII in a label: likewise
		{"No [a] def.\n\nx[0[-1]]: y\n", 2},               // "-1]" ends no label: both paragraphs plain
		{"No [a] def.\n\n[ ]: /x\n", 2},                   // a blank label defines nothing
		{"An ![image] here.\n", 1},
		{"An ![image](x.png) here.\n", 0},
		{"Wow! [1]\n", 1},
		{"Wow!\n", 1},
		{"A <b>tag</b>.\n", 0},
		// Code spans: '<', backslashes and brackets inside are text.
		{"Run `go test ./...` and `a <b> \\ [c](d)` here.\n", 1},
		{"A span `over\ntwo` lines and ``a ` b`` done.\n", 1},
		{"Unmatched ` tick and `` two.\n", 1},
		{"Unmatched ` then <b>.\n", 0},
		{"A [link `code`](u).\n", 0},   // code in a link's text
		{"See {cite}`key` here.\n", 0}, // a MyST role
		{"A [x](u`v) link.\n", 1},      // the backtick is the link's
		{"`x [a](u`v) y.\n", 1},        // the code span's
		{"Long ```````````````````a``````````````````` run.\n", 0},
		// Escapes: the escaped byte starts nothing; a backslash before a
		// line's end is a hard line break; a longer run carries its escape.
		{"An \\* escape.\n", 1},
		{"Not \\[1\\] a citation, \\`not code\\` and \\\\ \\x.\n", 1},
		{"A hard \\\nbreak and  \\\r\nanother \\\\\nnone.\n", 1},
		{"A carried \\\\\\\n[1](u) escape.\n", 0},
		{"Escaped \\<b> is no tag, but <i> is.\n", 0},
		{"Escaped \\<b> is no tag.\n", 1},
		{"Link [a\\]](u) and [b\\] c](v) and \\![d](w).\n", 0}, // '!' before '[' keeps the pass
		{"Link [a\\]](u) and [b\\] c](v).\n", 1},
		{"Ref [a\\b] and [1\\]].\n\n[a\\b]: /x\n", 0}, // an escape in a definition's label
		{"Title\n===\n", 0},                           // a setext heading, not a paragraph
		{"Title\n---\n", 0},                           // likewise
		{"- a\n- b\n", 2},                             // tight list items
		{"| a |\n|---|\n", 0},                         // a table
		{"one\n\ntwo\n\n> three\n", 3},
	} {
		if n := countKind(tc.src, (&plain.Paragraph{}).Kind()); n != tc.plain {
			t.Errorf("%q: %d plain paragraphs, want %d", tc.src, n, tc.plain)
		}
		checkPlainSame(t, []byte(tc.src))
	}
}

// countKind parses src with the fast paths and counts its nodes of kind k.
func countKind(src string, k ast.NodeKind) int {
	b := []byte(src)
	root := md.Parser().Parse(text.NewReader(b), parser.WithContext(plain.NewContext(b)))
	n := 0
	_ = ast.Walk(root, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && node.Kind() == k {
			n++
		}
		return ast.WalkContinue, nil
	})
	return n
}

// TestPlainParagraphsSameDocument parses the extraction fixtures both ways.
func TestPlainParagraphsSameDocument(t *testing.T) {
	files, _ := filepath.Glob("testdata/extract/*.md")
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkPlainSame(t, b)
	}
	for _, s := range plainSeeds {
		checkPlainSame(t, []byte(s))
	}
}

func checkPlainSame(t *testing.T, src []byte) {
	t.Helper()
	opts := Options{KnownKey: func(k string) bool { return k != "" && k[0] != 'x' }}
	got, want := parse(md, src, opts), parse(mdInline, src, opts)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("plain-paragraph fast path changed the document of %q\n got: %+v\nwant: %+v", src, got, want)
	}
	// The Document trims white space at claim edges, so it would not show
	// a prose range off by a blank: compare the walk's own record too.
	gp, gb := walkOnly(md, src)
	wp, wb := walkOnly(mdInline, src)
	if !reflect.DeepEqual(gp, wp) || !reflect.DeepEqual(gb, wb) {
		t.Errorf("plain-paragraph fast path changed the walk of %q\n got: %v %+v\nwant: %v %+v", src, gp, gb, wp, wb)
	}
}

// walkOnly returns the prose ranges and blocks the walk records.
func walkOnly(md goldmark.Markdown, src []byte) ([]Span, []walk.Block) {
	pc := plain.NewContext(src)
	root := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	w := walker{doc: &Document{Src: src}, src: src, pc: pc}
	w.walk(root)
	return w.prose, w.blocks
}

// FuzzPlainParagraphs holds the fast path to goldmark's inline pass: the
// same Document, field for field, for any input.
func FuzzPlainParagraphs(f *testing.F) {
	for _, s := range plainSeeds {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob("testdata/extract/*.md")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkPlainSame(t, src)
	})
}

// TestPlainParagraphsCorpus parses every document of the shared corpus
// both ways.
func TestPlainParagraphsCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus comparison skipped in -short mode")
	}
	dir := corpus.Path(t)
	n := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		checkPlainSame(t, src)
		if t.Failed() {
			return fmt.Errorf("differences in %s", p)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d documents parse the same both ways", n)
}
