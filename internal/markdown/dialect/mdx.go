package dialect

import (
	"bytes"

	"github.com/citelint/citelint/internal/markdown/guard"
	"github.com/citelint/citelint/internal/markdown/model"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// MDX is CommonMark with JSX, and without indented code: MDX turns that
// construct off, so that content indented inside a component (<Tabs>,
// <Step>) is Markdown, and with it off every other construct may be
// indented by any amount (micromark drops its three-space limit). Read as
// CommonMark, a Docusaurus or Mintlify page loses the citations inside its
// components to code blocks, and a fence indented four spaces, or closed
// six spaces in, runs to the end of the page: "never closed".
//
// citelint's MDX goldmark differs from its Markdown one in three parsers:
//   - no indented code block;
//   - fenced code opens and closes at any indentation;
//   - a line that is one JSX tag (<Step title="x">, </Step>, <Image />, <>)
//     is an HTML block of that line alone: what follows it is Markdown, where
//     CommonMark would keep it in the HTML block up to a blank line.
//
// MDX comments ({/* ... */}) are blanked before parsing (mdxComments):
// MDX renders nothing of them. Other expressions ({...}) and ESM
// (import/export) are read as text, as they were.
//
// WithMDXBlocks makes ps, goldmark's block parsers, MDX's. Every parser
// left must accept indented lines: goldmark stops reading the document at
// a line no parser opens, and the indented code parser was the one that
// took them.
func WithMDXBlocks(ps []util.PrioritizedValue) []util.PrioritizedValue {
	var out []util.PrioritizedValue
	for _, p := range ps {
		switch bp := p.Value.(parser.BlockParser); {
		case bp == parser.NewCodeBlockParser():
			continue
		case bp == parser.NewFencedCodeBlockParser():
			p.Value = mdxFencedCode{bp}
		case bp == parser.NewHTMLBlockParser():
			p.Value = mdxHTMLBlock{bp}
		default:
			p.Value = mdxIndented{bp}
		}
		out = append(out, p)
	}
	return out
}

// mdxIndented is a block parser that opens on a line at any indentation.
type mdxIndented struct{ parser.BlockParser }

func (mdxIndented) CanAcceptIndentedLine() bool { return true }

// mdxFencedCode is goldmark's fenced code parser at any indentation: its
// Open does not look at indentation (the parser's loop keeps indented
// lines from parsers that do not accept them), and its closing fence is
// found here, at any indentation, before its Continue looks at the line.
type mdxFencedCode struct{ parser.BlockParser }

var mdxFenceKey = parser.NewContextKey()

// mdxFence is the open fence: its character and length.
type mdxFence struct {
	char   byte
	length int
}

func (b mdxFencedCode) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, _ := reader.PeekLine()
	pos := pc.BlockOffset()
	node, state := b.BlockParser.Open(parent, reader, pc)
	if node != nil && pos >= 0 && pos < len(line) {
		n := 0
		for pos+n < len(line) && line[pos+n] == line[pos] {
			n++
		}
		pc.Set(mdxFenceKey, &mdxFence{line[pos], n})
	}
	return node, state
}

func (b mdxFencedCode) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	if f, ok := pc.Get(mdxFenceKey).(*mdxFence); ok {
		line, _ := reader.PeekLine()
		rest := bytes.TrimLeft(line, " \t")
		n := 0
		for n < len(rest) && rest[n] == f.char {
			n++
		}
		if n >= f.length && util.IsBlank(rest[n:]) {
			reader.AdvanceToEOL()
			return parser.Close
		}
	}
	return b.BlockParser.Continue(node, reader, pc)
}

func (b mdxFencedCode) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	pc.Set(mdxFenceKey, nil)
	b.BlockParser.Close(node, reader, pc)
}

func (mdxFencedCode) CanAcceptIndentedLine() bool { return true }

// mdxHTMLBlock is goldmark's HTML block parser, but a block that opens on
// a line holding one JSX tag and nothing else closes with that line.
type mdxHTMLBlock struct{ parser.BlockParser }

var mdxTagKey = parser.NewContextKey()

func (b mdxHTMLBlock) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, _ := reader.PeekLine()
	pos := pc.BlockOffset()
	node, state := b.BlockParser.Open(parent, reader, pc)
	if node != nil && pos >= 0 && pos < len(line) && isJSXTagLine(line[pos:]) {
		pc.Set(mdxTagKey, node)
	}
	return node, state
}

func (b mdxHTMLBlock) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	if pc.Get(mdxTagKey) == node {
		pc.Set(mdxTagKey, nil)
		return parser.Close // the line is read again, as Markdown
	}
	return b.BlockParser.Continue(node, reader, pc)
}

func (mdxHTMLBlock) CanAcceptIndentedLine() bool { return true }

// isJSXTagLine reports whether line is one JSX tag: "<Name ...>",
// "</Name>", "<Name ... />", "<>" or "</>", and white space.
func isJSXTagLine(line []byte) bool {
	t := bytes.TrimSpace(line)
	if len(t) < 2 || t[0] != '<' || t[len(t)-1] != '>' {
		return false
	}
	i := 1
	if t[i] == '/' {
		i++
	}
	if i < len(t) && t[i] == '>' {
		return i == len(t)-1 // a fragment
	}
	if i >= len(t) || !(t[i] >= 'A' && t[i] <= 'Z' || t[i] >= 'a' && t[i] <= 'z') {
		return false
	}
	// One tag: no '<' after the first, outside quotes and braces.
	var quote byte
	depth := 0
	for _, c := range t[1 : len(t)-1] {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '{':
			depth++
		case c == '}':
			depth--
		case c == '<' && depth == 0:
			return false
		}
	}
	return quote == 0 && depth == 0
}

// mdxComments returns the MDX comments of src, {/* ... */} (braces, space
// and the JavaScript comment), outside fenced code: MDX renders nothing of
// them, so a "[1]" in a commented-out line is no citation. A comment does
// not run into a fence: an opening whose closer lies past the next fence
// line (a "{/*" shown in code) is none. Linear time: the closer and the
// next fence are found by cursors that only move forward.
func mdxComments(src []byte) []model.Span {
	if !bytes.Contains(src, []byte("/*")) {
		return nil
	}
	// Fence lines, and whether each opens (or closes) code.
	type fenceLine struct {
		start, end int // the line, without its newline
	}
	var fences []fenceLine
	var open byte
	openLen := 0
	for off := 0; off < len(src); {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += off
		}
		t := bytes.TrimLeft(src[off:end], " \t")
		if n := fenceRunLen(t); n >= 3 {
			switch {
			case open == 0:
				open, openLen = t[0], n
				fences = append(fences, fenceLine{off, end})
			case t[0] == open && n >= openLen && util.IsBlank(t[n:]):
				open = 0
				fences = append(fences, fenceLine{off, end})
			}
		}
		off = end + 1
	}
	// code reports whether off lies in fenced code: after an opening
	// fence line and before its closing one (or the end).
	fi := 0 // the first fence line ending after the offsets asked for
	code := func(off int) bool {
		for fi < len(fences) && fences[fi].end < off {
			fi++
		}
		if fi < len(fences) && fences[fi].start <= off {
			return true // on a fence line
		}
		return fi%2 == 1 // between an opening fence and its closing one
	}
	nextFence := func() int { // the start of the first fence line at or after the last offset asked
		if fi < len(fences) {
			return fences[fi].start
		}
		return len(src)
	}
	var out []model.Span
	star, closer := -1, -1 // the first closer's "*/" at or after an opening's end, and its end
	for off := 0; off < len(src); {
		i := bytes.Index(src[off:], []byte("/*"))
		if i < 0 {
			break
		}
		i += off
		off = i + 2
		// "{" and optional space before "/*".
		b := i - 1
		for b >= 0 && (src[b] == ' ' || src[b] == '\t') {
			b--
		}
		if b < 0 || src[b] != '{' || code(b) {
			continue
		}
		if star < i+2 {
			star, closer = mdxCommentEnd(src, i+2)
		}
		if star < 0 {
			break // no closer after this one, so none after the others
		}
		if closer > nextFence() {
			continue // a fence comes first: "{/*" in prose before code
		}
		out = append(out, model.Span{Start: b, End: closer})
		off = closer
	}
	return out
}

// mdxCommentEnd finds the first "*/" at or after from that is followed,
// after optional space, by "}": it returns the offset of its "*/" and the
// end of its "}", or -1, -1.
func mdxCommentEnd(src []byte, from int) (star, end int) {
	for from < len(src) {
		k := bytes.Index(src[from:], []byte("*/"))
		if k < 0 {
			break
		}
		k += from
		j := k + 2
		for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\r') {
			j++
		}
		if j < len(src) && src[j] == '}' {
			return k, j + 1
		}
		from = j
	}
	return -1, -1
}

// fenceRunLen returns the length of the run of backticks or tildes that
// starts t, or 0.
func fenceRunLen(t []byte) int {
	if len(t) == 0 || t[0] != '`' && t[0] != '~' {
		return 0
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	return n
}

// BlankMDXComments returns work with the MDX comments of src blanked, a
// copy when work is src.
func BlankMDXComments(work, src []byte) []byte {
	cs := mdxComments(work)
	if len(cs) == 0 {
		return work
	}
	if len(work) > 0 && len(src) > 0 && &work[0] == &src[0] {
		work = bytes.Clone(work)
	}
	for _, c := range cs {
		guard.Blank(work[c.Start:c.End])
	}
	return work
}
