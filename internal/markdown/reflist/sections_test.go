package reflist

import (
	"slices"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/markdown/model"
)

// TestMentionsSourceList: headings that mention a reference list in a
// short title are candidates (they still need entries); others are not.
func TestMentionsSourceList(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"## Section 6: Sources", true},
		{"## Appendix: Sources", true},
		{"## 6. Key Data Sources", true},
		{"### Complete Source List with Direct Hyperlinks", true},
		{"## Endnotes", true},
		{"## 4. 数据库与数据来源分析", false},           // CJK: whole titles only
		{"## Open sourcesque tooling", false}, // not the word
		{"## Resources", false},
		{"## How the scheduler chooses which sources of load to shed first when the node is under memory pressure", false}, // too long
		{"## Design", false},
		{"## Key Sources for Existence, Uniqueness, and Constructive Methods", false}, // prose about sources
		{"## Notes and references", true},
	} {
		if _, got := mentionsSourceList([]byte(tt.in)); got != tt.want {
			t.Errorf("mentionsSourceList(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestEntryLabelShapes: the entry forms reference lists use.
func TestEntryLabelShapes(t *testing.T) {
	for _, tt := range []struct {
		in, label string
		ok        bool
	}{
		{"[1] Title", "1", true},
		{"[1]: Title", "1", true},
		{"[1]- Per EIP-196.", "1", true},
		{"[1]. Title", "1", true},
		{"**[1]**: Title", "1", true},
		{"**[12] Ground sensors:** https://example.org", "12", true},
		{"__[3]__ Title", "3", true},
		{"- [4] Title", "4", true},
		{"3. Title", "3", true},
		{"**1.** Title", "", false},
		{"**[1]**Title", "", false},
		{"[1]x Title", "", false},
		{"[a] Title", "", false},
		// Labels wrapped in inline HTML.
		{"<sup>**[1]**</sup> - Title", "1", true},
		{`<a name="missing">[1]</a> Currently missing`, "1", true},
		{`<A ID="n2">[2]</A> Title`, "2", true},
		{"<b>[3]&#160;</b>[https://cp2k.org/](https://cp2k.org/): CP2K", "3", true},
		{"[4]&nbsp;Title", "4", true},
		{"<strong>[5]</strong> Title", "5", true},
		{`<a href="#n1">[1]</a> see the note`, "", false}, // a link to a note cites it
		{"<b>1.</b> Title", "", false},
		{"<a name=" + strings.Repeat("x", 300) + ">[1]</a> Title", "", false}, // no tag is that long
		{"<i>[1]</i> Title", "", false},
	} {
		label, _, ok := entryLabel([]byte(tt.in))
		if ok != tt.ok || label != tt.label {
			t.Errorf("entryLabel(%q) = %q, %v; want %q, %v", tt.in, label, ok, tt.label, tt.ok)
		}
	}
}

// TestAppendLower: appendLower is strings.ToLower, appended, for ASCII,
// runes whose lower case is longer or shorter, and invalid bytes.
func TestAppendLower(t *testing.T) {
	for _, s := range []string{"", "Key Data SOURCES", "İSTANBUL", "\u212aelvin", "Ⱥ", "a\xffB", "参考文献 Sources"} {
		if got, want := string(appendLower([]byte("> "), []byte(s))), "> "+strings.ToLower(s); got != want {
			t.Errorf("appendLower(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestSpanIndex checks contains against a scan of the spans, spans added
// in and out of order, nested and overlapping.
func TestSpanIndex(t *testing.T) {
	spans := []model.Span{{Start: 10, End: 20}, {Start: 30, End: 100}, {Start: 40, End: 50}, {Start: 5, End: 8}, {Start: 60, End: 70}, {Start: 200, End: 210}, {Start: 0, End: 1}}
	var x spanIndex
	for i, s := range spans {
		x.add(s)
		for off := -1; off < 220; off++ {
			want := false
			for _, t := range spans[:i+1] {
				want = want || t.Contains(off)
			}
			if got := x.contains(off); got != want {
				t.Fatalf("after %d spans, contains(%d) = %v, want %v", i+1, off, got, want)
			}
		}
	}
}

// TestBracketNumbers pins which bracketed numbers count as the text's
// markers when agreeingList compares them with candidate entries.
func TestBracketNumbers(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []int
	}{
		{"grew 13% [1]. fell [2][3].", []int{1, 2, 3}},
		{"as shown [4, 5] and [ 6 ]", []int{4, 5, 6}},
		{"a link [7](https://x) and a definition [8]: y", nil},
		{"not numbers [a] [1a] [12345] [] [", nil},
		{"[9], then [10, x]", []int{9}},
		{"zero [0] is no label", nil},
	} {
		got := map[int]bool{}
		bracketNumbers([]byte(tc.text), got)
		var keys []int
		for k := range got {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if !slices.Equal(keys, tc.want) {
			t.Errorf("%q: got %v, want %v", tc.text, keys, tc.want)
		}
	}
}
