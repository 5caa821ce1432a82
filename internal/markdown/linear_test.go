package markdown

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/citelint/citelint/internal/markdown/guard"
	"github.com/citelint/citelint/internal/markdown/plain"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Linear work on every short repeated unit. goldmark's cost is quadratic on
// shapes no real document has and any pull request can write: a line
// opening a list or a quote thousands of times ("- - - … x"), the same
// made by the bracket guard's blanking ("[*[*[*…" blanked is " * * *…"),
// footnote definitions nested on one line ("[^a]:[^a]:…"). The guards
// (internal/markdown/guard) neutralise them before goldmark reads the text. This test
// holds that: every unit of a generated family, repeated to n and to 4n
// bytes, costs goldmark at most a little over 4 times the work.
//
// Work is counted, not timed: the bytes goldmark's readers hand its
// parsers. The block parsers are given every line through the document's
// reader; each call of PeekLine there counts the rest of the line (which
// a block parser may scan: the thematic break test does), each LineOffset
// the columns back to the line's start (which the reader counts again
// once it moved), each movement forward its bytes. The inline parsers are
// handed each paragraph's reader, wrapped: every byte they move it forward
// counts, rewound or not, and each regular expression the rest of the
// line. So a parser that reads to the end of a line or a paragraph and
// gives up, once per unit, shows as quadratic work.

// workCounter wraps a goldmark reader and counts what its parser reads.
type workCounter struct {
	text.Reader
	work  *uint64
	block bool // the document's reader, which block parsers read
	lo    int  // the offset at which LineOffset was last counted, +1
}

func (r *workCounter) pos() int {
	_, seg := r.Reader.Position()
	return seg.Start
}

// moved counts the bytes f moves the reader forward.
func (r *workCounter) moved(f func()) {
	before := r.pos()
	f()
	if after := r.pos(); after > before {
		*r.work += uint64(after - before)
	}
}

func (r *workCounter) PeekLine() ([]byte, text.Segment) {
	line, seg := r.Reader.PeekLine()
	if r.block {
		*r.work += uint64(len(line))
	}
	return line, seg
}

func (r *workCounter) LineOffset() int {
	if p := r.pos(); p+1 != r.lo {
		r.lo = p + 1
		src := r.Source()
		for i := min(p, len(src)) - 1; i >= 0 && src[i] != '\n'; i-- {
			*r.work++
		}
	}
	return r.Reader.LineOffset()
}

func (r *workCounter) Value(seg text.Segment) []byte {
	*r.work += uint64(seg.Len())
	return r.Reader.Value(seg)
}

// Match and FindSubMatch are goldmark's (text.matchReader and
// findSubMatchReader), reading through the counter: the regular
// expression's reads count.
func (r *workCounter) Match(reg *regexp.Regexp) bool {
	line, seg := r.Position()
	m := reg.FindReaderSubmatchIndex(r)
	r.SetPosition(line, seg)
	if m == nil {
		return false
	}
	r.Advance(m[1] - m[0])
	return true
}

func (r *workCounter) FindSubMatch(reg *regexp.Regexp) [][]byte {
	line, seg := r.Position()
	m := reg.FindReaderSubmatchIndex(r)
	r.SetPosition(line, seg)
	if m == nil {
		return nil
	}
	var bb bytes.Buffer
	for i := 0; i < m[1]; {
		c, size, _ := r.ReadRune()
		if size == 0 {
			break
		}
		i += size
		bb.WriteRune(c)
	}
	bs := bb.Bytes()
	var out [][]byte
	for i := 0; i < len(m); i += 2 {
		if m[i] < 0 {
			out = append(out, []byte{})
			continue
		}
		out = append(out, bs[m[i]:m[i+1]])
	}
	r.SetPosition(line, seg)
	r.Advance(m[1] - m[0])
	return out
}

func (r *workCounter) ReadRune() (c rune, n int, err error) {
	r.moved(func() { c, n, err = r.Reader.ReadRune() })
	return
}

func (r *workCounter) Advance(n int) { r.moved(func() { r.Reader.Advance(n) }) }
func (r *workCounter) AdvanceAndSetPadding(n, p int) {
	r.moved(func() { r.Reader.AdvanceAndSetPadding(n, p) })
}
func (r *workCounter) AdvanceToEOL() { r.moved(func() { r.Reader.AdvanceToEOL() }) }
func (r *workCounter) AdvanceLine()  { r.moved(func() { r.Reader.AdvanceLine() }) }
func (r *workCounter) SetPosition(line int, seg text.Segment) {
	r.moved(func() { r.Reader.SetPosition(line, seg) })
}
func (r *workCounter) SkipSpaces() (seg text.Segment, n int, ok bool) {
	r.moved(func() { seg, n, ok = r.Reader.SkipSpaces() })
	return
}
func (r *workCounter) SkipBlankLines() (seg text.Segment, n int, ok bool) {
	r.moved(func() { seg, n, ok = r.Reader.SkipBlankLines() })
	return
}

// countingInline is an inline parser whose reader is counted; the work
// goes to the counter the parse's context holds.
type countingInline struct{ parser.InlineParser }

var workKey = parser.NewContextKey()

func (p countingInline) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	if w, ok := pc.Get(workKey).(*uint64); ok {
		block = &workCounter{Reader: block, work: w}
	}
	return p.InlineParser.Parse(parent, block, pc)
}

func (p countingInline) CloseBlock(parent ast.Node, block text.Reader, pc parser.Context) {
	if c, ok := p.InlineParser.(parser.CloseBlocker); ok {
		c.CloseBlock(parent, block, pc)
	}
}

var countingMarkdown = sync.OnceValues(func() (goldmark.Markdown, goldmark.Markdown) {
	wrap := func(v util.PrioritizedValue) util.PrioritizedValue {
		v.Value = countingInline{v.Value.(parser.InlineParser)}
		return v
	}
	return newMarkdownWith(true, false, wrap), newMarkdownWith(true, true, wrap)
})

// goldmarkWork is the work goldmark does on src as Parse hands it over
// (guarded), with citelint's parsers.
func goldmarkWork(src []byte, mdx bool) uint64 {
	md, mdxMD := countingMarkdown()
	if mdx {
		md = mdxMD
	}
	work, _, _ := guard.Work(src, &Document{})
	var n uint64
	pc := plain.NewContext(work)
	pc.Set(workKey, &n)
	md.Parser().Parse(&workCounter{Reader: text.NewReader(work), work: &n, block: true}, parser.WithContext(pc))
	return n
}

// shapeAtoms are the pieces the units are made of: Markdown's block
// markers and inline delimiters, citation forms, HTML, MDX, line ends.
var shapeAtoms = []string{
	"[", "]", "(", ")", "[^a]:", "[a]:", "![", "](", "- ", "* ", "+ ", "1. ", "1) ", "> ", ">",
	"-", "*", "_", "`", "```", "~~~", "<", "<a>", "</a>", "<!--", "-->", "&", "&amp;", "\\",
	"\n", "\n\n", " ", "  \n", "\t", "#", "# ", "|", "|-", "=", "$", "$$", "{", "}", "{cite}`",
	"@", "@a", "!", ":", "\"", "a", "1", ".", "~", "^", "[1]", "[@a]", "http://a.b",
	"<http://a>", "::: ", "!!! note\n", "【", "】", "**", "{/*", "*/}", "---\n", "x\n", "<div>", "    ",
}

// shapeUnits are the units tried: each atom, and each ordered pair of
// different atoms.
func shapeUnits() []string {
	var out []string
	for _, a := range shapeAtoms {
		out = append(out, a)
		for _, b := range shapeAtoms {
			if a != b {
				out = append(out, a+b)
			}
		}
	}
	return out
}

// repeatUnit is unit repeated to size bytes, then tail: a trailing "x"
// makes "- - - … -" a list of lists ending in a paragraph instead of a
// thematic break.
func repeatUnit(unit string, size int, tail string) []byte {
	return []byte(strings.Repeat(unit, max(1, size/len(unit))) + tail)
}

// linearSlack is how much more than 4 times the work a unit may take at 4
// times the size: a guard that starts at a threshold makes the smaller
// size cheap and the larger one bounded, not proportional.
const linearSlack = 6

func TestShapesLinear(t *testing.T) {
	// The budgets let a document cost goldmark up to guard.Budget before
	// its superlinear paragraphs and lines are neutralised: at these
	// sizes, below it, a shape would show as the quadratic it is up to
	// the budget. A small budget tests what happens beyond it.
	defer func(b uint64) { guard.Budget = b }(guard.Budget)
	guard.Budget = 1 << 14
	size := 2 << 10
	if testing.Short() {
		size = 1 << 10
	}
	units := shapeUnits()
	for _, mdx := range []bool{false, true} {
		bad := 0
		for _, u := range units {
			for _, tail := range []string{"", "x"} {
				small := goldmarkWork(repeatUnit(u, size, tail), mdx)
				big := goldmarkWork(repeatUnit(u, 4*size, tail), mdx)
				if big > linearSlack*max(small, uint64(4*size)) {
					bad++
					if bad <= 40 {
						t.Errorf("mdx %v: %q×n+%q: goldmark's work %d at %d bytes, %d at 4 times that (%.1f×)",
							mdx, u, tail, small, size, big, float64(big)/float64(small))
					}
				}
			}
		}
		if bad > 0 {
			t.Errorf("mdx %v: %d of %d shapes grew faster than their size", mdx, bad, 2*len(units))
		}
	}
}

// TestWorkCounterSeesQuadratic holds the counter to what it is for: the
// shapes issue 37's attack run timed as quadratic, handed to goldmark
// unguarded, count quadratic work.
func TestWorkCounterSeesQuadratic(t *testing.T) {
	md, _ := countingMarkdown()
	raw := func(src []byte) uint64 {
		var n uint64
		pc := plain.NewContext(src)
		pc.Set(workKey, &n)
		md.Parser().Parse(&workCounter{Reader: text.NewReader(src), work: &n, block: true}, parser.WithContext(pc))
		return n
	}
	for _, s := range []struct {
		unit, tail string
		quadratic  bool
	}{
		{"- ", "x", true}, {" *", "x", true}, {" >", "x", true}, {"  *", "x", true}, {"[^a]:", "", true}, {"1. ", "x", true},
		{"[a](", "", true}, // inline: each destination scanned to the paragraph's end
		{"<a>", "", false}, {"[a] ", "", false}, {"- x\n", "", false}, {"`a` ", "", false},
	} {
		small, big := raw(repeatUnit(s.unit, 4<<10, s.tail)), raw(repeatUnit(s.unit, 16<<10, s.tail))
		if s.quadratic && big < 12*small {
			t.Errorf("%q×n+%q unguarded: work %d then %d at 4 times the size; the counter misses goldmark's quadratic cost", s.unit, s.tail, small, big)
		}
		if !s.quadratic && big > 5*small {
			t.Errorf("%q×n+%q: work %d then %d at 4 times the size; goldmark is linear there", s.unit, s.tail, small, big)
		}
	}
}
