package markdown

import (
	"strings"
	"testing"
)

// TestHeadingStart: a heading's span starts at its first '#' (ATX) or at
// its text (setext), inside the source, also where a container took part
// of a tab and goldmark's block position runs past the marker.
func TestHeadingStart(t *testing.T) {
	for _, tc := range []struct {
		src   string
		i     int // the heading to check
		start int // want it to start here
		text  string
	}{
		{"# Title\n", 0, 0, "Title"},
		{"   ## Title ##\n", 0, 3, "Title"},
		{"#\n", 0, 0, ""},
		{"#", 0, 0, ""},
		{"> # Quoted\n", 0, 2, "Quoted"},
		{">\t# Tab\n", 0, 2, "Tab"},
		{">\t#", 0, 2, ""},
		{">>>>>\t #", 0, 7, ""},         // goldmark's position: 9, past the end
		{">>>>>\t #\ntext\n", 0, 7, ""}, // and past the newline
		{">>>\t>\t #", 0, 7, ""},
		{">>\t>\t>\t#", 0, 7, ""},
		{"- >\t###\n", 0, 4, ""},
		{"- >\t### Deep\n", 0, 4, "Deep"},
		{">>>>\t#\tx", 0, 5, "x"}, // goldmark's position: past the text's start
		{"Setext\n===\n", 0, 0, "Setext"},
		{"> Setext\n> ---\n", 0, 2, "Setext"},
		{"# a #\nSetext\n===\n", 1, 6, "Setext"}, // a '#' ends the line above
		{"# a #\n#\n", 1, 6, ""},
	} {
		doc := parse(md, []byte(tc.src), Options{})
		if len(doc.Headings) <= tc.i {
			t.Errorf("%q: %d headings", tc.src, len(doc.Headings))
			continue
		}
		h := doc.Headings[tc.i]
		if h.Span.Start != tc.start || h.Text != tc.text || h.Span.End > len(tc.src) || h.Span.End < h.Span.Start {
			t.Errorf("%q: heading %+v, want start %d, text %q", tc.src, h, tc.start, tc.text)
		}
		if setext := strings.Contains(tc.src, "\n=") || strings.Contains(tc.src, "\n> -"); strings.HasPrefix(tc.src[tc.start:], "#") == setext {
			t.Errorf("%q: bad test case, start %d", tc.src, tc.start)
		}
	}
}
