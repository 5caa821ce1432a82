package inline

import (
	"unsafe"

	"github.com/citelint/citelint/internal/markdown/walk"
)

// candList holds scanBlocks' candidate records in chunks of candChunk. A
// citation-dense document keeps one record per ten bytes of input, and a
// single slice grown by append allocated five times its final size, each
// growth copying the last (239 MB for the 48 MB of records of 8 MB of
// "[@keyN] "): most of the heap's growth while parsing such a document
// (docs/security.md, memory). Chunks are allocated once at their full
// size and never copied. The first grows by append, so that a small
// document's records take no more than they did in one slice.
type candList struct {
	chunks [][]candRec
	n      int
}

const (
	candChunkBits = 12
	candChunk     = 1 << candChunkBits
)

// add appends r.
func (l *candList) add(r candRec) {
	c := l.n >> candChunkBits
	if c == len(l.chunks) {
		var chunk []candRec
		if c > 0 {
			chunk = make([]candRec, 0, candChunk)
		}
		l.chunks = append(l.chunks, chunk)
	}
	l.chunks[c] = append(l.chunks[c], r)
	l.n++
}

// len returns the number of records.
func (l *candList) len() int { return l.n }

// at returns record i.
func (l *candList) at(i int) *candRec {
	return &l.chunks[i>>candChunkBits][i&(candChunk-1)]
}

// truncate keeps the first n records, clearing the others so that their
// strings are not kept alive (see bufs.reset).
func (l *candList) truncate(n int) {
	for c := n >> candChunkBits; c < len(l.chunks); c++ {
		chunk := l.chunks[c]
		keep := 0
		if c == n>>candChunkBits {
			keep = n & (candChunk - 1)
		}
		clear(chunk[keep:])
		l.chunks[c] = chunk[:keep]
	}
	l.n = n
}

// bytes returns the size of the arrays behind l.
func (l *candList) bytes() int {
	b := cap(l.chunks) * int(unsafe.Sizeof([]candRec(nil)))
	for _, c := range l.chunks {
		b += walk.CapBytes(c)
	}
	return b
}
