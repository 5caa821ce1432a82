package inline

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/markdown/forms"
)

// Specification tests of the prose scanners that skip ahead to the bytes
// they act on: glued numeric markers ("brain.13"), math spans, and a '['
// glued to a URL.

func TestScanGlued(t *testing.T) {
	type want struct{ label, marker string }
	for _, c := range []struct {
		text string
		want []want
	}{
		{"It grows in the brain.13 Next.", []want{{"13", "13"}}},
		{"It is in the text.1, 2 Next.", []want{{"1", "1, 2"}, {"2", "1, 2"}}},
		{"It is in the text.1,2 Next.", []want{{"1", "1,2"}, {"2", "1,2"}}},
		{"He said \"stop.\"4 and (x).5 end.7", []want{{"4", "4"}, {"5", "5"}, {"7", "7"}}}, // after a quote or parenthesis
		{"Ünïcödé.12 word’.3 %.4 ].5 *.6", []want{{"12", "12"}, {"3", "3"}, {"4", "4"}, {"5", "5"}, {"6", "6"}}},
		{"the end.7[8] and end.9*", []want{{"7", "7"}, {"9", "9"}}}, // a marker or emphasis may follow
		// Not markers: abbreviations, decimals and versions, years, numbers
		// in words, more than three digits, a number after a digit.
		{"Fig.2 shows it. Eq.3! See v1.2 and 3.5 and year.2024 and brain.13x.", nil},
		{"the end.", nil},
	} {
		got := []want{}
		for _, m := range scanGlued([]byte(c.text), 0, nil) {
			got = append(got, want{m.Label, c.text[m.Marker.Start:m.Marker.End]})
		}
		if len(got) != len(c.want) || len(got) > 0 && !reflect.DeepEqual(got, c.want) {
			t.Errorf("scanGlued(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestMathSpansCode adds code spans and escapes inside math to
// TestMathSpans's cases.
func TestMathSpansCode(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"$x$ and $$y$$", []string{"$x$", "$$y$$"}},
		{"`$a` \\$5 $a\\$b$", []string{"$a\\$b$"}}, // code and escapes hold no math
		{"``$`` and $x$", []string{"$x$"}},         // a longer code span
		{"$$\n\nx$$ $ x$", nil},                    // no display math across a blank line; no inline after a space
		{"costs $5.", nil},
	} {
		var got []string
		for _, sp := range mathSpans([]byte(c.src)) {
			got = append(got, c.src[sp.Start:sp.End])
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("mathSpans(%q) = %q, want %q", c.src, got, c.want)
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
	}
}

var scannerSeeds = []string{
	"the brain.13 Next. Fig.2 shows it.\"4 and (x).5, 6 and text.1,2 B. Eq.3! v1.2 3.5 year.2024 end.7",
	"$x$ and $$y$$ `$a` \\$5 $5 and $10 $J[0]$ $$\n\nx$$ ``$`` $a\\$b$",
	"see doi:10.1000/x and arXiv 2101.00001, RXIV, rxiv; https://a.b/c 【3†source】 10. 1",
	"Ünïcödé.12 word’.3 %.4 ].5 *.6",
	"https://a.b/c[0] (www.x.y[1]) <http://q[2] 中文https://z.cn/文[3][4] wWw.[5]",
}

// FuzzScanners checks what holds of every text: glued markers are 1 to 3
// digits (", "-separated) right after a terminator (and maybe a quote or
// parenthesis) and before a space, '[', '*' or the end; math spans are
// in order, apart, and open and close with an unescaped '$'; and the
// scanners that share state across a block (hints, terms) answer for a
// range of it as the plain ones do (hints) or as fresh state does (terms).
func FuzzScanners(f *testing.F) {
	for _, s := range scannerSeeds {
		f.Add(s, uint64(0x9e3779b97f4a7c15))
	}
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		text := []byte(s)
		checkGlued(t, text, scanGlued(text, 3, nil), 3)
		last := 0
		for _, sp := range mathSpans(text) {
			if sp.Start < last || sp.End-sp.Start < 2 || sp.End > len(text) || text[sp.Start] != '$' || text[sp.End-1] != '$' || escaped(text, sp.Start) {
				t.Fatalf("mathSpans(%q): bad span %v after %d", s, sp, last)
			}
			last = sp.End
		}
		// Ranges in order of start, possibly overlapping, as scanBlocks asks.
		var h hints
		h.reset(text)
		var shared terms // shared by the ranges, as in scanProse
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
			// Terms shared across ranges find what fresh ones find. (The
			// range alone is no reference: what precedes a terminator at
			// its start lies before it, as in "![][img].4".)
			got := scanGluedWith(&shared, text, start, text[start:end], 7, nil)
			checkGlued(t, text[:end], got, 7-start) // offsets from text's start
			var fresh terms
			if want := scanGluedWith(&fresh, text, start, text[start:end], 7, nil); !reflect.DeepEqual(got, want) {
				t.Fatalf("scanGluedWith(%q at %d) = %+v, with fresh terms %+v", text[start:end], start, got, want)
			}
		}
	})
}

// checkGlued checks scanGlued's candidates in text (offsets from base).
func checkGlued(t *testing.T, text []byte, cs []forms.Candidate, base int) {
	t.Helper()
	last := 0
	for _, c := range cs {
		m, sp := c.Marker, c.Span
		m.Start, m.End, sp.Start, sp.End = m.Start-base, m.End-base, sp.Start-base, sp.End-base
		if m.Start < last || m.Start < 2 || m.End > len(text) || sp.Start < m.Start || sp.End > m.End || string(text[sp.Start:sp.End]) != c.Label {
			t.Fatalf("scanGlued(%q): bad marker %v, span %v, label %q", text, m, sp, c.Label)
		}
		if len(c.Label) < 1 || len(c.Label) > 3 || strings.Trim(c.Label, "0123456789") != "" || strings.Trim(string(text[m.Start:m.End]), "0123456789, ") != "" {
			t.Fatalf("scanGlued(%q): label %q in marker %q", text, c.Label, text[m.Start:m.End])
		}
		before := bytes.TrimRight(text[:m.Start], "\")")
		if k := len(before); k == 0 || !strings.ContainsRune(".!?", rune(before[k-1])) || m.Start-k > 1 {
			t.Fatalf("scanGlued(%q): marker %q follows no terminator", text, text[m.Start:m.End])
		}
		if m.End < len(text) && !strings.ContainsRune(" \t\n\v\f\r[*", rune(text[m.End])) && text[m.End] < 0x80 {
			t.Fatalf("scanGlued(%q): marker %q is followed by %q", text, text[m.Start:m.End], text[m.End])
		}
		last = m.Start // the labels of one marker share it
	}
}
