package inline

import "bytes"

// hints answers mayHoldLink and "holds 【" for the prose ranges of one
// source, which scanBlocks visits in order of start. Testing each range
// took six searches of its bytes (most ranges are short, so mostly call
// overhead, and a search for a string that is not there reads the whole
// range). A cursor per pattern instead remembers where its next occurrence
// in the source is: a range asks only whether that lies inside it, and the
// source is searched again only once a range starts past it.
type hints struct {
	src   []byte
	lists [hintLists]patCursor
}

// The patterns: every ':', '/', "10.", "rXiv" or "RXIV", "rxiv", and "【".
const (
	hintColon = iota
	hintSlash
	hintTen
	hintRXiv // "rXiv" and "RXIV"
	hintRxiv // "rxiv"
	hintCJK
	hintLists
)

// hintLen is the length of each pattern.
var hintLen = [hintLists]int{1, 1, 3, 4, 4, len("【")}

// patCursor is the offset of the first occurrence of a pattern at or after
// the start of the last range asked about (len(src) for none); it starts
// below 0.
type patCursor struct{ at int }

// reset starts over on src.
func (h *hints) reset(src []byte) {
	h.src = src
	for k := range h.lists {
		h.lists[k].at = -1
	}
}

// has reports whether pattern k occurs inside [start, end). Successive
// calls must not decrease start.
func (h *hints) has(k, start, end int) bool {
	if h.lists[k].at < start {
		h.lists[k].at = h.find(k, start)
	}
	return h.lists[k].at+hintLen[k] <= end
}

// find returns the offset of the first occurrence of pattern k at or
// after from, or len(src). Each is found by IndexByte of its least common
// byte.
func (h *hints) find(k, from int) int {
	src := h.src
	byteAt := func(c byte, back int, ok func(p int) bool) int {
		for off := from + back; off < len(src); {
			i := bytes.IndexByte(src[off:], c)
			if i < 0 {
				break
			}
			if p := off + i - back; ok(p) {
				return p
			}
			off += i + 1
		}
		return len(src)
	}
	at := func(p int, s string) bool { return bytes.HasPrefix(src[p:], []byte(s)) }
	switch k {
	case hintColon:
		return byteAt(':', 0, func(int) bool { return true })
	case hintSlash:
		return byteAt('/', 0, func(int) bool { return true })
	case hintTen:
		return byteAt('0', 1, func(p int) bool { return at(p, "10.") })
	case hintRXiv:
		return byteAt('X', 1, func(p int) bool { return at(p, "rXiv") || at(p, "RXIV") })
	case hintRxiv:
		return byteAt('x', 1, func(p int) bool { return at(p, "rxiv") })
	}
	if i := bytes.Index(src[from:], []byte("【")); i >= 0 {
		return from + i
	}
	return len(src)
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
