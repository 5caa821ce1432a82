package references

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// UnresolvableLabel reports citation labels that point at nothing.
var UnresolvableLabel = &rules.Rule{
	Name:     "unresolvable-label",
	Summary:  "A citation label has no reference entry, definition, bibliography entry or source",
	Severity: result.SeverityError,
	Marks:    rules.MarkMissing,
	Tags:     []string{rules.TagOffline},
	Default:  true,
	Fixable:  true,
	Doc: `A numeric marker, footnote, reference link, pandoc or MyST key, or RAG key
(` + "`[id:x]`, `[REF|a|b]`, `[SOURCE_3]`" + `) whose label resolves to nothing. Readers
cannot follow it, and in LLM-written text it is the commonest trace of a
fabricated or dropped source.

What is searched, by kind: numbered entries of the document's reference
lists and link definitions (numeric); footnote definitions, then numbered
entries (footnotes: ` + "`[^13]`" + ` with an entry [13] means the entry); link
definitions, and in pandoc's Markdown (` + "`.Rmd`, `.qmd`" + `, any document of a bookdown
book or Quarto project) the headings of the document and of its book's other
chapters, as pandoc's implicit header references (reference links); reST
entries ` + "`.. [1] text`, `.. [Lee94] text`" + ` for ` + "`[1]_`, `[Lee94]_`, `[#]_`" + ` (read as
reST where the document writes such an entry); pandoc aliases and the bibliography files from
front matter or config (pandoc, MyST); the source store given with
` + "`--sources`" + ` (RAG keys). Keys for which nothing is configured to search
(no bibliography, no source store) are not reported: they are counted as
unchecked in the summary. Pandoc's bracketed keys are checked, a group
wrapped over lines included (` + "`[@a;⏎@b]`" + `). Their narrative form, a bare
` + "`@key`" + ` in the sentence, is checked as pandoc reads it in an R Markdown or
Quarto document whose front matter names a bibliography (not Quarto's
` + "`@fig-x`" + ` cross-references, not an e-mail address); elsewhere a bare @word
counts only when a bibliography holds it, being as likely a handle. Reference lists are found by their titles
("References", "Section 6: Sources", "Works cited", "参考文献") and by their
shape: runs of entries such as ` + "`[1] ...`, `**[1]**: ...`, `[1]- ...`" + `, one per
line or one per paragraph, under any heading or none.

A bracket is a citation only with evidence. A number in brackets is not
reported when its context says code or data: glued to an identifier or
followed by a member, call or index (` + "`log.topics[2]`, `uint8[16]`, `line[1].fn`" + `),
an array index in prose (` + "`x[1] = 2`" + `, glued to a code span, in a paragraph
that also writes ` + "`[0]`" + `, or the same word glued to two numbers:
` + "`data[1] ... data[2]`" + `), inside HTML ` + "`<code>`" + `, all a table cell holds (` + "`| [4] |`" + `), in a heading,
a blockquote or a quotation, a range or an out-of-order or far-out list of
which nothing resolves (` + "`Hour [1-12]`, `[10, 9, 8]`, `range [100, 300]`" + `).
An undefined full or collapsed reference link is reported as markdownlint's
MD052 reports it, where it reads as a link: ` + "`[text][]`" + `, a URL for a label
(` + "`[the spec][https://example.org/spec]`" + `, an inline link written with square
brackets), and ` + "`[text][label]`" + ` in a document that defines link definitions
or, in one that defines none, with words for text inside a sentence
(` + "`see [the guide][guide]`" + `; not a changelog's ` + "`- [ui][menu] Fix`" + ` or a
chain of tags ` + "`[a][b][c]`" + `). Not when the label reads as code or a qualifier
(` + "`[,][memory=1Gi]`, `[Feature:X]`, `[string][required]`" + `). Shortcut links
(` + "`[label]`" + `) are not reported, as MD052 does not by default.

One finding per cause. A label that resolves nowhere is one finding at its
first marker, however many markers cite it (the message counts them), and
its fix mends them all. Numbered markers past the end of the list (five
labels or more that continue it: "the list ends at [30], the text cites
[31]–[63]"; or, in a document that cites its list by number, any five or
more: [67], [77] and [123]–[132] past a list of 54) are one finding for the
list, with no fix: the list was cut short, or the numbers come from
elsewhere or were invented, and deleting the markers mends none of that.
More than 20 labels missing from one document's list are one finding that
names them all, with the fixes of all their markers. A
document that cites numbered sources but has no reference list and no
numeric link definitions at all (a report cut off before its list, or one
whose list lives elsewhere) gets one finding that says so and counts the
markers, at its first marker. It needs two markers or more set apart from
the words, with two labels or more, one of them [1], or three labels or
more that number from near the start ("[4], [6], [7]" of a report whose
first source went with its list); a marker glued to a word counts when it
ends its sentence ("traceability[25]."). A lone [3] in a README, or a
changelog's "[100]" and "[4999]", is not a citation system.

The fix drops the unresolvable labels from a multi-label marker
(` + "`[1, 99]` → `[1]`, `[REF|d_1|bad]` → `[REF|d_1]`" + `) and removes a marker
all of whose labels are unresolvable, with the connective that joined it to
the marker before (` + "`[1] and [7]` → `[1]`" + `). It is safe only when the marker
is certainly a citation: the document's list was found, the marker stands
in prose (not in a table row, not glued to a word, not the text of a link
to a definition: ` + "`issue [1566][18]`" + `), and no line of the document starts
with its label (an entry written in a form the list reader did not take); a
footnote marker only where the document defines footnotes. Removing a
bibliography key (` + "`[@knuht1984]`" + `) is never safe: the key names a work
the author meant to cite, and the mend is the right key or the entry.
Otherwise the fix is unsafe (` + "`--unsafe-fixes`" + `). Ranges (` + "`[4-6]`" + `) are not
rewritten, and a marker that is part of the sentence's grammar (one that
starts a line, or stands in brackets: ` + "`[7] shows...`, `([7])`" + `) is left for a
person to fix. With no list at all there is no fix.

Bad:

    Sea levels rose 20 cm [1, 7].

    ## References
    [1] IPCC AR6 WG1, https://doi.org/10.1017/9781009157896

Good:

    Sea levels rose 20 cm [1].

    ## References
    [1] IPCC AR6 WG1, https://doi.org/10.1017/9781009157896
`,
	Check: checkUnresolvableLabel,
}

func checkUnresolvableLabel(p *rules.Pass) {
	doc := p.Doc
	list := numberedListOf(doc)
	ev := &fixEvidence{doc: doc, refs: refFactsOf(doc), citesWorks: p.Env != nil && p.Env.HasSources || len(doc.Bibliography) > 0 || len(doc.ProjectBibliography) > 0}
	where := ""
	searched := func() string { // once per document, not per citation
		if where == "" {
			where = numericSearched(doc)
		}
		return where
	}
	// The numeric markers of a document with no list that read as
	// citations: "rose 20 cm [1]", "rose.[1]", "traceability[25]." at a
	// sentence's end; not "data[4]", a line's leading "[617]", a table's
	// "[2]" or an array "Set([1, 2, 3])".
	var orphans orphanTally
	isOrphan := func(c *markdown.Citation) bool {
		return ev.notCited(c) == "" && !rules.StartsItsLine(doc.Src, c.Marker) && !isRange(doc, c) &&
			(!gluedToWord(doc.Src, c.Marker) || endsSentence(doc.Src, c.Marker)) &&
			!rules.InTableRow(doc.Src, c.Start) && !arrayLike(doc, c.Marker)
	}
	var beyond []*markdown.Citation // numeric markers past the list's last label
	checked := map[markdown.Span]bool{}
	// One finding per cause: a label that resolves nowhere is one
	// finding however often it is cited, at its first marker, with the
	// fixes of all its markers.
	var causes []labelCause
	byCause := map[[2]string]int{}
	add := func(c *markdown.Citation, what string) {
		k := [2]string{c.Kind.String(), c.Label}
		i, ok := byCause[k]
		if !ok {
			i = len(causes)
			byCause[k] = i
			causes = append(causes, labelCause{first: c, what: what})
		}
		causes[i].cites = append(causes[i].cites, c)
	}
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.Status != markdown.Unresolved || c.InReferences {
			continue
		}
		var what string
		switch c.Kind {
		case markdown.KindNumeric:
			if !list.has && p.Env != nil && p.Env.Sources > 0 && c.ID == "" {
				// Against the sources passed in: "[3]" when there is no
				// source "3" and fewer than three sources.
				if ev.notCited(c) != "" || isRange(doc, c) {
					continue
				}
				what = fmt.Sprintf("citation [%s] has no entry in the document and no source in the source store (none has id %q, and it holds %d)", c.Label, c.Label, p.Env.Sources)
				break
			}
			if !list.has {
				// With no list to confirm them, only markers that read
				// as citations count (isOrphan).
				if isOrphan(c) {
					orphans.add(c)
				}
				continue
			}
			if !numericMarkerCited(ev, c, list, checked) {
				continue
			}
			if v, err := strconv.Atoi(c.Label); err == nil && v > list.max {
				beyond = append(beyond, c)
				continue
			}
			what = fmt.Sprintf("citation [%s] has no entry %s", c.Label, searched())
		case markdown.KindFootnote:
			what = fmt.Sprintf("footnote [^%s] has no definition ([^%s]: ...)", c.Label, c.Label)
			if c.Scheme == markdown.SchemeRST {
				what = fmt.Sprintf("citation [%s]_ has no entry (.. [%s] text)", c.Label, c.Label)
			}
		case markdown.KindRefLink:
			if _, err := strconv.Atoi(c.Label); err == nil {
				// "[4-2][24]": a numbered citation in link syntax.
				if !list.has || !numericMarkerCited(ev, c, list, checked) {
					continue
				}
				what = fmt.Sprintf("citation [%s] has no entry %s", c.Label, searched())
				break
			}
			if !refLinkMeant(ev, c) {
				continue
			}
			what = fmt.Sprintf("reference link [%s] has no link definition ([%s]: url)", c.Label, c.Label)
			if m := doc.Src[c.Marker.Start:c.Marker.End]; urlLabel(c.Label) {
				text := string(m[1:bytes.IndexByte(m, ']')])
				what = fmt.Sprintf("reference link [%s][%s] has a URL for its label, which no link definition has: an inline link is written [%s](%s)", text, c.Label, text, c.Label)
			}
		case markdown.KindPandoc, markdown.KindMyST:
			what = keyMissing(doc, c, ev.refs)
		case markdown.KindKey:
			what = fmt.Sprintf("source key %q is not in the source store", c.Label)
		default:
			continue
		}
		add(c, what)
	}
	if !reportBeyondList(p, beyond, list) {
		for _, c := range beyond {
			add(c, fmt.Sprintf("citation [%s] has no entry %s", c.Label, searched()))
		}
	}
	// More labels missing than a list could be missing by accident: the
	// list the text cites is not this one, or the numbers are invented.
	// One finding for them, counting them and naming them.
	if numeric := numericCauses(causes); len(numeric) > maxLabelCauses {
		var labels []string
		var all []*markdown.Citation
		for _, k := range numeric {
			labels = append(labels, causes[k].first.Label)
			all = append(all, causes[k].cites...)
		}
		first := causes[numeric[0]].first
		// Every label, as ranges: which entries to add is the point.
		iss := p.Reportf(first.Start, first.End, "%d cited labels have no entry %s: %s (%d markers)", len(numeric), searched(), labelRanges(labels, len(labels)), len(markersOf(all)))
		iss.Fix = joinFixes(doc, all, ev)
		causes = dropCauses(causes, numeric)
	}
	for _, lc := range causes {
		msg := lc.what
		if n := len(markersOf(lc.cites)); n > 1 {
			msg += fmt.Sprintf(" (%d markers cite it)", n)
		}
		iss := p.Report(lc.first.Start, lc.first.End, msg)
		iss.Fix = joinFixes(doc, lc.cites, ev)
	}
	reportMissingList(p, &orphans, func() int {
		// The same markers as the loop's orphans, counted with a set.
		set := map[markdown.Span]bool{}
		for i := range doc.Citations {
			c := &doc.Citations[i]
			if c.Status == markdown.Unresolved && !c.InReferences && c.Kind == markdown.KindNumeric &&
				!(p.Env != nil && p.Env.Sources > 0 && c.ID == "") && isOrphan(c) {
				set[c.Marker] = true
			}
		}
		return len(set)
	})
}

// keyMissing says what a pandoc or MyST key that resolves nowhere lacks,
// by what was searched: a bibliography entry, where a bibliography was
// searched (and the document's [@key]: definition, where it has some);
// with no bibliography, the [@key]: definition of a document whose
// definitions name works (manubot's [@tag:x]: doi:...); and in one whose
// [@...]: definitions link pages (a changelog's "thanks [@user]"), a link
// definition, for those are reference links.
func keyMissing(doc *markdown.Document, c *markdown.Citation, refs refFacts) string {
	switch {
	case doc.BibliographySearched && c.Kind == markdown.KindPandoc && refs.aliases:
		return fmt.Sprintf("citation key %q has no bibliography entry and no [@%s]: definition", c.Label, c.Label)
	case doc.BibliographySearched || c.Kind == markdown.KindMyST:
		return fmt.Sprintf("citation key %q has no bibliography entry", c.Label)
	case refs.aliasesNameWorks:
		return fmt.Sprintf("citation key %q has no [@%s]: definition (and no bibliography is configured)", c.Label, c.Label)
	}
	return fmt.Sprintf("reference link [@%s] has no link definition ([@%s]: url)", c.Label, c.Label)
}

// maxLabelCauses is how many numbered labels may each be a finding of
// their own in one document; past it they are one finding.
const maxLabelCauses = 20

// numericCauses returns the indexes of the causes that are numbered
// labels with no entry, sorted by label.
func numericCauses(causes []labelCause) []int {
	var out []int
	for k, lc := range causes {
		if lc.first.Kind == markdown.KindNumeric && strings.HasPrefix(lc.what, "citation [") {
			out = append(out, k)
		}
	}
	slices.SortFunc(out, func(a, b int) int { return atoi(causes[a].first.Label) - atoi(causes[b].first.Label) })
	return out
}

// dropCauses returns causes without the indexes drop.
func dropCauses(causes []labelCause, drop []int) []labelCause {
	gone := map[int]bool{}
	for _, k := range drop {
		gone[k] = true
	}
	var out []labelCause
	for k, lc := range causes {
		if !gone[k] {
			out = append(out, lc)
		}
	}
	return out
}

// labelCause is one label that resolves nowhere, and its citations.
type labelCause struct {
	first *markdown.Citation
	what  string
	cites []*markdown.Citation
}

// markersOf returns the distinct markers of cites, in order.
func markersOf(cites []*markdown.Citation) []markdown.Span {
	var out []markdown.Span
	for _, c := range cites {
		if n := len(out); n == 0 || out[n-1] != c.Marker {
			out = append(out, c.Marker)
		}
	}
	return out
}

// joinFixes is the fix of a label's every marker: each marker's own
// (dropLabelsFix), in one fix, unsafe if any is. Markers that cannot be
// rewritten are left out; with none left there is no fix.
func joinFixes(doc *markdown.Document, cites []*markdown.Citation, ev *fixEvidence) *result.Fix {
	var out *result.Fix
	for _, m := range markersOf(cites) {
		f := dropLabelsFix(doc, m, ev)
		if f == nil {
			continue
		}
		if out == nil {
			out = &result.Fix{Description: f.Description}
		}
		out.Edits = append(out.Edits, f.Edits...)
		if f.Unsafe && !out.Unsafe {
			out.Unsafe, out.Description = true, f.Description
		}
	}
	return out
}

// reportBeyondList reports, as one finding, numbered markers past the
// last label of the document's lists ("the list ends at [30]; the text
// cites [31]–[63]", or "[67], [77], [123]–[132]" past a list of 54): a
// list cut short, or numbers taken from another numbering or invented, is
// one cause, not one error per marker, and deleting every marker would
// not mend it, so it has no fix. Five labels or more past the end make
// that cause when they continue the list or when the document cites its
// list by number: no entry is missing from the middle of a list, past its
// end. Fewer ([14], [98] past a list of 10), or scattered ones past a list
// the text hardly cites, are missing entries each, and are left to the
// caller (false).
func reportBeyondList(p *rules.Pass, beyond []*markdown.Citation, list numberedList) bool {
	labels := map[int]bool{}
	high := 0
	for _, c := range beyond {
		v, _ := strconv.Atoi(c.Label)
		labels[v] = true
		high = max(high, v)
	}
	if len(labels) < 5 {
		return false
	}
	low := high
	for v := range labels {
		low = min(low, v)
	}
	// They continue the list (the first within three of its end, filling
	// most of their range), or the document cites its list by number
	// (five resolved markers or more, as numericMarkerCited asks), so
	// that numbers past it are one numbering gone wrong, however
	// scattered. Elsewhere (a lone link definition [1]: and [3], [7],
	// [98] in the text) each is a missing entry of its own.
	continues := low <= list.max+3 && 5*len(labels) >= 3*(high-low+1)
	if !continues && list.cited < 5 {
		return false
	}
	first := beyond[0]
	p.Reportf(first.Start, first.End, "the reference list ends at [%d], but the text cites %d labels past it ([%d]–[%d], %d markers): was the list cut short, or are these numbers invented?",
		list.max, len(labels), low, high, len(markersOf(beyond)))
	return true
}

// endsSentence reports whether a marker glued to a word ends its sentence
// or clause ("traceability[25]." or "... [25]" at a line's end): a
// citation in a report, where "argv[1] is" indexes an array.
func endsSentence(src []byte, m markdown.Span) bool {
	e := m.End
	for e < len(src) && src[e] == '[' {
		// "[25][26].": the run of markers ends it.
		j := bytes.IndexByte(src[e:min(len(src), e+12)], ']')
		if j < 0 || !rules.NumericBracketAt(src, e) {
			return false
		}
		e += j + 1
	}
	return e == len(src) || src[e] == '\n' || src[e] == '\r' || src[e] == '.' && (e+1 == len(src) || src[e+1] == ' ' || src[e+1] == '\n') ||
		bytes.HasPrefix(src[e:], []byte("。"))
}

// numericMarkerCited reports whether the unresolved numeric citation c, in
// a document with a numbered list, is a citation worth reporting: its
// context reads as one (NotCitation), and when none of its marker's labels
// resolves, the marker is a single number or an ascending list not far
// beyond the list's numbers ([10, 9, 8] and range [100, 300] are data).
// checked caches the answer for markers whose labels all fail.
func numericMarkerCited(ev *fixEvidence, c *markdown.Citation, list numberedList, checked map[markdown.Span]bool) bool {
	if ok, seen := checked[c.Marker]; seen {
		return ok
	}
	doc := ev.doc
	// In a document that cites its list by number (five resolved markers
	// or more), a marker ending a clause is a citation in any order:
	// surveys write "[33, 29]". Elsewhere "[10, 9, 8]" is data.
	ok := ev.notCited(c) == "" && (list.cited >= 5 && rules.EndsClause(doc.Src, c.Marker.End) && !markerHasRange(doc.Src, c.Marker) && !arrayLike(doc, c.Marker) || !allDataLike(doc, c.Marker, list))
	checked[c.Marker] = ok
	return ok
}

// allDataLike reports whether none of the labels of the marker m resolves
// and they read as data: a range, numbers out of order, or several numbers
// far beyond the largest in the list ("range [100, 300]"; a single [98] is
// still a citation).
func allDataLike(doc *markdown.Document, m markdown.Span, list numberedList) bool {
	prev, low, n := -1, -1, 0
	for _, c := range markerCitations(doc, m) {
		n++
		if c.Status != markdown.Unresolved {
			return false
		}
		if c.Kind == markdown.KindNumeric && markerHasRange(doc.Src, m) {
			return true
		}
		v, err := strconv.Atoi(c.Label)
		if err != nil {
			return false
		}
		if prev >= 0 && v <= prev {
			return true
		}
		if low < 0 {
			low = v
		}
		prev = v
	}
	return n > 1 && low > 2*list.max+5
}

// arrayLike reports whether a marker reads as a literal list of values:
// written after "(", "=", ":", "[" or "],", or before "]" or ",[" ("new
// Set([1, 2, 3])", "x = [0, 1]", "[[1,2],[2,3]]"), or
// three or more numbers counting up from 0 or 1 ("[1, 2, 3]").
func arrayLike(doc *markdown.Document, m markdown.Span) bool {
	if i := m.Start - 1; i >= 0 {
		for i > 0 && doc.Src[i] == ' ' {
			i--
		}
		if c := doc.Src[i]; c == '(' || c == '=' || c == ':' || c == '[' || c == ',' && i > 0 && doc.Src[i-1] == ']' {
			return true
		}
	}
	// An element of a nested array: [[1,2],[2,3]].
	if src, e := doc.Src, m.End; e < len(src) && (src[e] == ']' || src[e] == ',' && e+1 < len(src) && src[e+1] == '[') {
		return true
	}
	cs := markerCitations(doc, m)
	if len(cs) < 3 || markerHasRange(doc.Src, m) {
		return false
	}
	first, _ := strconv.Atoi(cs[0].Label)
	for k, c := range cs {
		if v, err := strconv.Atoi(c.Label); err != nil || v != first+k {
			return false
		}
	}
	return first <= 1
}

// gluedToWord reports whether a marker follows a letter or digit with no
// space.
func gluedToWord(src []byte, m markdown.Span) bool {
	return m.Start > 0 && (isASCIILetter(src[m.Start-1]) || isDigit(src[m.Start-1]))
}

// isRange reports whether c comes from a range marker ([4-6]).
func isRange(doc *markdown.Document, c *markdown.Citation) bool {
	return markerHasRange(doc.Src, c.Marker)
}

func markerHasRange(src []byte, m markdown.Span) bool {
	t := src[m.Start:m.End]
	return bytes.IndexByte(t, '-') >= 0 || bytes.Contains(t, []byte("–")) || bytes.Contains(t, []byte("—"))
}

// refLinkMeant reports whether an undefined [text][label] was meant as a
// reference link, as markdownlint's MD052 reads full and collapsed ones:
// its label is a URL ("[the spec][https://example.org/spec]", an inline
// link written with the wrong brackets), or it is written "[text][]", or
// the document writes reference links with definitions, or its text is
// words in prose ("see [the guide][guide]" in a page that lost its
// definitions); and the label reads as one (not "[,][memory=1Gi]" command
// syntax, "[Feature:X][NodeFeature:Y]" test tags, "[stepper][menulist]"
// tags in a changelog that defines no links).
func refLinkMeant(ev *fixEvidence, c *markdown.Citation) bool {
	doc := ev.doc
	if rules.InHTMLCode(doc.Src, c.Start) || rules.CodeGlued(doc.Src, c.Marker) {
		return false
	}
	marker := doc.Src[c.Marker.Start:c.Marker.End]
	l := strings.TrimSpace(c.Label)
	if urlLabel(l) && !bytes.HasSuffix(marker, []byte("[]")) {
		return true
	}
	if !bytes.HasSuffix(marker, []byte("[]")) && !ev.refs.linkDefs && !(proseLinkText(doc.Src, c.Marker) && !ev.specAnchors()) {
		return false // "[text][]" is link syntax; "[a][b]" only where links are defined, or in prose
	}
	if i := bytes.IndexByte(marker, ']'); i > 0 && typeNames[strings.ToLower(string(marker[1:i]))] || qualifiers[strings.ToLower(l)] {
		return false // "[string][required]", "[Regular Expression][optional]": an API doc's type annotation
	}
	if l == "" || strings.ContainsAny(l, "=,;:|(){}<>`\"") {
		return false
	}
	return isASCIILetter(l[0]) || isDigit(l[0]) || l[0] == '#' || l[0] >= 0x80
}

// urlLabel reports whether a reference link's label is an http(s) URL
// with a host: "[text][https://example.org/x]" is an inline link written
// with square brackets, broken on every renderer.
func urlLabel(l string) bool {
	rest, ok := strings.CutPrefix(strings.ToLower(l), "https://")
	if !ok {
		rest, ok = strings.CutPrefix(strings.ToLower(l), "http://")
	}
	return ok && len(rest) > 0 && isASCIILetter(rest[0]) && !strings.ContainsAny(l, " \t")
}

// proseLinkText reports whether the full reference link at m, in a
// document that defines no links, reads as link text in prose: its text
// is two words or more, starting with a letter, and the marker stands
// inside a sentence, neither first on its line (a changelog's
// "- [ui][menu] Fix"), glued to a word (buf.indexOf(value[, offset][, enc]))
// nor one of a chain of brackets ("[stepper][menulist][tabs]").
func proseLinkText(src []byte, m markdown.Span) bool {
	end := bytes.IndexByte(src[m.Start:m.End], ']')
	if end < 0 {
		return false
	}
	text := bytes.TrimSpace(src[m.Start+1 : m.Start+end])
	if len(text) == 0 || !isASCIILetter(text[0]) && text[0] < 0x80 || bytes.IndexByte(text, ' ') < 0 ||
		bytes.ContainsAny(text, "=|<>{}") {
		return false
	}
	if rules.StartsItsLine(src, m) || gluedToWord(src, m) || m.Start > 0 && src[m.Start-1] == ']' || m.End < len(src) && src[m.End] == '[' {
		return false
	}
	return true
}

// qualifiers are what API documentation writes in brackets after a type
// ("[Regular Expression][optional]").
var qualifiers = map[string]bool{"required": true, "optional": true, "deprecated": true, "default": true, "readonly": true, "read-only": true}

// typeNames are type names API documentation writes in brackets before a
// qualifier: "[string][required]", "[number][optional]".
var typeNames = map[string]bool{"string": true, "number": true, "boolean": true, "bool": true, "object": true,
	"array": true, "function": true, "int": true, "integer": true, "float": true, "any": true, "null": true, "date": true}

// orphanTally is what reportMissingList needs of a document's orphans,
// gathered as they come: a document of 700,000 markers held a pointer to
// each (29 MB allocated as the slice grew, docs/security.md, memory).
// Markers, not citations, are counted: "[1,255]" is one marker of two
// citations, and as the only one it is an interval ("in the range of
// [1,255]"). Orphans come in document order, so a marker's citations are
// neighbours and counting changes counts markers, without a set of every
// marker (56 MB on a document of 600,000 markers); should they not be in
// order, reportMissingList counts them again with a set.
type orphanTally struct {
	first, prev *markdown.Citation
	n, markers  int
	labels      map[string]bool
	sorted      bool
	low, high   int // the numeric labels' range; low -1 for none
}

func (t *orphanTally) add(c *markdown.Citation) {
	if t.n == 0 {
		t.first, t.labels, t.sorted, t.low = c, map[string]bool{}, true, -1
	}
	t.labels[c.Label] = true
	if t.n == 0 || c.Marker != t.prev.Marker {
		t.markers++
	}
	if t.n > 0 && c.Marker.Start < t.prev.Marker.Start {
		t.sorted = false
	}
	if v, err := strconv.Atoi(c.Label); err == nil {
		if t.low < 0 || v < t.low {
			t.low = v
		}
		t.high = max(t.high, v)
	}
	t.prev = c
	t.n++
}

// reportMissingList reports, once, a document that cites numbered
// sources but has no reference list at all: a report cut off before its
// list, or one whose list lives elsewhere. One finding for one cause, not
// one per marker. It needs evidence of a citation system: two markers or
// more, with two labels or more, one of them [1] (a table's footnote
// marker [1], used twice, is not a list of sources), or three labels or
// more in three markers or more.
func reportMissingList(p *rules.Pass, t *orphanTally, recount func() int) {
	if t.n < 2 {
		return
	}
	labels, markers, low, high := t.labels, t.markers, t.low, t.high
	if !t.sorted {
		markers = recount()
	}
	// A system: [1] and another label, or three labels or more that
	// number sources from near the start ("[4], [6], [7]" of a report whose
	// first source was dropped; not a changelog's "[100]" and "[4999]").
	if !(labels["1"] && len(labels) >= 2 && markers >= 2 || len(labels) >= 3 && markers >= 3 && high <= 3*len(labels)+5) {
		return
	}
	for _, d := range p.Doc.Diagnostics {
		if d.Kind == markdown.DiagUnclosedFence {
			return // the list may be in the code: the document finding says so
		}
	}
	first := t.first
	p.Reportf(first.Start, first.End, "the document cites numbered sources ([%d]–[%d], %d markers) but has no reference list or link definitions for them: add the list (was it cut off?)", low, high, markers)
}

// numericSearched says where a numeric label was looked for: the
// reference lists by title, each title once and at most three (a merged
// file has hundreds of "Sources" lists).
func numericSearched(doc *markdown.Document) string {
	var titles []string
	seen := map[string]bool{}
	more := 0
	for _, s := range doc.Sections {
		if s.Title == "" || seen[s.Title] {
			continue
		}
		seen[s.Title] = true
		if len(titles) == 3 {
			more++
			continue
		}
		titles = append(titles, fmt.Sprintf("%q", s.Title))
	}
	if more > 0 {
		titles = append(titles, fmt.Sprintf("%d more", more))
	}
	switch {
	case len(doc.Sections) == 0:
		return "(the document has no reference list and no such link definition)"
	case len(titles) == 0:
		return "in the reference list or link definitions"
	}
	return "in the reference list (" + strings.Join(titles, ", ") + ") or link definitions"
}

// numberedList describes a document's numbered references: entries of
// its reference lists and link definitions with numeric labels.
type numberedList struct {
	has   bool
	max   int // the largest numeric label
	cited int // numeric markers outside the lists that resolve
}

func numberedListOf(doc *markdown.Document) numberedList {
	var l numberedList
	for i := range doc.Citations {
		if c := &doc.Citations[i]; c.Kind == markdown.KindNumeric && !c.InReferences && c.Status == markdown.Resolved && !rules.CodeGlued(doc.Src, c.Marker) {
			l.cited++
		}
	}
	for i := range doc.References {
		r := &doc.References[i]
		if r.Kind != markdown.RefEntry && r.Kind != markdown.RefLinkDef {
			continue
		}
		v, err := strconv.Atoi(r.Label)
		if err != nil {
			continue
		}
		l.has = true
		l.max = max(l.max, v)
	}
	return l
}
