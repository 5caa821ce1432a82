package model

import "testing"

func TestLineAt(t *testing.T) {
	for _, tt := range []struct {
		src  string
		off  int
		want string
	}{
		{"| a | b [1] |", 4, "| a | b [1] |"},
		{"| h |\n|---|\n| a [2] | b |\n| c |", 16, "| a [2] | b |"},
		{"first\nsecond", 0, "first"},
		{"first\nsecond", 5, "first"}, // the line feed ends the line it closes
		{"first\nsecond", 6, "second"},
		{"a\r\nb", 0, "a\r"}, // a carriage return stays: only the line feed ends a line
		{"", 0, ""},
	} {
		sp := LineAt([]byte(tt.src), tt.off)
		if got := tt.src[sp.Start:sp.End]; got != tt.want {
			t.Errorf("LineAt(%q, %d) = %q, want %q", tt.src, tt.off, got, tt.want)
		}
	}
}

func TestLastLine(t *testing.T) {
	for _, tt := range []struct {
		src        string
		start, end int // the span; end -1: the source's end
		want       string
	}{
		{"- one\n  [1][2]\n", 0, -1, "  [1][2]"},
		{"- one\n  [1][2]\n\n \t\r\n", 0, -1, "  [1][2]"},
		{"- only", 0, -1, "- only"},
		{"before\n- item", 7, -1, "- item"},         // the line starts at the span's start
		{"before - item", 7, -1, "- item"},          // not before it, though the source's line does
		{"one\ntwo\nthree", 0, 7, "two"},            // within the span only
		{"text\n\n\n", 4, -1, ""},                   // a blank span has an empty last line
		{"a\r\nb\r\n", 0, -1, "b"},                  // CRLF
		{"x\n   \n", 2, -1, ""},                     // blanks only
		{"- a [1]\n- b\n\n  [2]\n", 0, -1, "  [2]"}, // a loose item's last paragraph
	} {
		end := tt.end
		if end < 0 {
			end = len(tt.src)
		}
		sp := LastLine([]byte(tt.src), Span{Start: tt.start, End: end})
		if sp.Start > sp.End || sp.Start < tt.start || sp.End > end {
			t.Fatalf("LastLine(%q, [%d,%d)) = %+v, outside the span", tt.src, tt.start, end, sp)
		}
		if got := tt.src[sp.Start:sp.End]; got != tt.want {
			t.Errorf("LastLine(%q, [%d,%d)) = %q, want %q", tt.src, tt.start, end, got, tt.want)
		}
	}
}

func TestTrimListMarker(t *testing.T) {
	for _, tt := range []struct{ line, want string }{
		{"- [1][2]", "[1][2]"},
		{"* Sources: [1]", "Sources: [1]"},
		{"+ x", "x"},
		{"  \t- nested", "nested"},
		{"12. [3]", "[3]"},
		{"3) [4]", "[4]"},
		{"123456789. x", "x"},              // nine digits, CommonMark's most
		{"1234567890. x", "1234567890. x"}, // ten are no marker
		{"-[1]", "-[1]"},                   // a marker needs a space after it
		{"1.5 million", "1.5 million"},
		{"2024. A year", "A year"}, // as CommonMark reads it, a numbered item
		{"-", "-"},
		{"1.", "1."},
		{"", ""},
		{"  text", "  text"}, // no marker: the line whole, blanks and all
	} {
		if got := string(TrimListMarker([]byte(tt.line))); got != tt.want {
			t.Errorf("TrimListMarker(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}
