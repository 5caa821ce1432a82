package markdown

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"sync"
	"unicode"

	"github.com/citelint/citelint/internal/linearlinks"
	"github.com/citelint/citelint/internal/markdown/dialect"
	"github.com/citelint/citelint/internal/markdown/frontmatter"
	"github.com/citelint/citelint/internal/markdown/guard"
	"github.com/citelint/citelint/internal/markdown/inline"
	"github.com/citelint/citelint/internal/markdown/plain"
	"github.com/citelint/citelint/internal/markdown/reflist"
	"github.com/citelint/citelint/internal/markdown/walk"
	"github.com/citelint/citelint/internal/sentence"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Options tune extraction. The zero value is ready to use.
type Options struct {
	// KnownKey reports whether a bare @key (pandoc's narrative form) names a
	// bibliography entry. Bare @words are everywhere in docs (GitHub handles,
	// decorators, e-mail), so they count as citations only when this says so.
	KnownKey func(key string) bool
	// MDX reads the document as MDX (dialect/mdx.go): no indented code, and
	// fences and JSX tags at any indentation.
	MDX bool
	// Pandoc reads the document as pandoc does (.Rmd, .qmd): when its
	// front matter names a bibliography, every bare @key in its prose is a
	// citation, known to the bibliography or not, since pandoc cites it
	// (and warns when the key is missing); Quarto's cross-references
	// (@fig-x, @sec-x) are not.
	Pandoc bool
	// Bibliography, when set, is called once the front matter is read if
	// it names bibliography files, before the body is, with the document
	// so far (FrontMatter, Bibliography); a KnownKey it returns replaces
	// the one above. The caller loads the files there: bare @keys depend
	// on them, and a document with a bibliography was parsed twice to
	// learn them (the shared corpus's largest file, a manuscript with an
	// 855 KB bibliography, was read twice).
	Bibliography func(doc *Document) (knownKey func(key string) bool)
	// NoClaims skips splitting prose into sentences: Document.Claims stays
	// empty and every citation's Claim is -1. For callers whose rules and
	// outputs read no sentence (rules.NeedClaims); a twentieth of a parse.
	NoClaims bool
}

// md is shared: goldmark parsers are safe for concurrent use with a fresh
// parser.Context per parse. Only the footnote *block* parser is registered:
// goldmark's footnote inline parser resolves each [^x] by a linear scan of
// all definitions (quadratic on machine-written reports), and its transformer
// deletes unused and duplicate definitions that the hygiene rules must see.
// citelint matches [^x] itself, with a map. Linkify and Typographer stay off:
// Linkify's positions are off by one and Typographer's nodes have no source.
var md = newMarkdown(true)

// mdMDX is citelint's goldmark for MDX (dialect.WithMDXBlocks).
var mdMDX = sync.OnceValue(func() goldmark.Markdown { return newMarkdownDialect(true, true) })

// newMarkdown builds citelint's goldmark, with its fast paths (plain
// paragraphs and headings, internal/markdown/plain; the link parser
// and link definitions in linear time, the definitions behind a pre-test,
// internal/linearlinks) or, for the tests that hold the fast paths to
// goldmark, without them.
func newMarkdown(fast bool) goldmark.Markdown { return newMarkdownDialect(fast, false) }

// newMarkdownDialect is newMarkdown, for MDX (dialect.WithMDXBlocks) when mdx is set.
func newMarkdownDialect(fast, mdx bool) goldmark.Markdown { return newMarkdownWith(fast, mdx, nil) }

// newMarkdownWith is newMarkdownDialect with each inline parser passed
// through wrap when it is set: the tests that count goldmark's work
// (linear_test.go) wrap them.
func newMarkdownWith(fast, mdx bool, wrap func(util.PrioritizedValue) util.PrioritizedValue) goldmark.Markdown {
	transformers := parser.DefaultParagraphTransformers()
	blocks := parser.DefaultBlockParsers()
	if mdx {
		blocks = dialect.WithMDXBlocks(blocks)
	} else {
		// After lists and before indented code, which would take the
		// body (dialect.AdmonitionParser).
		blocks = append(blocks, util.Prioritized(dialect.AdmonitionParser{}, 450))
		// Before fenced code, which would take a directive's body
		// (dialect.MySTParser).
		blocks = append(blocks, util.Prioritized(dialect.MySTParser{}, 690))
	}
	if fast {
		transformers = linearlinks.WithLinkRefDefinitions(transformers, true)
		transformers = append(transformers, util.Prioritized(plain.Paragraphs{}, plain.ParagraphPriority))
		blocks = plain.WithHeadings(blocks)
	}
	inlines := inlineParsers(fast)
	if wrap != nil {
		for i := range inlines {
			inlines[i] = wrap(inlines[i])
		}
	}
	return goldmark.New(
		goldmark.WithParser(parser.NewParser(
			parser.WithBlockParsers(blocks...),
			parser.WithInlineParsers(inlines...),
			parser.WithParagraphTransformers(transformers...),
		)),
		goldmark.WithExtensions(extension.Table),
		goldmark.WithParserOptions(parser.WithBlockParsers(
			util.Prioritized(extension.NewFootnoteBlockParser(), 999),
		)),
	)
}

// inlineParsers are goldmark's defaults without emphasis: citelint never
// looks at emphasis nodes, and delimiter processing was a tenth of
// goldmark's time and allocation on real reports.
func inlineParsers(fast bool) []util.PrioritizedValue {
	var out []util.PrioritizedValue
	for _, p := range parser.DefaultInlineParsers() {
		if t, ok := p.Value.(parser.InlineParser); ok && string(t.Trigger()) == "*_" {
			continue
		}
		out = append(out, p)
	}
	if fast {
		out = linearlinks.WithLinearLinks(out)
	}
	return out
}

// Parse builds the document model of src. It never panics on any input and
// never fails: problems with the document are returned as Diagnostics.
func Parse(src []byte, opts Options) *Document {
	if opts.MDX {
		return parse(mdMDX(), src, opts)
	}
	return parse(md, src, opts)
}

func parse(md goldmark.Markdown, src []byte, opts Options) *Document {
	doc := &Document{Src: src}
	work, fm, fmOK := guard.Work(src, doc)
	if fmOK {
		// The front matter's diagnostics come first, before the input
		// guards' that guard.Work recorded, which they used to replace.
		var diags []Diagnostic
		doc.FrontMatter = fm
		doc.Bibliography, diags = frontmatter.Read(src, fm)
		doc.Diagnostics = append(diags, doc.Diagnostics...)
		if len(doc.Bibliography) > 0 && opts.Bibliography != nil {
			if known := opts.Bibliography(doc); known != nil {
				opts.KnownKey = known
			}
		}
	}

	if opts.MDX {
		work = dialect.BlankMDXComments(work, src)
	}
	pc := plain.NewContext(work)
	root := md.Parser().Parse(text.NewReader(work), parser.WithContext(pc))
	b := getBufs()
	w := walker{doc: doc, src: work, opts: opts, pc: pc, bufs: *b}
	// References and headings grow in reused buffers; the document gets
	// copies of their exact number (nil for none).
	doc.References, doc.Headings = w.refs[:0], w.headings[:0]
	w.walk(root)
	// The walk is the AST's last reader, but the context's arena of plain
	// nodes links to it (a node's parent, then every node): drop the
	// arena, so that finish does not keep the AST alive beside the
	// citations (w.pc stays, for its link definitions).
	plain.ReleaseArena(pc)
	w.finish()
	w.refs, w.headings = doc.References, doc.Headings
	doc.References, doc.Headings = nil, nil
	if len(w.refs) > 0 {
		doc.References = append(make([]Reference, 0, len(w.refs)), w.refs...)
	}
	if len(w.headings) > 0 {
		doc.Headings = append(make([]Heading, 0, len(w.headings)), w.headings...)
	}
	*b = w.bufs
	putBufs(b)
	return doc
}

// walker collects everything in one pass over the AST; finish then scans the
// prose ranges for markers, builds reference sections and attaches claims.
type walker struct {
	doc  *Document
	src  []byte
	opts Options
	// pc is the parse's context: plainProse looks up link definitions in it.
	pc parser.Context

	// Nesting state while walking.
	listDepth, quoteDepth, footnoteDepth int
	heading                              int
	// headingDepths are the list and quote nesting of each heading of
	// doc.Headings: a heading inside a list item ("11. ## Title" in a
	// numbered source list) belongs to the list, and does not end a
	// section headed outside it (reflist.Builder.BuildSections).
	headingDepths []int
	// lists are the indexes in doc.Lists of the lists being walked,
	// innermost last; itemHoldsList says, for each list item being walked
	// (as openItems), whether a list was entered inside it.
	lists         []int
	itemHoldsList []bool

	// Block ends, found in one pass: lastStop is the largest line end of
	// the blocks entered since the innermost open list item or footnote was
	// entered (AST order is not source order: goldmark moves every footnote
	// to where the first one was), savedStops (in bufs) the values it had
	// outside. openItems and openNotes hold the indexes (in listItems and
	// doc.References; -1 when not recorded) of the list items and footnotes
	// being walked, and ordinals the next number of each open list.
	lastStop int

	// softEnd is where the prose of the last line that a line of its
	// paragraph follows ends (0: none yet): the prose of the next line
	// continues it (addProse).
	softEnd int

	bufs
}

// bufs are the walker's working slices. Nothing in a Document points into
// them, so Parse takes them from a free list and puts them back: a file's
// walk then allocates little beyond the Document itself, which matters
// because goldmark already makes the garbage collector the largest cost.
type bufs struct {
	prose  []Span // merged byte ranges of prose Text nodes, in source order
	blocks []walk.Block

	listItems []walk.ListItem
	footnotes []int // indexes into doc.References of footnote definitions

	savedStops           []int
	openItems, openNotes []int
	ordinals             []int

	// buildClaims.
	glue    []sentence.Span
	spans   []sentence.Span
	blockOf []Span
	sents   []sent
	counts  []int32
	// proseBlocks are the indexes of the blocks split into sentences, by
	// start (placeCitations).
	proseBlocks []int32
	refs        []Reference // doc.References while parsing
	headings    []Heading   // doc.Headings while parsing
	textBuf     []byte
	keys        []uint64

	// refLists finds the reference lists, once the walk is done; its
	// buffers are reused with these.
	refLists reflist.Builder
	// scan finds the citation markers: in the walk, those of links and
	// code spans; once it is done, those of the prose.
	scan inline.Scanner
}

// freeBufs holds a few buffer sets for reuse. A sync.Pool would not do: it
// is emptied by every second garbage collection, and parsing one large file
// runs several, so the buffers would regrow from nothing for each file.
// Sets whose arrays total more than walk.MaxFreeBytes are left to the collector.
var freeBufs = make(chan *bufs, 4)

func getBufs() *bufs {
	select {
	case b := <-freeBufs:
		return b
	default:
		return new(bufs)
	}
}

func putBufs(b *bufs) {
	if b.bytes() > walk.MaxFreeBytes {
		return
	}
	b.reset()
	select {
	case freeBufs <- b:
	default:
	}
}

// bytes returns the size of the arrays behind b's slices.
func (b *bufs) bytes() int {
	return walk.CapBytes(b.prose) + walk.CapBytes(b.blocks) + walk.CapBytes(b.listItems) +
		walk.CapBytes(b.footnotes) + walk.CapBytes(b.savedStops) + walk.CapBytes(b.openItems) + walk.CapBytes(b.openNotes) +
		walk.CapBytes(b.ordinals) + walk.CapBytes(b.glue) + walk.CapBytes(b.spans) + walk.CapBytes(b.blockOf) +
		walk.CapBytes(b.sents) + walk.CapBytes(b.counts) + walk.CapBytes(b.proseBlocks) + walk.CapBytes(b.refs) + walk.CapBytes(b.headings) +
		walk.CapBytes(b.textBuf) + walk.CapBytes(b.keys) + b.refLists.Bytes() + b.scan.Bytes()
}

// reset empties every slice, keeping its array, and drops the strings the
// slices of references and headings hold (and the scanner's, Scanner.Reset),
// so that a buffer on the free list does not keep them alive. Clearing
// whole arrays cost more than parsing small files, so the code that
// shortens these slices clears what it drops, and only their lengths are
// cleared here (TestFreeBufsHoldNoStrings checks all this).
func (b *bufs) reset() {
	b.scan.Reset()
	clear(b.refs)
	clear(b.headings)
	b.refLists.Reset()
	*b = bufs{
		prose: b.prose[:0], blocks: b.blocks[:0],
		listItems: b.listItems[:0], footnotes: b.footnotes[:0],
		savedStops: b.savedStops[:0], openItems: b.openItems[:0], openNotes: b.openNotes[:0],
		ordinals: b.ordinals[:0], glue: b.glue[:0], spans: b.spans[:0],
		blockOf: b.blockOf[:0], sents: b.sents[:0], counts: b.counts[:0], proseBlocks: b.proseBlocks[:0], refs: b.refs[:0],
		headings: b.headings[:0], textBuf: b.textBuf[:0], keys: b.keys[:0],
		refLists: b.refLists, scan: b.scan,
	}
}

func (w *walker) walk(root ast.Node) {
	w.heading = -1
	w.scan.Init(w.src, w.doc, w.opts.KnownKey, w.opts.Pandoc)
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && n.Type() == ast.TypeBlock {
			if l := n.Lines(); l != nil && l.Len() > 0 {
				w.lastStop = max(w.lastStop, l.At(l.Len()-1).Stop)
			}
		}
		switch n := n.(type) {
		case *ast.Text:
			if entering && !n.IsRaw() {
				w.addProse(n.Segment.Start, n.Segment.Stop)
				if n.SoftLineBreak() || n.HardLineBreak() {
					w.softEnd = n.Segment.Stop
				}
			}
		case *ast.CodeSpan:
			if entering {
				w.scan.CodeSpan(n)
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock:
			if entering {
				w.checkFenceClosed(n)
				w.addCodeBlock(n.Lines(), w.fenceLang(n))
			}
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock:
			if entering {
				w.addCodeBlock(n.Lines(), Span{})
			}
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock:
			if entering {
				w.htmlBlock(n)
			}
			return ast.WalkSkipChildren, nil
		case *ast.RawHTML:
			if entering {
				w.rawHTML(n)
			}
			return ast.WalkSkipChildren, nil
		case *ast.AutoLink:
			if entering {
				w.scan.AutoLink(n)
			}
			return ast.WalkSkipChildren, nil
		case *ast.Image:
			if entering && n.Reference != nil {
				w.doc.ImageRefs = append(w.doc.ImageRefs, string(n.Reference.Value))
			}
			return ast.WalkSkipChildren, nil
		case *ast.Link:
			if entering {
				st := w.scan.Link(n)
				if st == ast.WalkSkipChildren && n.HasChildren() {
					w.imageRefs(n) // [![badge][img]][url]
				}
				return st, nil
			}
		case *ast.LinkReferenceDefinition:
			if entering {
				w.linkDef(n)
			}
			return ast.WalkSkipChildren, nil
		case *east.Footnote:
			if entering {
				w.enterEnd()
				w.footnoteDef(n)
				w.footnoteDepth++
			} else {
				w.footnoteDepth--
				w.footnoteEnd(n)
				w.leaveEnd()
			}
		case *ast.Heading:
			if entering {
				w.headingBlock(n)
			}
		case *plain.Heading:
			if entering {
				w.headingBlock(&n.Heading)
				seg := n.Lines().At(0)
				w.addProse(seg.Start, seg.Stop)
			}
		case *ast.Paragraph, *ast.TextBlock:
			if entering {
				w.addBlock(n, false, false)
				w.templateDefinitions(n)
			}
		case *plain.Paragraph:
			if entering {
				w.addBlock(n, false, false)
				w.templateDefinitions(n)
				w.plainProse(n)
			}
		case *east.TableCell:
			if entering {
				w.addBlock(n, false, true)
			}
		case *ast.List:
			if entering {
				w.listDepth++
				w.ordinals = append(w.ordinals, n.Start)
				w.enterList(n)
			} else {
				w.listDepth--
				w.ordinals = w.ordinals[:len(w.ordinals)-1]
				w.lists = w.lists[:len(w.lists)-1]
			}
		case *ast.ListItem:
			if entering {
				w.enterEnd()
				w.listItem(n)
			} else {
				w.listItemEnd()
				w.leaveEnd()
			}
		case *ast.Blockquote:
			if entering {
				w.quoteDepth++
			} else {
				w.quoteDepth--
			}
		}
		return ast.WalkContinue, nil
	})
}

// imageRefs records the reference-style images inside a link whose
// children the walk skips.
func (w *walker) imageRefs(link ast.Node) {
	for c := link.FirstChild(); c != nil; c = c.NextSibling() {
		if img, ok := c.(*ast.Image); ok && img.Reference != nil {
			w.doc.ImageRefs = append(w.doc.ImageRefs, string(img.Reference.Value))
		}
	}
}

// addProse records a prose byte range, merging it with the previous one when
// they touch (goldmark splits bracket text across several Text nodes) or
// when only the line break of a paragraph's line stands between them,
// so a marker wrapped over two lines ("[@a;⏎@b]", "(Smith et al.,⏎2020)")
// is read whole.
func (w *walker) addProse(start, stop int) {
	if stop <= start {
		return
	}
	if n := len(w.prose); n > 0 && (w.prose[n-1].End == start ||
		w.prose[n-1].End == w.softEnd && w.prose[n-1].End-w.prose[n-1].Start < maxWrappedProse && lineBreakOnly(w.src[w.softEnd:start])) {
		w.prose[n-1].End = stop
		return
	}
	w.prose = append(w.prose, Span{Start: start, End: stop})
}

// maxWrappedProse bounds a prose range that continues over line breaks: a
// range's candidates are all held at once before they are kept compactly
// (inline.Scanner.ScanBlocks), and a paragraph of 240,000 lines of markers doubled the
// peak memory. Past it the next line starts a range of its own, so only a
// group wrapped over that one line break is read in halves.
const maxWrappedProse = 16 << 10

// lineBreakOnly reports whether b is one line break, spaces and tabs
// around it: what a paragraph's soft line break leaves between the Text
// nodes of its lines (a blockquote's or list's markers are not).
func lineBreakOnly(b []byte) bool {
	nl := 0
	for _, c := range b {
		switch c {
		case '\n':
			nl++
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return nl == 1
}

// linesSpan returns the byte range from a block's first line to its last.
func linesSpan(n ast.Node) (Span, bool) {
	lines := n.Lines()
	if lines == nil || lines.Len() == 0 {
		return Span{}, false
	}
	first, last := lines.At(0), lines.At(lines.Len()-1)
	return Span{Start: first.Start, End: last.Stop}, true
}

func (w *walker) addBlock(n ast.Node, heading, cell bool) {
	sp, ok := linesSpan(n)
	if !ok {
		return
	}
	w.blocks = append(w.blocks, walk.Block{
		Span:      sp,
		Heading:   heading,
		ListItem:  w.listDepth > 0,
		TableCell: cell,
		Quote:     w.quoteDepth > 0,
		InRefs:    w.footnoteDepth > 0,
		Section:   w.heading,
		List:      w.innermostList(),
		Depth:     w.listDepth + w.quoteDepth,
		ID:        len(w.blocks),
	})
}

func (w *walker) innermostList() int {
	if len(w.lists) == 0 {
		return -1
	}
	return w.lists[len(w.lists)-1]
}

// enterList records a list and what introduces it: the paragraph right
// before it in its container, if any.
func (w *walker) enterList(n *ast.List) {
	l := List{Parent: w.innermostList()}
	switch prev := n.PreviousSibling().(type) {
	case *ast.Paragraph, *ast.TextBlock, *plain.Paragraph:
		l.LeadIn, _ = linesSpan(prev)
	}
	if n := len(w.itemHoldsList); n > 0 {
		w.itemHoldsList[n-1] = true
	}
	w.lists = append(w.lists, len(w.doc.Lists))
	w.doc.Lists = append(w.doc.Lists, l)
}

func (w *walker) headingBlock(n *ast.Heading) {
	sp, ok := linesSpan(n)
	start := n.Pos()
	switch {
	case !ok:
		// An empty heading ("#") still ends the section above it.
		if start < 0 {
			return
		}
		start = atxMarker(w.src, start, true)
		sp = Span{Start: start, End: start}
	default:
		if start < 0 || start > sp.Start {
			start = sp.Start
		}
		start = atxMarker(w.src, start, false)
	}
	w.doc.Headings = append(w.doc.Headings, Heading{
		Level: n.Level,
		Span:  Span{Start: start, End: sp.End},
		Text:  w.plainString(w.src[sp.Start:sp.End]),
	})
	w.heading = len(w.doc.Headings) - 1
	w.headingDepths = append(w.headingDepths, w.listDepth+w.quoteDepth)
	if ok {
		w.addBlock(n, true, false)
	}
}

// atxMarker returns where the heading goldmark placed at p starts: the
// first '#' of its marker, for an ATX heading. goldmark's block position
// counts the columns left of a tab that a container took part of as if
// they were bytes, so p can lie up to three bytes past the marker: past
// the end of an empty heading's line (">>>>>\t #\n" puts it at 9), or of
// src. A setext heading's position is its first line's, with no '#' in
// the bytes before it on its line, and is kept; only an empty heading,
// which is always ATX, is looked for across a newline.
func atxMarker(src []byte, p int, empty bool) int {
	p = min(p, len(src))
	for q := p; q >= 0 && q >= p-3; q-- {
		if q < len(src) && src[q] == '#' {
			for q > 0 && src[q-1] == '#' {
				q--
			}
			return q
		}
		if !empty && q > 0 && src[q-1] == '\n' {
			break
		}
	}
	return p
}

// plainString returns string(plainText(b)), through a reused buffer.
func (w *walker) plainString(b []byte) string {
	w.textBuf = reflist.AppendPlainText(w.textBuf[:0], b)
	return string(bytes.TrimSpace(w.textBuf))
}

// listItem records an item when the walk enters it; listItemEnd sets its
// end when the walk leaves it. Counting ordinals and finding ends as the
// walk goes keeps long and deeply nested lists linear: scanning siblings or
// subtrees per item was quadratic ("- - - … x" 2,000 deep took 0.2 s).
func (w *walker) listItem(n *ast.ListItem) {
	ordinal := 0
	if l, ok := n.Parent().(*ast.List); ok && l.IsOrdered() && len(w.ordinals) > 0 {
		ordinal = w.ordinals[len(w.ordinals)-1]
		w.ordinals[len(w.ordinals)-1]++
	}
	w.itemHoldsList = append(w.itemHoldsList, false)
	p := n.Pos()
	if p < 0 {
		w.openItems = append(w.openItems, -1)
		return
	}
	w.openItems = append(w.openItems, len(w.listItems))
	w.listItems = append(w.listItems, walk.ListItem{Span: Span{Start: p, End: p}, Ordinal: ordinal, Depth: w.listDepth})
}

func (w *walker) listItemEnd() {
	i := w.openItems[len(w.openItems)-1]
	w.openItems = w.openItems[:len(w.openItems)-1]
	holdsList := w.itemHoldsList[len(w.itemHoldsList)-1]
	w.itemHoldsList = w.itemHoldsList[:len(w.itemHoldsList)-1]
	l := w.innermostList()
	if l >= 0 {
		// An item holding a list is not one a list can close with: its
		// last line is the inner list's.
		w.doc.Lists[l].Last = Span{}
	}
	if i >= 0 {
		w.listItems[i].Span.End = w.blockEnd(w.listItems[i].Span.Start)
		if l >= 0 && !holdsList {
			w.doc.Lists[l].Last = w.listItems[i].Span
		}
	}
}

// enterEnd starts measuring the end of a block the walk enters; leaveEnd
// (after blockEnd) folds it into the enclosing measure.
func (w *walker) enterEnd() {
	w.savedStops = append(w.savedStops, w.lastStop)
	w.lastStop = 0
}

func (w *walker) leaveEnd() {
	outer := w.savedStops[len(w.savedStops)-1]
	w.savedStops = w.savedStops[:len(w.savedStops)-1]
	w.lastStop = max(outer, w.lastStop)
}

// blockEnd is the end of the block starting at pos that the walk is
// leaving: the largest line end of its block descendants (container blocks
// have no lines of their own), at least pos, at most len(src).
func (w *walker) blockEnd(pos int) int {
	return min(max(pos, w.lastStop, 0), len(w.src))
}

func (w *walker) linkDef(n *ast.LinkReferenceDefinition) {
	sp, ok := linesSpan(n)
	if !ok {
		return
	}
	p := n.Pos()
	if p >= 0 && p < sp.Start {
		sp.Start = p
	}
	label := string(n.Label)
	ls := Span{}
	if i := bytes.IndexByte(w.src[sp.Start:sp.End], '['); i >= 0 {
		ls = Span{Start: sp.Start + i, End: sp.Start + i + 1 + len(n.Label) + 1}
	}
	ref := Reference{Kind: RefLinkDef, Label: label, Span: sp, LabelSpan: ls, Section: -1}
	dest := string(n.Destination)
	ref.Title = string(n.Title)
	w.refLists.SetIdentifiers(&ref, n.Destination, sp.Start)
	if ref.URL == "" && ref.DOI == "" && ref.ArXiv == "" {
		ref.URL = dest
	}
	ref.Text = dest
	w.doc.References = append(w.doc.References, ref)
}

// templateDefinitions reads the link definitions of a template: one whose
// destination holds a template action ("[x]: https://trivy.dev/docs/{{
// git.tag }}/guide", for mkdocs-macros, Jinja, Hugo) is no definition to
// CommonMark, since a destination has no spaces, so the paragraph it
// starts keeps it, and every definition after it, as text, and their
// labels would be unresolvable. Once the page is expanded they are
// definitions: a paragraph whose first line is such a definition adds it
// and the definition-shaped lines after it, up to the first that is not,
// all marked Template. A template action's URL is not known, so it is not
// checked.
func (w *walker) templateDefinitions(n ast.Node) {
	lines := n.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		line := w.src[seg.Start:seg.Stop]
		label, dest, ok := definitionShape(line)
		template := ok && bytes.Contains(dest, []byte("{{")) && bytes.Contains(dest, []byte("}}"))
		if !ok || i == 0 && !template {
			return
		}
		at := seg.Start + bytes.IndexByte(line, '[')
		ref := Reference{Kind: RefLinkDef, Label: string(label), Section: -1,
			Span:      Span{Start: at, End: seg.Start + len(bytes.TrimRight(line, " \t\r\n"))},
			LabelSpan: Span{Start: at, End: at + len(label) + 2}, Text: string(dest), Template: true}
		if !template {
			// As goldmark reads a destination: "<url>" without its brackets.
			if len(dest) >= 2 && dest[0] == '<' && dest[len(dest)-1] == '>' {
				dest = dest[1 : len(dest)-1]
			}
			ref.URL = string(dest)
		}
		w.doc.References = append(w.doc.References, ref)
	}
}

// definitionShape splits a line shaped like a link definition, "[label]:
// destination ...", with at most three spaces before it; the label holds no
// bracket and is no footnote's.
func definitionShape(line []byte) (label, dest []byte, ok bool) {
	t := bytes.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || len(t) < 4 || t[0] != '[' || t[1] == '^' {
		return nil, nil, false
	}
	end := bytes.IndexByte(t, ']')
	if end < 2 || bytes.IndexByte(t[1:end], '[') >= 0 || end+1 >= len(t) || t[end+1] != ':' {
		return nil, nil, false
	}
	dest = bytes.TrimSpace(t[end+2:])
	if len(dest) == 0 || len(bytes.TrimSpace(t[1:end])) == 0 {
		return nil, nil, false
	}
	if i := bytes.IndexAny(dest, " \t"); i >= 0 && !bytes.Contains(dest[:i], []byte("{{")) {
		dest = dest[:i] // a title follows
	}
	return t[1:end], dest, true
}

// footnoteDef reserves the footnote's place in doc.References when the walk
// enters it; footnoteEnd fills it in when the walk has seen its body.
func (w *walker) footnoteDef(n *east.Footnote) {
	p := n.Pos()
	if p < 0 || p >= len(w.src) {
		w.openNotes = append(w.openNotes, -1)
		return
	}
	w.openNotes = append(w.openNotes, len(w.doc.References))
	w.footnotes = append(w.footnotes, len(w.doc.References))
	w.doc.References = append(w.doc.References, Reference{})
}

func (w *walker) footnoteEnd(n *east.Footnote) {
	idx := w.openNotes[len(w.openNotes)-1]
	w.openNotes = w.openNotes[:len(w.openNotes)-1]
	if idx < 0 {
		return
	}
	p := n.Pos()
	end := w.blockEnd(p)
	// The label is between "[^" and "]:" at Pos.
	label := string(n.Ref)
	ls := Span{Start: p, End: p + 2 + len(n.Ref) + 1}
	if ls.End > len(w.src) {
		ls.End = len(w.src)
	}
	body := Span{Start: ls.End, End: end}
	if body.Start < len(w.src) && w.src[body.Start] == ':' {
		body.Start++
	}
	if body.Start > body.End {
		body.Start = body.End
	}
	ref := Reference{Kind: RefFootnote, Label: label, Span: Span{Start: p, End: end}, LabelSpan: ls, Section: -1}
	raw := w.src[body.Start:body.End]
	ref.Text = string(bytes.TrimSpace(raw))
	w.refLists.SetIdentifiers(&ref, raw, body.Start)
	ref.Title = reflist.GuessTitle(raw)
	w.doc.References[idx] = ref
}

func (w *walker) htmlBlock(n *ast.HTMLBlock) {
	sp, ok := linesSpan(n)
	if !ok {
		return
	}
	if n.HasClosure() {
		c := n.ClosureLine
		if c.Stop > sp.End {
			sp.End = c.Stop
		}
	}
	w.comments(sp, true)
}

func (w *walker) rawHTML(n *ast.RawHTML) {
	if n.Segments == nil || n.Segments.Len() == 0 {
		return
	}
	sp := Span{Start: n.Segments.At(0).Start, End: n.Segments.At(n.Segments.Len() - 1).Stop}
	w.comments(sp, false)
}

// comments finds every <!-- ... --> in sp.
func (w *walker) comments(sp Span, block bool) {
	b := w.src[sp.Start:sp.End]
	for off := 0; ; {
		i := bytes.Index(b[off:], []byte("<!--"))
		if i < 0 {
			return
		}
		start := off + i
		j := bytes.Index(b[start+4:], []byte("-->"))
		end := len(b)
		inner := b[start+4:]
		if j >= 0 {
			end = start + 4 + j + 3
			inner = b[start+4 : start+4+j]
		}
		cs := Span{Start: sp.Start + start, End: sp.Start + end}
		w.doc.Comments = append(w.doc.Comments, Comment{
			Span:    cs,
			Text:    string(bytes.TrimSpace(inner)),
			OwnLine: block && OnlyOnLine(w.src, cs),
		})
		off = end
	}
}

// OnlyOnLine reports whether nothing but blanks shares sp's lines (a
// comment on its own line is a directive for the next line).
func OnlyOnLine(src []byte, sp Span) bool {
	for i := sp.Start - 1; i >= 0 && src[i] != '\n'; i-- {
		if src[i] != ' ' && src[i] != '\t' {
			return false
		}
	}
	for i := sp.End; i < len(src) && src[i] != '\n'; i++ {
		if src[i] != ' ' && src[i] != '\t' && src[i] != '\r' {
			return false
		}
	}
	return true
}

func (w *walker) finish() {
	// Prose ranges are in source order but for footnotes (goldmark moves
	// them).
	w.sortSpans(w.prose)
	// The same for code in footnotes.
	slices.SortStableFunc(w.doc.CodeBlocks, func(a, b CodeBlock) int { return cmp.Compare(a.Start, b.Start) })
	w.findScaffold()
	w.refLists.Init(w.src, w.doc, w.blocks, w.listItems, w.headingDepths)
	w.refLists.FindRSTEntries()
	w.refLists.BuildSections()
	w.scan.ScanBlocks(w.prose, w.refLists.RSTEntries())
	w.findNoteCandidates()
	w.scan.CollectCitations()
	w.placeCitations()
	w.findNotes()
	if !w.opts.NoClaims {
		w.buildClaims()
	}
}

// checkFenceClosed reports a fenced code block that runs to the end of the
// document: everything after its opening line is code, so the citations and
// the reference list there vanish. LLMs write "``` [21]", which is not a
// closing fence (a closing fence has nothing after the backticks).
func (w *walker) checkFenceClosed(n *ast.FencedCodeBlock) {
	lines := n.Lines()
	if lines == nil || lines.Len() == 0 {
		return
	}
	first, last := lines.At(0), lines.At(lines.Len()-1)
	// Only white space after the code: the fence runs to the end. (The
	// scan stops at the next byte that is not white space, the closing
	// fence's for a closed one; trimming the right end as well rescanned
	// the document's tail for every fence.)
	if len(bytes.TrimLeftFunc(w.src[last.Stop:], unicode.IsSpace)) > 0 {
		return // a closing fence follows
	}
	if !mayHoldCitations(w.src[first.Start:last.Stop]) {
		return // nothing a citation check would miss: a last code block left open
	}
	// The fence is the line before the first line of code. (Not the line
	// of first.Start-1: in an indented fence, the code's segments start
	// after the indentation they drop.)
	open := 0
	if ls := walk.LineStart(w.src, first.Start); ls > 0 {
		open = walk.LineStart(w.src, ls-1)
	}
	idx := 1 + bytes.Count(w.src[:open], []byte("\n"))
	unit := "lines"
	if lines.Len() == 1 {
		unit = "line"
	}
	msg := fmt.Sprintf("code fence opened on line %d is never closed: the rest of the document (%d %s) is code, and citations or references there are ignored", idx, lines.Len(), unit)
	fence := bytes.TrimLeft(w.src[open:first.Start], " \t")
	if len(fence) > 0 && (fence[0] == '`' || fence[0] == '~') {
		ch := fence[0]
		k := 0
		for k < len(fence) && fence[k] == ch {
			k++
		}
		marker := fence[:k]
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			l := bytes.TrimSpace(w.src[seg.Start:seg.Stop])
			if bytes.HasPrefix(l, marker) && len(bytes.TrimLeft(l, string(ch))) > 0 {
				lineNo := 1 + bytes.Count(w.src[:seg.Start], []byte("\n"))
				msg += fmt.Sprintf("; line %d (%q) does not close it: a closing fence has nothing after the %c", lineNo, l, ch)
				break
			}
		}
	}
	w.doc.Diagnostics = append(w.doc.Diagnostics, Diagnostic{Offset: open, Message: msg, Kind: DiagUnclosedFence})
}

// addCodeBlock records a code block's content, which line-based readers
// of the source (parseEntries) must not take for prose: "2. rm -f x" in a
// fence is a shell step, not reference entry 2.
func (w *walker) addCodeBlock(lines *text.Segments, lang Span) {
	if lines.Len() > 0 {
		w.doc.CodeBlocks = append(w.doc.CodeBlocks, CodeBlock{Span: Span{Start: lines.At(0).Start, End: lines.At(lines.Len() - 1).Stop}, Lang: lang})
	}
}

// fenceLang locates the first word of a fence's info string, cut before a
// space or '{': "python" in "```python title=x", nothing in "```{r}".
func (w *walker) fenceLang(n *ast.FencedCodeBlock) Span {
	if n.Info == nil {
		return Span{}
	}
	info := n.Info.Segment.Value(w.src)
	start := n.Info.Segment.Start + len(info) - len(bytes.TrimLeftFunc(info, unicode.IsSpace))
	word := bytes.TrimSpace(info)
	if i := bytes.IndexAny(word, " \t{"); i >= 0 {
		word = word[:i]
	}
	return Span{Start: start, End: start + len(word)}
}

// gluedCitationLines counts the lines of b that end a sentence with a
// glued citation number, as exported reports write them ("...it sees.13").
func gluedCitationLines(b []byte) int {
	n := 0
	for len(b) > 0 {
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		line = bytes.TrimSpace(line)
		digits := bytes.TrimRight(line, "0123456789")
		if d := len(line) - len(digits); d > 0 && d <= 3 && len(digits) > 1 && digits[len(digits)-1] == '.' && endsWord(digits[len(digits)-2]) {
			n++
		}
	}
	return n
}

func endsWord(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' || c == ')' || c == '"' }

// mayHoldCitations reports whether text swallowed by an unclosed fence
// holds something citelint would read were it prose: a Markdown link, a
// bracketed number, footnote or key, or a sentence ending with a glued
// citation ("the brain.13"). A URL alone is not enough: code quotes them;
// nor is prose without citations: nothing is lost to a citation check.
func mayHoldCitations(b []byte) bool {
	if bytes.Contains(b, []byte("](")) || gluedCitationLines(b) > 0 {
		return true
	}
	for i := bytes.IndexByte(b, '['); i >= 0 && i+1 < len(b); {
		if c := b[i+1]; c >= '0' && c <= '9' || c == '^' || c == '@' {
			return true
		}
		j := bytes.IndexByte(b[i+1:], '[')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}
