package inline

import (
	"bytes"
	"cmp"
	"slices"
	"sort"

	"github.com/citelint/citelint/internal/markdown/forms"
	"github.com/citelint/citelint/internal/markdown/model"
	"github.com/citelint/citelint/internal/markdown/walk"
)

// proseCutAt is the length past which a prose range is scanned in pieces:
// a range's candidates are all held at once, full size, before keep makes
// them compact, so one 8 MB line of markers held twice the memory of the
// same markers over many lines.
const proseCutAt = 32 << 10

// ScanBlocks scans every prose range for markers. rstEntries is how many
// reST entries the document writes (reflist.Builder.RSTEntries).
func (w *Scanner) ScanBlocks(prose []model.Span, rstEntries int) {
	w.rstEntries = rstEntries
	// Each prose range's candidates are found in a scratch slice and kept
	// as compact records (keep); the slices come from the free list, grown
	// by earlier files.
	scratch := w.scratch[:0]
	w.hints.reset(w.src)
	// Forms a document seldom holds are looked for in its ranges only
	// when one search of the whole says it may (forms.go).
	w.toolMarkers, w.bareKeys = forms.ToolMarkersIn(w.src), forms.BareKeysIn(w.src)
	// Titles are read where the document lists works with titles and
	// quotes something: a search for each quotation mark of every
	// document, and the titles lower-cased for each, cost more than what
	// they found elsewhere.
	w.quotes, w.entryTitles = 0, nil
	titled := false
	for i := range w.doc.References {
		if r := &w.doc.References[i]; r.Kind == model.RefEntry && len(r.Title) > 10 {
			titled = true
			break
		}
	}
	for k, q := range titleQuotes {
		if titled && bytes.Contains(w.src, []byte(q[0])) {
			w.quotes |= 1 << k
		}
	}

	for _, whole := range prose {
		for sp := range proseCuts(w.src, whole) {
			scratch = w.scanProse(sp, scratch[:0])
			for i := range scratch {
				w.Keep(&scratch[i])
			}
			clear(scratch) // see bufs.reset
		}
	}
	w.scratch = scratch[:0]
	if bytes.IndexByte(w.src, '$') >= 0 {
		w.dropInMath(mathSpans(w.src))
	}
}

// proseCuts yields sp whole, or, when it is longer than proseCutAt, in
// pieces of about that length, each cut at a space right after a closing
// bracket or a full stop ("[12] The", "rose. The") with no parenthesis or
// bracket open in the 256 bytes before it: where no marker is open and the
// next starts afresh. A range with no such space
// is yielded whole.
func proseCuts(src []byte, sp model.Span) func(func(model.Span) bool) {
	return func(yield func(model.Span) bool) {
		for sp.End-sp.Start > proseCutAt {
			cut := -1
			for i := sp.Start + proseCutAt/2; i < sp.End-proseCutAt/2; i++ {
				if src[i] == ' ' && (src[i-1] == ']' || src[i-1] == '.') && i+1 < sp.End && src[i+1] != ' ' && src[i+1] != '(' && !parenOpen(src[max(sp.Start, i-256):i]) {
					cut = i + 1
					break
				}
			}
			if cut < 0 {
				break
			}
			if !yield(model.Span{Start: sp.Start, End: cut}) {
				return
			}
			sp.Start = cut
		}
		yield(sp)
	}
}

// parenOpen reports whether b leaves a parenthesis or bracket open: a cut
// after it could split "(Smith et al. 2020)" or "[1, 2]".
func parenOpen(b []byte) bool {
	paren, bracket := 0, 0
	for _, c := range b {
		switch c {
		case '(':
			paren++
		case ')':
			paren = max(0, paren-1)
		case '[':
			bracket++
		case ']':
			bracket = max(0, bracket-1)
		}
	}
	return paren > 0 || bracket > 0
}

// CollectCitations merges link-syntax citations with scanned ones, drops
// candidates that are not citations after all, and sorts by offset.
func (w *Scanner) CollectCitations() {
	doc := w.doc
	w.sortSpans(w.linkMarker)
	// The first marker ending after off, by binary search; when the ends
	// increase with the starts (markers do not nest) that index is the
	// same however it is found, and a cursor finds it for offsets asked in
	// increasing order, as most are.
	linkEnds := walk.Searchable(w.linkMarker, func(s model.Span) int { return s.End })
	lastOff, li := -1, 0
	insideLink := func(off int) bool {
		var i int
		if linkEnds && off >= lastOff {
			for li < len(w.linkMarker) && w.linkMarker[li].End <= off {
				li++
			}
			i, lastOff = li, off
		} else {
			i = sort.Search(len(w.linkMarker), func(i int) bool { return w.linkMarker[i].End > off })
		}
		return i < len(w.linkMarker) && w.linkMarker[i].Start <= off
	}

	// Labels of numbered entries and definitions decide which bracketed
	// years and glued numbers are citations.
	entryLabels := make(map[string]bool)
	for i := range doc.References {
		r := &doc.References[i]
		if (r.Kind == model.RefEntry || r.Kind == model.RefLinkDef) && r.Label != "" {
			entryLabels[r.Label] = true
		}
	}

	// Non-identifier markers claim their bytes first (DOI → marker order):
	// the doi: inside [@doi:10.1/x] is part of the pandoc key. The claimed
	// spans are gathered when the first identifier or glued number asks:
	// a document of bracket markers alone needs none.
	var claimed []model.Span
	built := false
	overlaps := func(s model.Span) bool {
		if !built {
			built = true
			claimed = slices.Grow(w.claimed[:0], len(w.rawCites)+w.cands.len())
			for _, c := range w.rawCites {
				claimed = append(claimed, c.Marker)
			}
			for i := range w.cands.len() {
				if c := w.cands.at(i); !c.is(candIdent | candGlued) {
					claimed = append(claimed, w.candMarker(c))
				}
			}
			// Sorted with a buffer of its own: w.keys is being filled
			// by the loop that asks.
			w.claimKeys = walk.SortSpans(claimed, w.claimKeys[:0])
			w.claimed = claimed
		}
		i := sort.Search(len(claimed), func(i int) bool { return claimed[i].End > s.Start })
		return i < len(claimed) && claimed[i].Start < s.End
	}
	var others *spanSet // built when the first parenthetical author-year needs it
	overlapsOther := func(m model.Span) bool {
		if others == nil {
			others = w.newSpanSet()
		}
		return others.overlaps(m)
	}

	// Named brackets are one document's system or nothing: one "[Optional]"
	// is no citation. Glued numbers are kept where an entry has their
	// label; where the document cites so (three or more agree with its
	// entries), also a little past its last entry, as a list cut short
	// leaves them ("…the brain.45" of a list of 40).
	// Agreement is three or more labels of the list's entries (not link
	// definitions: "rc.1" in a changelog agrees with its "[1]: url").
	namedCount, maxEntry := 0, 0
	listLabels := map[string]bool{}
	for i := range doc.References {
		if r := &doc.References[i]; r.Kind == model.RefEntry {
			if v, ok := smallNumber(r.Label); ok {
				listLabels[r.Label] = true
				maxEntry = max(maxEntry, v)
			}
		}
	}
	agreeing := map[string]bool{}
	bracketAgree := 0 // bracketed numbers an entry has: the document cites so
	for ci := range w.cands.len() {
		c := w.cands.at(ci)
		if c.is(candNamed) {
			namedCount++
		}
		if c.is(candGlued) && listLabels[c.Label] && len(agreeing) < 3 {
			agreeing[c.Label] = true
		}
		if c.Kind == model.KindNumeric && !c.is(candGlued|candZeroLike) && listLabels[c.Label] {
			bracketAgree++
		}
	}
	// "[0, 73]" is an interval in a manual but a citation, with a bad
	// label, in a survey that cites five numbers or more of its list and
	// ends a clause with it.
	zeroCites := func(c *candRec) bool {
		return bracketAgree >= 5 && endsClause(w.src, w.candMarker(c).End)
	}
	gluedPast := func(label string) bool {
		v, ok := smallNumber(label)
		return ok && len(agreeing) >= 3 && v > maxEntry && v <= maxEntry+max(20, maxEntry)
	}
	// Which candidates are citations: marked candKept and counted. With
	// no link citations to merge, and the kept candidates' starts never
	// decreasing (as a citation-dense document's do), their order is the
	// sorted one, and the keys below are not built: 8 bytes a citation,
	// alive beside the records and the Citations.
	nRaw := len(w.rawCites)
	kept, inOrder, last := 0, nRaw == 0, 0
	for ci := range w.cands.len() {
		c := w.cands.at(ci)
		c.flags &^= candKept
		m := w.candMarker(c)
		switch {
		case insideLink(m.Start):
			continue
		case c.is(candIdent) && overlaps(m):
			continue
		case c.is(candGlued) && (!entryLabels[c.Label] && !gluedPast(c.Label) || overlaps(m)):
			continue
		case c.is(candYearLike) && !entryLabels[c.Label]:
			continue
		case c.is(candZeroLike) && !entryLabels["0"] && !zeroCites(c):
			continue
		case c.Kind == model.KindAuthorYear && c.scheme == 0 && overlapsOther(m):
			continue
		case c.is(candNamed) && namedCount < 2:
			continue
		}
		c.flags |= candKept
		kept++
		if s := w.candSpan(c).Start; s < last {
			inOrder = false
		} else {
			last = s
		}
	}
	if inOrder {
		cites := make([]model.Citation, kept)
		i := 0
		for ci := range w.cands.len() {
			if c := w.cands.at(ci); c.is(candKept) {
				w.citation(&cites[i], c)
				i++
			}
		}
		w.finishCitations(cites)
		return
	}
	// Pick and order by index, then copy each Citation once: sorting the
	// structs themselves moves hundreds of bytes per swap. The order is a
	// stable sort by start: by (start, position), with the rawCites first
	// and then the candidates, each in index order. Both fit in a uint64
	// (files are below 4 GiB; larger ones take the slower sort), and
	// distinct keys have one sorted order.
	n := nRaw + kept
	// In the usual case the (start, position) pairs are the keys alone,
	// sorted as integers; the picks are not built. Both are sized once: a
	// document of a million citations grew them by append to several
	// times their final size.
	useKeys := uint64(len(w.src)) < 1<<32 && uint64(nRaw+w.cands.len()) < 1<<32
	var keys []uint64
	var picks []pick
	if useKeys {
		keys = slices.Grow(w.keys[:0], n)
		for i := range w.rawCites {
			keys = append(keys, uint64(w.rawCites[i].Start)<<32|uint64(i))
		}
	} else {
		picks = slices.Grow(w.picks[:0], n)
		for i := range w.rawCites {
			picks = append(picks, pick{w.rawCites[i].Start, i})
		}
	}
	for ci := range w.cands.len() {
		c := w.cands.at(ci)
		if !c.is(candKept) {
			continue
		}
		if useKeys {
			keys = append(keys, uint64(c.at.start)<<32|uint64(nRaw+ci))
		} else {
			picks = append(picks, pick{w.candSpan(c).Start, nRaw + ci})
		}
	}
	m := len(picks)
	if useKeys {
		slices.Sort(keys)
		w.keys, m = keys, len(keys)
	} else {
		slices.SortFunc(picks, func(a, b pick) int {
			if a.start != b.start {
				return cmp.Compare(a.start, b.start)
			}
			return cmp.Compare(a.seq, b.seq)
		})
		w.picks = picks
	}
	cites := make([]model.Citation, m)
	for i := range cites {
		var seq int
		if useKeys {
			seq = int(uint32(keys[i]))
		} else {
			seq = picks[i].seq
		}
		if seq < nRaw {
			model.CopyCitation(&cites[i], &w.rawCites[seq])
		} else {
			w.citation(&cites[i], w.cands.at(seq-nRaw))
		}
	}
	w.finishCitations(cites)
}

// finishCitations marks which of cites, in source order, stand inside
// reference lists and definitions, and makes them the document's.
func (w *Scanner) finishCitations(cites []model.Citation) {
	doc := w.doc
	// Citations inside reference lists and definitions describe references.
	refSpans := w.refSpans[:0]
	for _, s := range doc.Sections {
		refSpans = append(refSpans, s.Span)
	}
	for i := range doc.References {
		if k := doc.References[i].Kind; k == model.RefFootnote || k == model.RefLinkDef {
			refSpans = append(refSpans, doc.References[i].Span)
		}
	}
	w.sortSpans(refSpans)
	// reach[k] is the largest End among refSpans[:k+1]: a citation at off
	// lies in some span starting at or before it exactly when the reach of
	// those spans passes off. (A scan of the spans per citation was
	// quadratic: 1.4 s of a 12 MB report's 4 s.)
	w.refSpans = refSpans
	reach := slices.Grow(w.reach[:0], len(refSpans))[:len(refSpans)]
	w.reach = reach
	for k, s := range refSpans {
		reach[k] = s.End
		if k > 0 {
			reach[k] = max(reach[k], reach[k-1])
		}
	}
	for i := range cites {
		off := cites[i].Marker.Start
		k := sort.Search(len(refSpans), func(k int) bool { return refSpans[k].Start > off })
		cites[i].InReferences = k > 0 && reach[k-1] > off
		cites[i].Claim, cites[i].Ref = -1, -1
	}
	doc.Citations = cites
	w.dropCandidates()
}

// dropCandidates lets the collector have the candidates and their sort
// keys once the Citations are built, when they are too large for the free
// list (putBufs would drop them when Parse returns): in a citation-dense
// document they are a third of its memory, and the sentences and claims
// built next would otherwise grow beside them (docs/security.md, memory).
// Smaller ones are cleared and kept for the next file, as bufs.reset does.
func (w *Scanner) dropCandidates() {
	if w.cands.bytes()+walk.CapBytes(w.candMore)+walk.CapBytes(w.rawCites)+walk.CapBytes(w.keys)+walk.CapBytes(w.claimed)+walk.CapBytes(w.claimKeys) <= walk.MaxFreeBytes {
		return
	}
	w.cands = candList{}
	w.candMore, w.rawCites, w.keys, w.claimed, w.claimKeys, w.picks = nil, nil, nil, nil, nil, nil
}

// endsClause reports whether what follows src[:end] ends a clause: a
// full stop, comma, semicolon or colon, a line's end, or the end.
func endsClause(src []byte, end int) bool {
	for end < len(src) && src[end] == ' ' {
		end++
	}
	return end == len(src) || bytes.IndexByte([]byte(".,;:\n\r"), src[end]) >= 0 || bytes.HasPrefix(src[end:], []byte("。"))
}

// smallNumber returns the value of a label of one to five digits.
func smallNumber(l string) (int, bool) {
	if len(l) == 0 || len(l) > 5 {
		return 0, false
	}
	v := 0
	for i := 0; i < len(l); i++ {
		if !isDigit(l[i]) {
			return 0, false
		}
		v = v*10 + int(l[i]-'0')
	}
	return v, true
}

// pick is a citation chosen by collectCitations: seq is an index into
// w.rawCites, or len(w.rawCites) plus one into w.cands.
type pick struct {
	start, seq int
}

// spanSet answers whether a parenthetical author-year candidate overlaps a
// bracket marker (the year inside [Smith 2020] is not prose): the markers
// of the candidates that are neither author-year nor identifiers, sorted by
// start, with reach[k] the largest end among the first k+1. A scan of every
// candidate per author-year one was quadratic: 20,000 "(Name et al., 2020)"
// took 5 s.
type spanSet struct {
	spans []model.Span
	reach []int
}

func (w *Scanner) newSpanSet() *spanSet {
	s := &spanSet{}
	for i := range w.cands.len() {
		if o := w.cands.at(i); o.Kind != model.KindAuthorYear && !o.is(candIdent) {
			s.spans = append(s.spans, w.candMarker(o))
		}
	}
	walk.SortSpans(s.spans, nil)
	s.reach = make([]int, len(s.spans))
	for k, sp := range s.spans {
		s.reach[k] = sp.End
		if k > 0 {
			s.reach[k] = max(s.reach[k], s.reach[k-1])
		}
	}
	return s
}

// overlaps reports whether some span starts before m ends and ends after m starts.
func (s *spanSet) overlaps(m model.Span) bool {
	k := sort.Search(len(s.spans), func(k int) bool { return s.spans[k].Start >= m.End })
	return k > 0 && s.reach[k-1] > m.Start
}
