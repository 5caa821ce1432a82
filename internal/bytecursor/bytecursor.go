// Package bytecursor finds the occurrences of one byte in a text in order,
// for scanners that visit a text from left to right and need only the next
// place where something can start. Each search is a vectorised
// bytes.IndexByte from where the last one stopped, so prose where the byte
// is rare is skipped at memory speed instead of tested byte by byte.
// ident's identifier scan, the prose scanners and the sentence terminator
// search in markdown share it.
package bytecursor

import "bytes"

// Cursor finds the occurrences of its byte in one text. The zero Cursor
// is not ready: make one with New.
type Cursor struct {
	c  byte
	at int // the first c at or after the offset last asked for, len(text) when none; below 0 before the first search
}

// New returns a Cursor for byte c that has searched nothing yet.
func New(c byte) Cursor { return Cursor{c: c, at: -1} }

// Next returns the offset of the first c at or after i in text, or
// len(text). The text must stay the same, and the offsets asked for must
// not decrease, from one call to the next.
func (k *Cursor) Next(text []byte, i int) int {
	if k.at < i {
		k.search(text, i)
	}
	return k.at
}

// search is Next's slow path, apart so that Next inlines: most calls find
// the answer of the last search still ahead.
func (k *Cursor) search(text []byte, i int) {
	if j := bytes.IndexByte(text[i:], k.c); j >= 0 {
		k.at = i + j
	} else {
		k.at = len(text)
	}
}
