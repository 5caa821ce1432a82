package reflist

import (
	"sort"

	"github.com/citelint/citelint/internal/ident"
	"github.com/citelint/citelint/internal/markdown/model"
	"github.com/citelint/citelint/internal/markdown/walk"
)

// Builder finds a document's reference lists in what the walk over its
// AST recorded: the ".. [label]" entries of reStructuredText
// (FindRSTEntries, rst.go), then the sections titled as lists
// (listnames.go) and the headingless runs of entries, each entry a
// Reference (BuildSections, refs.go). It also reads the identifiers of
// the walk's footnotes and link definitions (SetIdentifiers). A parse's
// walker holds one; its buffers are reused from parse to parse (Reset).
type Builder struct {
	src           []byte
	doc           *model.Document
	blocks        []walk.Block
	listItems     []walk.ListItem
	headingDepths []int

	// rst: the reStructuredText citation scheme (rst.go): whether the
	// document writes ".. [label]" entries, and the auto-numbered and
	// auto-symbol markers and entries counted so far.
	rst rstState

	defSpansBuilt bool
	identBuf      []ident.Match // reused by SetIdentifiers
	keys          []uint64      // sortSpans' buffer
	defSpans      []model.Span  // link definition spans, sorted, built on first use
	runs          []blockRun    // entryBlockRun's view of the blocks
	moreBuf       []model.Span  // parseEntries' further labels of a line

	blockOrder []int // w.blocks' indexes by start, built by boundSection when needed
	// headingStarts are the indexes of the headings by start, built by
	// headingAfter when needed; sectionEnds the heading that ends each
	// heading's section (-1: none), built by sectionEnd when needed.
	headingStarts      []int
	headingStartsBuilt bool
	sectionEnds        []int
	sectionIndex       spanIndex    // the sections found so far, while buildSections runs
	itemsSorted        bool         // listItems are in order of their start (footnotes can break it)
	seenLabels         map[int]bool // unorderedRun's labels, reused
}

// Init gives b the walk's results for src: the document so far, its
// blocks and list items, and the list and quote nesting of each heading
// of doc.Headings (a heading inside a list item belongs to the list).
func (w *Builder) Init(src []byte, doc *model.Document, blocks []walk.Block, listItems []walk.ListItem, headingDepths []int) {
	w.src, w.doc, w.blocks, w.listItems, w.headingDepths = src, doc, blocks, listItems, headingDepths
}

// RSTEntries is how many ".. [label]" entries FindRSTEntries found: reST
// markers are read only in a document that writes them.
func (w *Builder) RSTEntries() int { return w.rst.entries }

// Bytes returns the size of the arrays behind b's buffers.
func (w *Builder) Bytes() int {
	return walk.CapBytes(w.identBuf) + walk.CapBytes(w.keys) + walk.CapBytes(w.defSpans) + walk.CapBytes(w.runs) + walk.CapBytes(w.moreBuf)
}

// Reset forgets the document, keeping the buffers' arrays; the
// identifiers' strings are dropped so that a reused Builder does not keep
// them alive (see the walker's bufs.reset).
func (w *Builder) Reset() {
	clear(w.identBuf)
	*w = Builder{
		identBuf: w.identBuf[:0], keys: w.keys[:0], defSpans: w.defSpans[:0],
		runs: w.runs[:0], moreBuf: w.moreBuf[:0],
	}
}

// sortSpans is walk.SortSpans with w.keys as its buffer.
func (w *Builder) sortSpans(s []model.Span) {
	w.keys = walk.SortSpans(s, w.keys[:0])
}

// inCodeBlock reports whether the source range [start, end) overlaps a
// code block's content.
func (w *Builder) inCodeBlock(start, end int) bool {
	cb := w.doc.CodeBlocks
	i := sort.Search(len(cb), func(i int) bool { return cb[i].End > start })
	return i < len(cb) && cb[i].Start < end
}

func isDigit(c byte) bool       { return '0' <= c && c <= '9' }
func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
