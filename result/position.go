package result

import (
	"bytes"
	"encoding/binary"
	"sort"
	"unicode/utf8"
)

// LineIndex converts byte offsets into 1-based lines and UTF-16 columns.
// Lines end at '\n' only (a lone '\r' is not a line break), which is how
// goldmark counts them. A UTF-8 BOM at the start of the file is zero-width.
// A LineIndex is not safe for concurrent use.
type LineIndex struct {
	src    []byte
	starts []int // byte offset of the start of each line

	// The line LineText returned last. Issues come in runs on one line: a
	// paragraph of an LLM report is often a single line of a few KB that
	// holds a dozen uncited sentences, and each issue carries the line.
	lastLine int
	lastText string

	// The last position Position counted to, when it fell on a rune
	// boundary: a later offset on the same line counts on from it rather
	// than from the line's start (posLine is 1-based; 0 is none).
	posLine, posOff, posCol int
}

// NewLineIndex indexes src. It does not copy src; do not modify it afterwards.
func NewLineIndex(src []byte) *LineIndex {
	// bytes.Count and bytes.IndexByte are vectorised: on prose files this
	// is several times faster than a byte loop with a growing slice.
	starts := make([]int, 1, bytes.Count(src, []byte{'\n'})+1)
	for off := 0; ; {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			break
		}
		off += i + 1
		starts = append(starts, off)
	}
	return &LineIndex{src: src, starts: starts}
}

// Lines reports how many lines the file has (a final line without '\n' counts).
func (x *LineIndex) Lines() int { return len(x.starts) }

// LineOf returns the 0-based line holding byte offset off.
func (x *LineIndex) LineOf(off int) int {
	return sort.Search(len(x.starts), func(i int) bool { return x.starts[i] > off }) - 1
}

// LineBounds returns the byte range of 0-based line i without its line ending.
func (x *LineIndex) LineBounds(i int) (start, end int) {
	start = x.starts[i]
	end = len(x.src)
	if i+1 < len(x.starts) {
		end = x.starts[i+1] - 1
	}
	if end > start && x.src[end-1] == '\r' {
		end--
	}
	return start, end
}

// LineText returns the text of the 1-based line n without its line ending.
func (x *LineIndex) LineText(n int) string {
	if n < 1 || n > len(x.starts) {
		return ""
	}
	if n != x.lastLine {
		s, e := x.LineBounds(n - 1)
		x.lastLine, x.lastText = n, string(x.src[s:e])
	}
	return x.lastText
}

// Position converts a byte offset (clamped to the file) to a Position.
func (x *LineIndex) Position(off int) Position {
	if off < 0 {
		off = 0
	}
	if off > len(x.src) {
		off = len(x.src)
	}
	line := x.LineOf(off)
	start := x.starts[line]
	if line == 0 && len(x.src) >= 3 && x.src[0] == 0xEF && x.src[1] == 0xBB && x.src[2] == 0xBF {
		if off < 3 {
			off = 3
		}
		start = 3
	}
	// Columns are counted from the line's start, or from the last
	// position asked for when it is on this line and not after off: LLM
	// reports put a paragraph on a line, and its issues come in order.
	col := 1
	if x.posLine == line+1 && x.posOff >= start && x.posOff <= off {
		start, col = x.posOff, x.posCol
	}
	// ASCII without decoding, eight bytes at a time.
	n := asciiPrefix(x.src[start:off])
	col += n
	whole := true // off is on a rune boundary
	for i := start + n; i < off; {
		if x.src[i] < utf8.RuneSelf {
			col++
			i++
			continue
		}
		r, size := utf8.DecodeRune(x.src[i:])
		if i+size > off { // offset inside a rune: count the rune
			size, whole = off-i, false
		}
		if r >= 0x10000 {
			col += 2
		} else {
			col++
		}
		i += size
	}
	if whole {
		x.posLine, x.posOff, x.posCol = line+1, off, col
	}
	return Position{Line: line + 1, Column: col}
}

// asciiPrefix returns how many bytes b starts with that are ASCII.
func asciiPrefix(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:])&0x8080808080808080 != 0 {
			break
		}
	}
	for i < len(b) && b[i] < utf8.RuneSelf {
		i++
	}
	return i
}
