package inline

import (
	"strconv"
	"testing"
)

// TestCandList: records come back in order across chunks, truncate keeps
// the first n and clears the rest, and a list reused after truncate(0)
// keeps its chunks.
func TestCandList(t *testing.T) {
	for _, tt := range []struct{ n, keep int }{
		{0, 0}, {1, 0}, {5, 3}, {candChunk, candChunk}, {candChunk + 1, candChunk},
		{3*candChunk + 7, candChunk + 2}, {3*candChunk + 7, 2 * candChunk}, {2 * candChunk, 0},
	} {
		var l candList
		for i := range tt.n {
			l.add(candRec{at: span32{uint32(i), uint32(i + 1)}, Label: strconv.Itoa(i)})
		}
		if l.len() != tt.n {
			t.Fatalf("n=%d: len %d", tt.n, l.len())
		}
		for i := range tt.n {
			if r := l.at(i); int(r.at.start) != i || r.Label != strconv.Itoa(i) {
				t.Fatalf("n=%d: at(%d) = %+v", tt.n, i, *r)
			}
		}
		l.truncate(tt.keep)
		if l.len() != tt.keep {
			t.Errorf("n=%d: len %d after truncate(%d)", tt.n, l.len(), tt.keep)
		}
		for c, chunk := range l.chunks {
			for i, r := range chunk[:cap(chunk)] {
				if k := c*candChunk + i; k >= tt.keep && r.Label != "" {
					t.Errorf("n=%d keep=%d: record %d not cleared", tt.n, tt.keep, k)
				}
			}
		}
		chunks := len(l.chunks)
		l.truncate(0)
		for i := range tt.n {
			l.add(candRec{at: span32{uint32(i), uint32(i + 1)}})
		}
		if len(l.chunks) != chunks || tt.n > 0 && int(l.at(tt.n-1).at.start) != tt.n-1 {
			t.Errorf("n=%d: reused list has %d chunks (had %d)", tt.n, len(l.chunks), chunks)
		}
	}
}
