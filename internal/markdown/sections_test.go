package markdown

import (
	"strings"
	"testing"
)

// TestSectionsByShape: lists found under titles that only mention them,
// in end notes with no title, and not where a weak title has no entries.
func TestSectionsByShape(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		entries   int
	}{
		{"appendix title", "Claim [1].\n\n## Appendix: Sources\n\n[1] A, https://a.example/1\n[2] B, https://a.example/2\n", 2},
		{"mentions but prose", "Claim.\n\n## Data Sources\n\nWe used the census and our own survey.\n", 0},
		{"notes prose", "# Notes\n\nProse one.\n\nProse two, longer, about the design.\n\n## Design\n\nText.\n", 0},
		{"end notes", "Claim<sup>[1]</sup> and [2].\n\n[1]- Per [EIP-196](./eip-196.md).\n\n[2]- Per [EIP-197](./eip-197.md).\n", 2},
		{"bold end notes", "| a | b [1] |\n|---|---|\n\n**[1] `process`:** emitted per message.\n\n**[2] `duration`:** per batch.\n", 2},
		{"numbered paragraphs out of order", "Text.\n\n[617] Fix one.\n\n[589] Fix two.\n", 0},
		{"mentions with prose", "## Data Sources\n\n" + strings.Repeat("The survey covers every county and was run twice a year by the office. ", 5) + "[1]\n\n1. Census, https://a.example/1\n2. Survey, https://a.example/2\n\n[1]: https://a.example/1\n", 0},
	} {
		doc := Parse([]byte(tt.src), Options{})
		n := 0
		for _, r := range doc.References {
			if r.Kind == RefEntry {
				n++
			}
		}
		if n != tt.entries {
			t.Errorf("%s: %d entries, want %d (sections %+v)", tt.name, n, tt.entries, doc.Sections)
		}
	}
}
