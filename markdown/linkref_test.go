package markdown

import (
	"testing"

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

// TestLinkRefPretestInstalled checks that citelint's goldmark has the
// pre-test in front of goldmark's transformer, and only one.
func TestLinkRefPretestInstalled(t *testing.T) {
	n := 0
	for _, v := range withLinkRefPretest(parser.DefaultParagraphTransformers()) {
		switch v.Value.(type) {
		case linkRefDefinitions:
			n++
		}
		if v.Value == parser.LinkReferenceParagraphTransformer {
			t.Errorf("goldmark's link reference transformer is still there without the pre-test")
		}
	}
	if n != 1 {
		t.Errorf("%d pre-tests installed, want 1", n)
	}
}

// TestLinkRefPretestDefinitions parses definitions in the places a
// paragraph can hold them, and paragraphs that only look like them, with
// and without the pre-test (checkPlainSame compares the Documents).
func TestLinkRefPretestDefinitions(t *testing.T) {
	for _, tc := range []struct {
		src  string
		defs int
	}{
		{"[a]: /x\n[b]: /y 'title'\ntext after [a] and [b]\n", 2},
		{"   [a]: /x\n", 1},
		{"> [a]: /x\n> quoted\n", 1},
		{"- [a]: /x\n- item [a]\n", 1},
		{"text\n[a]: /x\n", 0}, // a definition must start the paragraph
		{"[a]:\n/x\n\n[b]\n: /y\n", 1},
		{"![a]: /x\n", 0},
		{"[1] Smith, J. Title: subtitle. https://x.org\n", 0},
		{"[1] Smith\n[a]: /x\n", 0}, // a definition must start the paragraph
		{"[a\nb]: /x\n", 1},         // a label over lines
		{"[a]\n: /x\n", 0},          // the ':' must follow the ']'
		{"> [a\n> b]: /x\n", 1},
	} {
		checkPlainSame(t, []byte(tc.src))
		defs := 0
		for _, r := range Parse([]byte(tc.src), Options{}).References {
			if r.Kind == RefLinkDef {
				defs++
			}
		}
		if defs != tc.defs {
			t.Errorf("%q: %d link definitions, want %d", tc.src, defs, tc.defs)
		}
	}
}
