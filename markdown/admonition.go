package markdown

import (
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
// a paragraph), and needs a type word (or, for a tab, a quoted title):
// "!!!" alone, or "!!! Warning !!!" in prose, is text.
type admonitionParser struct{}

// Admonition is an admonition, details block or content tab: its children
// are its body.
type Admonition struct{ ast.BaseBlock }

// KindAdmonition is the kind of Admonition nodes.
var KindAdmonition = ast.NewNodeKind("Admonition")

func (n *Admonition) Kind() ast.NodeKind                             { return KindAdmonition }
func (n *Admonition) Dump(src []byte, level int)                     { ast.DumpHelper(n, src, level, nil, nil) }
func (admonitionParser) Trigger() []byte                             { return []byte{'!', '?', '='} }
func (admonitionParser) CanInterruptParagraph() bool                 { return false }
func (admonitionParser) CanAcceptIndentedLine() bool                 { return false }
func (admonitionParser) Close(ast.Node, text.Reader, parser.Context) {}

func (admonitionParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
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
func (admonitionParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	line, _ := reader.PeekLine()
	if util.IsBlank(line) {
		reader.AdvanceToEOL()
		return parser.Continue | parser.HasChildren
	}
	if indent, _ := util.IndentWidth(line, reader.LineOffset()); indent < 4 {
		return parser.Close
	}
	pos, padding := util.IndentPosition(line, reader.LineOffset(), 4)
	reader.AdvanceAndSetPadding(pos, padding)
	return parser.Continue | parser.HasChildren
}

// isAdmonitionMarker reports whether line is a marker: "!!!", "???" or
// "???+" then a type word ([A-Za-z0-9_-]), or "===", "===!" or "===+"
// then a quoted title.
func isAdmonitionMarker(line []byte) bool {
	if len(line) < 5 {
		return false
	}
	c := line[0]
	if line[1] != c || line[2] != c {
		return false
	}
	i := 3
	switch c {
	case '!':
	case '?':
		if line[i] == '+' {
			i++
		}
	case '=':
		if line[i] == '+' || line[i] == '!' {
			i++
		}
	default:
		return false
	}
	if i >= len(line) || line[i] != ' ' && line[i] != '\t' {
		return false
	}
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i >= len(line) {
		return false
	}
	if c == '=' {
		return line[i] == '"'
	}
	w := line[i]
	return w >= 'a' && w <= 'z' || w >= 'A' && w <= 'Z' || w >= '0' && w <= '9' || w == '_' || w == '-'
}
