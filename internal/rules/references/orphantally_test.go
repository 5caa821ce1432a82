package references

import (
	"testing"

	"github.com/citelint/citelint/internal/markdown"
)

// TestOrphanTally: markers (not citations) are counted as they come, the
// labels' range kept, and markers out of order are noticed, for
// reportMissingList to count them again with a set.
func TestOrphanTally(t *testing.T) {
	type cite struct {
		label         string
		start, mstart int
	}
	for _, tt := range []struct {
		name               string
		cites              []cite
		markers, low, high int
		labels             int
		sorted             bool
	}{
		{"none", nil, 0, -1, 0, 0, true},
		{"one marker of two", []cite{{"1", 1, 0}, {"255", 3, 0}}, 1, 1, 255, 2, true},
		{"three markers", []cite{{"1", 1, 0}, {"2", 11, 10}, {"2", 21, 20}}, 3, 1, 2, 2, true},
		{"not numbers", []cite{{"a", 1, 0}, {"b", 11, 10}}, 2, -1, 0, 2, true},
		{"out of order", []cite{{"4", 21, 20}, {"3", 11, 10}}, 2, 3, 4, 2, false},
	} {
		var tally orphanTally
		cs := make([]markdown.Citation, len(tt.cites))
		for i, c := range tt.cites {
			cs[i] = markdown.Citation{Label: c.label, Span: markdown.Span{Start: c.start, End: c.start + 1}, Marker: markdown.Span{Start: c.mstart, End: c.mstart + 5}}
			tally.add(&cs[i])
		}
		if tally.n != len(tt.cites) || tally.markers != tt.markers || tally.low != tt.low && tally.n > 0 || tally.high != tt.high ||
			len(tally.labels) != tt.labels || tally.n > 0 && tally.sorted != tt.sorted {
			t.Errorf("%s: n %d, markers %d, labels %d, range %d-%d, sorted %v", tt.name, tally.n, tally.markers, len(tally.labels), tally.low, tally.high, tally.sorted)
		}
		if tally.n > 0 && tally.first != &cs[0] {
			t.Errorf("%s: first is not the first citation", tt.name)
		}
	}
}
