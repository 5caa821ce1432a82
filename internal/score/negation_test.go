package score

import (
	"strings"
	"testing"
)

func TestNegationCue(t *testing.T) {
	tests := []struct{ text, want string }{
		{"Smoking caused the disease.", ""},
		{"Smoking did not cause the disease.", "not"},
		{"Smoking didn't cause it.", "didn't"},
		{"Smoking didn’t cause it.", "didn’t"},
		{"It never rained.", "never"},
		{"Neither team scored.", "Neither"},
		{"He left without a word.", "without"},
		{"The drug fails to lower blood pressure.", "fails to"},
		{"The failed merger cost millions.", ""}, // "failed" without "to"
		{"She was unable to attend.", "unable"},
		{"No survivors were found.", "No"},
		{"He wore No. 5 and lived at no 7.", ""}, // a number sign
		{`She sang "Highway Don't Care" on tour.`, ""},
		{"She sang “Highway Don't Care” but not live.", "not"},
		{"Nothingness is a theme; the notion recurs.", ""},
		{"It cannot be proven.", "cannot"},
	}
	for _, tt := range tests {
		if got := negationCue(tt.text); got != tt.want {
			t.Errorf("negationCue(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestScoreNegation: a claim whose negation differs from the source
// sentence that matches it is named in Result.Negation, in either
// direction; the score stands (see Result.Negation).
func TestScoreNegation(t *testing.T) {
	src := "The vaccine trial did not reduce hospital admissions among older adults. " +
		"Researchers enrolled 4,000 participants in Ohio over two winters. The trial was funded publicly."
	s := New(Options{})
	tests := []struct {
		claim, source, want string // want: a substring of Negation, "" for none
	}{
		{"The vaccine trial reduced hospital admissions among older adults.", src, `source says "not"`},
		{"The vaccine trial did not reduce hospital admissions among older adults.", src, ""},
		{"The trial was not funded publicly.", src, `sentence says "not"`},
		{"The trial was funded publicly.", src, ""},
		// The negation of another sentence of the passage is not the claim's.
		{"Researchers enrolled 4,000 participants in Ohio.", src, ""},
	}
	for _, tt := range tests {
		r := s.Score(tt.claim, tt.source)
		if tt.want == "" && r.Negation != "" || !strings.Contains(r.Negation, tt.want) {
			t.Errorf("%q: Negation %q, want %q", tt.claim, r.Negation, tt.want)
		}
	}
	pos := s.Score("The vaccine trial reduced hospital admissions among older adults.", src)
	neg := s.Score("The vaccine trial did not reduce hospital admissions among older adults.", src)
	if pos.Score != neg.Score {
		t.Errorf("negation changed the score: %.3f against %.3f", pos.Score, neg.Score)
	}
}

func FuzzNegationCue(f *testing.F) {
	f.Add(`She said "it didn't" and “never”; No. 5 fails to  start, without it.`)
	f.Add("n’t ’ ' no")
	f.Fuzz(func(t *testing.T, s string) {
		cue := negationCue(s)
		if !strings.Contains(s, strings.TrimSuffix(cue, " to")) {
			t.Fatalf("cue %q not in input", cue)
		}
	})
}
