package walk

import (
	"bytes"
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/citelint/citelint/internal/markdown/model"
)

// Byte helpers the walk and the passes after it share.

// SortSpans sorts spans by start, as sort.Slice did: slices.SortFunc runs
// the same pdqsort (both are generated from one template), so spans with
// equal starts end in the same order. When no two different spans share a
// start, every sort by start gives that one order, and two faster ways
// are taken: nothing to do when the starts already increase, else a sort
// of one uint64 (start, end) per span, which also shows whether spans
// with equal starts differ (then the pdqsort by start runs after all).
//
// keys is the buffer for the keys, reused; SortSpans returns it.
func SortSpans(s []model.Span, keys []uint64) []uint64 {
	increasing := true
	fits := true
	for i := range s {
		if i > 0 && s[i].Start <= s[i-1].Start {
			increasing = false
		}
		if uint64(s[i].Start) >= 1<<32 || uint64(s[i].End) >= 1<<32 {
			fits = false
		}
	}
	if increasing {
		return keys
	}
	if fits {
		keys = slices.Grow(keys[:0], len(s))
		for _, x := range s {
			keys = append(keys, uint64(x.Start)<<32|uint64(x.End))
		}
		slices.Sort(keys)
		same := true
		for i := 1; i < len(keys) && same; i++ {
			same = keys[i]>>32 != keys[i-1]>>32 || keys[i] == keys[i-1]
		}
		if same {
			for i, k := range keys {
				s[i] = model.Span{Start: int(k >> 32), End: int(uint32(k))}
			}
			return keys
		}
	}
	slices.SortFunc(s, func(a, b model.Span) int { return cmp.Compare(a.Start, b.Start) })
	return keys
}

// HasPrefixFold reports whether b starts with p, ASCII case folded.
func HasPrefixFold(b []byte, p string) bool {
	return len(b) >= len(p) && strings.EqualFold(string(b[:len(p)]), p)
}

// smallNumbers holds "0" to "999": most labels are small numbers, and
// sharing these strings saves an allocation for each.
var smallNumbers = func() (t [1000]string) {
	for v := range t {
		t[v] = strconv.Itoa(v)
	}
	return t
}()

// NumString returns string(b) for a run of digits b, shared for 0 to 999
// written without leading zeros.
func NumString(b []byte) string {
	if n := len(b); n > 0 && n <= 3 && (b[0] != '0' || n == 1) {
		v := 0
		for _, c := range b {
			if c < '0' || c > '9' {
				return string(b)
			}
			v = v*10 + int(c-'0')
		}
		return smallNumbers[v]
	}
	return string(b)
}

// Itoa is strconv.Itoa, shared for 0 to 999 (smallNumbers).
func Itoa(v int) string {
	if v >= 0 && v < len(smallNumbers) {
		return smallNumbers[v]
	}
	if v == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for v > 0 {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
	}
	return string(b[i:])
}

// IsDigits reports whether b is a non-empty run of ASCII digits.
func IsDigits(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// MatchParen returns the index of the ')' closing the '(' at src[open].
func MatchParen(src []byte, open int) int {
	depth := 0
	for i := open; i < len(src) && i < open+8192; i++ {
		switch src[i] {
		case '\\':
			i++
		case '<':
			if i == open+1 {
				if j := bytes.IndexByte(src[i:], '>'); j >= 0 {
					i += j
				}
			}
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// LineEnd returns the index of the first line end in b, or len(b).
func LineEnd(b []byte) int {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return i
	}
	return len(b)
}

// LineStart returns the start of the line holding src[off].
func LineStart(src []byte, off int) int {
	for off > 0 && src[off-1] != '\n' {
		off--
	}
	return off
}

// Searchable reports whether key never decreases along s, so that a binary
// search for the first element whose key passes an offset has one answer.
func Searchable[E any](s []E, key func(E) int) bool {
	for i := 1; i < len(s); i++ {
		if key(s[i]) < key(s[i-1]) {
			return false
		}
	}
	return true
}

// MaxFreeBytes is the most a parse's reused buffers may hold, all their
// arrays counted: larger ones are left to the collector.
const MaxFreeBytes = 8 << 20

// CapBytes returns the size of the array behind s.
func CapBytes[E any](s []E) int {
	var e E
	return cap(s) * int(unsafe.Sizeof(e))
}
