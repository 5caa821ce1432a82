package claims

import (
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/rules"
)

// TestQuoteHead holds quoteHead to Quote on the texts where cutting early
// could differ: runs of white space before, across and after the cut, and
// multi-byte runes.
func TestQuoteHead(t *testing.T) {
	long := strings.Repeat("word ", 100)
	for _, tc := range []struct {
		s   string
		max int
	}{
		{"", 10},
		{"short passage", 160},
		{"  leading\n\n and   inner\t white space  ", 12},
		{long, 160},
		{strings.Repeat("a", 9) + "   \n  " + strings.Repeat("b", 9), 10},
		{strings.Repeat("a", 10) + "     b", 10},
		{strings.Repeat("a", 10) + " b", 11},
		{strings.Repeat("a", 11) + "  ", 11},
		{strings.Repeat("é", 20) + "  ü", 21},
		{strings.Repeat("海平面 ", 80), 160},
		{strings.Repeat("x ", 79) + "y", 160},
		{strings.Repeat("x ", 80) + "    ", 160},
	} {
		if got, want := quoteHead(tc.s, tc.max), rules.Quote(tc.s, tc.max); got != want {
			t.Errorf("quoteHead(%q, %d) = %q, Quote gives %q", tc.s, tc.max, got, want)
		}
	}
	// Every short text over an alphabet of a letter, white space and a
	// two-byte rune, at every max that cuts it.
	alphabet := []string{"a", " ", "\n", "é"}
	var walk func(s string, depth int)
	walk = func(s string, depth int) {
		for max := 1; max <= len(s)+1; max++ {
			if got, want := quoteHead(s, max), rules.Quote(s, max); got != want {
				t.Fatalf("quoteHead(%q, %d) = %q, Quote gives %q", s, max, got, want)
			}
		}
		if depth == 0 {
			return
		}
		for _, a := range alphabet {
			walk(s+a, depth-1)
		}
	}
	walk("", 7)
}
