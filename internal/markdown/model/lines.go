package model

import "bytes"

// Lines of the source, as rules see a table row or a list's last line.
// A table row is one line, and a list item's lines are its source lines:
// these answer in bytes, without the parse.

// LineAt returns the line of src holding offset off, without its line
// feed: for a table cell's offset, its row.
func LineAt(src []byte, off int) Span {
	sp := Span{Start: bytes.LastIndexByte(src[:off], '\n') + 1, End: len(src)}
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		sp.End = off + i
	}
	return sp
}

// LastLine returns the last line of sp that is not blank, without the
// blanks and line ends after it.
func LastLine(src []byte, sp Span) Span {
	end := sp.End
	for end > sp.Start && (src[end-1] == '\n' || src[end-1] == '\r' || src[end-1] == ' ' || src[end-1] == '\t') {
		end--
	}
	return Span{Start: max(sp.Start, bytes.LastIndexByte(src[:end], '\n')+1), End: end}
}

// TrimListMarker drops a list item's marker ("- ", "* ", "+ ", "12. ",
// "3) ") and the blanks before it from the start of line; a line that
// starts with none is returned whole.
func TrimListMarker(line []byte) []byte {
	t := bytes.TrimLeft(line, " \t")
	if len(t) > 1 && (t[0] == '-' || t[0] == '*' || t[0] == '+') && t[1] == ' ' {
		return t[2:]
	}
	i := 0
	for i < len(t) && i < 9 && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i > 0 && i+1 < len(t) && (t[i] == '.' || t[i] == ')') && t[i+1] == ' ' {
		return t[i+2:]
	}
	return line
}
