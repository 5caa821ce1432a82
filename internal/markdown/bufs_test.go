package markdown

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/markdown/forms"
)

// TestFreeBufsHoldNoStrings: buffers on the free list must not keep the
// strings of the documents parsed with them alive (reset clears only up
// to the slices' lengths, which relies on code that shortens them).
func TestFreeBufsHoldNoStrings(t *testing.T) {
	files, _ := filepath.Glob("testdata/extract/*.md")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		Parse(src, Options{KnownKey: func(string) bool { return true }})
		// Math drops candidates: "$[1]$" exercises dropInMath.
		Parse(append(src, "\n\nSee $x = [1]$ and [2] and doi:10.1000/x and 2020.[3]\n"...), Options{})
	}
	for {
		var b *bufs
		select {
		case b = <-freeBufs:
		default:
			return
		}
		for i, m := range b.identBuf[:cap(b.identBuf)] {
			if m.Raw != "" || m.ID != "" {
				t.Errorf("identBuf[%d] = %+v", i, m)
			}
		}
		for i, c := range b.rawCites[:cap(b.rawCites)] {
			if c.Label != "" || c.Kind != 0 {
				t.Errorf("rawCites[%d] = %+v", i, c)
			}
		}
		for k, chunk := range b.cands.chunks {
			for i, c := range chunk[:cap(chunk)] {
				if c.Label != "" || c.Kind != 0 {
					t.Errorf("cands chunk %d [%d] = %+v", k, i, c)
				}
			}
		}
		for i, m := range b.candMore[:cap(b.candMore)] {
			if m != (candMore{}) {
				t.Errorf("candMore[%d] = %+v", i, m)
			}
		}
		for i, c := range b.scratch[:cap(b.scratch)] {
			if c.Label != "" || c.ID != "" || c.Kind != 0 {
				t.Errorf("scratch[%d] = %+v", i, c)
			}
		}
		for i, h := range b.headings[:cap(b.headings)] {
			if h.Text != "" || h.Level != 0 {
				t.Errorf("headings[%d] = %+v", i, h)
			}
		}
		for i, r := range b.refs[:cap(b.refs)] {
			if r.Label != "" || r.Text != "" || r.Kind != "" {
				t.Errorf("refs[%d] = %+v", i, r)
			}
		}
	}
}

// wideAt is an offset just short of 4 GiB; a variable, so that the test
// compiles where int has 32 bits (there no offset passes it).
var wideAt uint64 = 1<<32 - 2

// TestKeepCitation: a candidate kept as a compact record comes back as the
// Citation it held, its scheme too when the table of schemes is full, and
// its offsets when they pass 4 GiB (candWide).
func TestKeepCitation(t *testing.T) {
	w := walker{}
	var want []Citation
	for i := range 400 {
		at := i
		if i%11 == 0 && strconv.IntSize == 64 {
			at = int(wideAt) + i%4 // across the 32-bit offsets' end
		}
		c := forms.Candidate{Citation: Citation{Kind: KindKey, Span: Span{Start: at, End: at + 3}, Marker: Span{Start: at, End: at + 5},
			Label: fmt.Sprint(i), Scheme: fmt.Sprint("s", i%350), ID: fmt.Sprint("id", i%2)}}
		if i%3 == 0 {
			c.ID = ""
		}
		if i%5 == 0 {
			c.Problem, c.Author, c.Year = "p", "a", "2020"
		}
		if i%7 == 0 {
			c.Scheme = ""
		}
		w.keep(&c)
		cw := c.Citation
		cw.SetDetail(c.Problem, c.Author, c.Year)
		want = append(want, cw)
		want[i].Claim, want[i].Ref = -1, -1
	}
	for i := range want {
		var got Citation
		w.citation(&got, w.cands.at(i))
		if !reflect.DeepEqual(got, want[i]) {
			t.Errorf("candidate %d: got %+v, want %+v", i, got, want[i])
		}
	}
}

// TestProseCuts: a long prose range is scanned in pieces cut where no
// marker is open, and the pieces cover it exactly; a short one, or one
// with nowhere to cut, is scanned whole.
func TestProseCuts(t *testing.T) {
	long := []byte(strings.Repeat("Claim [1]. Claim [@k2] x ", 5000))
	noCut := []byte(strings.Repeat("x", 3*proseCutAt))
	for _, tt := range []struct {
		name  string
		src   []byte
		whole bool
	}{
		{"short", []byte("Claim [1]. Another [2]."), true},
		{"long", long, false},
		{"nowhere to cut", noCut, true},
	} {
		sp := Span{Start: 0, End: len(tt.src)}
		var got []Span
		for p := range proseCuts(tt.src, sp) {
			got = append(got, p)
		}
		if (len(got) == 1) != tt.whole {
			t.Errorf("%s: %d pieces, want whole %v", tt.name, len(got), tt.whole)
		}
		at := 0
		for _, p := range got {
			if p.Start != at || p.End <= p.Start {
				t.Fatalf("%s: piece %v does not follow %d", tt.name, p, at)
			}
			if p.Start > 0 && !(tt.src[p.Start-1] == ' ' && (tt.src[p.Start-2] == ']' || tt.src[p.Start-2] == '.')) {
				t.Errorf("%s: cut at %d is not after \"] \" or \". \"", tt.name, p.Start)
			}
			at = p.End
		}
		if at != len(tt.src) {
			t.Errorf("%s: pieces end at %d, want %d", tt.name, at, len(tt.src))
		}
	}
	// The markers of one long line are those of the same text over many
	// lines, where no cut is needed.
	lines := bytes.ReplaceAll(long, []byte(" x "), []byte(" x\n"))
	a, b := Parse(long, Options{}), Parse(lines, Options{})
	if len(a.Citations) != 10000 || len(a.Citations) != len(b.Citations) {
		t.Fatalf("%d citations on one line, %d over lines, want 10000", len(a.Citations), len(b.Citations))
	}
	for i := range a.Citations {
		if x, y := &a.Citations[i], &b.Citations[i]; x.Label != y.Label || x.Span != y.Span || x.Kind != y.Kind {
			t.Fatalf("citation %d: %+v on one line, %+v over lines", i, x, y)
		}
	}
}

// TestProseCutsKeepParentheses: no cut falls inside an open parenthesis,
// where "(Smith et al. 2020)" would be split at its full stop.
func TestProseCutsKeepParentheses(t *testing.T) {
	src := []byte(strings.Repeat("As shown (Smith et al. 2020) before. ", 3000))
	for p := range proseCuts(src, Span{Start: 0, End: len(src)}) {
		if p.Start > 0 && parenOpen(src[max(0, p.Start-256):p.Start]) {
			t.Fatalf("cut at %d inside an open parenthesis: %q", p.Start, src[p.Start-30:p.Start+10])
		}
	}
}
