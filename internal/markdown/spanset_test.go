package markdown

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/citelint/citelint/internal/markdown/walk"
)

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
				c.Kind = KindAuthorYear
			case 1:
				c.flags |= candIdent
			}
			cands = append(cands, c)
		}
		w := &walker{}
		for _, c := range cands {
			w.cands.add(c)
		}
		set := w.newSpanSet()
		for q := 0; q < 50; q++ {
			start := rng.IntN(110)
			m := Span{Start: start, End: start + rng.IntN(12)}
			want := false
			for _, o := range cands {
				if o.Kind != KindAuthorYear && !o.is(candIdent) && o.marker.span().Start < m.End && m.Start < o.marker.span().End {
					want = true
				}
			}
			if got := set.overlaps(m); got != want {
				t.Fatalf("round %d: overlaps(%v) = %v, want %v; candidates %+v", round, m, got, want, cands)
			}
		}
	}
}

// sortSpans must leave spans as the pdqsort by start (sort.Slice before)
// does, equal starts included.
func TestSortSpansAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var keys []uint64
	for round := 0; round < 5000; round++ {
		n := rng.IntN(300)
		spans := make([]Span, n)
		for i := range spans {
			s := rng.IntN(1 + n*rng.IntN(3))
			spans[i] = Span{Start: s, End: s + rng.IntN(3)}
			if round%3 == 0 && i > 0 {
				spans[i] = Span{Start: spans[i-1].End + rng.IntN(2), End: spans[i-1].End + 2} // mostly increasing
			}
		}
		want := slices.Clone(spans)
		slices.SortFunc(want, func(a, b Span) int { return cmp.Compare(a.Start, b.Start) })
		keys = walk.SortSpans(spans, keys)
		if !slices.Equal(spans, want) {
			t.Fatalf("round %d: got %v, want %v", round, spans, want)
		}
	}
}
