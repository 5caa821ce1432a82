package rules

import (
	"bytes"

	"github.com/citelint/citelint/internal/markdown"
)

// Evidence that a bracket is a citation. Brackets are everywhere in
// technical prose: array indexes (log.topics[2], uint8[16]), ranges
// ([100, 300], Hour [1-12]), command syntax ([,][memory=1Gi]), stack
// tables (| [4] |), markers carried inside a quotation. A numeric bracket
// that resolves is a citation; one that does not is reported, or fixed,
// only with evidence that it is one. These helpers weigh that evidence;
// unresolvable-label and its fix use them.

// NotCitation returns why the numeric marker of c is not certainly a
// citation ("" when it reads as one): the context says code, data or
// someone else's words.
func NotCitation(doc *markdown.Document, c *markdown.Citation) string {
	src := doc.Src
	m := c.Marker
	switch {
	case c.InHeading:
		return "heading"
	case c.InQuote:
		return "blockquote"
	case CodeGlued(src, m):
		return "code"
	case wholeTableCell(src, m):
		return "table-cell"
	case InHTMLCode(src, m.Start):
		return "code"
	case inQuotation(src, m.Start):
		return "quotation"
	}
	return ""
}

// CodeGlued reports whether a marker reads as an index or type: glued to
// a word that holds a dot, an underscore or a digit (log.topics[2],
// uint8[16], max_len[1]), or followed by a member, call or index
// (line[1].fn, f[1](x), a[1][2], x[1]=). A marker glued to a plain word
// ("growth[3]") or after a full stop ("rose.[3]") is a citation.
func CodeGlued(src []byte, m markdown.Span) bool {
	if e := m.End; e < len(src) {
		switch src[e] {
		case '[':
			if !NumericBracketAt(src, e) {
				return true // a[1][k]; "[36][37]" is two citations
			}
		case '(', '=':
			return true
		case '.':
			if e+1 < len(src) && (isASCIILetter(src[e+1]) || src[e+1] == '_') {
				return true
			}
		}
	}
	i := m.Start
	if i == 0 || !(isASCIILetter(src[i-1]) || isDigit(src[i-1]) || src[i-1] == '_' || src[i-1] == ')' || src[i-1] == ']') {
		return false
	}
	if src[i-1] == ')' {
		// f(x)[1] is code; "(permanent illumination)[36]" is prose.
		open := bytes.LastIndexByte(src[max(0, i-200):i-1], '(')
		return open < 0 || bytes.IndexByte(src[max(0, i-200)+open:i-1], ' ') < 0
	}
	if src[i-1] == ']' {
		if !numericBracketEndsAt(src, i) {
			return true // a[k][1]; not "[36][37]"
		}
		// M[2][3]: the bracket before indexes a one-letter name.
		j := i - 2
		for isDigit(src[j]) {
			j-- // numericBracketEndsAt: src[j] is its '['
		}
		return j > 0 && isASCIILetter(src[j-1]) && (j == 1 || !isASCIILetter(src[j-2]) && !isDigit(src[j-2]) && src[j-2] != '_')
	}
	k := i
	for k > 0 && (isASCIILetter(src[k-1]) || isDigit(src[k-1]) || src[k-1] == '_' || src[k-1] == '.') {
		k--
	}
	word := bytes.TrimLeft(src[k:i], ".")
	letters, digits := false, false
	for _, b := range word {
		switch {
		case b == '.' || b == '_':
			return true
		case isDigit(b):
			digits = true
		default:
			letters = true
		}
	}
	return letters && digits
}

// NumericBracketAt reports whether src[i:] starts with a bracketed number
// or list of numbers: "[3]", "[4-2]", "[1, 2]".
func NumericBracketAt(src []byte, i int) bool {
	j := i + 1
	for j < len(src) && j-i < 32 && (isDigit(src[j]) || src[j] == '-' || src[j] == ',' || src[j] == ' ') {
		j++
	}
	return j > i+1 && isDigit(src[i+1]) && j < len(src) && src[j] == ']'
}

// numericBracketEndsAt reports whether src[:i] ends with "[digits]".
func numericBracketEndsAt(src []byte, i int) bool {
	j := i - 2
	for j >= 0 && isDigit(src[j]) {
		j--
	}
	return j < i-2 && j >= 0 && src[j] == '[' && src[i-1] == ']'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// EndsClause reports whether what follows src[:end] (after spaces) ends
// a clause: a full stop, comma, semicolon or colon, a line's end, the
// end, or another marker.
func EndsClause(src []byte, end int) bool {
	for end < len(src) && src[end] == ' ' {
		end++
	}
	return end == len(src) || bytes.IndexByte([]byte(".,;:\n\r["), src[end]) >= 0 || bytes.HasPrefix(src[end:], []byte("。"))
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// wholeTableCell reports whether the marker is all a table cell holds
// (| [4] |): data, such as a stack position, not a citation of the cell's
// text.
func wholeTableCell(src []byte, m markdown.Span) bool {
	i := m.Start - 1
	for i >= 0 && (src[i] == ' ' || src[i] == '\t') {
		i--
	}
	if i < 0 || src[i] != '|' {
		return false
	}
	j := m.End
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	return j < len(src) && src[j] == '|'
}

// InTableRow reports whether the line holding off is a table row.
func InTableRow(src []byte, off int) bool {
	ls, le := lineAround(src, off)
	line := bytes.TrimSpace(src[ls:le])
	return len(line) > 1 && (line[0] == '|' || line[len(line)-1] == '|') && bytes.Count(line, []byte("|")) >= 2
}

// lineWindow bounds how far lineAround looks either side of an offset, so
// that the checks of every marker on one very long line stay linear.
const lineWindow = 2048

// lineAround returns the bounds of the line holding off, or of the
// lineWindow bytes either side of off within it.
func lineAround(src []byte, off int) (start, end int) {
	lo, hi := max(0, off-lineWindow), min(len(src), off+lineWindow)
	start = lo + bytes.LastIndexByte(src[lo:off], '\n') + 1
	end = hi
	if i := bytes.IndexByte(src[off:hi], '\n'); i >= 0 {
		end = off + i
	}
	return start, end
}

// paragraphLookBack is how far paragraphStart looks back for a blank
// line, and so how far before a marker InHTMLCode reads.
const paragraphLookBack = 4096

// paragraphStart returns the start of the paragraph holding off: after the
// last blank line before it, looking back at most paragraphLookBack bytes.
func paragraphStart(src []byte, off int) int {
	lim := max(0, off-paragraphLookBack)
	if i := bytes.LastIndex(src[lim:off], []byte("\n\n")); i >= 0 {
		return lim + i + 2
	}
	return lim
}

// InHTMLCode reports whether off lies between <code> and </code> in its
// paragraph (goldmark parses the text of inline HTML as Markdown, so
// map[Type] or a[1] inside <code> reaches the citation scanner).
func InHTMLCode(src []byte, off int) bool {
	// Most markers have no "<" in the bytes paragraphStart could return:
	// one vector scan then, not a search for the paragraph's start.
	if bytes.IndexByte(src[max(0, off-paragraphLookBack):off], '<') < 0 {
		return false
	}
	before := src[paragraphStart(src, off):off]
	open := lastIndexFold(before, "<code")
	return open >= 0 && open > lastIndexFold(before, "</code")
}

// lastIndexFold is the last index of ASCII s in b, ignoring case.
func lastIndexFold(b []byte, s string) int {
	for i := bytes.LastIndexByte(b, s[0]); i >= 0; i = bytes.LastIndexByte(b[:i], s[0]) {
		if len(b)-i >= len(s) && bytes.EqualFold(b[i:i+len(s)], []byte(s)) {
			return i
		}
	}
	return -1
}

// inQuotation reports whether off lies inside a quotation on its line:
// after an odd number of straight double quotes, or after a “ with no ”
// closing it. A marker there belongs to the quoted text's author.
func inQuotation(src []byte, off int) bool {
	ls, _ := lineAround(src, off)
	before := src[ls:off]
	if bytes.Count(before, []byte(`"`))%2 == 1 {
		return true
	}
	open := bytes.LastIndex(before, []byte("“"))
	return open >= 0 && open > bytes.LastIndex(before, []byte("”"))
}

// StartsItsLine reports whether the marker is the first thing on its line
// after list, quote and table markup (a changelog's "- [617] Fix").
func StartsItsLine(src []byte, m markdown.Span) bool {
	ls, _ := lineAround(src, m.Start)
	for _, b := range src[ls:m.Start] {
		switch b {
		case ' ', '\t', '-', '*', '+', '>', '|':
		default:
			return false
		}
	}
	return true
}
