package markdown

import (
	"bytes"

	"github.com/citelint/citelint/internal/markdown/plain"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/util"
)

// plainProse adds a plain paragraph's lines as prose: what goldmark's
// inline pass makes of a line without inline syntax is one Text node from
// the line's start to its newline, less trailing white space. The text
// around a link or code span is prose, as goldmark's Text nodes would be;
// a link's own text only if linkAt walks into the children (its Text node
// runs from after '[' to "]("), and a code span's never.
func (w *walker) plainProse(n *plain.Paragraph) {
	lines := n.Lines()
	inlines := n.Inlines
	resume := 0 // where the last inline ended: a code span may end lines later
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		line := w.src[seg.Start:seg.Stop]
		k := len(line)
		if j := bytes.IndexByte(line, '\n'); j >= 0 {
			k = j
		}
		if b := hardBreakAt(line, k); b >= 0 {
			k = b // the text ends at the backslash, white space and all
		} else {
			for k > 0 && util.IsSpace(line[k-1]) {
				k--
			}
		}
		start := max(seg.Start, resume)
		for len(inlines) > 0 && inlines[0].Pos < seg.Stop {
			in := inlines[0]
			inlines = inlines[1:]
			switch {
			case in.Code:
				w.addProse(start, in.Pos)
			case in.Ref:
				label := w.src[in.Pos+1 : in.End-1]
				def, ok := w.linkDefinition(label)
				if !ok {
					continue // text: the prose runs on through it
				}
				w.addProse(start, in.Pos)
				ref := ast.ReferenceLink{Type: ast.ReferenceLinkShortcut, Value: label}
				if w.scan.LinkAt(in.Pos, &ref, def.Destination()) == ast.WalkContinue {
					w.addProse(in.Pos+1, in.End-1)
				}
			default:
				w.addProse(start, in.Pos)
				if w.scan.LinkAt(in.Pos, nil, w.src[in.Dest.Start:in.Dest.End]) == ast.WalkContinue {
					w.addProse(in.Pos+1, in.Dest.Start-2)
				}
			}
			start = in.End
		}
		w.addProse(start, seg.Start+k)
		if i < lines.Len()-1 {
			w.softEnd = seg.Start + k // the next line's prose continues it
		}
		resume = start
	}
}

// hardBreakAt returns the offset of the backslash that makes a hard line
// break of the line ending, as goldmark's inline pass finds one: a single
// backslash right before the '\n' at k (or before "\r\n"). It returns -1
// when there is none, or no '\n'.
func hardBreakAt(line []byte, k int) int {
	if k >= len(line) {
		return -1
	}
	b := k - 1
	if b >= 0 && line[b] == '\r' {
		b--
	}
	if b < 0 || line[b] != '\\' || b > 0 && line[b-1] == '\\' {
		return -1
	}
	return b
}

// linkDefinition looks label up among the document's link reference
// definitions as goldmark's link parser does.
func (w *walker) linkDefinition(label []byte) (parser.Reference, bool) {
	if w.pc == nil {
		return nil, false
	}
	return w.pc.Reference(util.ToLinkReference(label))
}
