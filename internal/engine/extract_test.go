package engine

import (
	"strings"
	"testing"
)

// TestPrintExtractions pins extract's text format: a line of counts per
// document, then one line per citation with "-" for no target, the
// reference list noted, and markers on one line cut at 28 characters.
func TestPrintExtractions(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files []Extraction
		want  string
	}{
		{"none", nil, ""},
		{"no citations", []Extraction{{Path: "a.md", Summary: ExtractionSummary{Claims: 3}}},
			"a.md: 3 claims (0 cited), 0 citations (0 unresolved, 0 unchecked), 0 references\n"},
		{"counts and citations", []Extraction{{
			Path:    "docs/r.md",
			Summary: ExtractionSummary{Claims: 4, CitedClaims: 2, Citations: 3, References: 1, Unresolved: 1, Unchecked: 1},
			Citations: []ExtractedCitation{
				{Kind: "numeric", Raw: "[1]", Line: 3, Column: 7, Status: "resolved", Target: "https://example.org/1"},
				{Kind: "numeric", Raw: "[7]", Line: 3, Column: 12, Status: "unresolved"},
				{Kind: "url", Raw: "https://example.org/1", Line: 9, Column: 6, Status: "unchecked", Target: "https://example.org/1", InReferences: true},
			},
		}}, "docs/r.md: 4 claims (2 cited), 3 citations (1 unresolved, 1 unchecked), 1 references\n" +
			"  3:7 numeric        [1]                          resolved → https://example.org/1\n" +
			"  3:12 numeric        [7]                          unresolved → -\n" +
			"  9:6 url            https://example.org/1        unchecked → https://example.org/1 (in reference list)\n"},
		{"marker on one line, cut at 28", []Extraction{{
			Path: "b.md",
			Citations: []ExtractedCitation{
				{Kind: "author-year", Raw: "(Smith\n  and   Jones, 2020)", Line: 1, Column: 1, Status: "resolved", Target: "smith2020"},
				{Kind: "link", Raw: "[a very long link text that goes on](https://example.org)", Line: 2, Column: 1, Status: "resolved", Target: "https://example.org"},
				{Kind: "link", Raw: "[ünïcödé ünïcödé ünïcödé ünï]", Line: 3, Column: 1, Status: "resolved", Target: "x"},
			},
		}}, "b.md: 0 claims (0 cited), 0 citations (0 unresolved, 0 unchecked), 0 references\n" +
			"  1:1 author-year    (Smith and Jones, 2020)      resolved → smith2020\n" +
			"  2:1 link           [a very long link text that… resolved → https://example.org\n" +
			"  3:1 link           [ünïcödé ünïcödé ünïcödé ün… resolved → x\n"},
		{"two files", []Extraction{{Path: "a.md"}, {Path: "b.md"}},
			"a.md: 0 claims (0 cited), 0 citations (0 unresolved, 0 unchecked), 0 references\n" +
				"b.md: 0 claims (0 cited), 0 citations (0 unresolved, 0 unchecked), 0 references\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			PrintExtractions(&b, tc.files)
			if got := b.String(); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
