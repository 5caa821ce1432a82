package walk

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/citelint/citelint/internal/markdown/model"
)

// sortSpans must leave spans as the pdqsort by start (sort.Slice before)
// does, equal starts included.
func TestSortSpansAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var keys []uint64
	for round := 0; round < 5000; round++ {
		n := rng.IntN(300)
		spans := make([]model.Span, n)
		for i := range spans {
			s := rng.IntN(1 + n*rng.IntN(3))
			spans[i] = model.Span{Start: s, End: s + rng.IntN(3)}
			if round%3 == 0 && i > 0 {
				spans[i] = model.Span{Start: spans[i-1].End + rng.IntN(2), End: spans[i-1].End + 2} // mostly increasing
			}
		}
		want := slices.Clone(spans)
		slices.SortFunc(want, func(a, b model.Span) int { return cmp.Compare(a.Start, b.Start) })
		keys = SortSpans(spans, keys)
		if !slices.Equal(spans, want) {
			t.Fatalf("round %d: got %v, want %v", round, spans, want)
		}
	}
}
