package linearlinks

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// WithLinearLinks puts goldmark's link parser, reading through
// valueReader, in the place of goldmark's own in ps.
func WithLinearLinks(ps []util.PrioritizedValue) []util.PrioritizedValue {
	out := make([]util.PrioritizedValue, len(ps))
	for i, p := range ps {
		if ip, ok := p.Value.(parser.InlineParser); ok && ip == parser.NewLinkParser() {
			p.Value = linearLinks{ip}
		}
		out[i] = p
	}
	return out
}

// linearLinks is goldmark's link parser reading through valueReader.
// goldmark's reads a label's text with blockReader.Value, which finds the
// label's line by walking back from the block's last line: at every ']'
// that closes no inline link, and for every reference label. A paragraph
// of n lines with a bracket on each cost n squared: 4.8 MB of
// "Claim [word].\n" under a line with HTML took 40 s, and a long setext
// heading as much. Most paragraphs take the plain-paragraph fast path and
// never meet this parser; the ones with HTML, autolinks or images, and
// headings, do. package markdown's FuzzPlainParagraphs and package
// output's FuzzReviewLinks hold the parse to goldmark's.
type linearLinks struct{ parser.InlineParser }

func (p linearLinks) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	return p.InlineParser.Parse(parent, valueReader{block, blockLines(parent)}, pc)
}

// CloseBlock passes goldmark's own on: it drops the labels a block left
// open. It reads the context, not the block (goldmark v1.8.7), so it gets
// the block as it is: wrapping it in a valueReader cost an allocation per
// block.
func (p linearLinks) CloseBlock(parent ast.Node, block text.Reader, pc parser.Context) {
	if c, ok := p.InlineParser.(parser.CloseBlocker); ok {
		c.CloseBlock(parent, block, pc)
	}
}

// blockLines are the lines goldmark's block reader holds while it parses
// the inlines of n's block: the block's own.
func blockLines(n ast.Node) *text.Segments {
	for ; n != nil; n = n.Parent() {
		if n.Type() == ast.TypeBlock {
			return n.Lines()
		}
	}
	return nil
}

// valueReader is a block reader whose Value finds a segment's line by
// binary search (value, in linkref.go) rather than from the last line.
type valueReader struct {
	text.Reader
	lines *text.Segments
}

func (r valueReader) Value(seg text.Segment) []byte {
	if r.lines == nil || r.lines.Len() == 0 {
		return r.Reader.Value(seg)
	}
	return value(r.Source(), r.lines, seg)
}
