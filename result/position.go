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

	// Columns already counted on line ckLine (1-based; 0 is none): byte
	// offsets on rune boundaries with their columns, in increasing order,
	// no more than about ckEvery bytes apart up to the last. A position
	// is counted from the checkpoint before it, so a line is counted
	// once however its issues ask: in order (a paragraph of an LLM report
	// is often one line of a few KB holding a dozen issues), or going back
	// (a fix's edits, issues of one rule after another's).
	ckLine  int
	ck      []checkpoint
	ckEvery int
}

// checkpoint is a counted column: byte offset off is at column col.
type checkpoint struct{ off, col int }

// checkpointEvery is how far apart Position leaves checkpoints on a long
// line: asking again anywhere on what was counted costs at most this.
const checkpointEvery = 512

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
	return &LineIndex{src: src, starts: starts, ckEvery: checkpointEvery}
}

// Lines reports how many lines the file has (a final line without '\n' counts).
func (x *LineIndex) Lines() int { return len(x.starts) }

// LineOf returns the 0-based line holding byte offset off.
func (x *LineIndex) LineOf(off int) int {
	return sort.Search(len(x.starts), func(i int) bool { return x.starts[i] > off }) - 1
}

// Line returns the 1-based line of byte offset off, clamped to the file,
// as Position(off).Line does without counting the column: callers that
// want only lines (suppression regions, duplicate definitions) ask this.
func (x *LineIndex) Line(off int) int { return x.LineOf(max(off, 0)) + 1 }

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
	if x.ckLine != line+1 {
		x.ckLine, x.ck = line+1, append(x.ck[:0], checkpoint{start, 1})
	}
	// From the last checkpoint not after off: the last one when issues
	// come in order.
	k := len(x.ck) - 1
	if x.ck[k].off > off {
		k = sort.Search(len(x.ck), func(i int) bool { return x.ck[i].off > off }) - 1
	}
	frontier := k == len(x.ck)-1
	col, whole := x.count(x.ck[k].off, x.ck[k].col, off, frontier)
	if whole && frontier && off > x.ck[len(x.ck)-1].off {
		x.ck = append(x.ck, checkpoint{off, col})
	}
	return Position{Line: line + 1, Column: col}
}

// count counts UTF-16 columns from byte i (a rune boundary at column
// col) to off, and reports whether off is on a rune boundary (an offset
// inside a rune counts the rune). With record, it leaves a checkpoint
// every ckEvery bytes: it is counting past the last one.
func (x *LineIndex) count(i, col, off int, record bool) (int, bool) {
	src := x.src
	for {
		stop := off
		if record && x.ckEvery > 0 && off-i > x.ckEvery {
			stop = i + x.ckEvery
		}
		// ASCII without decoding, eight bytes at a time.
		n := asciiPrefix(src[i:stop])
		col += n
		i += n
		for i < stop {
			if src[i] < utf8.RuneSelf {
				col++
				i++
				continue
			}
			r, size := utf8.DecodeRune(src[i:])
			if r >= 0x10000 {
				col += 2
			} else {
				col++
			}
			if i+size > off { // off is inside this rune
				return col, false
			}
			i += size
		}
		if stop == off {
			return col, true
		}
		// i is on a rune boundary at or just past stop, before off.
		x.ck = append(x.ck, checkpoint{i, col})
	}
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
