// Package dialect holds goldmark block parsers for the Markdown dialects
// CommonMark does not know, whose containers hold prose with citations:
// MkDocs admonitions and content tabs (admonition.go), MyST directives and
// bookdown block chunks (myst.go), and MDX's blocks (mdx.go).
package dialect

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Admonitions, as Python-Markdown and Material for MkDocs write them: a
// marker line, then a body indented four spaces.
//
//	!!! note "Title"
//	    A body sentence cites [^1].
//
//	    A second paragraph of the body.
//
// "!!! type" is an admonition, "??? type" and "???+ type" a collapsible one
// (pymdownx.details), and `=== "Title"` a content tab (pymdownx.tabbed).
// CommonMark reads the body's first paragraph as the marker's lazy
// continuation and every later one, after a blank line, as indented code,
// where citations are not read: cilium/ebpf's guide cites its footnotes
// from inside an admonition, and they were reported as never used. This
// parser reads the marker line as a container and the body, four columns
// in, as its Markdown. A marker must start a block (it does not interrupt
// a paragraph) and be the whole line, in the form the extensions read:
// "!!!" alone, or "!!! Warning !!! The dam failed" in prose, is text.
type AdmonitionParser struct{}

// Admonition is an admonition, details block or content tab: its children
// are its body.
type Admonition struct{ ast.BaseBlock }

// KindAdmonition is the kind of Admonition nodes.
var KindAdmonition = ast.NewNodeKind("Admonition")

func (n *Admonition) Kind() ast.NodeKind                             { return KindAdmonition }
func (n *Admonition) Dump(src []byte, level int)                     { ast.DumpHelper(n, src, level, nil, nil) }
func (AdmonitionParser) Trigger() []byte                             { return []byte{'!', '?', '='} }
func (AdmonitionParser) CanInterruptParagraph() bool                 { return false }
func (AdmonitionParser) CanAcceptIndentedLine() bool                 { return false }
func (AdmonitionParser) Close(ast.Node, text.Reader, parser.Context) {}

func (AdmonitionParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, _ := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 || !isAdmonitionMarker(line[pos:]) {
		return nil, parser.NoChildren
	}
	reader.AdvanceToEOL()
	return &Admonition{}, parser.HasChildren
}

// Continue keeps blank lines and lines indented four columns or more (less
// those four) in the body, and closes at the first line indented less.
func (AdmonitionParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	line, _ := reader.PeekLine()
	if util.IsBlank(line) {
		reader.AdvanceToEOL()
		return parser.Continue | parser.HasChildren
	}
	pos, padding := util.IndentPosition(line, reader.LineOffset(), 4)
	if pos < 0 { // indented less than four columns
		return parser.Close
	}
	reader.AdvanceAndSetPadding(pos, padding)
	return parser.Continue | parser.HasChildren
}

// isAdmonitionMarker reports whether line is a marker line, whole, as
// Python-Markdown and pymdownx read one: "!!!", "???" or "???+", then
// one or more type words ([A-Za-z0-9_-], separated by spaces) and an
// optional quoted title; or "===", "===!" or "===+", then a quoted title.
// Anything else after it ("!!! Warning !!! The dam failed") makes the
// line prose.
func isAdmonitionMarker(line []byte) bool {
	if len(line) < 4 {
		return false
	}
	c := line[0]
	if c != '!' && c != '?' && c != '=' || line[1] != c || line[2] != c {
		return false
	}
	i := 3
	if c == '?' && line[i] == '+' || c == '=' && (line[i] == '+' || line[i] == '!') {
		i++
	}
	t := bytes.TrimRight(line[i:], " \t\r\n")
	if len(t) == 0 || c == '=' && t[0] != ' ' && t[0] != '\t' {
		return false // a tab's title needs the space; "!!!note" is an admonition
	}
	t = bytes.TrimLeft(t, " \t")
	words := 0
	for len(t) > 0 && t[0] != '"' {
		n := 0
		for n < len(t) && isTypeByte(t[n]) {
			n++
		}
		if n == 0 {
			return false
		}
		words++
		t = t[n:]
		if len(t) > 0 && t[0] != ' ' && t[0] != '\t' {
			return false
		}
		t = bytes.TrimLeft(t, " \t")
	}
	if len(t) > 0 { // a quoted title ends the line
		if len(t) < 2 || t[len(t)-1] != '"' || bytes.IndexByte(t[1:len(t)-1], '"') >= 0 {
			return false
		}
	}
	if c == '=' {
		return words == 0 && len(t) > 0
	}
	return words > 0
}

func isTypeByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '-'
}
