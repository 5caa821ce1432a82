package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// plainParagraph is a paragraph whose inline pass could only make text in
// citelint's goldmark configuration: no backtick, '<' or backslash (code
// spans, autolinks, raw HTML, escapes, hard line breaks), and no link or
// image: no '[' or ']' at all, or, when the document defines no link
// reference (no "]:" anywhere), no "![", "](" or "][" either, so every
// bracket is text. goldmark's inline pass over such a paragraph does
// nothing but scan every byte and allocate Text nodes, and that was a
// third of its time on LLM reports, whose citations are mostly plain
// "[3]", "claim.12" or "(Smith, 2020)" that citelint finds in the text
// itself. The node is raw, so goldmark skips it; the walker adds its
// lines as prose exactly as the Text nodes would have been (plainProse).
// FuzzPlainParagraphs holds the two parses to the same walk and Document.
type plainParagraph struct {
	ast.BaseBlock
}

var kindPlainParagraph = ast.NewNodeKind("PlainParagraph")

func (n *plainParagraph) Kind() ast.NodeKind { return kindPlainParagraph }

// IsRaw makes goldmark's inline pass leave the node alone.
func (n *plainParagraph) IsRaw() bool { return true }

func (n *plainParagraph) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// plainParagraphs is the paragraph transformer that makes plainParagraphs.
// It runs after goldmark's own (link reference definitions, tables), when
// a paragraph closes.
type plainParagraphs struct{}

// plainParagraphPriority puts plainParagraphs after every other paragraph
// transformer: goldmark runs them in increasing priority (the link
// reference one is 100, the table one 200).
const plainParagraphPriority = 10000

// Bytes that decide whether a paragraph can be plain.
const (
	plainByte   = iota
	inlineByte  // starts inline syntax: '`', '<', '\\'
	bracketByte // '[' or ']': text unless a link can form
)

var plainClass = [256]uint8{'`': inlineByte, '<': inlineByte, '\\': inlineByte, '[': bracketByte, ']': bracketByte}

// noLinkDefsKey is set in the parser.Context of a document without "]:":
// a link reference definition has one, so no shortcut link can form.
var noLinkDefsKey = parser.NewContextKey()

// newContext is the parser.Context for parsing src.
func newContext(src []byte) parser.Context {
	pc := parser.NewContext()
	if !bytes.Contains(src, []byte("]:")) {
		pc.Set(noLinkDefsKey, true)
	}
	return pc
}

func (plainParagraphs) Transform(p *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := p.Lines()
	parent := p.Parent()
	if lines.Len() == 0 || parent == nil {
		return
	}
	src := reader.Source()
	// A setext heading underline is being matched against this paragraph:
	// goldmark asks the transformers first, and a paragraph they replace
	// cannot become the heading.
	if line, _ := reader.PeekLine(); isSetextBar(line) {
		return
	}
	bracketsAreText := pc.Get(noLinkDefsKey) != nil
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		line := src[seg.Start:seg.Stop]
		for j, c := range line {
			switch plainClass[c] {
			case plainByte:
				continue
			case inlineByte:
				return
			}
			// A bracket: "[x]" is a link only when followed by "(" or "["
			// or when a definition names it; "![" starts an image. goldmark
			// looks at neighbours within the line only.
			if !bracketsAreText ||
				c == '[' && j > 0 && line[j-1] == '!' ||
				c == ']' && j+1 < len(line) && (line[j+1] == '(' || line[j+1] == '[') {
				return
			}
		}
	}
	// What paragraphParser.Close does, which goldmark skips for a
	// paragraph a transformer replaced: trim each line's leading blanks
	// (this also drops tab padding) and the last line's trailing ones.
	for i := 0; i < lines.Len(); i++ {
		l := lines.At(i)
		lines.Set(i, l.TrimLeftSpace(src))
	}
	last := lines.At(lines.Len() - 1)
	lines.Set(lines.Len()-1, last.TrimRightSpace(src))
	n := &plainParagraph{}
	n.SetLines(lines)
	n.SetBlankPreviousLines(p.HasBlankPreviousLines())
	n.SetPos(p.Pos())
	parent.ReplaceChild(parent, p, n)
}

// isSetextBar is goldmark's matchesSetextHeadingBar: up to three spaces,
// a run of '=' or of '-', trailing white space.
func isSetextBar(line []byte) bool {
	if len(line) == 0 {
		return false
	}
	start := util.TrimLeftLength(line, []byte{' '})
	if start > 3 {
		return false
	}
	end := len(line)
	if util.IsSpace(line[end-1]) {
		end -= util.TrimRightSpaceLength(line[start:end])
	}
	eq := util.TrimLeftLength(line[start:end], []byte{'='})
	dash := 0
	if eq == 0 {
		dash = util.TrimLeftLength(line[start:end], []byte{'-'})
	}
	return eq > 0 && start+eq == end || dash > 0 && start+dash == end
}

// plainProse adds a plain paragraph's lines as prose: what goldmark's
// inline pass makes of a line without inline syntax is one Text node from
// the line's start to its newline, less trailing white space.
func (w *walker) plainProse(n *plainParagraph) {
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		line := w.src[seg.Start:seg.Stop]
		k := len(line)
		if j := bytes.IndexByte(line, '\n'); j >= 0 {
			k = j
		}
		for k > 0 && util.IsSpace(line[k-1]) {
			k--
		}
		w.addProse(seg.Start, seg.Start+k)
	}
}
