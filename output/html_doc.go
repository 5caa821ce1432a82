package output

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/citelint/citelint/result"
)

// This file writes one document of the review page: its sentences'
// statuses from the issues and the scores, the marks the renderer wraps,
// the blocks with their issues beside them, and the data the script shows
// on hover and focus.

// maxEntry bounds a reference entry (an abstract can be long) in the data.
const maxEntry = 600

type issueData struct {
	Rule     string `json:"r"`
	Severity string `json:"v"`
	Message  string `json:"m"`
	Line     int    `json:"l"`
}

type sentenceData struct {
	Status    string      `json:"st"`
	Score     *float64    `json:"sc,omitempty"`
	Threshold float64     `json:"th,omitempty"`
	Passage   string      `json:"p,omitempty"`
	From      string      `json:"f,omitempty"`
	Missing   []string    `json:"m,omitempty"`
	Issues    []issueData `json:"i,omitempty"`
	Markers   []int       `json:"c,omitempty"`
}

type citeData struct {
	Label  string `json:"l"`
	Status string `json:"st"`
	Entry  string `json:"e,omitempty"`
}

type markerData struct {
	Text   string      `json:"t"`
	Cites  []citeData  `json:"c"`
	Issues []issueData `json:"i,omitempty"`
	Dead   bool        `json:"x,omitempty"`
}

type docData struct {
	Sentences []sentenceData `json:"s"`
	Markers   []markerData   `json:"c"`
}

// docView is a document's sentences and markers with their statuses.
type docView struct {
	rd        *ReviewDoc
	data      docData
	sentences []int          // data index of each ReviewDoc sentence, -1 when not marked
	statuses  []string       // each ReviewDoc sentence's status, "" for none
	markers   []span         // marker spans, in order
	citeMark  map[int]int    // ReviewDoc citation to marker
	counts    map[string]int // sentences by status
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
func newDocView(rd *ReviewDoc, issues []result.Issue) *docView {
	v := &docView{rd: rd, citeMark: map[int]int{}, counts: map[string]int{}}
	// Markers: the citations' spans, one per marker as written.
	for k, c := range rd.Citations {
		n := len(v.markers)
		if n > 0 && v.markers[n-1] == (span{c.Start, c.End}) {
			v.citeMark[k] = n - 1
			continue
		}
		if n > 0 && c.Start < v.markers[n-1].End {
			continue // overlaps the previous marker: shown with it
		}
		v.markers = append(v.markers, span{c.Start, c.End})
		v.citeMark[k] = n
		v.data.Markers = append(v.data.Markers, markerData{Text: string(rd.Src[c.Start:c.End])})
	}
	for k, c := range rd.Citations {
		m, ok := v.citeMark[k]
		if !ok {
			continue
		}
		v.data.Markers[m].Cites = append(v.data.Markers[m].Cites, citeData{Label: c.Label, Status: c.Status, Entry: truncate(c.Entry, maxEntry)})
		if c.Status == "unresolved" {
			v.data.Markers[m].Dead = true
		}
	}
	// Each sentence's issues and status.
	v.statuses = make([]string, len(rd.Sentences))
	sentIssues := make([][]issueData, len(rd.Sentences))
	markSentence := map[int]int{}
	for si, s := range rd.Sentences {
		for _, k := range s.Cites {
			if m, ok := v.citeMark[k]; ok {
				if _, taken := markSentence[m]; !taken {
					markSentence[m] = si
				}
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
			if ruleStatus[iss.Rule] == StatusMissing {
				v.data.Markers[m].Dead = true
			}
		}
		si := v.sentenceAt(iss.Start)
		if si < 0 && m >= 0 {
			if s, ok := markSentence[m]; ok {
				si = s
			}
		}
		if si < 0 {
			continue
		}
		sentIssues[si] = append(sentIssues[si], toIssueData(iss))
		if st, ok := ruleStatus[iss.Rule]; ok && (v.statuses[si] == "" || rank(st) < rank(v.statuses[si])) {
			v.statuses[si] = st
		}
	}
	v.sentences = make([]int, len(rd.Sentences))
	for si, s := range rd.Sentences {
		st := v.statuses[si]
		if st == "" {
			switch {
			case s.Scored && s.Supported:
				st = StatusSupported
			case s.Unverified:
				st = StatusUnverified
			case s.Scored || len(s.Cites) > 0:
				st = StatusCited
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
		}
		for _, k := range s.Cites {
			if m, ok := v.citeMark[k]; ok && !slices.Contains(sd.Markers, m) {
				sd.Markers = append(sd.Markers, m)
			}
		}
		v.sentences[si] = len(v.data.Sentences)
		v.data.Sentences = append(v.data.Sentences, sd)
	}
	return v
}

// sentenceAt is the sentence holding offset off, or -1.
func (v *docView) sentenceAt(off int) int {
	ss := v.rd.Sentences
	i, _ := slices.BinarySearchFunc(ss, off, func(s ReviewSentence, off int) int {
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
	var cuts []int
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
	var out []mark
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
			m.citeClass = "c-ok"
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

// document writes one file's article.
func (d *pageData) document(w *bufio.Writer, f *fileRow) {
	issues := d.issues[f.path]
	fmt.Fprintf(w, `<article class="doc" id="%s" aria-labelledby="%s-h" data-path="%s">`+"\n", f.id, f.id, esc(f.path))
	fmt.Fprintf(w, `<h2 id="%s-h" class="path">%s</h2>`, f.id, esc(f.path))
	var v *docView
	if f.doc >= 0 {
		v = newDocView(&d.r.Review[f.doc], issues)
	}
	d.docSummary(w, f, v)
	var blocks [][]byte
	var starts []int
	if v != nil {
		var err error
		if blocks, starts, err = renderBlocks(v.rd.Src, v.marks()); err != nil {
			var b bytes.Buffer
			fmt.Fprintf(&b, `<p class="docsum">%s; shown as written:</p><pre>%s</pre>`, esc(err.Error()), esc(string(v.rd.Src)))
			blocks, starts = [][]byte{b.Bytes()}, []int{0}
		} else {
			blocks, starts = withDefinitions(v.rd, blocks, starts)
		}
	}
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
	for k, b := range blocks {
		w.WriteString(`<div class="blk"><div class="md">`)
		w.Write(b)
		w.WriteString(`</div>`)
		if len(per[k]) > 0 {
			issueList(w, per[k])
		}
		w.WriteString("</div>\n")
	}
	if v != nil {
		js, _ := json.Marshal(v.data) // escapes <, > and &: cannot close the script element
		w.WriteString(`<script type="application/json" class="data">`)
		w.Write(jsonGuard(js))
		w.WriteString("</script>\n")
	}
	w.WriteString("</article>\n")
}

// withDefinitions inserts the document's link reference definitions,
// which goldmark renders as nothing, among the blocks where they stand:
// each run of them is one block showing them as written, so a reader sees
// what "[1]" points at and an issue about a definition stands beside it.
func withDefinitions(rd *ReviewDoc, blocks [][]byte, starts []int) ([][]byte, []int) {
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
		fmt.Fprintf(w, ` · coverage %s · grounded %s`, pct(f.support, SupportMetrics.Coverage, f.support.Claims), pct(f.support, SupportMetrics.Grounded, f.support.Scored))
	} else if f.coverage != nil {
		fmt.Fprintf(w, ` · coverage %s`, pct(f.coverage, SupportMetrics.Coverage, f.coverage.Claims))
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
