package markdown

import "bytes"

// hints answers mayHoldLink and "holds 【" for the prose ranges of one
// source, which scanBlocks visits in order of start. Testing each range
// took six searches of its bytes (most ranges are short, so mostly call
// overhead); the offsets of the few bytes and strings those tests look for
// are instead listed once for the whole source, and each range only moves
// a cursor per list.
type hints struct {
	lists [hintLists]hintList
}

// The lists: every ':', '/', "10.", "rXiv" or "RXIV", "rxiv", and "【".
const (
	hintColon = iota
	hintSlash
	hintTen
	hintRXiv // "rXiv" and "RXIV"
	hintRxiv // "rxiv"
	hintCJK
	hintLists
)

// hintLen is the length of each list's pattern.
var hintLen = [hintLists]int{1, 1, 3, 4, 4, len("【")}

// hintList holds the sorted offsets of a pattern in the source and a
// cursor: the first offset not before the start of the last range asked.
type hintList struct {
	pos  []int
	next int
}

// reset lists the patterns' offsets in src, reusing the lists' arrays.
// Each list comes from one IndexByte pass for its least common byte.
func (h *hints) reset(src []byte) {
	for k := range h.lists {
		h.lists[k].pos, h.lists[k].next = h.lists[k].pos[:0], 0
	}
	each := func(c byte, f func(i int)) {
		for off := 0; ; {
			i := bytes.IndexByte(src[off:], c)
			if i < 0 {
				return
			}
			f(off + i)
			off += i + 1
		}
	}
	add := func(k, i int) { h.lists[k].pos = append(h.lists[k].pos, i) }
	at := func(i int, s string) bool { return i >= 0 && bytes.HasPrefix(src[i:], []byte(s)) }
	each(':', func(i int) { add(hintColon, i) })
	each('/', func(i int) { add(hintSlash, i) })
	each('0', func(i int) {
		if at(i-1, "10.") {
			add(hintTen, i-1)
		}
	})
	each('X', func(i int) {
		if at(i-1, "rXiv") || at(i-1, "RXIV") {
			add(hintRXiv, i-1)
		}
	})
	each('x', func(i int) {
		if at(i-1, "rxiv") {
			add(hintRxiv, i-1)
		}
	})
	for off := 0; ; {
		i := bytes.Index(src[off:], []byte("【"))
		if i < 0 {
			break
		}
		add(hintCJK, off+i)
		off += i + len("【")
	}
}

// has reports whether list k's pattern occurs inside [start, end).
// Successive calls must not decrease start.
func (h *hints) has(k, start, end int) bool {
	l := &h.lists[k]
	for l.next < len(l.pos) && l.pos[l.next] < start {
		l.next++
	}
	return l.next < len(l.pos) && l.pos[l.next]+hintLen[k] <= end
}

// mayHoldLink is mayHoldLink(src[start:end]).
func (h *hints) mayHoldLink(start, end int) bool {
	for k := hintColon; k <= hintRxiv; k++ {
		if h.has(k, start, end) {
			return true
		}
	}
	return false
}

func (h *hints) bytes() int {
	n := 0
	for k := range h.lists {
		n += capBytes(h.lists[k].pos)
	}
	return n
}
