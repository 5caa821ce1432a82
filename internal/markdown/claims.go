package markdown

import (
	"cmp"
	"slices"
	"sort"

	"github.com/citelint/citelint/internal/markdown/walk"
	"github.com/citelint/citelint/internal/sentence"
)

// sortSpans is walk.SortSpans with w.keys as its buffer.
func (w *walker) sortSpans(s []Span) {
	w.keys = walk.SortSpans(s, w.keys[:0])
}

// sent is a sentence of w.blocks[block].
type sent struct {
	Span
	block int
}

// placeCitations sets InHeading and InQuote: from the block that holds a
// citation's marker, of those buildClaims splits into sentences, the last
// to start at or before it. That is the block of the sentence buildClaims
// attaches the citation to (a block's first sentence starts at its first
// text, and a marker is text), so the flags agree with Claim.Heading and
// Claim.Quote (checkParse), without splitting anything.
func (w *walker) placeCitations() {
	doc := w.doc
	// Blocks are in walk order, which is source order except for
	// footnotes: a stable sort of sorted blocks leaves them as they are.
	byStart := func(a, b walk.Block) int { return cmp.Compare(a.Span.Start, b.Span.Start) }
	if !slices.IsSortedFunc(w.blocks, byStart) {
		slices.SortStableFunc(w.blocks, byStart)
	}
	prose := w.proseBlocks[:0]
	for bi, b := range w.blocks {
		if !b.InRefs && !w.inSectionBody(b.Span.Start) {
			prose = append(prose, int32(bi))
		}
	}
	w.proseBlocks = prose
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.InReferences {
			continue
		}
		off := c.Marker.Start
		k := sort.Search(len(prose), func(k int) bool { return w.blocks[prose[k]].Span.Start > off }) - 1
		if k < 0 {
			continue
		}
		if b := &w.blocks[prose[k]]; b.Span.Contains(off) {
			c.InHeading, c.InQuote = b.Heading, b.Quote
		}
	}
}

// buildClaims segments every prose block outside reference lists and
// definitions (placeCitations's proseBlocks) into sentences, and attaches
// each citation to its sentence.
func (w *walker) buildClaims() {
	doc := w.doc
	glue, spans := w.glue[:0], w.spans[:0]
	ci := 0
	blockOf := w.blockOf[:0]
	// Sentences go to a reused buffer first (a span and a block each, no
	// pointers to copy), then to a slice of claims of their exact number:
	// a guess from the count of ". " was off both ways.
	sents := w.sents[:0]
	for _, bi := range w.proseBlocks {
		b := w.blocks[bi]
		// Glue: the citation markers inside this block, relative to it.
		glue = glue[:0]
		for ci < len(doc.Citations) && doc.Citations[ci].Marker.Start < b.Span.Start {
			ci++
		}
		last := -1
		for k := ci; k < len(doc.Citations) && doc.Citations[k].Marker.Start < b.Span.End; k++ {
			m := doc.Citations[k].Marker
			if m.Start < last || m.End > b.Span.End {
				continue
			}
			if n := len(glue); n > 0 && glue[n-1].Start == m.Start-b.Span.Start {
				continue
			}
			glue = append(glue, sentence.Span{Start: m.Start - b.Span.Start, End: m.End - b.Span.Start})
			last = m.End
		}
		spans = sentence.AppendSplit(spans[:0], w.src[b.Span.Start:b.Span.End], glue)
		for _, s := range spans {
			sents = append(sents, sent{Span{Start: b.Span.Start + s.Start, End: b.Span.Start + s.End}, int(bi)})
			blockOf = append(blockOf, b.Span)
		}
	}
	w.glue, w.spans, w.blockOf, w.sents = glue, spans, blockOf, sents
	doc.Claims = make([]Claim, len(sents))
	for i, s := range sents {
		b := &w.blocks[s.block]
		doc.Claims[i] = Claim{
			Span:      s.Span,
			Block:     b.ID,
			Heading:   b.Heading,
			ListItem:  b.ListItem,
			TableCell: b.TableCell,
			Quote:     b.Quote,
			Section:   b.Section,
			List:      b.List,
		}
	}
	// Attach: the sentence containing the marker, else the sentence before
	// it in the same block (a marker in the gap after a full stop). Each
	// claim's list of citations is a window of one array, filled in
	// citation order.
	counts := slices.Grow(w.counts[:0], len(doc.Claims))[:len(doc.Claims)]
	clear(counts)
	w.counts = counts
	total := 0
	// As in inline.Scanner.CollectCitations: claims in order of start can be walked with
	// a cursor for markers in increasing order.
	claimStarts := walk.Searchable(doc.Claims, func(c Claim) int { return c.Start })
	lastOff, next := -1, 0
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.InReferences {
			continue
		}
		off := c.Marker.Start
		var k int
		if claimStarts && off >= lastOff {
			for next < len(doc.Claims) && doc.Claims[next].Start <= off {
				next++
			}
			k, lastOff = next-1, off
		} else {
			k = sort.Search(len(doc.Claims), func(k int) bool { return doc.Claims[k].Start > off }) - 1
		}
		if k < 0 {
			continue
		}
		if off < doc.Claims[k].End || blockOf[k].Contains(off) {
			c.Claim = int32(k)
			counts[k]++
			total++
		}
	}
	if total == 0 {
		return
	}
	all := make([]int, total)
	at := 0
	for k, n := range counts {
		if n > 0 {
			doc.Claims[k].Citations = all[at : at : at+int(n)]
			at += int(n)
		}
	}
	for i := range doc.Citations {
		if k := doc.Citations[i].Claim; k >= 0 {
			doc.Claims[k].Citations = append(doc.Claims[k].Citations, i)
		}
	}
}

// inSectionBody reports whether off lies inside a reference section (the
// final ones: sorted, not overlapping), by binary search.
func (w *walker) inSectionBody(off int) bool {
	secs := w.doc.Sections
	k := sort.Search(len(secs), func(i int) bool { return secs[i].Span.Start > off })
	return k > 0 && secs[k-1].Span.Contains(off)
}
