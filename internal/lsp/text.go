package lsp

import (
	"bytes"
	"unicode/utf8"

	"github.com/citelint/citelint/result"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Position encodings (LSP 3.17 positionEncoding). UTF-16 is the protocol's
// default and what every client understands; UTF-8 saves the counting when
// the client offers it.
const (
	encUTF16 = "utf-16"
	encUTF8  = "utf-8"
)

// lines converts between byte offsets in a text and LSP positions (0-based
// line, 0-based character in the negotiated encoding's code units).
// The line starts are result's LineIndex, which the report's positions
// use too; lines adds the protocol's code units.
type lines struct {
	src  []byte
	idx  *result.LineIndex
	utf8 bool
}

func newLines(src []byte, utf8Enc bool) *lines {
	return &lines{src: src, idx: result.NewLineIndex(src), utf8: utf8Enc}
}

// lineEnd is the offset of line i's end of line ("\n" or "\r\n"), or
// the text's end (a last line keeps a trailing "\r" it may still be
// typing).
func (l *lines) lineEnd(i int) int {
	if i+1 == l.idx.Lines() {
		return len(l.src)
	}
	_, end := l.idx.LineBounds(i)
	return end
}

// position converts a byte offset (clamped to the text, moved back to a
// rune boundary) to an LSP position.
func (l *lines) position(off int) protocol.Position {
	off = max(0, min(off, len(l.src)))
	for off > 0 && off < len(l.src) && !utf8.RuneStart(l.src[off]) {
		off--
	}
	line := l.idx.LineOf(off)
	start, _ := l.idx.LineBounds(line)
	if l.utf8 {
		return protocol.Position{Line: uint32(line), Character: uint32(off - start)}
	}
	return protocol.Position{Line: uint32(line), Character: uint32(utf16Len(l.src[start:off]))}
}

// offset converts an LSP position to a byte offset. As the protocol asks,
// a character past the line's end means the end of the line, and a line
// past the text's end means the end of the text.
func (l *lines) offset(p protocol.Position) int {
	line := int(p.Line)
	if line >= l.idx.Lines() {
		return len(l.src)
	}
	start, _ := l.idx.LineBounds(line)
	return l.column(start, l.lineEnd(line), int(p.Character))
}

// column is the offset of the character want (in the encoding's code
// units) of the line from start to end, or end when the line is shorter.
func (l *lines) column(start, end, want int) int {
	if l.utf8 {
		off := min(start+want, end)
		for off > start && off < len(l.src) && !utf8.RuneStart(l.src[off]) {
			off-- // inside a rune: its start
		}
		return off
	}
	units := 0
	for i := start; i < end; {
		if units >= want {
			return i
		}
		r, size := utf8.DecodeRune(l.src[i:])
		if r >= 0x10000 {
			units += 2
		} else {
			units++
		}
		if units > want { // inside a surrogate pair: its start
			return i
		}
		i += size
	}
	return end
}

func (l *lines) rangeOf(start, end int) protocol.Range {
	return protocol.Range{Start: l.position(start), End: l.position(end)}
}

// utf16Len counts the UTF-16 code units of b.
func utf16Len(b []byte) int {
	n := 0
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}

// applyChange applies one content change to text: a whole new text, or a
// range replaced (incremental sync). The range's offsets are found by
// counting lines up to them, not by indexing every line of the text: a
// keystroke in a 1 MB document indexed its 20,000 lines each time.
func applyChange(text []byte, rng *protocol.Range, newText string, utf8Enc bool) []byte {
	if rng == nil {
		return []byte(newText)
	}
	s, e := offsetIn(text, rng.Start, utf8Enc), offsetIn(text, rng.End, utf8Enc)
	if e < s {
		s, e = e, s
	}
	out := make([]byte, 0, len(text)-(e-s)+len(newText))
	out = append(out, text[:s]...)
	out = append(out, newText...)
	return append(out, text[e:]...)
}

// offsetIn is lines.offset for one position, without a line index.
func offsetIn(text []byte, p protocol.Position, utf8Enc bool) int {
	start := 0
	for line := uint32(0); line < p.Line; line++ {
		i := bytes.IndexByte(text[start:], '\n')
		if i < 0 {
			return len(text) // a line past the text's end: its end
		}
		start += i + 1
	}
	// The line's end: before "\n" or "\r\n"; a last line keeps a
	// trailing "\r" (lines.lineEnd).
	end := len(text)
	if i := bytes.IndexByte(text[start:], '\n'); i >= 0 {
		end = start + i
		if end > start && text[end-1] == '\r' {
			end--
		}
	}
	l := lines{src: text[:end], utf8: utf8Enc}
	return l.column(start, end, int(p.Character))
}
