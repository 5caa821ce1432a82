package inline

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/markdown/forms"
	"github.com/citelint/citelint/internal/markdown/model"
)

// wideAt is an offset just short of 4 GiB; a variable, so that the test
// compiles where int has 32 bits (there no offset passes it).
var wideAt uint64 = 1<<32 - 2

// TestKeepCitation: a candidate kept as a compact record comes back as the
// Citation it held, its scheme too when the table of schemes is full, and
// its offsets when they pass 4 GiB (candWide).
func TestKeepCitation(t *testing.T) {
	w := Scanner{}
	var want []model.Citation
	for i := range 400 {
		at := i
		if i%11 == 0 && strconv.IntSize == 64 {
			at = int(wideAt) + i%4 // across the 32-bit offsets' end
		}
		c := forms.Candidate{Citation: model.Citation{Kind: model.KindKey, Span: model.Span{Start: at, End: at + 3}, Marker: model.Span{Start: at, End: at + 5},
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
		w.Keep(&c)
		cw := c.Citation
		cw.SetDetail(c.Problem, c.Author, c.Year)
		want = append(want, cw)
		want[i].Claim, want[i].Ref = -1, -1
	}
	for i := range want {
		var got model.Citation
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
		sp := model.Span{Start: 0, End: len(tt.src)}
		var got []model.Span
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
}

// TestProseCutsKeepParentheses: no cut falls inside an open parenthesis,
// where "(Smith et al. 2020)" would be split at its full stop.
func TestProseCutsKeepParentheses(t *testing.T) {
	src := []byte(strings.Repeat("As shown (Smith et al. 2020) before. ", 3000))
	for p := range proseCuts(src, model.Span{Start: 0, End: len(src)}) {
		if p.Start > 0 && parenOpen(src[max(0, p.Start-256):p.Start]) {
			t.Fatalf("cut at %d inside an open parenthesis: %q", p.Start, src[p.Start-30:p.Start+10])
		}
	}
}
func TestMathSpans(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{`let $\mathbb{1}=[1, 1]^\top$ be ones`, []string{`$\mathbb{1}=[1, 1]^\top$`}},
		{"display $$J[0] = x$$ here", []string{"$$J[0] = x$$"}},
		{"display\n$$\nA[1]\n$$\nafter", []string{"$$\nA[1]\n$$"}},
		{"costs $5 and $10 [1].", nil},
		{"between $5-$10 [1].", nil},
		{"a $ b $ c", nil},
		{"escaped \\$x$ and $y$", []string{"$y$"}},
		{"`$A` and `$B` [1]", nil},
		{"$a\n\nb$", nil},
		{"two $x$ and $y$.", []string{"$x$", "$y$"}},
		{"unclosed $x [1]", nil},
		{"$x$5", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, sp := range mathSpans([]byte(tt.in)) {
			got = append(got, tt.in[sp.Start:sp.End])
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
	}
}

// spanSet must answer as a scan of every candidate does.
func TestSpanSetOverlaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 200; round++ {
		var cands []candRec
		for i := rng.IntN(20); i > 0; i-- {
			start := rng.IntN(100)
			c := candRec{}
			c.marker = span32{uint32(start), uint32(start + rng.IntN(15))}
			switch rng.IntN(4) {
			case 0:
				c.Kind = model.KindAuthorYear
			case 1:
				c.flags |= candIdent
			}
			cands = append(cands, c)
		}
		w := &Scanner{}
		for _, c := range cands {
			w.cands.add(c)
		}
		set := w.newSpanSet()
		for q := 0; q < 50; q++ {
			start := rng.IntN(110)
			m := model.Span{Start: start, End: start + rng.IntN(12)}
			want := false
			for _, o := range cands {
				if o.Kind != model.KindAuthorYear && !o.is(candIdent) && o.marker.span().Start < m.End && m.Start < o.marker.span().End {
					want = true
				}
			}
			if got := set.overlaps(m); got != want {
				t.Fatalf("round %d: overlaps(%v) = %v, want %v; candidates %+v", round, m, got, want, cands)
			}
		}
	}
}
