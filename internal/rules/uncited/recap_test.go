package uncited

import (
	"bytes"
	"slices"
	"testing"

	"github.com/citelint/citelint/internal/markdown"
)

// TestAppendNumbers pins which numbers a sentence states and which of them
// are figures, specific enough that a match elsewhere is not chance.
func TestAppendNumbers(t *testing.T) {
	for _, tc := range []struct {
		text    string
		want    []string
		figures int
	}{
		{"Revenue rose 12.4% to $3.1 billion in 2023.", []string{"12.4", "3.1", "2023"}, 2},
		{"It sold 5,940 units, up from 327.", []string{"5940", "327"}, 2},
		{"约1.2万亿元，其中3320万户，占8.9%。", []string{"1.2", "3320", "8.9"}, 3},
		{"Prices were 10%–30% lower than in 1998.", []string{"10", "30", "1998"}, 0},
		{"GPT-4 and the H100 ran 20 trials.", []string{"20"}, 0},
		{"Version 2.0 shipped on 3 May 2021.", []string{"2.0", "3", "2021"}, 1},
		{"A 1850 census and 2099 plan, 2100 units.", []string{"1850", "2099", "2100"}, 1},
		{"It ended the year at 17.", []string{"17"}, 0},
	} {
		got, figures := appendNumbers(nil, []byte(tc.text), 0, len(tc.text), nil)
		if !slices.Equal(got, tc.want) || figures != tc.figures {
			t.Errorf("%q: got %q with %d figures, want %q with %d", tc.text, got, figures, tc.want, tc.figures)
		}
	}
}

// TestAppendNumbersSkipsMarkers checks that the digits of a citation
// marker are not numbers the sentence states.
func TestAppendNumbersSkipsMarkers(t *testing.T) {
	text := []byte("It grew 4.5% [123].")
	got, figures := appendNumbers(nil, text, 0, len(text), []markdown.Span{{Start: 13, End: 18}})
	if !slices.Equal(got, []string{"4.5"}) || figures != 1 {
		t.Errorf("got %q with %d figures, want [4.5] with 1", got, figures)
	}
}

// TestRecaps checks the recaps exemption end to end: a summary sentence
// whose numbers the cited body states is dropped; one with a new number,
// or with no figure, stays; and the exemption can be turned off.
func TestRecaps(t *testing.T) {
	src := "# Report\n\n## Summary\n\n" +
		"Union Pacific earned $24.1 billion on 7,890 thousand carloads in 2023, its filing shows.\n\n" +
		"Union Pacific earned $24.1 billion on 7,890 thousand carloads in 2023 and cut 1,250 jobs, its filing shows.\n\n" +
		"Union Pacific hired 45 engineers in 2023 and opened 12 new terminals in Texas and Utah.\n\n" +
		"## Body\n\n" +
		"Union Pacific reported $24.1 billion in revenue on 7,890 thousand carloads in 2023 [1].\n\n" +
		"Union Pacific also reported 45 new engineers and 12 terminals in 2023 [1].\n\n" +
		"[1] Union Pacific, annual report 2023, https://example.org/up\n"
	doc := markdown.Parse([]byte(src), markdown.Options{})
	doc.Summarise() // as the lint run does after resolving: what the document cites
	lines := func(s *Settings) []int {
		var out []int
		for _, f := range Find(doc, s) {
			out = append(out, 1+bytes.Count(doc.Src[:f.Start], []byte("\n")))
		}
		return out
	}
	s := DefaultSettings()
	s.MaxCoverage = 1
	if got, want := lines(s), []int{7, 9}; !slices.Equal(got, want) {
		t.Errorf("with recaps exempt: findings on lines %v, want %v", got, want)
	}
	s.Exempt = slices.DeleteFunc(slices.Clone(s.Exempt), func(e string) bool { return e == "recaps" })
	if got, want := lines(s), []int{5, 7, 9}; !slices.Equal(got, want) {
		t.Errorf("without: findings on lines %v, want %v", got, want)
	}
}
