package identifiers

import (
	"math/rand"
	"testing"

	"github.com/citelint/citelint/internal/markdown"
)

// TestProblemSpansCovers holds the sorted search to its definition: some
// citation with a problem starts at or before the span and ends at or
// after it. Spans nest, overlap and repeat.
func TestProblemSpansCovers(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for round := range 500 {
		doc := &markdown.Document{}
		for range rng.Intn(12) {
			s := rng.Intn(40)
			c := markdown.Citation{}
			c.Start, c.End = s, s+rng.Intn(10)
			if rng.Intn(3) > 0 {
				c.SetProblem("bad")
			}
			doc.Citations = append(doc.Citations, c)
		}
		ps := newProblemSpans(doc)
		for range 30 {
			s := rng.Intn(45)
			sp := markdown.Span{Start: s, End: s + rng.Intn(6)}
			want := false
			for _, c := range doc.Citations {
				if c.Problem() != "" && c.Start <= sp.Start && sp.End <= c.End {
					want = true
				}
			}
			if got := ps.covers(sp); got != want {
				t.Fatalf("round %d: covers(%v) = %v, want %v; citations %+v", round, sp, got, want, doc.Citations)
			}
		}
	}
}
