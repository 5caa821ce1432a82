// Package linearlinks holds goldmark's (v1.8.7) link reference definition
// transformer and a reader for its link parser, both in time linear in a
// paragraph. goldmark's own are quadratic in a paragraph's lines twice
// over: blockReader.Value finds a label's line by walking back from the
// block's last line, and the transformer cuts each definition's lines out
// by copying the rest of the paragraph. citelint's parser (package
// markdown) and its review page (package reviewpage) both build goldmark with
// these, so that no document costs more than linear time to read. The
// report for goldmark, ready to file, is
// docs/upstream/goldmark-linkref-quadratic.md.
package linearlinks

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// linkRefDefinitions reads the link reference definitions that open a
// paragraph, as goldmark's LinkReferenceParagraphTransformer does, with
// the same results, in time linear in the paragraph (n log n where
// goldmark's own arithmetic is kept, see keptLines).
//
// goldmark's (v1.8.7) is quadratic in the definitions of one paragraph,
// twice over: it finds each label's and title's line by scanning back from
// the paragraph's last line (text.blockReader.Value), and it cuts each
// definition's lines out by copying every line after them. 85,000
// one-line definitions in a paragraph (a 0.6 MB document) took 9 s. So
// the transformer is goldmark's, adapted: the line is found by binary
// search, and the cuts are made once at the end. FuzzLinkRefDefinitions
// holds it to goldmark's, node for node.
//
// With pretest, it first skips the paragraphs that cannot hold a
// definition. goldmark's makes a block reader for every paragraph that
// closes, to look for a '[' at its start: 3% of an offline run's CPU on
// the shared corpus, most of it for paragraphs that cannot hold a
// definition. A paragraph can only when its first byte that is not white
// space (util.IsSpace, over lines, as the transformer's SkipSpaces) is '['
// and one of its lines holds "]:" (the transformer wants the ':' right
// after the label's ']'); the transformer leaves any other paragraph as
// it is. Reference entries ("[1] Smith, ...") fail the second test.
// package markdown's FuzzPlainParagraphs and TestPlainParagraphsCorpus
// hold the parse with the pre-test to goldmark's.
//
// The code below that parses a definition is goldmark's (parser/link_ref.go
// and parser/link.go, v1.8.7), Copyright (c) 2019 Yusuke Inuzuka, under the
// MIT License: Permission is hereby granted, free of charge, to any person
// obtaining a copy of this software and associated documentation files
// (the "Software"), to deal in the Software without restriction, including
// without limitation the rights to use, copy, modify, merge, publish,
// distribute, sublicense, and/or sell copies of the Software, and to permit
// persons to whom the Software is furnished to do so, subject to the
// following conditions: The above copyright notice and this permission
// notice shall be included in all copies or substantial portions of the
// Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY
// KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
// MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN
// NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
// DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
// OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE
// USE OR OTHER DEALINGS IN THE SOFTWARE.
type linkRefDefinitions struct {
	pretest bool
}

func (t linkRefDefinitions) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines, src := node.Lines(), reader.Source()
	if t.pretest && !(startsWithBracket(lines, src) && holdsLabelEnd(lines, src)) {
		return
	}
	block := text.NewBlockReader(src, lines)
	var removes [][2]int
	for {
		ref, start, end := parseLinkReferenceDefinition(block, lines, pc)
		if start < 0 {
			break
		}
		if start == 0 {
			ref.SetBlankPreviousLines(node.HasBlankPreviousLines())
		}
		node.Parent().InsertBefore(node.Parent(), node, ref)
		for i := start + 1; i < end; i++ {
			ref.Lines().Append(lines.At(i))
		}
		seg := ref.Lines().At(ref.Lines().Len() - 1)
		ref.Lines().Set(ref.Lines().Len()-1, seg.TrimRightSpace(src))
		if start == end {
			end++
		}
		removes = append(removes, [2]int{start, end})
	}
	if len(removes) > 0 {
		lines = keptLines(lines, removes)
	}
	if lines.Len() == 0 {
		node.Parent().RemoveChild(node.Parent(), node)
		return
	}
	node.SetLines(lines)
}

// keptLines returns the lines goldmark's transformer leaves in the
// paragraph once removes (each definition's [start, end) lines, in order)
// are cut. goldmark cuts each range at its start less the previous range's
// end, which is right while the definitions follow one another; after a
// line the transformer kept between two of them (a title that did not
// parse), the later cuts fall short of their lines. That arithmetic is
// kept, so that both parse alike, but done on a Fenwick tree of the lines
// still there: each cut costs log n per line it removes, where goldmark's
// copies the rest of the paragraph.
func keptLines(lines *text.Segments, removes [][2]int) *text.Segments {
	n := lines.Len()
	tree := make([]int, n+1) // tree[i]: lines still there in (i - i&-i, i]
	for i := 1; i <= n; i++ {
		tree[i]++
		if j := i + i&-i; j <= n {
			tree[j] += tree[i]
		}
	}
	top := 1 // highest power of two ≤ n, for the search
	for top*2 <= n {
		top *= 2
	}
	gone := make([]bool, n)
	left, offset := n, 0
	for _, r := range removes {
		if left == 0 {
			break
		}
		// goldmark slices its lines at [start-offset, end-offset); no
		// parse makes those indexes fall outside them, but a cut must
		// never panic.
		from := min(max(r[0]-offset, 0), left)
		to := min(max(r[1]-offset, from), left)
		for k := from; k < to; k++ {
			// The line now at index from (0-based) is the (from+1)th left.
			i, rank := 0, from+1
			for step := top; step > 0; step /= 2 {
				if i+step <= n && tree[i+step] < rank {
					i += step
					rank -= tree[i]
				}
			}
			gone[i] = true
			for j := i + 1; j <= n; j += j & -j {
				tree[j]--
			}
			left--
		}
		offset = r[1]
	}
	kept := text.NewSegments()
	for i := range n {
		if !gone[i] {
			kept.Append(lines.At(i))
		}
	}
	return kept
}

// value is text.blockReader.Value over lines: the bytes of seg, which may
// span lines, with the lines' padding. goldmark's looks for seg's first
// line from the last line back; lines start in increasing order, so a
// binary search finds it.
func value(src []byte, lines *text.Segments, seg text.Segment) []byte {
	n := lines.Len()
	line := max(sort.Search(n, func(i int) bool { return lines.At(i).Start > seg.Start })-1, 0)
	ret := make([]byte, 0, seg.Stop-seg.Start+1)
	i := seg.Start
	for ; line < n; line++ {
		s := lines.At(line)
		if i < 0 {
			i = s.Start
		}
		ret = s.ConcatPadding(ret)
		for ; i < seg.Stop && i < s.Stop; i++ {
			ret = append(ret, src[i])
		}
		i = -1
		if s.Stop > seg.Stop {
			break
		}
	}
	return ret
}

// values joins the values of segs, as goldmark joins a label's or title's
// segments.
func values(src []byte, lines *text.Segments, segs *text.Segments) []byte {
	if segs.Len() == 1 {
		return value(src, lines, segs.At(0))
	}
	var out []byte
	for i := range segs.Len() {
		out = append(out, value(src, lines, segs.At(i))...)
	}
	return out
}

// linkFindClosureOptions are goldmark's for link labels and titles.
var linkFindClosureOptions = text.FindClosureOptions{Nesting: false, Newline: true, Advance: true}

// parseLinkReferenceDefinition is goldmark's, reading values through value.
func parseLinkReferenceDefinition(block text.Reader, lines *text.Segments, pc parser.Context) (*ast.LinkReferenceDefinition, int, int) {
	src := block.Source()
	block.SkipSpaces()
	line, _ := block.PeekLine()
	if line == nil {
		return nil, -1, -1
	}
	startLine, _ := block.Position()
	width, pos := util.IndentWidth(line, 0)
	if width > 3 {
		return nil, -1, -1
	}
	if width != 0 {
		pos++
	}
	if line[pos] != '[' {
		return nil, -1, -1
	}
	_, startPos := block.Position()
	block.Advance(pos + 1)
	segments, found := block.FindClosure('[', ']', linkFindClosureOptions)
	if !found {
		return nil, -1, -1
	}
	label := values(src, lines, segments)
	if util.IsBlank(label) {
		return nil, -1, -1
	}
	if block.Peek() != ':' {
		return nil, -1, -1
	}
	block.Advance(1)
	block.SkipSpaces()
	destination, ok := parseLinkDestination(block)
	if !ok {
		return nil, -1, -1
	}
	line, _ = block.PeekLine()
	isNewLine := line == nil || util.IsBlank(line)

	endLine, _ := block.Position()
	_, spaces, _ := block.SkipSpaces()
	opener := block.Peek()
	if opener != '"' && opener != '\'' && opener != '(' {
		if !isNewLine {
			return nil, -1, -1
		}
		return newDefinition(pc, label, destination, nil, startPos), startLine, endLine + 1
	}
	if spaces == 0 {
		return nil, -1, -1
	}
	block.Advance(1)
	closer := opener
	if opener == '(' {
		closer = ')'
	}
	segments, found = block.FindClosure(opener, closer, linkFindClosureOptions)
	if !found {
		if !isNewLine {
			return nil, -1, -1
		}
		ref := newDefinition(pc, label, destination, nil, startPos)
		block.AdvanceLine()
		return ref, startLine, endLine + 1
	}
	title := values(src, lines, segments)

	line, _ = block.PeekLine()
	if line != nil && !util.IsBlank(line) {
		if !isNewLine {
			return nil, -1, -1
		}
		return newDefinition(pc, label, destination, title, startPos), startLine, endLine
	}

	endLine, _ = block.Position()
	return newDefinition(pc, label, destination, title, startPos), startLine, endLine + 1
}

// newDefinition makes the definition's node and registers it, as goldmark
// does: the context's reference reads the node's fields.
func newDefinition(pc parser.Context, label, destination, title []byte, start text.Segment) *ast.LinkReferenceDefinition {
	ref := ast.NewLinkReferenceDefinition(label, destination, title)
	ref.Lines().Append(start)
	pc.AddReference(definitionReference{ref})
	return ref
}

// definitionReference is goldmark's astReference: a parser.Reference
// backed by the definition's node.
type definitionReference struct{ v *ast.LinkReferenceDefinition }

func (r definitionReference) Label() []byte       { return r.v.Label }
func (r definitionReference) Destination() []byte { return r.v.Destination }
func (r definitionReference) Title() []byte       { return r.v.Title }
func (r definitionReference) String() string {
	return fmt.Sprintf("Reference{Label:%s, Destination:%s, Title:%s}", r.Label(), r.Destination(), r.Title())
}

// parseLinkDestination is goldmark's.
func parseLinkDestination(block text.Reader) ([]byte, bool) {
	block.SkipSpaces()
	line, _ := block.PeekLine()
	if block.Peek() == '<' {
		i := 1
		for i < len(line) {
			c := line[i]
			if c == '\\' && i < len(line)-1 && util.IsPunct(line[i+1]) {
				i += 2
				continue
			} else if c == '>' {
				block.Advance(i + 1)
				return line[1:i], true
			}
			i++
		}
		return nil, false
	}
	opened := 0
	i := 0
	for i < len(line) {
		c := line[i]
		if c == '\\' && i < len(line)-1 && util.IsPunct(line[i+1]) {
			i += 2
			continue
		} else if c == '(' {
			opened++
		} else if c == ')' {
			opened--
			if opened < 0 {
				break
			}
		} else if util.IsSpace(c) {
			break
		}
		i++
	}
	block.Advance(i)
	return line[:i], len(line[:i]) != 0
}

// startsWithBracket reports whether the first byte of lines that is not
// white space is '[', or whether lines are all white space (goldmark's
// transformer removes a paragraph without lines; let it decide).
func startsWithBracket(lines *text.Segments, src []byte) bool {
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		for _, c := range src[seg.Start:seg.Stop] {
			if !util.IsSpace(c) {
				return c == '['
			}
		}
	}
	return true
}

// holdsLabelEnd reports whether a line of lines holds "]:", or whether
// there are no lines.
func holdsLabelEnd(lines *text.Segments, src []byte) bool {
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		if bytes.Contains(src[seg.Start:seg.Stop], []byte("]:")) {
			return true
		}
	}
	return lines.Len() == 0
}

// WithLinkRefDefinitions puts the linear link reference definition
// transformer, with the pre-test or without, in the place of goldmark's in
// ts.
func WithLinkRefDefinitions(ts []util.PrioritizedValue, pretest bool) []util.PrioritizedValue {
	out := make([]util.PrioritizedValue, len(ts))
	for i, t := range ts {
		if t.Value == parser.LinkReferenceParagraphTransformer {
			t.Value = linkRefDefinitions{pretest}
		}
		out[i] = t
	}
	return out
}
