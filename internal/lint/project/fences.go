package project

import "bytes"

// codeFence follows CommonMark's fenced code blocks through the raw lines of
// a file that lint reads without parsing it (another chapter's headings, a
// chunk that writes a bibliography). A block opens with three or more
// backticks or tildes indented at most three spaces, and closes only on a
// line of the same character, at least as long, and nothing else: a
// "```r" line inside a "````" block is code, not the block's end.
type codeFence struct {
	char byte // 0 outside a block
	n    int  // the opening run's length
}

// fenceLine is what a line is to the fenced blocks around it.
type fenceLine int

const (
	textLine  fenceLine = iota // outside any block
	openLine                   // opens a block
	codeLine                   // inside a block
	closeLine                  // closes the block
)

// line takes the next line (without its newline) and says what it is.
func (f *codeFence) line(line []byte) fenceLine {
	indent := 0
	for indent < len(line) && indent < 4 && line[indent] == ' ' {
		indent++
	}
	t := line[indent:]
	run := 0
	if indent < 4 && len(t) > 0 && (t[0] == '`' || t[0] == '~') {
		for run < len(t) && t[run] == t[0] {
			run++
		}
	}
	if f.char == 0 {
		// An opening backtick fence's info string holds no backtick.
		if run >= 3 && !(t[0] == '`' && bytes.IndexByte(t[run:], '`') >= 0) {
			f.char, f.n = t[0], run
			return openLine
		}
		return textLine
	}
	if run >= f.n && t[0] == f.char && len(bytes.TrimSpace(t[run:])) == 0 {
		f.char, f.n = 0, 0
		return closeLine
	}
	return codeLine
}
