package score

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSplitSentences pins the passage units a source is cut into: the
// units the scorer windows over and the evidence sent to a judge.
func TestSplitSentences(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"sentences", "One claim. Two claims! Three?", []string{"One claim.", "Two claims!", "Three?"}},
		{"every line break ends a unit", "a line without a stop\nanother\r\nthird\rfourth\u2028fifth\u2029sixth", []string{"a line without a stop", "another", "third", "fourth", "fifth", "sixth"}},
		{"blank lines and white space", "  \n\n  One.  \n\t\n", []string{"One."}},
		{"title", "Dr. Smith agreed. He left.", []string{"Dr. Smith agreed.", "He left."}},
		{"initials", "K. Arnold wrote it. J. R. Smith too.", []string{"K. Arnold wrote it.", "J. R. Smith too."}},
		{"e.g. and et al.", "Tools, e.g. Vale, exist. Smith et al. (2020) said so.", []string{"Tools, e.g. Vale, exist.", "Smith et al. (2020) said so."}},
		{"decimal and version", "It rose to 73.0 percent in v1.2. Then it fell.", []string{"It rose to 73.0 percent in v1.2.", "Then it fell."}},
		{"closing quote", `He said "stop." Then left.`, []string{`He said "stop."`, "Then left."}},
		{"cjk", "第一句。第二句！第三句？", []string{"第一句。", "第二句！", "第三句？"}},
		{"number after an abbreviation", "See Fig. 2 and No. 5 here. The end.", []string{"See Fig. 2 and No. 5 here.", "The end."}},
		{"no space after a stop", "Read example.com.Then go.", []string{"Read example.com.Then go."}},
		{"month", "It opened in Jan. 2020 to crowds. It closed.", []string{"It opened in Jan. 2020 to crowds.", "It closed."}},
		// Where the units differ from score's own splitter before it moved
		// onto internal/sentence: each was a wrong cut (or a missed one).
		{"times", "It launched at 5:17 p.m. EDT on Sept. 12. Tune in at 10:15 p.m. to watch.", []string{"It launched at 5:17 p.m. EDT on Sept. 12.", "Tune in at 10:15 p.m. to watch."}},
		{"lower case after a dotted abbreviation", "It joined the Hampshire F.A. when it began. Next.", []string{"It joined the Hampshire F.A. when it began.", "Next."}},
		{"lower case after a quoted stop", `Cries of "We love you!" and "Thank you!" rang out.`, []string{`Cries of "We love you!" and "Thank you!" rang out.`}},
		{"ellipsis", "We waited… Then it came.", []string{"We waited…", "Then it came."}},
		{"title before a name", "The 304th chose a mask of a goblin said to inhabit Mt. Iwate. It stayed.", []string{"The 304th chose a mask of a goblin said to inhabit Mt. Iwate.", "It stayed."}},
		{"caseless script", "אני בעד. הציבור נענה לקריאה.", []string{"אני בעד.", "הציבור נענה לקריאה."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := unitTexts(tt.in); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("splitSentences(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

func unitTexts(text string) []string {
	var got []string
	for _, sp := range splitSentences(text) {
		got = append(got, text[sp.start:sp.end])
	}
	return got
}

// TestSplitSentencesCap: text with no sentence punctuation (a table,
// scraped navigation, CJK without 。) is cut into units of at most
// maxSentenceBytes, at white space where there is some, at a rune
// boundary where there is none, and at a byte in invalid UTF-8.
func TestSplitSentencesCap(t *testing.T) {
	words := strings.Repeat("word ", 400)
	cjk := strings.Repeat("汉", 500)
	bad := strings.Repeat("\x80", 1500)
	for _, tt := range []struct {
		name      string
		in        string
		wantUnits int
		atSpace   bool
	}{
		{"words", words, 4, true},
		{"cjk", cjk, 3, false},
		{"invalid utf-8", bad, 3, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			units := splitSentences(tt.in)
			if len(units) != tt.wantUnits {
				t.Errorf("%d units, want %d", len(units), tt.wantUnits)
			}
			total := 0
			for _, sp := range units {
				u := tt.in[sp.start:sp.end]
				total += len(strings.ReplaceAll(u, " ", ""))
				if len(u) > maxSentenceBytes {
					t.Errorf("unit of %d bytes > %d", len(u), maxSentenceBytes)
				}
				if tt.atSpace && (strings.HasPrefix(u, " ") || strings.HasSuffix(u, " ") || !strings.HasSuffix(u, "word")) {
					t.Errorf("unit %q not cut at white space", u)
				}
				if utf8.ValidString(tt.in) && !utf8.ValidString(u) {
					t.Errorf("unit cut inside a rune: %q", u)
				}
			}
			if want := len(strings.ReplaceAll(tt.in, " ", "")); total != want {
				t.Errorf("units hold %d bytes of text, want %d", total, want)
			}
		})
	}
}

// BenchmarkSplitSentences cuts a 64 KB source of prose, short lines,
// abbreviations and numbers into passage units (Prepare and
// SelectEvidence do this for every source).
func BenchmarkSplitSentences(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	words := strings.Fields("the sea level rose by centimetres since Dr. Smith et al. measured ocean warming e.g. " +
		"in Greenland and Antarctica according to the U.S. survey of Jan. 2020 see Fig. 3 No. 4 with rates of " +
		"3.2 mm per year while glaciers melt faster than projected by the IPCC report")
	var src strings.Builder
	for src.Len() < 64<<10 {
		n := 6 + rng.Intn(20)
		for k := range n {
			if k == 0 {
				w := words[rng.Intn(len(words))]
				src.WriteString(strings.ToUpper(w[:1]) + w[1:])
			} else {
				src.WriteString(words[rng.Intn(len(words))])
			}
			src.WriteByte(' ')
		}
		switch rng.Intn(8) {
		case 0:
			src.WriteString("\n")
		case 1:
			fmt.Fprintf(&src, "%d.\n", rng.Intn(2000))
		default:
			src.WriteString(". ")
		}
	}
	text := src.String()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		splitSentences(text)
	}
}

// FuzzSplitSentences: any source text (untrusted: a fetched page) splits
// without a panic into ordered, non-empty, trimmed units of at most
// maxSentenceBytes, none holding a line break.
func FuzzSplitSentences(f *testing.F) {
	for _, s := range []string{"One. Two!\nThree?", "Dr. A. B. Smith et al. (2020).\r\n第一句。第二句", strings.Repeat("word ", 200), "\xe2\x80\xa8.\xe2\x80", "a\u2029b\u00a0. C"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		prev := 0
		for _, sp := range splitSentences(text) {
			if sp.start < prev || sp.end <= sp.start || sp.end > len(text) {
				t.Fatalf("unit [%d,%d) after %d in %d bytes", sp.start, sp.end, prev, len(text))
			}
			prev = sp.end
			u := text[sp.start:sp.end]
			if len(u) > maxSentenceBytes {
				t.Errorf("unit of %d bytes", len(u))
			}
			if strings.ContainsAny(u, "\n\r\u2028\u2029") {
				t.Errorf("unit %q holds a line break", u)
			}
			if strings.TrimSpace(u) != u && utf8.ValidString(u) && len(u) < maxSentenceBytes {
				t.Errorf("unit %q not trimmed", u)
			}
		}
	})
}
