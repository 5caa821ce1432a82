package markdown

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// Old versions of scanners that now skip ahead to the bytes they act on;
// FuzzScannersEquiv checks that the new ones find the same.

func oldScanGlued(text []byte, base int, out []candidate) []candidate {
	for i := 1; i+1 < len(text); i++ {
		c := text[i]
		if c != '.' && c != '!' && c != '?' {
			continue
		}
		// What precedes the terminator: a letter, ')', ']', '"', quote or '%', never a digit.
		r, _ := utf8.DecodeLastRune(text[:i])
		if !(unicode.IsLetter(r) || strings.ContainsRune(")]\"'”’%*", r)) {
			continue
		}
		if unicode.IsLetter(r) {
			ws := i
			for ws > 0 && text[ws-1] < 0x80 && unicode.IsLetter(rune(text[ws-1])) {
				ws--
			}
			if gluedAbbrev[strings.ToLower(string(text[ws:i]))] {
				continue
			}
		}
		j := i + 1
		// Optional closing quote between the terminator and the number.
		if j < len(text) && (text[j] == '"' || text[j] == ')') {
			j++
		}
		start := j
		var items []Span
		for {
			s := j
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			if j-s < 1 || j-s > 3 {
				items = nil
				break
			}
			items = append(items, Span{s, j})
			if j+1 < len(text) && text[j] == ',' && (text[j+1] >= '0' && text[j+1] <= '9' || text[j+1] == ' ' && j+2 < len(text) && text[j+2] >= '0' && text[j+2] <= '9') {
				j++
				if text[j] == ' ' {
					j++
				}
				continue
			}
			break
		}
		if len(items) == 0 {
			continue
		}
		// The number must end the word: whitespace, end of text, or a marker after it.
		if j < len(text) {
			r, _ := utf8.DecodeRune(text[j:])
			if !(unicode.IsSpace(r) || r == '[' || r == '*') {
				continue
			}
		}
		marker := Span{base + start, base + j}
		for _, it := range items {
			sp := Span{base + it.Start, base + it.End}
			if len(items) == 1 {
				sp = marker
			}
			out = append(out, candidate{glued: true, Citation: Citation{Kind: KindNumeric, Scheme: "glued", Span: sp, Marker: marker, Label: string(text[it.Start:it.End]), Claim: -1, Ref: -1}})
		}
		i = j - 1
	}
	return out
}

func oldMathSpans(src []byte) []Span {
	var out []Span
	const maxLen = 4096
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++ // an escaped character, \$ included
			continue
		case '`':
			// Skip a code span (or fence) run: its $ are code.
			j := i
			for j < len(src) && src[j] == '`' {
				j++
			}
			run := src[i:j]
			if k := bytes.Index(src[j:], run); k >= 0 && k < maxLen && !bytes.Contains(src[j:j+k], []byte("\n\n")) {
				i = j + k + len(run) - 1
			} else {
				i = j - 1
			}
			continue
		case '$':
		default:
			continue
		}
		display := i+1 < len(src) && src[i+1] == '$'
		if display {
			end := closeDisplay(src, i+2, maxLen)
			if end < 0 {
				i++
				continue
			}
			out = append(out, Span{i, end})
			i = end - 1
			continue
		}
		if i+1 >= len(src) || isSpace(src[i+1]) {
			continue
		}
		if end := closeInline(src, i+1, maxLen); end >= 0 {
			out = append(out, Span{i, end})
			i = end - 1
		}
	}
	return out
}

func oldGluedToURL(text []byte, i int) bool {
	if i == 0 || text[i-1] == ' ' || text[i-1] == '\t' || text[i-1] == '\n' {
		return false
	}
	k := i
	for k > 0 && text[k-1] != ' ' && text[k-1] != '\t' && text[k-1] != '\n' && text[k-1] != '(' && text[k-1] != '<' && i-k < 2048 {
		k--
	}
	word := text[k:i]
	return bytes.Contains(word, []byte("://")) || hasPrefixFold(word, "www.")
}

// checkGluedToURL compares gluedToURL with the old loop at every '['.
func checkGluedToURL(t *testing.T, text []byte) {
	t.Helper()
	for i, c := range text {
		if c != '[' {
			continue
		}
		if got, want := gluedToURL(text, i), oldGluedToURL(text, i); got != want {
			t.Fatalf("gluedToURL(%q, %d) = %v, old %v", text, i, got, want)
		}
	}
}

func TestGluedToURL(t *testing.T) {
	long := strings.Repeat("中", 700) // 2,100 bytes without a space
	for _, c := range []struct {
		text string
		want bool // at the last '['
	}{
		{"see https://x.org/a[0]", true},
		{"see WWW.x.org/a[0]", true},
		{"see (https://x.org/a[0]", true},
		{"see x(https://x.org/a[0]", true},
		{"https://x.org/<a[0]", false},
		{"claim[1]", false},
		{"a https://x.org b[1]", false},
		{"https://x.org/" + long + "[1]", false}, // the word is cut at 2048 bytes
		// The word starts at most 2048 bytes back: at "://" (offset 5) or
		// one byte after it.
		{"https://x.org/" + long[:2039] + "[1]", true},
		{"https://x.org/" + long[:2040] + "[1]", false},
		{"[1]", false},
	} {
		text := []byte(c.text)
		if got := gluedToURL(text, bytes.LastIndexByte(text, '[')); got != c.want {
			t.Errorf("gluedToURL(%.40q...) = %v, want %v", c.text, got, c.want)
		}
		checkGluedToURL(t, text)
	}
}

var scannerSeeds = []string{
	"the brain.13 Next. Fig.2 shows it.\"4 and (x).5, 6 and text.1,2 B. Eq.3! v1.2 3.5 year.2024 end.7",
	"$x$ and $$y$$ `$a` \\$5 $5 and $10 $J[0]$ $$\n\nx$$ ``$`` $a\\$b$",
	"see doi:10.1000/x and arXiv 2101.00001, RXIV, rxiv; https://a.b/c 【3†source】 10. 1",
	"Ünïcödé.12 word’.3 %.4 ].5 *.6",
	"https://a.b/c[0] (www.x.y[1]) <http://q[2] 中文https://z.cn/文[3][4] wWw.[5]",
}

func FuzzScannersEquiv(f *testing.F) {
	for _, s := range scannerSeeds {
		f.Add(s, uint64(0x9e3779b97f4a7c15))
	}
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		text := []byte(s)
		if got, want := scanGlued(text, 3, nil), oldScanGlued(text, 3, nil); !reflect.DeepEqual(got, want) {
			t.Fatalf("scanGlued(%q) = %+v, old %+v", s, got, want)
		}
		if got, want := mathSpans(text), oldMathSpans(text); !reflect.DeepEqual(got, want) {
			t.Fatalf("mathSpans(%q) = %v, old %v", s, got, want)
		}
		checkGluedToURL(t, text)
		// Ranges in order of start, possibly overlapping, as scanBlocks asks.
		var h hints
		h.reset(text)
		var terms terms // shared by the ranges, as in scanProse
		start := 0
		for seed != 0 && start <= len(text) {
			start += int(seed % 9)
			seed /= 9
			end := start + int(seed%40)
			seed /= 40
			if end > len(text) {
				break
			}
			if got, want := h.has(hintCJK, start, end), bytes.Contains(text[start:end], []byte("【")); got != want {
				t.Fatalf("has 【 in %q = %v", text[start:end], got)
			}
			if got, want := h.mayHoldLink(start, end), mayHoldLink(text[start:end]); got != want {
				t.Fatalf("mayHoldLink(%q) = %v", text[start:end], got)
			}
			got := scanGluedWith(&terms, text, start, text[start:end], 7, nil)
			if want := oldScanGlued(text[start:end], 7, nil); !reflect.DeepEqual(got, want) {
				t.Fatalf("scanGluedWith(%q at %d) = %+v, old %+v", text[start:end], start, got, want)
			}
		}
	})
}

func TestScannersSeeds(t *testing.T) {
	for _, s := range scannerSeeds {
		if got, want := scanGlued([]byte(s), 0, nil), oldScanGlued([]byte(s), 0, nil); !reflect.DeepEqual(got, want) || len(want) == 0 && strings.Contains(s, "brain") {
			t.Errorf("scanGlued(%q) = %+v, old %+v", s, got, want)
		}
		if got, want := mathSpans([]byte(s)), oldMathSpans([]byte(s)); !reflect.DeepEqual(got, want) {
			t.Errorf("mathSpans(%q) = %v, old %v", s, got, want)
		}
	}
}
