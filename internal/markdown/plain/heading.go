package plain

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Heading is an ATX heading whose text goldmark's inline pass could
// only make one Text node of, in citelint's goldmark configuration: no
// backtick, '<', backslash or bracket (code spans, autolinks, raw HTML,
// escapes, links). Documents have a heading every few paragraphs, and the
// inline pass over one cost as much as over a plain paragraph (see
// Paragraph). The node is raw, so goldmark skips it; the walker
// records it as it records an *ast.Heading and adds its text as prose, as
// the Text node would have been. FuzzPlainParagraphs holds the two parses
// to the same walk and Document.
type Heading struct {
	ast.Heading
}

var kindPlainHeading = ast.NewNodeKind("PlainHeading")

func (n *Heading) Kind() ast.NodeKind { return kindPlainHeading }

// IsRaw makes goldmark's inline pass leave the node alone.
func (n *Heading) IsRaw() bool { return true }

func (n *Heading) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// plainHeadings is goldmark's ATX heading parser, making a Heading of
// each heading with plain text. goldmark gives an ATX heading one line (its
// text, trimmed, without the closing '#'s) when it opens it, and nothing
// after; a setext heading is made by another parser, from a paragraph, and
// keeps the inline pass.
type plainHeadings struct {
	parser.BlockParser
}

func (p plainHeadings) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	node, state := p.BlockParser.Open(parent, reader, pc)
	h, ok := node.(*ast.Heading)
	if !ok || h.Lines().Len() != 1 {
		return node, state
	}
	seg := h.Lines().At(0)
	for _, c := range reader.Source()[seg.Start:seg.Stop] {
		if headingInline[c] {
			return node, state
		}
	}
	n := arenaOf(pc).heading()
	n.Heading = *h
	return n, state
}

// headingInline marks the bytes that start inline syntax in a heading.
var headingInline = [256]bool{'`': true, '<': true, '\\': true, '[': true, ']': true}

// WithHeadings returns the block parsers with the ATX heading parser
// (the one triggered by '#') wrapped in plainHeadings.
func WithHeadings(ps []util.PrioritizedValue) []util.PrioritizedValue {
	out := make([]util.PrioritizedValue, len(ps))
	for i, p := range ps {
		if bp, ok := p.Value.(parser.BlockParser); ok && string(bp.Trigger()) == "#" {
			p.Value = plainHeadings{bp}
		}
		out[i] = p
	}
	return out
}
