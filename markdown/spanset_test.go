package markdown

import (
	"math/rand/v2"
	"testing"
)

// spanSet must answer as a scan of every candidate does.
func TestSpanSetOverlaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 200; round++ {
		var cands []candidate
		for i := rng.IntN(20); i > 0; i-- {
			start := rng.IntN(100)
			c := candidate{}
			c.Marker = Span{start, start + rng.IntN(15)}
			switch rng.IntN(4) {
			case 0:
				c.Kind = KindAuthorYear
			case 1:
				c.ident = true
			}
			cands = append(cands, c)
		}
		set := newSpanSet(cands)
		for q := 0; q < 50; q++ {
			start := rng.IntN(110)
			m := Span{start, start + rng.IntN(12)}
			want := false
			for _, o := range cands {
				if o.Kind != KindAuthorYear && !o.ident && o.Marker.Start < m.End && m.Start < o.Marker.End {
					want = true
				}
			}
			if got := set.overlaps(m); got != want {
				t.Fatalf("round %d: overlaps(%v) = %v, want %v; candidates %+v", round, m, got, want, cands)
			}
		}
	}
}
