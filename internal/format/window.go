package format

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// maxEchoWidth bounds the source line printed under an issue, in terminal
// columns. A report that puts a paragraph on one line repeated the whole
// line under each of its issues: 'word [1] ' * 11111 printed 1.67 GB.
const maxEchoWidth = 120

// ellipsis marks where a long line was cut.
const ellipsis = "…"

// echoLine returns the part of line to print under an issue whose UTF-16
// column is col, at most maxEchoWidth columns around the column, and the
// white space that puts a caret under it. Control characters other than
// tab are shown as U+FFFD, so a document cannot move the cursor or start a
// line of the log; tabs are kept in both so the caret lines up however the
// terminal expands them.
func echoLine(line string, col int) (shown, caret string) {
	var c columnCursor
	return echoAt(line, c.byteAt(line, col))
}

// echoAt is echoLine for the column at byte k of line.
func echoAt(line string, k int) (shown, caret string) {
	if fits(line) {
		return Neutralize(printable(line), true), caretPrefix(line[:k])
	}
	start, end := echoBounds(line, k, maxEchoWidth-2) // two columns for the marks
	var b strings.Builder
	pad := ""
	if start > 0 {
		b.WriteString(ellipsis)
		pad = " "
	}
	b.WriteString(printable(line[start:end]))
	if end < len(line) {
		b.WriteString(ellipsis)
	}
	return Neutralize(b.String(), true), pad + caretPrefix(line[start:k])
}

// columnCursor finds byte offsets of columns in a line, carrying on from
// the last one asked for: issues come sorted, and a long line with an
// issue every few columns cost a scan from its start for each (11,111
// issues on a 100 KB line: 1.4 s of printing, now 0.05 s in all,
// BenchmarkTextLongLine).
type columnCursor struct {
	line  string
	at    int // byte offset
	units int // UTF-16 column at that offset
}

// byteAt returns the byte offset of UTF-16 column col (1-based) of line,
// or len(line) past its end. Columns count UTF-16 units, as LSP and SARIF
// do: a character outside the BMP is two.
func (c *columnCursor) byteAt(line string, col int) int {
	if line != c.line || col < c.units {
		c.line, c.at, c.units = line, 0, 1
	}
	for c.at < len(line) && c.units < col {
		r, size := utf8.DecodeRuneInString(line[c.at:])
		c.at += size
		c.units++
		if r >= 0x10000 {
			c.units++
		}
	}
	return c.at
}

// echoBounds returns the byte range of line around byte k that fits in
// budget columns: up to half before k, the rest after, and what the end of
// the line leaves unused given back to the start.
func echoBounds(line string, k, budget int) (start, end int) {
	start, used := k, 0
	for start > 0 {
		r, size := utf8.DecodeLastRuneInString(line[:start])
		if used+runeWidth(r) > budget/2 {
			break
		}
		used += runeWidth(r)
		start -= size
	}
	end = k
	for end < len(line) {
		r, size := utf8.DecodeRuneInString(line[end:])
		if used+runeWidth(r) > budget {
			break
		}
		used += runeWidth(r)
		end += size
	}
	for start > 0 {
		r, size := utf8.DecodeLastRuneInString(line[:start])
		if used+runeWidth(r) > budget {
			break
		}
		used += runeWidth(r)
		start -= size
	}
	return start, end
}

// runeWidth is the number of terminal columns r takes: two for East Asian
// wide and full-width characters (CJK, most emoji), none for combining
// marks and format characters, eight for a tab at most, else one.
func runeWidth(r rune) int {
	switch {
	case r == '\t':
		return 8
	case r < 0x300:
		return 1
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// fits reports whether s takes at most maxEchoWidth columns, reading no
// further than needed to tell.
func fits(s string) bool {
	w := 0
	for _, r := range s {
		if w += runeWidth(r); w > maxEchoWidth {
			return false
		}
	}
	return true
}

// caretPrefix returns the white space as wide as s: tabs kept, a wide
// character two spaces, a combining mark none.
func caretPrefix(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch w := runeWidth(r); {
		case r == '\t':
			b.WriteByte('\t')
		case w == 2:
			b.WriteString("  ")
		case w == 1:
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// printable replaces control characters other than tab with U+FFFD, which
// takes one column as the control character takes one UTF-16 unit.
func printable(s string) string {
	clean := true
	for i := 0; i < len(s) && clean; i++ {
		c := s[i]
		// C0 controls, DEL, and C1 controls (U+0080-U+009F: 0xC2 0x80-0x9F).
		clean = (c >= 0x20 || c == '\t') && c != 0x7f && !(c == 0xc2 && i+1 < len(s) && s[i+1] < 0xa0)
	}
	if clean {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r != '\t' && unicode.IsControl(r) {
			return utf8.RuneError
		}
		return r
	}, s)
}
