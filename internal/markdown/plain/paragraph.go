// Package plain is goldmark's fast path for the paragraphs and headings
// whose inline pass could only make text, simple links and code spans
// (paragraph.go, heading.go): they become raw nodes that goldmark's inline
// pass skips, and the walker adds their lines as prose itself, exactly as
// goldmark's Text nodes would have been (FuzzPlainParagraphs holds the two
// parses to the same Document).
package plain

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/bytecursor"
	"github.com/citelint/citelint/internal/markdown/model"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Paragraph is a paragraph whose inline pass could only make text,
// simple links, shortcut reference links and code spans in citelint's
// goldmark configuration: no '<' outside code spans (autolinks, raw HTML),
// backslashes only as escapes and hard line breaks that plainScan and
// plainProse read as goldmark does, and no bracket that can make another
// link or an image. Without a link reference definition a bracket pair is
// a link only as "[text](destination)", so a paragraph without "](" is
// text; with definitions, a "[label]" that may name one is a shortcut
// reference link or text, which the walk decides (see linkLabels and
// plainScan.bracket). goldmark's inline pass over such a
// paragraph does nothing but scan every byte and allocate Text nodes, and
// that was a third of its time on LLM reports, whose citations are mostly
// plain "[3]", "[1][2]", "claim.12" or "(Smith, 2020)" that citelint finds
// in the text itself. The node is raw, so goldmark skips it; the walker
// adds its lines as prose exactly as the Text nodes would have been
// (plainProse, in internal/markdown). FuzzPlainParagraphs holds the two
// parses to the same walk and Document.
type Paragraph struct {
	ast.BaseBlock
	// inlines are the paragraph's inline links and code spans, in order:
	// "[text](destination)" in its simplest form (see inlineLinkAt) and
	// code spans are all goldmark's inline pass would make of them, and
	// LLM reports and docs put one in many paragraphs.
	Inlines []Inline
}

// Inline is an inline link or a code span of a plain paragraph,
// src[pos:end]. A link has '[' at pos, its destination
// src[dest.Start:dest.End], and ')' at dest.End; a code span, its opening
// backticks at pos and its closing ones ending at end, maybe on a later
// line.
type Inline struct {
	Pos, End int
	Dest     model.Span
	Code     bool
	// ref marks "[label]" where label may name a link definition: a
	// shortcut reference link if it does (goldmark learns the definitions
	// only once every block is parsed, so the walker asks then), else text.
	Ref bool
}

var kindPlainParagraph = ast.NewNodeKind("PlainParagraph")

func (n *Paragraph) Kind() ast.NodeKind { return kindPlainParagraph }

// IsRaw makes goldmark's inline pass leave the node alone.
func (n *Paragraph) IsRaw() bool { return true }

func (n *Paragraph) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// Paragraphs is the paragraph transformer that makes Paragraph nodes.
// It runs after goldmark's own (link reference definitions, tables), when
// a paragraph closes.
type Paragraphs struct{}

// ParagraphPriority puts Paragraphs after every other paragraph
// transformer: goldmark runs them in increasing priority (the link
// reference one is 100, the table one 200).
const ParagraphPriority = 10000

// linkLabelsKey holds a document's *linkLabels in its parser.Context.
var linkLabelsKey = parser.NewContextKey()

// linkLabels are the labels a document may define links for, read from
// its source before parsing: goldmark learns a definition only when the
// paragraph holding it closes, after the paragraphs above it have been
// decided. Every definition has "]:" after its label, so the labels found
// by looking back from each "]:" to its '[' include them all. unknown is
// set when a label could not be read that way, or could match bracket text
// other than itself up to case and white space (non-ASCII case folding,
// escapes); then every bracket counts as a possible link.
type linkLabels struct {
	unknown bool
	labels  map[string]bool // folded: see foldLabel
}

// readLinkLabels returns nil for a source without "]:".
func readLinkLabels(src []byte) *linkLabels {
	var ll *linkLabels
	var buf [64]byte
	for off := 0; ; {
		k := bytes.Index(src[off:], []byte("]:"))
		if k < 0 {
			return ll
		}
		k += off
		off = k + 2
		if ll == nil {
			ll = &linkLabels{labels: map[string]bool{}}
		}
		// A label has at most 999 characters.
		from := max(0, k-1000)
		i := bytes.LastIndexByte(src[from:k], '[')
		if i < 0 {
			ll.unknown = true
			return ll
		}
		label := src[from+i+1 : k]
		key, ok := foldLabel(buf[:0], label)
		switch {
		case !ok:
			ll.unknown = true
			return ll
		case bytes.IndexByte(label, ']') >= 0:
			// A label ends at its first ']' (the ones with a backslash
			// are unknown): the '[' may start a definition, but not one
			// whose label ends at this "]:".
			continue
		case len(key) > 0: // a blank label defines nothing
			ll.labels[string(key)] = true
		}
	}
}

// foldLabel appends to dst what util.ToLinkReference makes of a link label
// b, for ASCII labels without a backslash: trimmed, lower-cased, with each
// run of white space made one space. ok is false for the others, which
// Unicode case folding (K, the Kelvin sign, is k) or escapes can make
// match bracket text that is not the same.
func foldLabel(dst, b []byte) (key []byte, ok bool) {
	b = util.TrimRightSpace(util.TrimLeftSpace(b))
	space := false
	for _, c := range b {
		switch {
		case c >= utf8.RuneSelf || c == '\\':
			return dst, false
		case util.IsSpace(c):
			space = true
			continue
		case space:
			dst = append(dst, ' ')
			space = false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst, true
}

// mayName reports whether bracket text t (between '[' and ']', on one
// line) may name a defined link.
func (ll *linkLabels) mayName(t []byte) bool {
	var buf [64]byte // labels run to 999 bytes; most fit the stack
	key, ok := foldLabel(buf[:0], t)
	return !ok || ll.labels[string(key)]
}

// NewContext is the parser.Context for parsing src.
func NewContext(src []byte) parser.Context {
	pc := parser.NewContext()
	if ll := readLinkLabels(src); ll != nil {
		pc.Set(linkLabelsKey, ll)
	}
	pc.Set(nodeArenaKey, &nodeArena{})
	return pc
}

// ReleaseArena drops pc's arena of plain nodes: the arena links to the
// AST (a node's parent, then every node), and a parse that keeps pc past
// its walk (for its link definitions) would keep the AST alive.
func ReleaseArena(pc parser.Context) { pc.Set(nodeArenaKey, nil) }

// nodeArenaKey holds a parse's *nodeArena in its parser.Context.
var nodeArenaKey = parser.NewContextKey()

// nodeArena hands out the plain nodes of one parse from arrays of them:
// one allocation per chunk rather than one per paragraph or heading,
// which were 90,000 of a run over the shared corpus. The nodes live as
// long as the document's AST, and so do the arrays.
type nodeArena struct {
	paragraphs []Paragraph
	headings   []Heading
}

// arenaChunk returns the length of the next array of a kind after one of
// length n (0 for none): small documents take small arrays, which grow to
// 16 nodes, so that few slots go unused.
func arenaChunk(n int) int { return min(max(2*n, 4), 16) }

// arenaOf returns pc's arena, or a new one for a context that NewContext
// did not make.
func arenaOf(pc parser.Context) *nodeArena {
	if a, ok := pc.Get(nodeArenaKey).(*nodeArena); ok {
		return a
	}
	a := &nodeArena{}
	pc.Set(nodeArenaKey, a)
	return a
}

func (a *nodeArena) paragraph() *Paragraph {
	if len(a.paragraphs) == cap(a.paragraphs) {
		a.paragraphs = make([]Paragraph, 0, arenaChunk(cap(a.paragraphs)))
	}
	a.paragraphs = a.paragraphs[:len(a.paragraphs)+1]
	return &a.paragraphs[len(a.paragraphs)-1]
}

func (a *nodeArena) heading() *Heading {
	if len(a.headings) == cap(a.headings) {
		a.headings = make([]Heading, 0, arenaChunk(cap(a.headings)))
	}
	a.headings = a.headings[:len(a.headings)+1]
	return &a.headings[len(a.headings)-1]
}

func (Paragraphs) Transform(p *ast.Paragraph, reader text.Reader, pc parser.Context) {
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
	ll, _ := pc.Get(linkLabelsKey).(*linkLabels)
	sc := plainScan{src: src, lines: lines, ll: ll}
	if !sc.run() {
		return
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
	n := arenaOf(pc).paragraph()
	n.Inlines = sc.inlines
	n.SetLines(lines)
	n.SetBlankPreviousLines(p.HasBlankPreviousLines())
	n.SetPos(p.Pos())
	parent.ReplaceChild(parent, p, n)
}

// maxCodeTicks is the longest run of backticks plainScan opens a code
// span with; longer ones keep the inline pass.
const maxCodeTicks = 16

// plainScan decides whether a paragraph is plain, reading it from left to
// right as goldmark's inline pass would, and notes its links and code
// spans.
type plainScan struct {
	src     []byte
	lines   *text.Segments
	ll      *linkLabels
	inlines []Inline
	// open is the offset in the current line of a '[' not yet paired,
	// or -1; pending is set when a '[' was left open on an earlier line
	// with no bracket since: brackets pair as goldmark's link parser
	// pairs them, innermost first, and a label that goldmark would read
	// across lines is taken for a possible link.
	open    int
	pending bool
	// noCloser[n] is set once a search for n closing backticks failed:
	// every later one fails too, so unmatched backticks do not make the
	// scan quadratic.
	noCloser [maxCodeTicks + 1]bool
}

// run reports whether the paragraph is plain. Each byte that matters is
// found with a vectorised search: most lines have none of the inline
// bytes, and a bracket comes every few words at most, so a byte loop
// (five instructions a byte) cost more than a few searches a line. Lines
// with a backtick or a backslash, a minority, are read byte by byte:
// inside a code span '<', backslashes and brackets are text, and an
// escaped byte starts nothing.
//
// A '<' outside code spans (an autolink or raw HTML) keeps the inline
// pass. A backslash does not: goldmark's inline pass only skips the byte
// after it and keeps both in its Text nodes, and one right before a
// line's end is a hard line break, which ends the line's text there
// (plainProse, in internal/markdown). But a longer run of backslashes
// there carries its escape to the next line's first byte, and keeps the
// inline pass.
func (sc *plainScan) run() bool {
	for li, from := 0, 0; li < sc.lines.Len(); {
		seg := sc.lines.At(li)
		line := sc.src[seg.Start:seg.Stop]
		sc.open = -1
		if rest := line[from:]; bytes.IndexByte(rest, '`') < 0 && bytes.IndexByte(rest, '\\') < 0 {
			if bytes.IndexByte(rest, '<') >= 0 {
				return false
			}
			lb, rb := bytecursor.New('['), bytecursor.New(']')
			for j := min(lb.Next(line, from), rb.Next(line, from)); j < len(line); j = min(lb.Next(line, j), rb.Next(line, j)) {
				var ok bool
				if j, ok = sc.bracket(seg.Start, line, j); !ok {
					return false
				}
			}
			sc.pending = sc.pending || sc.open >= 0
			li, from = li+1, 0
			continue
		}
		next, nextFrom := li+1, 0
	bytesOfLine:
		for j := from; j < len(line); {
			switch line[j] {
			case '<':
				return false
			case '\\':
				if j+1 < len(line) && (line[j+1] == '\n' || line[j+1] == '\r') && j > 0 && line[j-1] == '\\' {
					return false // an escape carried to the next line
				}
				j += 2
				continue
			case '[', ']':
				var ok bool
				if j, ok = sc.bracket(seg.Start, line, j); !ok {
					return false
				}
				continue
			case '`':
				n := 1
				for j+n < len(line) && line[j+n] == '`' {
					n++
				}
				// A code span in a link's text would be prose to the walk
				// (linkAt), and one right after '}' may be a MyST role
				// (codeSpan): both keep the inline pass.
				at := seg.Start + j
				if sc.open >= 0 || sc.pending || n > maxCodeTicks || at > 0 && sc.src[at-1] == '}' {
					return false
				}
				cl, end, ok := sc.closer(li, at+n, n)
				if !ok {
					j += n // literal backticks
					continue
				}
				sc.inlines = append(sc.inlines, Inline{Pos: at, End: end, Code: true})
				if cl != li {
					next, nextFrom = cl, end-sc.lines.At(cl).Start
					break bytesOfLine
				}
				j = end - seg.Start
				continue
			}
			j++
		}
		sc.pending = sc.pending || sc.open >= 0
		li, from = next, nextFrom
	}
	return true
}

// bracket handles the '[' or ']' at line[j], line starting at src offset
// base, and returns where to read on; ok is false when the bracket may
// make a link or image the fast path does not take.
func (sc *plainScan) bracket(base int, line []byte, j int) (next int, ok bool) {
	if line[j] == '[' {
		sc.open, sc.pending = j, false
		return j + 1, true
	}
	ll, open := sc.ll, sc.open
	// "[text](destination)" is a link whatever is defined; goldmark looks
	// for the '(' right after, on the same line. The simplest such links
	// are kept, unless right after a ']': "[x][y](u)" is the reference
	// link [x][y] when y is defined.
	if j+1 < len(line) && line[j+1] == '(' {
		if open < 0 || ll != nil && (ll.unknown || open > 0 && line[open-1] == ']') {
			return 0, false
		}
		end, ok := inlineLinkAt(line, open, j)
		if !ok {
			return 0, false
		}
		sc.inlines = append(sc.inlines, Inline{Pos: base + open, End: base + end + 1, Dest: model.Span{Start: base + j + 2, End: base + end}})
		sc.open, sc.pending = -1, false
		return end + 1, true
	}
	if ll != nil && (ll.unknown || open < 0 && sc.pending) {
		return 0, false
	}
	if ll != nil && open >= 0 && ll.mayName(line[open+1:j]) {
		// "[label]" followed by neither '(' nor '[' is a shortcut reference
		// link when label is defined, else text; goldmark tries nothing
		// else there. A '[' after it may make "[text][label]" or
		// "[label][]", a ']' before it the second half of one, and a '!'
		// an image: those keep the inline pass.
		if j+1 < len(line) && line[j+1] == '[' || open > 0 && (line[open-1] == ']' || line[open-1] == '!') || j-open-1 > maxLinkText {
			return 0, false
		}
		sc.inlines = append(sc.inlines, Inline{Pos: base + open, End: base + j + 1, Ref: true})
	}
	sc.open, sc.pending = -1, false
	return j + 1, true
}

// closer finds the run of exactly n backticks that closes a code span
// opened before src offset from in line li, as goldmark's code span
// parser looks for it: on that line and the paragraph's later ones. It
// returns the line and the src offset right after the run.
func (sc *plainScan) closer(li, from, n int) (line, end int, ok bool) {
	if sc.noCloser[n] {
		return 0, 0, false
	}
	for ; li < sc.lines.Len(); li++ {
		seg := sc.lines.At(li)
		for i := max(from, seg.Start); i < seg.Stop; {
			k := bytes.IndexByte(sc.src[i:seg.Stop], '`')
			if k < 0 {
				break
			}
			a := i + k
			b := a + 1
			for b < seg.Stop && sc.src[b] == '`' {
				b++
			}
			if b-a == n {
				return li, b, true
			}
			i = b
		}
	}
	sc.noCloser[n] = true
	return 0, 0, false
}

// maxLinkText keeps inlineLinkAt well inside goldmark's limit of 999
// bytes for a link's text.
const maxLinkText = 900

// inlineLinkAt reports whether line holds, from '[' at open and ']' at
// close, an inline link in the one form the fast path takes, and returns
// the offset of its ')': no unescaped bracket in the text (the caller's
// pairing guarantees it) and no '!' before it (an image), and a
// destination of one or more bytes that are neither white space, control,
// brackets, parentheses, '<', '>' nor backslashes (no title, no angle
// brackets, no nesting, no escapes). The caller has ruled out '<' outside
// code spans and code spans in link text, so goldmark sees no autolink or
// code span in it; an inline link wins over a definition of its text, and
// the caller leaves the one case where a definition wins (a '[' right
// after a ']'). goldmark then makes exactly a link at open with that
// destination, verbatim.
func inlineLinkAt(line []byte, open, close int) (end int, ok bool) {
	if open > 0 && line[open-1] == '!' || close-open-1 > maxLinkText {
		return 0, false
	}
	k := close + 2
	for k < len(line) && destByte[line[k]] {
		k++
	}
	if k == close+2 || k == len(line) || line[k] != ')' {
		return 0, false
	}
	return k, true
}

// destByte marks the bytes inlineLinkAt accepts in a destination.
var destByte = func() (t [256]bool) {
	for c := 0x21; c < 0x100; c++ {
		t[c] = c != 0x7f && strings.IndexByte("()<>[]\\", byte(c)) < 0
	}
	return t
}()

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
