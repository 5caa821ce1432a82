// Package structure answers what a Document's structure says of a
// sentence, for the rules that ask whether it is cited or a claim at all:
// whether the table row or the list holding it cites (with a lead-in or a
// closing line of markers), whether a line holds citation markers only,
// whether a text reads as program code. It reads the document model and
// its source; it decides nothing a rule's settings could change.
package structure

import (
	"bytes"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/markdown"
)

// TableRows answers whether the table row holding a cell's sentence
// cites something, in any cell: a row is one record, and its Source or
// Link column, or a marker in another cell, is that record's source (LLM
// reports put the source in the row's last cell). A table row is one
// line. The last row asked about is kept: the cells of a
// row come one after another, and finding the row's line again for each
// cell of a long row would be quadratic.
type TableRows struct {
	doc      *markdown.Document
	from, to int // the last row asked about, src[from:to]
	rowCites bool
}

// NewTableRows returns the table rows of doc.
func NewTableRows(doc *markdown.Document) TableRows { return TableRows{doc: doc} }

// Cited reports whether the table row holding c cites something.
func (rc *TableRows) Cited(c *markdown.Claim) bool {
	doc, start := rc.doc, c.Start
	if rc.to <= rc.from || start < rc.from || start >= rc.to {
		row := markdown.LineAt(doc.Src, start)
		rc.from, rc.to = row.Start, row.End
		k, _ := slices.BinarySearchFunc(doc.Citations, rc.from, func(c markdown.Citation, off int) int { return c.Span.Start - off })
		rc.rowCites = k < len(doc.Citations) && doc.Citations[k].Span.Start < rc.to
	}
	return rc.rowCites
}

// Lists answers whether the list holding a list item's sentence,
// or a list holding that list, cites from outside the item, as reports do: a lead-in ending with a colon that cites ("CPI by
// group (2020 = 100) [15]:"), or a last item or last line made only of
// citation markers ("[77][78]", "（参考：[12][3]）", "- [Mordor
// Intelligence](https://...)"). A nested item is part of its outer item,
// so the sources that close or introduce the outer list are its too.
//
// The answer is kept per list: every item of a long list asks about the
// same lead-in and last line, which read again for each would make a list
// of n items ending in a long line quadratic.
type Lists struct {
	doc   *markdown.Document
	known []int8 // per list: 0 not yet asked, 1 cited, -1 not
}

// NewLists returns the lists of doc.
func NewLists(doc *markdown.Document) Lists { return Lists{doc: doc} }

// Cited reports whether the list holding c (a list item's sentence), or a
// list holding that list, cites from outside the item.
func (lc *Lists) Cited(c *markdown.Claim) bool {
	doc := lc.doc
	if c.List < 0 || c.List >= len(doc.Lists) {
		return false
	}
	if lc.known == nil {
		lc.known = make([]int8, len(doc.Lists))
	}
	return lc.listCited(c.List)
}

// listCited answers for list i and the lists holding it, each once: the
// chain is walked up to the first list already answered, then every list
// on it is answered on the way back.
func (lc *Lists) listCited(i int) bool {
	doc := lc.doc
	var chain []int
	for j := i; j >= 0 && j < len(doc.Lists) && lc.known[j] == 0; {
		chain = append(chain, j)
		if doc.Lists[j].Parent >= j { // a parent comes first; anything else ends the chain
			break
		}
		j = doc.Lists[j].Parent
	}
	for k := len(chain) - 1; k >= 0; k-- {
		j := chain[k]
		l := doc.Lists[j]
		lc.known[j] = -1
		if leadInCites(doc, l.LeadIn) || closingLine(doc, l.Last) ||
			l.Parent >= 0 && l.Parent < len(doc.Lists) && lc.known[l.Parent] == 1 {
			lc.known[j] = 1
		}
	}
	return lc.known[i] == 1
}

// leadInCites reports whether the paragraph before a list ends with a
// colon and its last sentence cites.
func leadInCites(doc *markdown.Document, lead markdown.Span) bool {
	if lead.End <= lead.Start || !EndsWithColon(bytes.TrimRight(doc.Src[lead.Start:lead.End], " \t\n*_")) {
		return false
	}
	// The last sentence starting in the lead-in; or, when that is only a
	// connective ("例如：", "For example:"), the sentence before it, which
	// the examples illustrate ("…从19.8%到59.4%不等[5]。例如：").
	k, _ := slices.BinarySearchFunc(doc.Claims, lead.End, func(c markdown.Claim, off int) int { return c.Start - off })
	if k == 0 || doc.Claims[k-1].Start < lead.Start {
		return false
	}
	if last := &doc.Claims[k-1]; len(last.Citations) > 0 || !connective(doc.Src[last.Start:last.End]) {
		return len(last.Citations) > 0
	}
	return k > 1 && doc.Claims[k-2].Start >= lead.Start && len(doc.Claims[k-2].Citations) > 0
}

// connectives are lead-ins that only announce examples or a list, in the
// languages of the corpus (matched lower-cased, before the colon).
var connectives = []string{"for example", "for instance", "e.g.", "such as", "including", "examples include", "例如", "比如", "譬如", "包括", "具体而言", "具体来说", "例えば", "예를 들어", "por ejemplo", "par exemple", "zum beispiel", "por exemplo", "например"}

// connective reports whether a sentence is only a connective and a colon.
func connective(text []byte) bool {
	t := bytes.TrimSpace(text)
	if !EndsWithColon(t) {
		return false
	}
	t = bytes.TrimRight(t, " *_:：")
	t = bytes.TrimLeft(t, " *_")
	return slices.Contains(connectives, strings.ToLower(string(t)))
}

// EndsWithColon reports whether text ends with a colon, before spaces
// and emphasis: a label, or a lead-in to a list.
func EndsWithColon(text []byte) bool {
	t := bytes.TrimRight(text, " *_")
	return bytes.HasSuffix(t, []byte(":")) || bytes.HasSuffix(t, []byte("："))
}

// closingLine reports whether the last line of a list's last item closes
// the list as its sources: it holds citation markers only, and it is the
// item's first line or starts a line of its own in the rendered text (the
// line before ends a sentence, or with a hard line break). A sentence
// wrapped in the source ("... in the annual\n  report [1].") cites only
// itself.
func closingLine(doc *markdown.Document, item markdown.Span) bool {
	line := markdown.LastLine(doc.Src, item)
	if line.Start > item.Start && !lineBreakBefore(doc.Src, line.Start) {
		return false
	}
	return CitationOnly(doc, line)
}

// lineBreakBefore reports whether the text before the line starting at
// off ends a sentence or a line: sentence punctuation (before closing
// quotes, brackets or emphasis), or a hard line break (two spaces or a
// backslash).
func lineBreakBefore(src []byte, off int) bool {
	prev := bytes.TrimRight(src[:off], "\r\n")
	if bytes.HasSuffix(prev, []byte("  ")) || bytes.HasSuffix(prev, []byte("\\")) {
		return true
	}
	prev = bytes.TrimRight(prev, " \t*_\"')”’」）]")
	for _, end := range []string{".", "!", "?", "。", "！", "？"} {
		if bytes.HasSuffix(prev, []byte(end)) {
			return true
		}
	}
	return false
}

// maxMarkerLabel is the longest label a citation-only line may start with
// ("Sources:", "**源头**：", "（参考："); a label has no digits and at most
// three spaces, so that "Sales hit $5B in 2024: [1]" is a claim.
const maxMarkerLabel = 32

// CitationOnly reports whether the line sp holds citation markers and
// nothing else: besides its markers, a list marker, a short label ending
// with a colon, and punctuation.
func CitationOnly(doc *markdown.Document, sp markdown.Span) bool {
	if sp.End <= sp.Start {
		return false
	}
	k, _ := slices.BinarySearchFunc(doc.Citations, sp.Start, func(c markdown.Citation, off int) int { return c.Span.Start - off })
	pos, labelled, cited := sp.Start, false, false
	for ; pos <= sp.End; k++ {
		next := sp.End // where the next marker starts, or the line's end
		var m markdown.Span
		if k < len(doc.Citations) && doc.Citations[k].Span.Start < sp.End {
			if !sourceMarker(&doc.Citations[k]) {
				continue // its text stays in the gap to the next marker
			}
			m = doc.Citations[k].Marker
			next = max(pos, min(m.Start, sp.End))
		}
		gap := doc.Src[pos:next]
		if !cited && !labelled {
			gap = markdown.TrimListMarker(gap)
			if i := firstColon(gap); i >= 0 && i < maxMarkerLabel && bytes.Count(gap[:i], []byte(" ")) <= 3 && !bytes.ContainsAny(gap[:i], "0123456789$%€£¥") {
				_, n := utf8.DecodeRune(gap[i:])
				gap, labelled = gap[i+n:], true
			}
		}
		if strings.TrimLeft(string(gap), markerPunctuation) != "" {
			return false
		}
		if next == sp.End {
			return cited
		}
		cited = true
		pos = max(pos, min(m.End, sp.End))
	}
	return cited
}

// sourceMarker reports whether a citation can stand for a source on a
// line of markers: a link must lead off the site (a link to the next
// chapter or an e-mail address is navigation, not a source). A link to
// arxiv.org or doi.org is known by its identifier ("arxiv:2502.03117").
func sourceMarker(c *markdown.Citation) bool {
	if c.Kind != markdown.KindLink {
		return true
	}
	t := strings.ToLower(c.SelfTarget())
	return strings.HasPrefix(t, "https://") || strings.HasPrefix(t, "http://") || strings.HasPrefix(t, "arxiv:") || strings.HasPrefix(t, "doi:")
}

// firstColon returns the offset of the first ':' or '：' in b, or -1.
func firstColon(b []byte) int {
	i, j := bytes.IndexByte(b, ':'), bytes.Index(b, []byte("："))
	if i < 0 || j >= 0 && j < i {
		return j
	}
	return i
}

// markerPunctuation may stand between citation markers on a line that
// holds nothing else.
const markerPunctuation = " \t*_()[],;.-–—|/·•（）【】、，；。："

// LeadIns answers whether a sentence is in the paragraph that leads into
// a list of evidence: a list of two or more items, every one of which
// cites ("- 2023年收入4.2亿元 [来源3](url)"). Such a paragraph sums up
// what its list sources, item by item, as research agents write a
// finding above its evidence; read in context, every labelled finding in
// one (18, in seven report families) restated its list.
type LeadIns struct {
	doc   *markdown.Document
	spans []markdown.Span // lead-ins of lists of evidence, by start; nil until asked
	made  bool
}

// NewLeadIns returns the lead-ins of doc's lists of evidence.
func NewLeadIns(doc *markdown.Document) LeadIns { return LeadIns{doc: doc} }

// Cited reports whether c is in the lead-in of a list of evidence.
func (li *LeadIns) Cited(c *markdown.Claim) bool {
	if !li.made {
		li.made, li.spans = true, evidenceLeadIns(li.doc)
	}
	if len(li.spans) == 0 {
		return false
	}
	k, _ := slices.BinarySearchFunc(li.spans, c.Start, func(s markdown.Span, off int) int { return s.Start - off })
	if k < len(li.spans) && li.spans[k].Start == c.Start {
		return true
	}
	return k > 0 && c.Start < li.spans[k-1].End
}

// evidenceLeadIns returns, sorted by start, the lead-ins of the lists
// whose items all cite. An item is its paragraphs (blocks) holding
// sentences; it cites when one of its sentences does.
func evidenceLeadIns(doc *markdown.Document) []markdown.Span {
	if len(doc.Lists) == 0 {
		return nil
	}
	type tally struct {
		items, cited, last int
		lastCites          bool // the last item counted cites
	}
	lists := make([]tally, len(doc.Lists))
	for i := range lists {
		lists[i].last = -1
	}
	for i := range doc.Claims {
		c := &doc.Claims[i]
		if c.List < 0 || c.List >= len(lists) {
			continue
		}
		t := &lists[c.List]
		if c.Block != t.last {
			t.items++
			t.last, t.lastCites = c.Block, false
		}
		if len(c.Citations) > 0 && !t.lastCites {
			t.lastCites = true
			t.cited++
		}
	}
	var out []markdown.Span
	for i, l := range doc.Lists {
		if t := lists[i]; t.items >= 2 && t.cited == t.items && l.LeadIn.End > l.LeadIn.Start {
			out = append(out, l.LeadIn)
		}
	}
	slices.SortFunc(out, func(a, b markdown.Span) int { return a.Start - b.Start })
	return out
}
