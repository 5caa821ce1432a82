package linearlinks

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

func TestStartsWithBracket(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"[a]: /x\n", true},
		{"   [a]: /x\n", true},
		{"\t[a]: /x\n", true},
		{"text [a]: /x\n", false},
		{"![a]: /x\n", false},
		{"", true},        // no lines: goldmark's transformer decides
		{" \n\t\n", true}, // only white space: likewise
		{" \n[a]", true},
	} {
		src := []byte(tc.src)
		var lines text.Segments
		for start := 0; start < len(src); {
			end := start
			for end < len(src) && src[end] != '\n' {
				end++
			}
			if end < len(src) {
				end++
			}
			lines.Append(text.NewSegment(start, end))
			start = end
		}
		if got := startsWithBracket(&lines, src); got != tc.want {
			t.Errorf("startsWithBracket(%q) = %v, want %v", tc.src, got, tc.want)
		}
	}
}

// TestLinkRefPretestInstalled checks that WithLinkRefDefinitions puts the
// linear transformer in place of goldmark's, behind the pre-test, and only once.
func TestLinkRefPretestInstalled(t *testing.T) {
	n := 0
	for _, v := range WithLinkRefDefinitions(parser.DefaultParagraphTransformers(), true) {
		switch x := v.Value.(type) {
		case linkRefDefinitions:
			n++
			if !x.pretest {
				t.Errorf("the transformer has no pre-test")
			}
		}
		if v.Value == parser.LinkReferenceParagraphTransformer {
			t.Errorf("goldmark's link reference transformer is still there")
		}
	}
	if n != 1 {
		t.Errorf("%d transformers installed, want 1", n)
	}
}

// goldmarkDefs and linearDefs differ only in the link reference
// definition transformer and the link parser's reader: goldmark's, and
// this package's (without the pre-test).
var (
	goldmarkDefs = goldmark.New(goldmark.WithExtensions(extension.Table))
	linearDefs   = goldmark.New(goldmark.WithExtensions(extension.Table), goldmark.WithParser(parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(WithLinearLinks(parser.DefaultInlineParsers())...),
		parser.WithParagraphTransformers(WithLinkRefDefinitions(parser.DefaultParagraphTransformers(), false)...),
	)))
)

// dumpAST writes every node of src's tree: its kind, its lines (blocks),
// its segment (text), and a definition's or link's label, destination and
// title.
func dumpAST(md goldmark.Markdown, src []byte) string {
	pc := parser.NewContext()
	root := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	var b strings.Builder
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			b.WriteString(")")
			return ast.WalkContinue, nil
		}
		fmt.Fprintf(&b, "(%s", n.Kind())
		if n.Type() == ast.TypeBlock {
			for i := range n.Lines().Len() {
				seg := n.Lines().At(i)
				fmt.Fprintf(&b, " %d-%d+%d", seg.Start, seg.Stop, seg.Padding)
			}
			fmt.Fprintf(&b, " blank=%v", n.HasBlankPreviousLines())
		}
		switch x := n.(type) {
		case *ast.Text:
			fmt.Fprintf(&b, " %d-%d", x.Segment.Start, x.Segment.Stop)
		case *ast.LinkReferenceDefinition:
			fmt.Fprintf(&b, " %q %q %q", x.Label, x.Destination, x.Title)
		case *ast.Link:
			fmt.Fprintf(&b, " %q %q", x.Destination, x.Title)
		}
		return ast.WalkContinue, nil
	})
	var refs []string // References is a map's order
	for _, r := range pc.References() {
		refs = append(refs, fmt.Sprintf("\nref %q %q %q", r.Label(), r.Destination(), r.Title()))
	}
	slices.Sort(refs)
	return b.String() + strings.Join(refs, "")
}

// linkRefSeeds are definitions in every shape goldmark reads, and the
// shapes where its arithmetic keeps the wrong lines (a title that does
// not parse leaves a line between two definitions).
var linkRefSeeds = []string{
	"[a]: /x\n[b]: /y 'title'\ntext after [a] and [b]\n",
	"   [a]: /x\n\t[b]: /y\n    [c]: /z\n",
	"> [a]: /x\n> quoted\n\n- [b]: /y\n- item [b]\n",
	"[a]:\n/x\n\n[b]\n: /y\n",
	"[a\nb]: /x\n[c\n\nd]: /y\n",
	"[a]: /x\n\"title\"\n[b]: /y\n(title)\n[c]: /z\n'title' junk\n[d]: /w\n",
	"[a]: /x\n(x (y\n[b]: /y\n[c]: /z\n[d]: /w\ntail [a] [b] [c] [d]\n",
	"[a]: /x\n\"unclosed\n[b]: /y\n[c]: /z\n",
	"[a\nb]: /x\n\"t\" junk\n[c]: /y\n[d]: /z\n[e]: /w\n",
	"[a]: <> 'x'\n[b]: <a b> \"t\"\n[c]: x(y)z\n[d]: \\(x\n[]: /e\n[ ]: /f\n",
	"[a]: /x 't' junk\n[b]: /y\n",
	"[a]: /x\n[a]: /y\n[A]: /z\n\n[a] [A]\n",
	"- [a]: /x\n  [b]: /y\n  \"t\"\n  [c]: /z\n",
	"[a]: /x\r\n[b]: /y \"t\"\r\n\r\n",
	"[a]: /x",
	"[",
	"[a]:",
}

func FuzzLinkRefDefinitions(f *testing.F) {
	for _, s := range linkRefSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if got, want := dumpAST(linearDefs, src), dumpAST(goldmarkDefs, src); got != want {
			t.Errorf("%q:\n got: %s\nwant: %s", src, got, want)
		}
	})
}

// TestLinkRefDefinitionsLikeGoldmark holds the linear transformer to
// goldmark's on the seeds and on long runs of each.
func TestLinkRefDefinitionsLikeGoldmark(t *testing.T) {
	for _, s := range linkRefSeeds {
		for _, src := range []string{s, strings.Repeat(s, 50), "> " + strings.ReplaceAll(strings.Repeat(s, 20), "\n", "\n> ")} {
			if got, want := dumpAST(linearDefs, []byte(src)), dumpAST(goldmarkDefs, []byte(src)); got != want {
				t.Errorf("%q:\n got: %s\nwant: %s", src, got, want)
			}
		}
	}
}

// TestKeptLines checks the cut arithmetic on its own: while definitions
// follow one another they are cut; after a kept line, goldmark's later
// cuts fall short, and keptLines falls short alike.
func TestKeptLines(t *testing.T) {
	for _, tc := range []struct {
		n       int
		removes [][2]int
		want    []int
	}{
		{5, [][2]int{{0, 1}, {1, 2}, {2, 4}}, []int{4}},
		{3, [][2]int{{0, 1}, {1, 2}, {2, 3}}, nil},
		{4, [][2]int{{0, 1}, {2, 3}}, []int{1, 3}},
		// goldmark: after [0,1) and [2,3), [3,4) is cut at index 3-3=0,
		// which is line 1 by then: line 3 stays.
		{5, [][2]int{{0, 1}, {2, 3}, {3, 4}}, []int{3, 4}},
		{2, [][2]int{{0, 1}, {1, 9}}, nil}, // out of range: clamped, never a panic
	} {
		var lines text.Segments
		for i := range tc.n {
			lines.Append(text.NewSegment(i*10, i*10+5))
		}
		kept := keptLines(&lines, tc.removes)
		var got []int
		for i := range kept.Len() {
			got = append(got, kept.At(i).Start/10)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("n=%d removes %v: kept %v, want %v", tc.n, tc.removes, got, tc.want)
		}
	}
}
