package reviewpage

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// This file writes one document of the review page: its sentences'
// statuses from the issues and the scores, the marks the renderer wraps,
// the blocks with their issues beside them, and the data the script shows
// on hover and focus.

// maxEntry bounds a reference entry (an abstract can be long) in the
// data, maxTitle a title and maxLink an address.
const (
	maxEntry = 600
	maxTitle = 300
	maxLink  = 2000
)

// sourceLink is link when the page may make it a link to a cited source:
// an absolute http or https address with a host, within maxLink bytes;
// else "". The script checks the scheme again before it sets an href.
func sourceLink(link string) string {
	link = strings.TrimSpace(link)
	if len(link) > maxLink || strings.ContainsAny(link, " \t\r\n\x00\"<>\\`") {
		return ""
	}
	u, err := url.Parse(link)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil {
		return ""
	}
	return link
}

type issueData struct {
	Rule     string `json:"r"`
	Severity string `json:"v"`
	Message  string `json:"m"`
	Line     int    `json:"l"`
}

// The page's data leaves out what its markup says: a sentence's status
// (its class), a marker's text, a citation's status when it resolved.
type sentenceData struct {
	Status    string   `json:"-"`
	Score     *float64 `json:"sc,omitempty"`
	Threshold float64  `json:"th,omitempty"`
	Passage   string   `json:"p,omitempty"`
	From      string   `json:"f,omitempty"`
	// FromSource is the passage's source in docData.Sources, from 1 (0:
	// none known).
	FromSource int         `json:"fr,omitempty"`
	Missing    []string    `json:"m,omitempty"`
	Issues     []issueData `json:"i,omitempty"`
	Markers    []int       `json:"c,omitempty"`
}

type citeData struct {
	Label  string `json:"l"`
	Status string `json:"st,omitempty"` // "" for resolved
	// Source is what it resolved to in docData.Sources, from 1 (0: none).
	Source int `json:"r,omitempty"`
}

// sourceData is a cited work: its entry as written, its title and link.
// A document lists each once, however often it is cited: a report citing
// 30 entries 3,000 times had its entries' text 100 times over.
type sourceData struct {
	Entry string `json:"e,omitempty"`
	Title string `json:"t,omitempty"`
	Link  string `json:"u,omitempty"`
}

type markerData struct {
	Text   string      `json:"-"`
	Cites  []citeData  `json:"c"`
	Issues []issueData `json:"i,omitempty"`
	Dead   bool        `json:"x,omitempty"`
}

type docData struct {
	Sentences []sentenceData `json:"s"`
	Markers   []markerData   `json:"c"`
	Sources   []sourceData   `json:"r,omitempty"`
}

// source is the number (from 1) of src in v's sources, added if new; 0
// for nothing known of it. A source without its entry (a passage's) is
// the first with its title and link, if one is listed.
func (v *docView) source(src sourceData) int {
	if src == (sourceData{}) {
		return 0
	}
	if v.sourceIDs == nil {
		v.sourceIDs = map[sourceData]int{}
	}
	if n, ok := v.sourceIDs[src]; ok {
		return n
	}
	named := sourceData{Title: src.Title, Link: src.Link}
	if n, ok := v.sourceIDs[named]; ok && src.Entry == "" {
		return n
	}
	v.data.Sources = append(v.data.Sources, src)
	n := len(v.data.Sources)
	v.sourceIDs[src] = n
	if _, ok := v.sourceIDs[named]; !ok && named != (sourceData{}) {
		v.sourceIDs[named] = n
	}
	return n
}

// docView is a document's sentences and markers with their statuses.
type docView struct {
	rd        *output.ReviewDoc
	data      docData
	sentences []int          // data index of each ReviewDoc sentence, -1 when not marked
	statuses  []string       // each ReviewDoc sentence's status, "" for none
	markers   []span         // marker spans, in order
	citeMark  []int          // ReviewDoc citation to marker, -1 for none
	counts    map[string]int // sentences by status
	sourceIDs map[sourceData]int
}

// span is a byte range of a document.
type span struct{ Start, End int }

func rank(status string) int {
	if i := slices.Index(statusOrder, status); i >= 0 {
		return i
	}
	return len(statusOrder)
}

func toIssueData(i result.Issue) issueData {
	return issueData{Rule: i.Rule, Severity: i.Severity.String(), Message: i.Message, Line: i.Pos.Line}
}

// newDocView works out each sentence's status: the worst its issues
// give, else what its score says, else "cited" when it cites something.
func newDocView(rd *output.ReviewDoc, issues []result.Issue, marks map[string]string) *docView {
	// Slices sized once, not maps: a document can have hundreds of
	// thousands of sentences and citations.
	// (The data's lists are nil when empty: the page's data has null.)
	v := &docView{rd: rd, citeMark: make([]int, len(rd.Citations)), counts: map[string]int{}}
	if len(rd.Citations) > 0 {
		v.markers, v.data.Markers = make([]span, 0, len(rd.Citations)), make([]markerData, 0, len(rd.Citations))
	}
	// Markers: the citations' spans, one per marker as written.
	for k, c := range rd.Citations {
		n := len(v.markers)
		if n > 0 && v.markers[n-1] == (span{c.Start, c.End}) {
			v.citeMark[k] = n - 1
			continue
		}
		if n > 0 && c.Start < v.markers[n-1].End {
			v.citeMark[k] = -1
			continue // overlaps the previous marker: shown with it
		}
		v.markers = append(v.markers, span{c.Start, c.End})
		v.citeMark[k] = n
		v.data.Markers = append(v.data.Markers, markerData{Text: string(rd.Src[c.Start:c.End])})
	}
	for k, c := range rd.Citations {
		m := v.citeMark[k]
		if m < 0 {
			continue
		}
		src := v.source(sourceData{Entry: truncate(c.Entry, maxEntry), Title: truncate(c.Title, maxTitle), Link: sourceLink(c.Link)})
		st := c.Status
		if st == "resolved" {
			st = ""
		}
		v.data.Markers[m].Cites = append(v.data.Markers[m].Cites, citeData{Label: c.Label, Status: st, Source: src})
		if c.Status == "unresolved" {
			v.data.Markers[m].Dead = true
		}
	}
	// Each sentence's issues and status.
	v.statuses = make([]string, len(rd.Sentences))
	sentIssues := make([][]issueData, len(rd.Sentences))
	markSentence := make([]int, len(v.markers)) // a marker's first sentence, or -1
	for m := range markSentence {
		markSentence[m] = -1
	}
	for si, s := range rd.Sentences {
		for _, k := range s.Cites {
			if m := v.mark(k); m >= 0 && markSentence[m] < 0 {
				markSentence[m] = si
			}
		}
	}
	for _, iss := range issues {
		if iss.Start == 0 && iss.End == 0 {
			continue // about the whole file
		}
		m := v.markerAt(iss.Start)
		if m >= 0 {
			v.data.Markers[m].Issues = append(v.data.Markers[m].Issues, toIssueData(iss))
			if marks[iss.Rule] == output.StatusMissing {
				v.data.Markers[m].Dead = true
			}
		}
		si := v.sentenceAt(iss.Start)
		if si < 0 && m >= 0 {
			if s := markSentence[m]; s >= 0 {
				si = s
			}
		}
		if si < 0 {
			continue
		}
		sentIssues[si] = append(sentIssues[si], toIssueData(iss))
		if st, ok := marks[iss.Rule]; ok && (v.statuses[si] == "" || rank(st) < rank(v.statuses[si])) {
			v.statuses[si] = st
		}
	}
	v.sentences = make([]int, len(rd.Sentences))
	if len(rd.Sentences) > 0 {
		v.data.Sentences = make([]sentenceData, 0, len(rd.Sentences))
	}
	for si, s := range rd.Sentences {
		st := v.statuses[si]
		if st == "" {
			switch {
			case s.Scored && s.Supported:
				st = output.StatusSupported
			case s.Unverified:
				st = output.StatusUnverified
			case s.Scored || len(s.Cites) > 0:
				st = output.StatusCited
			}
			v.statuses[si] = st
		}
		if st == "" {
			v.sentences[si] = -1
			continue
		}
		v.counts[st]++
		sd := sentenceData{Status: st, Issues: sentIssues[si]}
		if s.Scored {
			sc := s.Score
			sd.Score, sd.Threshold = &sc, s.Threshold
			sd.Passage, sd.From, sd.Missing = truncate(strings.TrimSpace(s.Passage), maxEntry), s.From, s.Missing
			sd.FromSource = v.source(sourceData{Title: truncate(s.FromTitle, maxTitle), Link: sourceLink(s.FromLink)})
		}
		for _, k := range s.Cites {
			if m := v.mark(k); m >= 0 && !slices.Contains(sd.Markers, m) {
				sd.Markers = append(sd.Markers, m)
			}
		}
		v.sentences[si] = len(v.data.Sentences)
		v.data.Sentences = append(v.data.Sentences, sd)
	}
	if len(v.data.Sentences) == 0 {
		v.data.Sentences = nil
	}
	return v
}

// mark is the marker of ReviewDoc citation k, or -1.
func (v *docView) mark(k int) int {
	if k < 0 || k >= len(v.citeMark) {
		return -1
	}
	return v.citeMark[k]
}

// sentenceAt is the sentence holding offset off, or -1.
func (v *docView) sentenceAt(off int) int {
	ss := v.rd.Sentences
	i, _ := slices.BinarySearchFunc(ss, off, func(s output.ReviewSentence, off int) int {
		if s.End <= off {
			return -1
		}
		return 1
	})
	if i < len(ss) && ss[i].Start <= off && off < ss[i].End {
		return i
	}
	return -1
}

// markerAt is the marker holding offset off, or -1.
func (v *docView) markerAt(off int) int {
	i, _ := slices.BinarySearchFunc(v.markers, off, func(s span, off int) int {
		if s.End <= off {
			return -1
		}
		return 1
	})
	if i < len(v.markers) && v.markers[i].Start <= off && off < v.markers[i].End {
		return i
	}
	return -1
}

// marks cuts the document into the stretches the renderer wraps: where
// a marked sentence, a marker, or both cover the text.
func (v *docView) marks() []mark {
	cuts := make([]int, 0, 2*(len(v.rd.Sentences)+len(v.markers)))
	for si, s := range v.rd.Sentences {
		if v.sentences[si] >= 0 {
			cuts = append(cuts, s.Start, s.End)
		}
	}
	for _, m := range v.markers {
		cuts = append(cuts, m.Start, m.End)
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	out := make([]mark, 0, len(cuts))
	si, mi := 0, 0
	ss := v.rd.Sentences
	for k := 0; k+1 < len(cuts); k++ {
		a, b := cuts[k], cuts[k+1]
		for si < len(ss) && (ss[si].End <= a || v.sentences[si] < 0) {
			si++
		}
		for mi < len(v.markers) && v.markers[mi].End <= a {
			mi++
		}
		m := mark{start: a, end: b, sentence: -1, cite: -1}
		if si < len(ss) && ss[si].Start <= a {
			m.sentence, m.status = v.sentences[si], v.statuses[si]
		}
		if mi < len(v.markers) && v.markers[mi].Start <= a {
			m.cite = mi
			if v.data.Markers[mi].Dead {
				m.citeClass = "c-missing"
			} else if allUnchecked(v.data.Markers[mi].Cites) {
				m.citeClass = "c-unchecked"
			}
		}
		if m.sentence >= 0 || m.cite >= 0 {
			out = append(out, m)
		}
	}
	return out
}

func allUnchecked(cs []citeData) bool {
	for _, c := range cs {
		if c.Status != "unchecked" {
			return false
		}
	}
	return len(cs) > 0
}

// document writes one file's article; its marks spend from page's
// budget. It reports whether the report's Context ended before the
// document was written whole.
func (d *pageData) document(w *bufio.Writer, f *fileRow, page *pageBudget) (cut bool) {
	issues := d.issues[f.path]
	fmt.Fprintf(w, `<article class="doc" id="%s" aria-labelledby="%s-h" data-path="%s">`+"\n", f.id, f.id, esc(f.path))
	fmt.Fprintf(w, `<h2 id="%s-h" class="path">%s</h2>`, f.id, esc(f.path))
	var v *docView
	var blocks [][]byte
	var starts []int
	var budget *markBudget
	if f.doc >= 0 {
		v = newDocView(&d.r.Review[f.doc], issues, d.marks)
		budget = page.forDocument(v)
		budget.timeUp = func() bool { return d.r.TimeUp() }
		var err error
		if blocks, starts, err = renderBlocks(v.rd.Src, v.marks(), budget); err != nil {
			var b bytes.Buffer
			fmt.Fprintf(&b, `<p class="docsum">%s; shown as written:</p><pre>%s</pre>`, esc(err.Error()), esc(string(v.rd.Src)))
			blocks, starts = [][]byte{b.Bytes()}, []int{0}
		} else {
			blocks, starts = withDefinitions(v.rd, blocks, starts)
		}
		page.spent(budget)
		budget.trim(v)
	}
	d.docSummary(w, f, v)
	budget.note(w, v, page)
	// Issues go beside the block their offset falls in; file-level ones,
	// and those before the first block, above the text.
	per := make([][]result.Issue, len(blocks))
	var top []result.Issue
	at := blockIndex(starts)
	for _, iss := range issues {
		b := at(iss.Start)
		if (iss.Start == 0 && iss.End == 0) || b < 0 {
			top = append(top, iss)
			continue
		}
		per[b] = append(per[b], iss)
	}
	if len(top) > 0 {
		w.WriteString(`<div class="blk file-issues">`)
		issueList(w, top)
		w.WriteString("</div>\n")
	}
	// A block with issues starts a row, its issues beside it; the blocks
	// after it without issues go on in the same row (a row a block was
	// a tenth of a corpus's pages in wrappers).
	for k := 0; k < len(blocks); {
		w.WriteString(`<div class="blk"><div class="md">`)
		w.Write(blocks[k])
		j := k + 1
		for ; j < len(blocks) && len(per[j]) == 0; j++ {
			w.Write(blocks[j])
		}
		w.WriteString(`</div>`)
		if len(per[k]) > 0 {
			issueList(w, per[k])
		}
		w.WriteString("</div>\n")
		k = j
	}
	if v != nil {
		js, _ := json.Marshal(v.data) // escapes <, > and &: cannot close the script element
		w.WriteString(`<script type="application/json" class="data">`)
		w.Write(jsonGuard(js))
		w.WriteString("</script>\n")
	}
	w.WriteString("</article>\n")
	return budget != nil && budget.timeCut
}

// withDefinitions inserts the document's link reference definitions,
// which goldmark renders as nothing, among the blocks where they stand:
// each run of them is one block showing them as written, so a reader sees
// what "[1]" points at and an issue about a definition stands beside it.
func withDefinitions(rd *output.ReviewDoc, blocks [][]byte, starts []int) ([][]byte, []int) {
	if len(rd.Definitions) == 0 {
		return blocks, starts
	}
	var outB [][]byte
	var outS []int
	di := 0
	// group writes the definitions that start before offset end as one block.
	group := func(end int) {
		if di == len(rd.Definitions) || rd.Definitions[di].Start >= end {
			return
		}
		var b bytes.Buffer
		b.WriteString(`<pre class="defs"><code>`)
		outS = append(outS, rd.Definitions[di].Start)
		for k := 0; di < len(rd.Definitions) && rd.Definitions[di].Start < end; di, k = di+1, k+1 {
			d := rd.Definitions[di]
			if k > 0 {
				b.WriteByte('\n')
			}
			if d.Start >= 0 && d.Start <= d.End && d.End <= len(rd.Src) {
				b.WriteString(esc(strings.TrimRight(string(rd.Src[d.Start:d.End]), "\r\n")))
			}
		}
		b.WriteString("</code></pre>\n")
		outB = append(outB, b.Bytes())
	}
	for bi := range blocks {
		if starts[bi] >= 0 { // a block without text stays after what precedes it
			group(starts[bi])
		}
		outB, outS = append(outB, blocks[bi]), append(outS, starts[bi])
	}
	group(len(rd.Src) + 1)
	return outB, outS
}

// blockIndex returns a function giving the block whose text holds offset
// off: the last block with text starting at or before it (the first, for
// an offset before any block's text; -1 when there are no blocks). It
// searches, so a document of many blocks and many issues stays fast.
func blockIndex(starts []int) func(off int) int {
	var at, block []int // blocks with text: their starts (in order) and indices
	for k, s := range starts {
		if s >= 0 && (len(at) == 0 || s >= at[len(at)-1]) {
			at, block = append(at, s), append(block, k)
		}
	}
	return func(off int) int {
		if len(starts) == 0 {
			return -1
		}
		i := sort.SearchInts(at, off+1) - 1
		if i < 0 {
			return 0
		}
		return block[i]
	}
}

func (d *pageData) docSummary(w *bufio.Writer, f *fileRow, v *docView) {
	w.WriteString(`<p class="docsum">`)
	fmt.Fprintf(w, `<span data-k="errors">%d</span> errors · <span data-k="warnings">%d</span> warnings · <span data-k="notes">%d</span> notes`, f.counts[2], f.counts[1], f.counts[0])
	if f.support != nil {
		fmt.Fprintf(w, ` · coverage %s · grounded %s`, pct(f.support, output.SupportMetrics.Coverage, f.support.Claims), pct(f.support, output.SupportMetrics.Grounded, f.support.Scored))
	} else if f.coverage != nil {
		fmt.Fprintf(w, ` · coverage %s`, pct(f.coverage, output.SupportMetrics.Coverage, f.coverage.Claims))
	}
	if v != nil {
		for _, st := range statusOrder {
			if n := v.counts[st]; n > 0 {
				fmt.Fprintf(w, ` · <span class="s st-%s"><span class="ic" aria-hidden="true">%s</span> <span data-status="%s">%d</span> %s</span>`, st, statusIcon[st], st, n, statusText[st])
			}
		}
	}
	w.WriteString("</p>\n")
}

var sevIcon = map[string]string{"error": "✗", "warning": "⚠", "note": "ℹ"}

func issueList(w *bufio.Writer, issues []result.Issue) {
	w.WriteString(`<ul class="iss" aria-label="issues">`)
	for _, i := range issues {
		sev := i.Severity.String()
		fmt.Fprintf(w, `<li class="sev-%s" data-rule="%s" data-line="%d"><span class="ic" aria-hidden="true">%s</span> <span class="sev">%s</span> <span class="ln">line %s</span> <span class="msg">%s</span> <span class="rule">(%s)</span></li>`,
			sev, esc(i.Rule), i.Pos.Line, sevIcon[sev], sev, strconv.Itoa(i.Pos.Line), esc(i.Message), esc(i.Rule))
	}
	w.WriteString("</ul>")
}

// The review page's budget for marks: the spans around sentences and
// citations and the data the script shows for them (the resolved
// entries, the closest passage, the issues). A normal document's take a
// few hundred KB at most (the shared corpus's largest document page,
// for a list of 1,000 references, is 1 MB in all, text included), but
// they grow with the sentences and citations,
// not the text: a line "Claim [1]." gave 430 bytes of page, and 4.8 MB
// of such lines a 190 MB page. Past the budget a document's text goes on
// unmarked, and a note says where the marks stop.
const (
	htmlDocMarks  = 8 << 20  // bytes of marks in one document
	htmlPageMarks = 64 << 20 // and in one page
)

// pageBudget is what is left of a page's budget for marks.
type pageBudget struct {
	left      int // bytes of marks the page has left
	doc, page int // the budgets of a document and of a page (htmlDocMarks, htmlPageMarks)
}

// forDocument is v's budget: the document's, or what the page has left.
func (p *pageBudget) forDocument(v *docView) *markBudget {
	return &markBudget{left: min(p.doc, p.left), v: v, maxS: -1, maxC: -1, seenCite: make([]bool, len(v.data.Markers)), seenSource: make([]bool, len(v.data.Sources))}
}

// spent takes what the document's marks cost from the page's budget.
func (p *pageBudget) spent(b *markBudget) { p.left -= b.used }

// markBudget is what a document's marks may still cost, in bytes, and
// where they stopped when they ran out.
type markBudget struct {
	left, used int
	v          *docView
	stopped    bool
	stopAt     int    // the offset of the first mark left out
	maxS, maxC int    // the highest sentence and marker data indices marked
	seenCite   []bool // by marker data index
	seenSource []bool // by source data index: counted
	// timeUp reports whether the report's Context has ended; timeCut,
	// that the document's rendering stopped for it.
	timeUp  func() bool
	timeCut bool
}

// outOfTime reports whether the report's time is up, and if so notes that
// the document stops here.
func (b *markBudget) outOfTime() bool {
	if b == nil || b.timeUp == nil || !b.timeUp() {
		return false
	}
	b.timeCut = true
	return true
}

// Approximate bytes of the spans of a sentence's first stretch (with
// its icon and status text), of its later stretches, and of a marker.
const (
	firstSentenceSpan = 170
	sentenceSpan      = 50
	markerSpan        = 45
)

// admit reports whether m may be marked, and spends its cost: its spans,
// and its sentence's and marker's data the first time they are marked.
// Once a mark is refused, every later one is: the marks stop at a point.
func (b *markBudget) admit(m mark, newSentence bool) bool {
	if b == nil {
		return true
	}
	if b.stopped {
		return false
	}
	cost := 0
	if m.sentence >= 0 {
		cost += sentenceSpan
		if newSentence {
			cost += firstSentenceSpan + b.sentenceDataSize(&b.v.data.Sentences[m.sentence])
		}
	}
	newCite := m.cite >= 0 && !b.seenCite[m.cite]
	if m.cite >= 0 {
		cost += markerSpan
		if newCite {
			cost += b.markerDataSize(&b.v.data.Markers[m.cite])
		}
	}
	if cost > b.left {
		b.stopped, b.stopAt = true, m.start
		return false
	}
	b.left -= cost
	b.used += cost
	if newCite {
		b.seenCite[m.cite] = true
		b.maxC = max(b.maxC, m.cite)
	}
	if m.sentence >= 0 {
		b.maxS = max(b.maxS, m.sentence)
	}
	return true
}

// trim drops the data of the sentences and markers after the marks
// stopped, which nothing on the page points at.
func (b *markBudget) trim(v *docView) {
	if b == nil || !b.stopped && !b.timeCut {
		return
	}
	v.data.Sentences = v.data.Sentences[:min(b.maxS+1, len(v.data.Sentences))]
	v.data.Markers = v.data.Markers[:min(b.maxC+1, len(v.data.Markers))]
	for i := range v.data.Sentences {
		s := &v.data.Sentences[i]
		s.Markers = slices.DeleteFunc(s.Markers, func(m int) bool { return m > b.maxC })
	}
}

// note says where the marks stopped, if they did.
func (b *markBudget) note(w *bufio.Writer, v *docView, page *pageBudget) {
	if b == nil {
		return
	}
	if b.timeCut {
		w.WriteString(`<p class="docsum" role="note">This document is cut short: the run reached its time limit (--timeout) while the page was written. Its issues are all listed.</p>` + "\n")
	}
	if !b.stopped {
		return
	}
	line := 1 + bytes.Count(v.rd.Src[:min(max(b.stopAt, 0), len(v.rd.Src))], []byte("\n"))
	fmt.Fprintf(w, `<p class="docsum" role="note">Marks stop at line %d: a review page marks at most %s of sentences and citations a document and %s a page, and this document goes on without them. Its issues are all listed.</p>`+"\n",
		line, byteSize(page.doc), byteSize(page.page))
}

// byteSize writes n bytes in MiB, KiB or bytes.
func byteSize(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.3g MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.3g KiB", float64(n)/(1<<10))
	}
	return strconv.Itoa(n) + " bytes"
}

// sentenceDataSize and markerDataSize are about the bytes of s's and m's
// JSON data (before escapes), with the sources they are the first to
// name (once each: seen).
func (b *markBudget) sentenceDataSize(s *sentenceData) int {
	n := 40 + len(s.Status) + len(s.Passage) + len(s.From) + 8*len(s.Markers) + issuesDataSize(s.Issues) + b.sourceSize(s.FromSource)
	for _, m := range s.Missing {
		n += len(m) + 3
	}
	return n
}

func (b *markBudget) markerDataSize(m *markerData) int {
	n := 30 + len(m.Text) + issuesDataSize(m.Issues)
	for _, c := range m.Cites {
		n += 30 + len(c.Label) + len(c.Status) + b.sourceSize(c.Source)
	}
	return n
}

// sourceSize is the size of source k's data (from 1) the first time it
// is asked for, then 0.
func (b *markBudget) sourceSize(k int) int {
	if k <= 0 || k > len(b.v.data.Sources) || b.seenSource[k-1] {
		return 0
	}
	b.seenSource[k-1] = true
	src := &b.v.data.Sources[k-1]
	return 20 + len(src.Entry) + len(src.Title) + len(src.Link)
}

func issuesDataSize(is []issueData) int {
	n := 0
	for _, i := range is {
		n += 40 + len(i.Rule) + len(i.Severity) + len(i.Message)
	}
	return n
}
