package markdown

import (
	"testing"
)

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
