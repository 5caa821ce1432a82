package markdown

import "bytes"

// hints answers mayHoldLink and "holds 【" for the prose ranges of one
// source, which scanBlocks visits in order of start. Testing each range
// took six searches of its bytes (most ranges are short, so mostly call
// overhead); the positions of the few bytes and strings those tests look
// for are instead listed once for the whole source, and each range only
// moves a cursor per list.
type hints struct {
	lists [7]hintList
}

// hintPatterns are what mayHoldLink looks for, and "【" last.
var hintPatterns = [7]string{":", "/", "10.", "rXiv", "rxiv", "RXIV", "【"}

const hintCJK = 6

// hintList holds the sorted offsets of one pattern in the source and a
// cursor: the first offset not before the start of the last range asked.
type hintList struct {
	pos  []int32
	next int
}

// reset lists the patterns' offsets in src, reusing the lists' arrays.
func (h *hints) reset(src []byte) {
	for k := range h.lists {
		l := &h.lists[k]
		l.pos, l.next = l.pos[:0], 0
		pat := hintPatterns[k]
		for off := 0; off < len(src); {
			var i int
			if len(pat) == 1 {
				i = bytes.IndexByte(src[off:], pat[0])
			} else {
				i = bytes.Index(src[off:], []byte(pat))
			}
			if i < 0 {
				break
			}
			l.pos = append(l.pos, int32(off+i))
			off += i + len(pat)
		}
	}
}

// has reports whether pattern k occurs inside [start, end). Successive
// calls must not decrease start.
func (h *hints) has(k, start, end int) bool {
	l := &h.lists[k]
	for l.next < len(l.pos) && int(l.pos[l.next]) < start {
		l.next++
	}
	return l.next < len(l.pos) && int(l.pos[l.next])+len(hintPatterns[k]) <= end
}

// mayHoldLink is mayHoldLink(src[start:end]).
func (h *hints) mayHoldLink(start, end int) bool {
	for k := 0; k < hintCJK; k++ {
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
