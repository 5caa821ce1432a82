package references

import (
	"bytes"
	"fmt"
	"index/suffixarray"
	"slices"
	"strconv"
	"strings"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// unusedReferenceSettings configure unused-reference.
type unusedReferenceSettings struct {
	// AllLinkDefinitions reports every unused link definition, as
	// markdownlint's MD053 does, not only numbered ones ([3]: url).
	AllLinkDefinitions bool `yaml:"all-link-definitions" json:"all-link-definitions"`
	// LinkedLists treats a numbered list as cited when the text links to
	// one of its entries' works, so that its entries never linked are
	// reported. On by default under rules.default: reports only.
	LinkedLists bool `yaml:"linked-lists" json:"linked-lists"`
}

// UnusedReference reports references nothing cites.
var UnusedReference = &rules.Rule{
	Name:        "unused-reference",
	Summary:     "A reference entry, link definition or footnote definition is never cited",
	Severity:    result.SeverityWarning,
	Tags:        []string{rules.TagOffline},
	Default:     true,
	NewSettings: func() any { return &unusedReferenceSettings{} },
	// A report that cites by link ("[来源：X](url)") and lists each url
	// cites from its list; a human document's References list beside
	// inline links is further reading.
	ReportsSettings: func(s any) { s.(*unusedReferenceSettings).LinkedLists = true },
	Doc: `A numbered entry of a reference list, a numbered link definition (` + "`[3]: url`" + `)
or a footnote definition that nothing in the document uses. In a human document it
is usually a leftover of an edit; in an LLM report, a source the model listed
but did not use, or a citation it dropped from the text.

What counts as a use: a citation that resolves to it (citations inside the
reference list itself do not count for its entries; a reference link inside
a footnote does count for its definition), a reference-style image
(` + "`![][fig1]`" + `), and for an entry, a link in the text to the entry's URL, DOI
or arXiv id, or, for an entry that is a site's home page (an outlet:
"[Reuters](https://www.reuters.com/)"), a link to any page of that site.

Not reported:
- a reading list: a reference list none of whose entries the text cites by
  marker (a "References" or "Further reading" list of a document that links
  its sources inline, or cites none by number) is a list of what to read,
  not N forgotten citations. Under ` + "`rules.default: reports`" + ` (setting
  ` + "`linked-lists`" + `, on there by default) a numbered list one of whose
  entries the text links to by URL is the report's citation list, not a
  reading list: a report that cites "[来源：X](url)" and lists each url
  gets its entries never linked reported. In human documentation a
  References list beside inline links is further reading (turning this on
  there added 13 findings on the Go, Debian and EIP corpora, most of them
  further reading);
- unnumbered list items, which nothing can cite by label;
- an entry whose label a code block holds: an annotated listing points at
  its notes ("fd limit[2]:   16720") where citations are not read;
- link definitions whose destination is an anchor of the page itself
  (` + "`[summary]: #summary`" + `, as document templates define), pandoc aliases
  (` + "`[@tag:x]: doi:...`" + `) in a file that cites no pandoc key, even with
  all-link-definitions (multi-file manuscripts define them once for every
  file), and definitions used in an
  HTML comment (commented-out badges);
- link definitions with other labels (` + "`[npm-badge]: url`" + `): a spare one is
  Markdown housekeeping (markdownlint's MD053), not a citation; and pandoc
  aliases (` + "`[@tag:x]: doi:...`" + `): they are a dictionary of keys, like a
  BibTeX file, whose spare entries render nothing and which no tool reports
  (read in context, every one found on real manuscripts was a manubot tag
  dictionary's spare entry, in a compiled file nobody edits); set
  ` + "`all-link-definitions: true`" + ` to report both;
- a second definition of the same label (duplicate-reference reports it).

One finding per cause: five or more uncited entries of one list are one
finding that counts them and names their labels ("6 of the 9 entries of
the reference list are never cited: [3]–[6], [8]–[9]"), since a list padded
with sources the text never uses is one fault; fewer are one finding each.
An entry written under several labels ("[2] [33] [39] https://…") is cited
when any of them is. A report that lists sources and cites none of them is
uncited-claim's finding (under ` + "`--default reports`" + `), not a reading list
of N warnings.

There is no automatic fix: deleting a definition is never safe.

Bad:

    Sea levels rose 20 cm [1].

    ## References
    [1] IPCC AR6 WG1, https://doi.org/10.1017/9781009157896
    [2] NOAA sea level report, https://oceanservice.noaa.gov/

Good:

    Sea levels rose 20 cm [1], faster since 2006 [2].

    ## References
    [1] IPCC AR6 WG1, https://doi.org/10.1017/9781009157896
    [2] NOAA sea level report, https://oceanservice.noaa.gov/
`,
	Check: checkUnusedReference,
}

// copiedLists returns the reference lists (sections) that repeat an
// earlier list: at least four in five of their numbered entries have an
// entry of the same label in one earlier list, and the same work or the
// same title (a URL copied with a stray character still repeats it).
func copiedLists(doc *markdown.Document) map[int]bool {
	type entry struct{ target, title string }
	lists := map[int]map[string]entry{} // section: label: entry
	var order []int
	for i := range doc.References {
		ref := &doc.References[i]
		if ref.Kind != markdown.RefEntry || ref.Label == "" {
			continue
		}
		l, ok := lists[ref.Section]
		if !ok {
			l = map[string]entry{}
			lists[ref.Section] = l
			order = append(order, ref.Section)
		}
		if _, dup := l[ref.Label]; !dup {
			l[ref.Label] = entry{targetKey(ref), strings.TrimSpace(ref.Title)}
		}
	}
	var out map[int]bool
	for k, sec := range order {
		// A copy is compared with the lists shortly before it, so that a
		// document of thousands of small lists costs linear time.
		from := max(0, k-maxCopyDistance)
		for _, before := range order[from:k] {
			same := 0
			for label, e := range lists[sec] {
				if b, ok := lists[before][label]; ok && (e.title != "" && e.title == b.title || sameURLStem(e.target, b.target)) {
					same++
				}
			}
			if 5*same >= 4*len(lists[sec]) {
				if out == nil {
					out = map[int]bool{}
				}
				out[sec] = true
				break
			}
		}
	}
	return out
}

// maxCopyDistance is how many lists back copiedLists looks for the list a
// list repeats.
const maxCopyDistance = 16

// sameURLStem reports two URL keys that are equal, or differ only after a
// '?' or in a trailing '=' (a copied query string), as one list's copy of
// another's may.
func sameURLStem(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	cut := func(u string) string {
		if i := strings.IndexByte(u, '?'); i >= 0 {
			u = u[:i]
		}
		return strings.TrimRight(u, "=/")
	}
	return cut(a) == cut(b)
}

// linkedSite reports whether the text links a page of the site whose home
// page raw is ("[Reuters](https://www.reuters.com/)" listed, an article of
// reuters.com linked): an entry that names an outlet is cited by its
// articles. Hosts compare without "www.".
func linkedSite(hosts map[string]bool, raw string) bool {
	host := siteHost(raw)
	return host != "" && hosts[host]
}

// linkedHosts returns the sites (siteHost) of what the text links to.
func linkedHosts(linked map[string]bool) map[string]bool {
	hosts := make(map[string]bool, len(linked))
	for k := range linked {
		hosts[siteHost(k)] = true
	}
	return hosts
}

// siteHost is a URL's host, lower-cased, without "www." ("" for none).
func siteHost(raw string) string {
	_, rest, ok := strings.Cut(raw, "://")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	return strings.TrimPrefix(strings.ToLower(rest), "www.")
}

// namesUnresolved reports whether the text names a source in words that
// resolves to no entry ("（来源：Reuters）", "[World Bank, 2022]").
func namesUnresolved(doc *markdown.Document) bool {
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.Kind != markdown.KindNamed || c.Ref >= 0 || c.InReferences {
			continue
		}
		// A note of sources that links them ("数据来源：[X](url)") cites
		// by link, which linked already holds.
		if c.Scheme == markdown.SchemeNote {
			line := markdown.LineAt(doc.Src, c.Span.Start)
			if t := doc.Src[line.Start:line.End]; bytes.Contains(t, []byte("](")) || bytes.Contains(t, []byte("://")) {
				continue
			}
		}
		return true
	}
	return false
}

func checkUnusedReference(p *rules.Pass) {
	doc := p.Doc
	settings, _ := p.Settings.(*unusedReferenceSettings)
	if settings == nil {
		settings = &unusedReferenceSettings{}
	}
	used := make([]bool, len(doc.References))
	// citedLists counts, per reference list (section), the entries cited
	// by a marker; linked holds what the text links to.
	citedLists := map[int]int{}
	var linked map[string]bool
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.Ref >= 0 && int(c.Ref) < len(used) {
			ref := &doc.References[c.Ref]
			// A source named in words ("[Carpenter, 1992]") uses its
			// entry, but does not make its list one the text cites by
			// label: the rest may be further reading.
			if ref.Kind == markdown.RefEntry && !c.InReferences && !used[c.Ref] && c.Kind != markdown.KindNamed {
				citedLists[ref.Section]++
			}
			if ref.Kind != markdown.RefEntry || !c.InReferences {
				used[c.Ref] = true
			}
		}
		if c.InReferences {
			continue
		}
		// What the text links to: a citation's own target, and the
		// destination of a numbered link "[[4]](url)" whatever entry its
		// number names.
		for _, target := range [2]string{c.Target, c.ID} {
			if target == "" || c.Ref >= 0 && target == c.Target {
				continue
			}
			if t := targetKeyOf(target); t != "" {
				if linked == nil {
					linked = map[string]bool{}
				}
				linked[t] = true
			}
		}
	}
	// A list the text cites by linking to its entries' works (the report
	// cites "[来源：X](url)" and lists each url) is a list the text cites,
	// like one it cites by label: its entries never linked are unused.
	// Not when the text also names sources it does not resolve ("（来源：
	// Reuters）"): those may be the entries never linked. And an entry
	// whose work an earlier list holds too (a report that prints its list
	// twice) is that list's to report: one cause, one finding.
	linkedLists := map[int]int{}
	var copies map[int]bool // lists that repeat an earlier one
	if linked != nil && settings.LinkedLists && !namesUnresolved(doc) {
		for i := range doc.References {
			if ref := &doc.References[i]; ref.Kind == markdown.RefEntry && ref.Label != "" && linked[targetKey(ref)] {
				linkedLists[ref.Section]++
			}
		}
		copies = copiedLists(doc)
	}
	// An entry written under several labels ("[2] [33] url") is used when
	// any of them is.
	for i := 1; i < len(doc.References); i++ {
		if a, b := &doc.References[i-1], &doc.References[i]; a.SameEntry(b) && (used[i-1] || used[i]) {
			for k := i; k >= 0 && doc.References[k].SameEntry(b); k-- {
				used[k] = true
			}
			for k := i + 1; k < len(doc.References) && doc.References[k].SameEntry(b); k++ {
				used[k] = true
			}
		}
	}
	citesPandoc := false
	for i := range doc.Citations {
		if doc.Citations[i].Kind == markdown.KindPandoc {
			citesPandoc = true
			break
		}
	}
	images := map[string]bool{}
	for _, l := range doc.ImageRefs {
		images[resolve.LinkKey(l)] = true
	}
	var hosts map[string]bool    // the sites the text links to, made on first use
	var bare map[string]bool     // made when an entry is about to be reported
	var inCode map[string]bool   // the same
	var commented *commentLabels // made when a definition is about to be reported
	seen := make(map[refKeyT]bool, len(doc.References))
	// The uncited entries of each list, reported at the end: a few are
	// each a finding, many are one ("padding").
	padding := map[int][]int{}
	for i := range doc.References {
		ref := &doc.References[i]
		if i > 0 && ref.SameEntry(&doc.References[i-1]) {
			continue // the entry's further labels: one entry
		}
		key := refKey(ref)
		first := !seen[key]
		seen[key] = true
		if used[i] || !first || ref.Label == "" {
			continue
		}
		var msg string
		switch ref.Kind {
		case markdown.RefEntry:
			if citedLists[ref.Section] == 0 && linkedLists[ref.Section] == 0 || linked[targetKey(ref)] {
				continue // a reading list, or cited by a link to the work
			}
			if hosts == nil && linked != nil {
				hosts = linkedHosts(linked)
			}
			if siteRoot(ref) && linkedSite(hosts, ref.URL) {
				continue // an outlet's home page, whose articles the text links
			}
			if citedLists[ref.Section] == 0 && copies[ref.Section] {
				continue // the earlier list's to report
			}
			if bare == nil {
				bare = bareNumbers(doc)
			}
			if bare[ref.Label] {
				continue // perhaps cited as a bare number, as glued citations are written
			}
			if inCode == nil {
				inCode = codeLabels(doc)
			}
			if inCode[ref.Label] {
				continue // cited from a listing: "fd limit[2]:   16720"
			}
			padding[ref.Section] = append(padding[ref.Section], i)
			continue
		case markdown.RefLinkDef:
			if images[key.label] || // refKey folded the label as images are
				strings.HasPrefix(ref.Label, "@") && !citesPandoc ||
				strings.HasPrefix(ref.URL, "#") || linked[targetKey(ref)] ||
				!settings.AllLinkDefinitions && !isNumber(ref.Label) {
				continue
			}
			if commented == nil {
				commented = newCommentLabels(doc)
			}
			if commented.has(ref.Label) {
				continue
			}
			msg = fmt.Sprintf("link definition [%s] is never used", ref.Label)
		case markdown.RefFootnote:
			msg = fmt.Sprintf("footnote [^%s] is defined but never referenced", ref.Label)
			if ref.RST(p.Doc.Src) {
				msg = fmt.Sprintf("entry .. [%s] is never cited ([%s]_)", ref.Label, ref.Label)
			}
		default:
			continue
		}
		reportAtLabel(p, ref, msg)
	}
	sections := make([]int, 0, len(padding))
	for si := range padding {
		sections = append(sections, si)
	}
	slices.Sort(sections)
	for _, si := range sections {
		reportUncitedEntries(p, si, padding[si])
	}
}

// paddingAt is how many uncited entries of one list make one finding
// rather than one each: a list padded with sources the text never cites
// is one cause.
const paddingAt = 5

// reportUncitedEntries reports the uncited entries (indexes into
// References) of list si: each on its own when they are few, else one
// finding that counts them and names their labels.
func reportUncitedEntries(p *rules.Pass, si int, entries []int) {
	doc := p.Doc
	if len(entries) < paddingAt {
		for _, i := range entries {
			reportAtLabel(p, &doc.References[i], fmt.Sprintf("reference [%s] is never cited", doc.References[i].Label))
		}
		return
	}
	total := 0
	for i := range doc.References {
		if r := &doc.References[i]; r.Kind == markdown.RefEntry && r.Section == si && r.Label != "" && (i == 0 || !r.SameEntry(&doc.References[i-1])) {
			total++
		}
	}
	labels := make([]string, len(entries))
	for k, i := range entries {
		labels[k] = doc.References[i].Label
	}
	title := ""
	if si >= 0 && si < len(doc.Sections) && doc.Sections[si].Title != "" {
		title = fmt.Sprintf(" (%q)", doc.Sections[si].Title)
	}
	reportAtLabel(p, &doc.References[entries[0]], fmt.Sprintf("%d of the %d entries of the reference list%s are never cited: %s",
		len(entries), total, title, labelRanges(labels, 12)))
}

// reportAtLabel reports msg at a reference's label (else the whole
// reference).
func reportAtLabel(p *rules.Pass, ref *markdown.Reference, msg string) {
	sp := ref.LabelSpan
	if sp.End <= sp.Start {
		sp = ref.Span
	}
	p.Report(sp.Start, sp.End, msg)
}

// labelRanges writes labels in order as "[3], [5]–[9], [12]", runs of
// consecutive numbers as ranges, at most max parts ("and 4 more").
func labelRanges(labels []string, max int) string {
	var parts []string
	more := 0
	for k := 0; k < len(labels); {
		j := k
		for j+1 < len(labels) && isNumber(labels[j]) && isNumber(labels[j+1]) && atoi(labels[j+1]) == atoi(labels[j])+1 {
			j++
		}
		part := "[" + labels[k] + "]"
		if j > k {
			part += "–[" + labels[j] + "]"
		}
		if len(parts) < max {
			parts = append(parts, part)
		} else {
			more += j - k + 1
		}
		k = j + 1
	}
	out := strings.Join(parts, ", ")
	if more > 0 {
		out += fmt.Sprintf(" and %d more", more)
	}
	return out
}

func atoi(s string) int {
	v, _ := strconv.Atoi(s)
	return v
}

// bareNumbers returns, for a document that cites with glued numbers
// ("...the brain.13", exported from superscripts), the numbers standing
// alone in its text outside reference lists: "equation 23:", "$.15",
// "month) 45 |". The extractor takes a glued number only where it is
// certain, so an entry whose number stands bare somewhere may well be
// cited; it is not reported. For other documents the map is empty.
func bareNumbers(doc *markdown.Document) map[string]bool {
	out := map[string]bool{}
	glued := false
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.Kind == markdown.KindNumeric && !c.InReferences && c.Marker.Start < len(doc.Src) && doc.Src[c.Marker.Start] != '[' {
			glued = true
			break
		}
	}
	if !glued {
		return out
	}
	src := doc.Src
	// Sections are in order of their start and do not overlap, and the
	// offsets asked increase: one cursor walks them.
	si := 0
	inList := func(off int) bool {
		for si < len(doc.Sections) && doc.Sections[si].Span.End <= off {
			si++
		}
		return si < len(doc.Sections) && doc.Sections[si].Span.Contains(off)
	}
	heading := false // whether the line being scanned is a heading
	for i := 0; i < len(src); {
		if i == 0 || src[i-1] == '\n' {
			k := i
			for k < len(src) && (src[k] == ' ' || src[k] == '>') {
				k++
			}
			heading = k < len(src) && src[k] == '#'
		}
		if !isDigit(src[i]) || heading {
			i++
			continue
		}
		j := i
		for j < len(src) && isDigit(src[j]) {
			j++
		}
		before := byte(' ')
		if i > 0 {
			before = src[i-1]
		}
		after := byte(' ')
		if j < len(src) {
			after = src[j]
		}
		// A token of its own (not part of a word, a decimal, an image
		// name or a bracketed label) where a superscript stood: after a
		// sentence's or clause's end, or before a colon, a table bar, a
		// line end or a new sentence.
		token := j-i <= 3 && !isASCIILetter(before) && before != '[' && before != ',' && !isASCIILetter(after) && !isDigit(after) &&
			after != ']' && after != '%' && !(after == '.' && j+1 < len(src) && isDigit(src[j+1]))
		if token && (superscriptBefore(src, i) || superscriptAfter(src, j)) && !inList(i) {
			out[string(src[i:j])] = true
		}
		i = j
	}
	return out
}

// superscriptBefore reports whether src[:i] ends as text before a lost
// superscript does: a full stop, bracket, quote, emphasis or dollar, then
// at most one space.
func superscriptBefore(src []byte, i int) bool {
	if i > 0 && src[i-1] == ' ' {
		i--
	}
	return i > 0 && strings.IndexByte(".)\"*'$", src[i-1]) >= 0
}

// superscriptAfter reports whether what follows a number at src[j:] ends
// its clause: a colon, a table bar, a line end, or a space and a capital.
func superscriptAfter(src []byte, j int) bool {
	if j == len(src) || strings.IndexByte(":|\n\r", src[j]) >= 0 {
		return true
	}
	return src[j] == ' ' && (j+1 == len(src) || src[j+1] == '|' || src[j+1] == '\n' || 'A' <= src[j+1] && src[j+1] <= 'Z')
}

// commentLabels says whether an HTML comment uses a label ("[label]",
// case-insensitively), as commented-out badges do: the author keeps the
// definition on purpose. The comments are read once for every definition
// asked about, where lower-casing and searching every comment per
// definition made a document with many of both quadratic.
type commentLabels struct {
	lower []string // the comments' text, lower-cased
	// plain holds the text between each "[" and the next bracket when
	// that is "]": "[label]" is in a comment iff plain[label], for a label
	// without brackets.
	plain map[string]bool
	// index finds a label holding brackets ("a\]b") in the comments,
	// joined with a byte that lower-cased text never holds; built on first
	// use.
	index *suffixarray.Index
}

func newCommentLabels(doc *markdown.Document) *commentLabels {
	cl := &commentLabels{plain: map[string]bool{}}
	for _, c := range doc.Comments {
		t := strings.ToLower(c.Text)
		cl.lower = append(cl.lower, t)
		// A label is what follows a "[" up to the first "]", with no
		// "[" between: each piece after a "[" that holds a "]".
		_, after, _ := strings.Cut(t, "[")
		for seg := range strings.SplitSeq(after, "[") {
			if k := strings.IndexByte(seg, ']'); k >= 0 {
				cl.plain[seg[:k]] = true
			}
		}
	}
	return cl
}

// has reports whether some comment holds "[label]", case-insensitively.
func (cl *commentLabels) has(label string) bool {
	l := strings.ToLower(label)
	if !strings.ContainsAny(l, "[]") {
		return cl.plain[l]
	}
	if cl.index == nil {
		// strings.ToLower writes valid UTF-8, which never holds 0xff.
		cl.index = suffixarray.New([]byte(strings.Join(cl.lower, "\xff")))
	}
	return len(cl.index.Lookup([]byte("["+l+"]"), 1)) > 0
}

// isNumber reports whether s is a run of ASCII digits.
func isNumber(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// refKey identifies a reference by what cites it: kind, section and label
// (link labels case-folded as CommonMark matches them). A struct, not a
// joined string: the rules that use it build one per reference.
type refKeyT struct {
	kind    markdown.RefKind
	section int
	label   string
}

func refKey(ref *markdown.Reference) refKeyT {
	switch ref.Kind {
	case markdown.RefLinkDef:
		return refKeyT{kind: ref.Kind, section: -1, label: resolve.LinkKey(ref.Label)}
	case markdown.RefFootnote:
		return refKeyT{kind: ref.Kind, section: -1, label: ref.Label}
	}
	return refKeyT{ref.Kind, ref.Section, ref.Label}
}

// codeLabels returns the labels that code listings point at, read once, in
// time linear in the code. Citations are not read in code, but an annotated
// listing points at notes as prose does ("fd limit[2]:   16720"). Only a
// bracketed label followed by a colon counts, in a listing that is not
// program code (no info string, or text, console, output): "argv[1]" in a
// Python block indexes an array. A reference entry's own label (a list
// indented into a code block) does not count.
func codeLabels(doc *markdown.Document) map[string]bool {
	entries := map[int]bool{}
	for i := range doc.References {
		if r := &doc.References[i]; r.Kind == markdown.RefEntry {
			entries[r.LabelSpan.Start] = true
		}
	}
	out := map[string]bool{}
	for _, cb := range doc.CodeBlocks {
		lang := strings.ToLower(string(doc.Src[cb.Lang.Start:cb.Lang.End]))
		if markdownLangs[lang] {
			// A report's sections that a generator wrapped in a
			// ```markdown fence: their markers cite as prose does.
			markdownFenceLabels(doc.Src[cb.Start:cb.End], out)
			continue
		}
		if !listingLangs[lang] {
			continue // program code
		}
		code := doc.Src[cb.Start:cb.End]
		for i := bytes.IndexByte(code, '['); i >= 0; {
			rest := code[i+1:]
			k := bytes.IndexAny(rest[:min(len(rest), 32)], "[]\n")
			if k >= 0 && rest[k] == ']' && !entries[cb.Start+i+1] &&
				bytes.HasPrefix(bytes.TrimLeft(rest[k+1:min(len(rest), k+9)], " \t"), []byte(":")) {
				out[string(rest[:k])] = true
			}
			j := bytes.IndexByte(rest, '[')
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	return out
}

// markdownLangs are the fence languages of Markdown.
var markdownLangs = map[string]bool{"markdown": true, "md": true, "mdx": true}

// markdownFenceLabels adds to out the numbers cited in brackets in a
// Markdown fence's text: "[3]", "[3, 5]", "[3][5]".
func markdownFenceLabels(code []byte, out map[string]bool) {
	for i := bytes.IndexByte(code, '['); i >= 0; {
		j := i + 1
		for j < len(code) && j-i < 64 && (isDigit(code[j]) || code[j] == ',' || code[j] == ' ' || code[j] == ';') {
			j++
		}
		if j < len(code) && code[j] == ']' && j > i+1 {
			for _, f := range strings.FieldsFunc(string(code[i+1:j]), func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
				out[f] = true
			}
		}
		k := bytes.IndexByte(code[i+1:], '[')
		if k < 0 {
			break
		}
		i += 1 + k
	}
}

// listingLangs are the fence languages of listings that are not program
// code; "" is an indented block or a fence with no info string.
var listingLangs = map[string]bool{"": true, "text": true, "txt": true, "plain": true, "plaintext": true, "console": true, "output": true, "log": true, "none": true}
