package markdown

import (
	"strings"
	"testing"
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

// TestAppendLower: appendLower is strings.ToLower, appended, for ASCII,
// runes whose lower case is longer or shorter, and invalid bytes.
func TestAppendLower(t *testing.T) {
	for _, s := range []string{"", "Key Data SOURCES", "İSTANBUL", "\u212aelvin", "Ⱥ", "a\xffB", "参考文献 Sources"} {
		if got, want := string(appendLower([]byte("> "), []byte(s))), "> "+strings.ToLower(s); got != want {
			t.Errorf("appendLower(%q) = %q, want %q", s, got, want)
		}
	}
}
