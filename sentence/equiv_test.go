package sentence

import (
	"bytes"
	"reflect"
	"testing"
	"unicode/utf8"
)

// oldAppendSplit is AppendSplit before it skipped to the bytes that can
// start a terminator; FuzzSplitEquiv checks that both split alike.
func oldAppendSplit(dst []Span, text []byte, glue []Span) []Span {
	start := 0
	g := 0 // first glue span that may still matter
	for i := 0; i < len(text); {
		for g < len(glue) && glue[g].End <= i {
			g++
		}
		if g < len(glue) && glue[g].Start <= i {
			i = glue[g].End // terminators inside a marker never end a sentence
			continue
		}
		c := text[i]
		var n int // width of the terminator at i
		cjk := false
		switch {
		case c == '.' || c == '!' || c == '?':
			n = 1
		case c >= utf8.RuneSelf:
			r, w := utf8.DecodeRune(text[i:])
			switch r {
			case '…':
				n = w
			case '。', '！', '？', '．':
				n, cjk = w, true
			default:
				i += w
				continue
			}
		default:
			i++
			continue
		}
		// A run of terminators ("?!", "...") and closing quotes/brackets.
		j := i + n
		for j < len(text) {
			if k := terminatorOrCloser(text, j); k > 0 {
				j += k
				continue
			}
			break
		}
		// Markers after the terminator join this sentence: "x. [2][3] Next",
		// "brain.13 Next", "text.1, 2 Next".
		end := j
		for gg := g; gg < len(glue); gg++ {
			k := end
			for k < glue[gg].Start && (isSpace(text[k]) || text[k] == ',' || text[k] == ';') {
				k++
			}
			if k != glue[gg].Start {
				break
			}
			end = glue[gg].End
		}
		switch {
		case cjk:
		case end > j:
			if !nextStartsSentence(text, end) {
				i = end
				continue
			}
		case !breakAfter(text, start, i, j) || !nextStartsSentence(text, j):
			i = j
			continue
		}
		dst = appendTrimmed(dst, text, start, end)
		start = end
		i = end
	}
	return appendTrimmed(dst, text, start, len(text))
}

// FuzzSplitEquiv splits s with glue spans drawn from seed (sorted, not
// overlapping, anywhere, even inside a rune) and compares with oldAppendSplit.
func FuzzSplitEquiv(f *testing.F) {
	for _, s := range []string{"One. Two [1]. Three.[2] Four", "第一句。第二句！第三？", "e.g. Dr. J. Smith et al. (2020).", "a.1, 2 B", "...?!”", "Wait… What．Yes\xe2\x80 x. \xef\xbc"} {
		f.Add(s, uint64(0x9e3779b97f4a7c15))
	}
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		text := []byte(s)
		var glue []Span
		pos := 0
		for seed != 0 && pos < len(text) {
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
		for _, g := range [][]Span{glueOf(s), glue} {
			got := AppendSplit(nil, text, g)
			want := oldAppendSplit(nil, text, g)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("AppendSplit(%q, %v) = %v, old %v", s, g, got, want)
			}
		}
	})
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
