// Package inline finds a document's citation markers: those goldmark
// reads as links, autolinks and code spans, as the walk over its AST meets
// them (Link, AutoLink, CodeSpan), then those of its prose ranges
// (ScanBlocks: numbered and named brackets, glued numbers, identifiers,
// keys, the forms of internal/markdown/forms), and which of them are
// citations once all are known (CollectCitations: agreement among forms,
// overlap, math).
package inline

import (
	"github.com/citelint/citelint/internal/ident"
	"github.com/citelint/citelint/internal/markdown/forms"
	"github.com/citelint/citelint/internal/markdown/model"
	"github.com/citelint/citelint/internal/markdown/walk"
)

// Scanner holds one parse's markers, found and kept. A parse's walker
// holds one; its buffers are reused from parse to parse (Reset).
type Scanner struct {
	src      []byte
	doc      *model.Document
	knownKey func(key string) bool // Options.KnownKey
	pandoc   bool                  // Options.Pandoc
	// rstEntries is how many reST entries the document writes: its
	// markers are read as reST only then (reflist.RSTMarker), counted in
	// rstMarkers.
	rstEntries int
	rstMarkers [2]int

	hints hints // for scanProse
	// toolMarkers and bareKeys say that the document may hold
	// internal/markdown/forms' tool markers and bare keys.
	toolMarkers, bareKeys bool
	// quotes has a bit for each of titles.go's titleQuotes the document
	// holds, when entries have titles to match; entryTitles are its
	// entries' titles, lower-cased.
	quotes      uint8
	entryTitles map[string]bool
	terms       terms // for scanGluedWith

	// ranges counts the labels numeric ranges have expanded to beyond
	// their two ends (rangeBudget).
	ranges int

	// keyStrings holds one string per short pandoc key (intern).
	keyStrings map[string]string
	// schemes are the candidates' schemes, which candRec.scheme indexes.
	schemes []string

	identBuf   []ident.Match // reused by scanProse across prose spans
	rawCites   []model.Citation
	linkMarker []model.Span      // markers consumed by link syntax, never rescanned
	cands      candList          // markers found by scanning prose (Keep)
	candMore   []candMore        // their rarer fields
	scratch    []forms.Candidate // one prose range's candidates, before Keep
	numItems   []numItem

	// CollectCitations.
	claimed []model.Span
	// claimKeys sorts claimed (w.keys is in use then).
	claimKeys []uint64
	picks     []pick
	refSpans  []model.Span
	reach     []int
	keys      []uint64 // sortSpans' buffer
}

// Init starts w on a document: src as goldmark reads it, the document so
// far and the parse's options.
func (w *Scanner) Init(src []byte, doc *model.Document, knownKey func(key string) bool, pandoc bool) {
	w.src, w.doc, w.knownKey, w.pandoc = src, doc, knownKey, pandoc
}

// Bytes returns the size of the arrays behind w's buffers.
func (w *Scanner) Bytes() int {
	return walk.CapBytes(w.identBuf) + walk.CapBytes(w.rawCites) + walk.CapBytes(w.linkMarker) +
		w.cands.bytes() + walk.CapBytes(w.candMore) + walk.CapBytes(w.scratch) + walk.CapBytes(w.numItems) +
		walk.CapBytes(w.claimed) + walk.CapBytes(w.claimKeys) + walk.CapBytes(w.picks) + walk.CapBytes(w.refSpans) +
		walk.CapBytes(w.reach) + walk.CapBytes(w.keys)
}

// Reset forgets the document, keeping the buffers' arrays, and drops the
// strings the slices of matches, citations and candidates hold, so that a
// reused Scanner does not keep them alive. Clearing whole arrays cost more
// than parsing small files, so the code that shortens these slices clears
// what it drops, and only their lengths are cleared here (numItems are
// short; internal/markdown's TestFreeBufsHoldNoStrings checks all this).
func (w *Scanner) Reset() {
	clear(w.identBuf)
	clear(w.rawCites)
	w.cands.truncate(0)
	clear(w.candMore)
	clear(w.numItems[:cap(w.numItems)])
	*w = Scanner{
		identBuf: w.identBuf[:0], rawCites: w.rawCites[:0], linkMarker: w.linkMarker[:0],
		cands: w.cands, candMore: w.candMore[:0], scratch: w.scratch[:0], numItems: w.numItems[:0],
		claimed: w.claimed[:0], claimKeys: w.claimKeys[:0], picks: w.picks[:0],
		refSpans: w.refSpans[:0], reach: w.reach[:0], keys: w.keys[:0],
	}
}

// sortSpans is walk.SortSpans with w.keys as its buffer.
func (w *Scanner) sortSpans(s []model.Span) {
	w.keys = walk.SortSpans(s, w.keys[:0])
}
