package sentence

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// glueOf marks every "[...]" in text as a citation marker, plus the literal
// strings given.
func glueOf(text string, extra ...string) []Span {
	var g []Span
	for i := 0; i < len(text); i++ {
		if text[i] == '[' {
			if j := strings.IndexByte(text[i:], ']'); j > 0 {
				g = append(g, Span{i, i + j + 1})
				i += j
			}
		}
	}
	for _, e := range extra {
		if k := strings.Index(text, e); k >= 0 {
			g = append(g, Span{k, k + len(e)})
		}
	}
	sortSpans(g)
	return g
}

func sortSpans(g []Span) {
	for i := 1; i < len(g); i++ {
		for j := i; j > 0 && g[j].Start < g[j-1].Start; j-- {
			g[j], g[j-1] = g[j-1], g[j]
		}
	}
}

func TestSplit(t *testing.T) {
	tests := []struct {
		name string
		in   string
		glue []string // literal glue spans besides [..] markers
		want []string
	}{
		{"simple", "One claim. Two claims! Three?", nil, []string{"One claim.", "Two claims!", "Three?"}},
		{"et al", "Smith et al. (2020) found this. Next one.", nil, []string{"Smith et al. (2020) found this.", "Next one."}},
		{"et al end", "It was shown by Smith et al. The effect held.", nil, []string{"It was shown by Smith et al.", "The effect held."}},
		{"eg ie", "Some tools, e.g. Vale, and others, i.e. linters. Done.", nil, []string{"Some tools, e.g. Vale, and others, i.e. linters.", "Done."}},
		{"fig", "See Fig. 2 for details. Then Eq. 3 holds.", nil, []string{"See Fig. 2 for details.", "Then Eq. 3 holds."}},
		{"dr", "Dr. Smith agreed. Prof. Lee did not.", nil, []string{"Dr. Smith agreed.", "Prof. Lee did not."}},
		{"possessive after an abbreviation", "Warner Bros.' new film was released in 2019. It did well.", nil, []string{"Warner Bros.' new film was released in 2019.", "It did well."}},
		{"titles and firms", "Warner Bros. announced it. Gen. Smith and Sen. Warren met Gov. Newsom. The Dept. of Energy agreed.", nil, []string{"Warner Bros. announced it.", "Gen. Smith and Sen. Warren met Gov. Newsom.", "The Dept. of Energy agreed."}},
		{"decimal", "Accuracy rose to 73.0 percent. It fell later.", nil, []string{"Accuracy rose to 73.0 percent.", "It fell later."}},
		{"version", "Use v1.2.3 or Node.js today. Fine.", nil, []string{"Use v1.2.3 or Node.js today.", "Fine."}},
		{"url", "Read https://example.com/a.b?c=1. Then go.", nil, []string{"Read https://example.com/a.b?c=1.", "Then go."}},
		{"marker after stop", "The claim holds. [2] Next sentence.", nil, []string{"The claim holds. [2]", "Next sentence."}},
		{"marker glued", "The claim holds.[2][3] Next sentence.", nil, []string{"The claim holds.[2][3]", "Next sentence."}},
		{"gemini glued", "It grows in the brain.13 Next one.", []string{"13"}, []string{"It grows in the brain.13", "Next one."}},
		{"gemini list", "It is in the text.1, 2 Next one.", []string{"1", "2"}, []string{"It is in the text.1, 2", "Next one."}},
		{"marker before stop", "The claim holds [2]. Next.", nil, []string{"The claim holds [2].", "Next."}},
		{"terminator inside marker", "See [a. B] here. Next.", nil, []string{"See [a. B] here.", "Next."}},
		{"cjk", "第一句。第二句！第三句？", nil, []string{"第一句。", "第二句！", "第三句？"}},
		{"cjk quotes", "他说：“好。”然后走了。", nil, []string{"他说：“好。”", "然后走了。"}},
		{"quote after stop", `He said "stop." Then left.`, nil, []string{`He said "stop."`, "Then left."}},
		{"interrobang", "Really?! Yes.", nil, []string{"Really?!", "Yes."}},
		{"ellipsis lower", "We waited... and waited. Done.", nil, []string{"We waited... and waited.", "Done."}},
		{"ellipsis upper", "We waited… Then it came.", nil, []string{"We waited…", "Then it came."}},
		{"no terminator", "A heading-like line without a stop", nil, []string{"A heading-like line without a stop"}},
		{"newlines", "Line one continues\nhere. Line two\nends.", nil, []string{"Line one continues\nhere.", "Line two\nends."}},
		{"lowercase after stop", "It costs 5 USD. the rest is free.", nil, []string{"It costs 5 USD. the rest is free."}},
		{"initials", "J. R. Smith wrote it. Then vitamin D. The end.", nil, []string{"J. R. Smith wrote it.", "Then vitamin D.", "The end."}},
		{"us", "Made in the U.S. The plant closed. The U.S. Army stayed.", nil, []string{"Made in the U.S.", "The plant closed.", "The U.S. Army stayed."}},
		{"empty", "", nil, nil},
		{"spaces", "   \n  ", nil, nil},
		{"paren sentence", "(This is aside.) Main text.", nil, []string{"(This is aside.)", "Main text."}},
		{"markers both sides", "One. Two [1]. Three.[2] Four", nil, []string{"One.", "Two [1].", "Three.[2]", "Four"}},
		{"cjk no space", "第一句。第二句！第三？", nil, []string{"第一句。", "第二句！", "第三？"}},
		{"abbreviations in a row", "e.g. Dr. J. Smith et al. (2020).", nil, []string{"e.g. Dr. J. Smith et al. (2020)."}},
		{"digit after stop", "a.1, 2 B", nil, []string{"a.1, 2 B"}},
		{"terminators and closer only", "...?!”", nil, []string{"...?!”"}},
		{"hard break", "Version: 1.0.0  \nStatus: Draft  \nDate: January 3, 2026", nil, []string{"Version: 1.0.0", "Status: Draft", "Date: January 3, 2026"}},
		{"hard break in a list item", "5.1 Role of Ontology:  \n  Within the architecture, it serves as memory.", nil, []string{"5.1 Role of Ontology:", "Within the architecture, it serves as memory."}},
		{"backslash break", "Line one\\\nLine two. Three.", nil, []string{"Line one\\", "Line two.", "Three."}},
		{"escaped backslash is no break", "Path C:\\\\\nnext line.", nil, []string{"Path C:\\\\\nnext line."}},
		{"hard break with CRLF", "One fact  \r\nAnother fact", nil, []string{"One fact", "Another fact"}},
		{"marker on the next line joins", "Revenue was 5 B.  \n[2][3]\nNext line.", nil, []string{"Revenue was 5 B.  \n[2][3]", "Next line."}},
		{"marker after a break joins", "Risk: cost  \n[2][3][4]", nil, []string{"Risk: cost  \n[2][3][4]"}},
		{"marker starting the next sentence stays with it", "Revenue rose 40%  \n[2] reports that costs fell.", nil, []string{"Revenue rose 40%", "[2] reports that costs fell."}},
		{"one space is a soft break", "Line one \ncontinues here.", nil, []string{"Line one \ncontinues here."}},
		{"break inside a marker", "See [a  \nb] here.", nil, []string{"See [a  \nb] here."}},
		{"title before a name", "Lt. Col. Oliver North met him at Mt. Fuji near the Univ. Tokyo campus.", nil, []string{"Lt. Col. Oliver North met him at Mt. Fuji near the Univ. Tokyo campus."}},
		{"abbreviation before a number", "Use svn rev. 1099 or later. The 2nd ed. 2021 is out. Airports (est. 533,000 enplanements) grew.", nil, []string{"Use svn rev. 1099 or later.", "The 2nd ed. 2021 is out.", "Airports (est. 533,000 enplanements) grew."}},
		{"ordinary word before a capital", "It waits for the latest k8s rev. So the chart is back. He left the ed. Se foi.", nil, []string{"It waits for the latest k8s rev.", "So the chart is back.", "He left the ed.", "Se foi."}},
		{"acronym in capitals", "Repair the EDS. Bridge nodes help. Quality of MT. Human raters agree. Visits to the ED. Patients wait.", nil, []string{"Repair the EDS.", "Bridge nodes help.", "Quality of MT.", "Human raters agree.", "Visits to the ED.", "Patients wait."}},
		{"unit after a number", "Emissions were 37 Mt. The rest was gas.", nil, []string{"Emissions were 37 Mt.", "The rest was gas."}},
		{"caseless scripts", "אני בעד. הציבור נענה לקריאה. هذا صحيح. نعم. यह सही है. हाँ.", nil, []string{"אני בעד.", "הציבור נענה לקריאה.", "هذا صحيح.", "نعم.", "यह सही है.", "हाँ."}},
		{"full-width stop, cut runes", "Wait… What．Yes\xe2\x80 x. \xef\xbc", nil, []string{"Wait…", "What．", "Yes\xe2\x80 x. \xef\xbc"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spans := Split([]byte(tt.in), glueOf(tt.in, tt.glue...))
			var got []string
			for _, s := range spans {
				got = append(got, tt.in[s.Start:s.End])
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Split(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestAppendSplitAppends(t *testing.T) {
	dst := []Span{{100, 200}}
	dst = AppendSplit(dst, []byte("A b. C d."), nil)
	if want := []Span{{100, 200}, {0, 4}, {5, 9}}; !reflect.DeepEqual(dst, want) {
		t.Errorf("got %v want %v", dst, want)
	}
}

func TestWords(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"one two  three", 3},
		{"don't stop state-of-the-art", 3},
		{"73.0 percent, in 2024", 4},
		{"中文句子", 4},
		{"Müller's café", 2},
		{"- [1] --", 1},
	}
	for _, tt := range tests {
		if got := Words([]byte(tt.in)); got != tt.want {
			t.Errorf("Words(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// FuzzSplit splits s with its "[...]" markers as glue, and checks what
// holds of every split: sentences in order, trimmed, together holding
// every byte but spaces, not ending inside a marker; and each sentence,
// split alone with its markers, is one. It splits s again with glue
// spans drawn from seed (sorted, not overlapping, anywhere, even inside a
// rune, where a terminator may end inside one: "！" with glue from its
// third byte), for which only the first three hold.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{"One. Two [1]. Three.[2] Four", "A  \nB\\\nC  \r\n[1] D", "第一句。第二句！第三？", "e.g. Dr. J. Smith et al. (2020).", "a.1, 2 B", "...?!”", "Wait… What．Yes\xe2\x80 x. \xef\xbc"} {
		f.Add(s, uint64(0x9e3779b97f4a7c15))
	}
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		text := []byte(s)
		var glue []Span
		for pos := 0; seed != 0 && pos < len(text); {
			pos += int(seed % 7)
			seed /= 7
			l := 1 + int(seed%5)
			seed /= 5
			if pos+l > len(text) {
				break
			}
			glue = append(glue, Span{pos, pos + l})
			pos += l
		}
		checkSplit(t, text, glueOf(s), true)
		checkSplit(t, text, glue, false)
	})
}

func checkSplit(t *testing.T, text []byte, glue []Span, markers bool) {
	t.Helper()
	spans := Split(text, glue)
	last := 0
	covered := make([]bool, len(text))
	for _, sp := range spans {
		if sp.Start < last || sp.End <= sp.Start || sp.End > len(text) {
			t.Fatalf("bad span %v after %d in %q", sp, last, text)
		}
		if isSpace(text[sp.Start]) || isSpace(text[sp.End-1]) {
			t.Fatalf("untrimmed span %q", text[sp.Start:sp.End])
		}
		var inner []Span
		for _, g := range glue {
			if !markers {
				break
			}
			if g.Start < sp.End && sp.End < g.End {
				t.Fatalf("span %v cuts marker %v in %q", sp, g, text)
			}
			if sp.Start <= g.Start && g.End <= sp.End {
				inner = append(inner, Span{g.Start - sp.Start, g.End - sp.Start})
			}
		}
		if again := Split(text[sp.Start:sp.End], inner); markers && len(again) != 1 {
			t.Fatalf("sentence %q of %q, split alone, gives %v", text[sp.Start:sp.End], text, again)
		}
		for k := sp.Start; k < sp.End; k++ {
			covered[k] = true
		}
		last = sp.End
	}
	for k, c := range text {
		if !covered[k] && !isSpace(c) {
			t.Fatalf("byte %d (%q) of %q in no sentence", k, c, text)
		}
	}
}

func BenchmarkSplit(b *testing.B) {
	para := "Large language models (LLMs) have shown strong results on many tasks, e.g. question answering [1]. " +
		"Smith et al. (2020) reported 73.5% accuracy on the benchmark [2, 3]. However, Fig. 2 shows a drop.[4] " +
		"The U.S. data differ; see https://example.com/report.pdf for details. Results were mixed… Yet progress continues! "
	text := bytes.Repeat([]byte(para), 1<<20/len(para))
	glue := glueOf(string(text))
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	var dst []Span
	for b.Loop() {
		dst = AppendSplit(dst[:0], text, glue)
	}
}

// TestNextMayEnd puts every byte value at every offset of a 19-byte text
// (two words of eight and a tail), on fillers that are ASCII, lead bytes
// next to E2 and E3, and a byte in mayEnd, and checks nextMayEnd against
// the table from every start.
func TestNextMayEnd(t *testing.T) {
	naive := func(text []byte, i int) int {
		for i < len(text) && !mayEnd[text[i]] {
			i++
		}
		return i
	}
	for _, filler := range []byte{'a', ' ', 0xE0, 0xE1, 0xE4, 0xEE, 0xFF, 0x7F, 0x2F, '.'} {
		for c := 0; c < 256; c++ {
			for at := 0; at < 19; at++ {
				text := bytes.Repeat([]byte{filler}, 19)
				text[at] = byte(c)
				for i := 0; i <= len(text); i++ {
					if got, want := nextMayEnd(text, i), naive(text, i); got != want {
						t.Fatalf("nextMayEnd(%q, %d) = %d, want %d", text, i, got, want)
					}
				}
			}
		}
	}
}

// TestMayEndStartsEveryTerminator checks that mayEnd holds the first byte
// of every terminator AppendSplit knows, since it skips all other bytes.
func TestMayEndStartsEveryTerminator(t *testing.T) {
	for _, term := range []string{".", "!", "?", "…", "。", "！", "？", "．"} {
		if !mayEnd[term[0]] {
			t.Errorf("mayEnd lacks %#x, the first byte of %q", term[0], term)
		}
		if got := Split([]byte("Ab"+term+" Cd"), nil); len(got) != 2 {
			t.Errorf("Split(%q) = %v, want two sentences", "Ab"+term+" Cd", got)
		}
	}
}
