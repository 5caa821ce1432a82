package references

import (
	"bytes"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// DuplicateReference reports labels defined twice and works listed twice.
var DuplicateReference = &rules.Rule{
	Name:     "duplicate-reference",
	Summary:  "The same label is defined twice, or one reference list lists the same DOI, arXiv id or URL twice",
	Severity: result.SeverityWarning,
	Tags:     []string{rules.TagOffline},
	Default:  true,
	Doc: `Two entries of one reference list with the same bracketed number (` + "`[3]`" + `), two
link definitions with the same label (CommonMark matches labels
case-insensitively and keeps the first), two footnote definitions with the
same label, or two entries of one reference list that name the same DOI,
arXiv id or URL under different labels.

A label defined twice makes one definition unreachable: readers and renderers
follow the first. The same work listed twice in a bibliography splits its
citations and inflates the apparent number of sources, a common trait of
LLM-written reports. DOIs are compared case-insensitively and arXiv ids
without their version; URLs are compared without a trailing slash, with the
scheme and host lower-cased, and with their fragment: ` + "`#L104`" + ` and ` + "`#L175`" + `
of one file, or two anchors of one specification, are different targets.
A DOI in a publisher's URL is the DOI. A site's home page is a work only
with its title: the same home page under the same title is one entry twice;
under two titles, two works that had no better link. (Matching titles alone,
across two addresses, was tried: 17 of 25 such findings were right, read
blind; generic titles such as a journal's name or "A brief history of..."
name different works.) The copies of one work are one
finding naming them all ("reference [2], reference [10] and reference [11]
each list ..."); five or more entries of one list
that repeat works it already lists are one finding naming the pairs (a
list pasted twice is one fault), and so are five or more definitions of
labels defined before them (a second list numbered over the first, [22]–[31]
again after [59]; a changelog reusing its per-release link labels).

Not duplicates: two link definitions with different labels for one URL
(aliases, as CommonMark intends), a work linked in the text or a footnote and
also listed in the bibliography, reference lists that restart their
numbering per section (one "Sources" list per section), and Markdown ordered
lists (` + "`1.`" + `) that restart under sub-headings of one section.

Bad:

    [1] Smith, Deep nets, https://doi.org/10.1000/ABC
    [2] Smith, Deep nets (preprint), https://doi.org/10.1000/abc

Good:

    [1] Smith, Deep nets, https://doi.org/10.1000/abc
`,
	Check: checkDuplicateReference,
}

func checkDuplicateReference(p *rules.Pass) {
	doc := p.Doc
	// Lines are needed only to report, which most documents never do.
	var idx *result.LineIndex
	line := func(ref *markdown.Reference) int {
		if idx == nil {
			idx = result.NewLineIndex(doc.Src)
		}
		return idx.Line(ref.Span.Start)
	}
	labels := make(map[refKeyT]int, len(doc.References))
	// The same work twice counts only within one reference list: per-section
	// lists of LLM reports repeat works, and a link or footnote that names a
	// work the bibliography lists is how people cite.
	type listKey struct {
		section, list int
		target        string
	}
	// Ordered lists ("1.") restart under each sub-heading or bold title:
	// list numbers the runs of ordinal entries, a new one starting where
	// anything but blank lines stands between two entries.
	list := 0
	prevEnd := -1
	perList := make(map[listKey]int, len(doc.References))
	repeats := map[int][][2]int{} // by section: (entry, the earlier entry it repeats)
	var twice [][2]int            // (reference, the earlier one whose label it takes again)
	order := make([]int, len(doc.References))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return doc.References[order[a]].Span.Start < doc.References[order[b]].Span.Start
	})
	for _, i := range order {
		ref := &doc.References[i]
		switch ref.Kind {
		case markdown.RefEntry, markdown.RefLinkDef, markdown.RefFootnote:
		default:
			continue
		}
		sp := ref.LabelSpan
		if sp.End <= sp.Start {
			sp = ref.Span
		}
		ordinal := ref.Kind == markdown.RefEntry && !ref.Bracketed(doc.Src)
		if ordinal {
			if prevEnd < 0 || prevEnd > ref.Span.Start || len(bytes.TrimSpace(doc.Src[prevEnd:ref.Span.Start])) > 0 {
				list++
			}
		}
		if ref.Kind == markdown.RefEntry {
			prevEnd = ref.Span.End
		}
		if ref.Label != "" && !ordinal {
			k := refKey(ref)
			if j, dup := labels[k]; dup {
				if first := &doc.References[j]; ref.Kind == markdown.RefLinkDef && sameTarget(first, ref) {
					continue // the same definition again: redundant, not ambiguous
				} else if first.Template || ref.Template {
					// A template's definition and a plain one: one for the
					// expanded site, one for GitHub, which shows the
					// template's as text (trivy's docs keep both).
					continue
				} else if ref.Kind == markdown.RefEntry && yearLabel(ref.Label) {
					// "[1992] Carpenter, ..." and "[1992] Tomabechi, ...":
					// a list tagged by year, cited by author and year, where
					// two works of one year are two entries, not one label
					// defined twice.
					continue
				}
				twice = append(twice, [2]int{i, j})
				continue
			}
			labels[k] = i
		}
		if ref.Kind != markdown.RefEntry {
			continue
		}
		t := targetKey(ref)
		if siteRoot(ref) {
			// A homepage stands in for works it cannot tell apart: the
			// same homepage under the same title is one entry twice.
			title := entryTitle(ref)
			if title == "" {
				continue
			}
			t += "\x00" + title
		}
		if t == "" {
			continue
		}
		lk := listKey{ref.Section, -1, t}
		if ordinal {
			lk.list = list
		}
		if j, dup := perList[lk]; dup {
			if first := &doc.References[j]; first.Label != ref.Label && !first.SameEntry(ref) && !passagesOfOnePage(first, ref) {
				repeats[ref.Section] = append(repeats[ref.Section], [2]int{i, j})
			}
			continue
		}
		perList[lk] = i
	}
	reportDefinedTwice(p, twice, line)
	// One finding per cause: a list that repeats itself (the whole list
	// pasted twice, [39]–[76] again [1]–[38]) is one fault, not 38.
	sections := make([]int, 0, len(repeats))
	for si := range repeats {
		sections = append(sections, si)
	}
	slices.Sort(sections)
	for _, si := range sections {
		pairs := repeats[si]
		if len(pairs) < paddingAt {
			// One finding per work: the copies of one entry are one cause
			// ("[2], [10] and [11] each list the Findex page of [1]").
			byFirst := map[int][]int{}
			var firsts []int
			for _, pr := range pairs {
				if _, ok := byFirst[pr[1]]; !ok {
					firsts = append(firsts, pr[1])
				}
				byFirst[pr[1]] = append(byFirst[pr[1]], pr[0])
			}
			for _, j := range firsts {
				copies, first := byFirst[j], &doc.References[j]
				ref := &doc.References[copies[0]]
				sp := labelSpanOf(ref)
				what := ref.Target()
				if len(copies) == 1 {
					iss := p.Reportf(sp.Start, sp.End, "%s lists %s, already listed as %s (line %d)", describeRef(ref, doc.Src), what, describeRef(first, doc.Src), line(first))
					iss.Related = []result.Related{relatedRef(first, "the first entry of "+ref.Target())}
					continue
				}
				names := make([]string, len(copies))
				for k, c := range copies {
					names[k] = describeRef(&doc.References[c], doc.Src)
				}
				iss := p.Reportf(sp.Start, sp.End, "%s and %s each list %s, already listed as %s (line %d)", strings.Join(names[:len(names)-1], ", "), names[len(names)-1],
					what, describeRef(first, doc.Src), line(first))
				iss.Related = []result.Related{relatedRef(first, "the first entry of "+ref.Target())}
				for _, c := range copies[1:] {
					iss.Related = append(iss.Related, relatedRef(&doc.References[c], "a copy of "+describeRef(first, doc.Src)))
				}
			}
			continue
		}
		named := namePairs(pairs, func(pr [2]int) string {
			return fmt.Sprintf("%s as %s", describeRef(&doc.References[pr[0]], doc.Src), describeRef(&doc.References[pr[1]], doc.Src))
		})
		sp := labelSpanOf(&doc.References[pairs[0][0]])
		iss := p.Reportf(sp.Start, sp.End, "%d entries of the list repeat works it already lists: %s", len(pairs), named)
		for _, pr := range pairs {
			again, first := &doc.References[pr[0]], &doc.References[pr[1]]
			iss.Related = append(iss.Related, relatedRef(first, fmt.Sprintf("%s, repeated as %s", describeRef(first, doc.Src), describeRef(again, doc.Src))))
		}
	}
}

// reportDefinedTwice reports the labels defined twice, each pair the
// later definition and the first, which wins. One finding per cause: five
// or more such definitions (a second list numbered over the first, [22]–[31] again after
// [59]) are one finding naming them, not one per label.
func reportDefinedTwice(p *rules.Pass, twice [][2]int, line func(*markdown.Reference) int) {
	doc := p.Doc
	if len(twice) < paddingAt {
		for _, pr := range twice {
			ref, first := &doc.References[pr[0]], &doc.References[pr[1]]
			sp := labelSpanOf(ref)
			iss := p.Reportf(sp.Start, sp.End, "%s is defined twice (first at line %d); the first definition wins", describeRef(ref, doc.Src), line(first))
			iss.Related = []result.Related{relatedRef(first, "the first definition, which wins")}
		}
		return
	}
	named := namePairs(twice, func(pr [2]int) string {
		return fmt.Sprintf("%s (first at line %d)", describeRef(&doc.References[pr[0]], doc.Src), line(&doc.References[pr[1]]))
	})
	// Entries: a second list numbered over the first. Link and footnote
	// definitions: one namespace a document shares (a changelog's
	// per-release "[ik]: url").
	hint := "is a second list numbered over the first?"
	for _, pr := range twice {
		if doc.References[pr[0]].Kind != markdown.RefEntry {
			hint = "a document's labels share one namespace, so rename the later ones"
			break
		}
	}
	sp := labelSpanOf(&doc.References[twice[0][0]])
	iss := p.Reportf(sp.Start, sp.End, "%d definitions take a label defined before them, and the first definitions win: %s; %s", len(twice), named, hint)
	for _, pr := range twice {
		again, first := &doc.References[pr[0]], &doc.References[pr[1]]
		iss.Related = append(iss.Related, relatedRef(first, fmt.Sprintf("the first definition of %s, which wins", describeRef(again, doc.Src))))
	}
}

// namePairs names the pairs of a grouped finding, the first eight by name
// and the rest by count.
func namePairs(pairs [][2]int, name func([2]int) string) string {
	var parts []string
	for k, pr := range pairs {
		if k == 8 {
			parts = append(parts, fmt.Sprintf("and %d more", len(pairs)-k))
			break
		}
		parts = append(parts, name(pr))
	}
	return strings.Join(parts, ", ")
}

// relatedRef points at a reference's label (else the whole entry), for
// an issue's Related.
func relatedRef(ref *markdown.Reference, msg string) result.Related {
	sp := labelSpanOf(ref)
	return result.Related{Start: sp.Start, End: sp.End, Message: msg}
}

// labelSpanOf is where a reference's findings go: its label, else the
// whole reference.
func labelSpanOf(ref *markdown.Reference) markdown.Span {
	if ref.LabelSpan.End > ref.LabelSpan.Start {
		return ref.LabelSpan
	}
	return ref.Span
}

// passagesOfOnePage reports whether two entries cite different passages of
// one page (different "#:~:text=" highlights) under different titles: two
// works a review discusses, cited through it, not one work listed twice.
func passagesOfOnePage(a, b *markdown.Reference) bool {
	fa, fb := textFragment(a.URL), textFragment(b.URL)
	return fa != "" && fb != "" && fa != fb && (!strings.EqualFold(a.Title, b.Title) || !strings.EqualFold(lead(a.Text), lead(b.Text)))
}

// lead returns an entry's text before its first link or URL: the
// author's description of the work, where the title guess may have taken
// the link's text.
func lead(text string) string {
	if i := strings.IndexAny(text, "[("); i >= 0 {
		text = text[:i]
	}
	if i := strings.Index(text, "http"); i >= 0 {
		text = text[:i]
	}
	return strings.TrimSpace(text)
}

func textFragment(u string) string {
	if i := strings.Index(u, "#:~:"); i >= 0 {
		return u[i:]
	}
	return ""
}

// entryTitle is an entry's title as compared: spaces folded, lower-cased.
func entryTitle(ref *markdown.Reference) string {
	return strings.ToLower(strings.Join(strings.Fields(ref.Title), " "))
}

// sameTarget reports whether two references name one target, ignoring
// case and a trailing slash.
func sameTarget(a, b *markdown.Reference) bool {
	return a.URL == b.URL || strings.EqualFold(targetKey(a), targetKey(b)) && targetKey(a) != ""
}

// siteRoot reports whether a reference's only identifier is a site's home
// page (https://www.cnki.net/): two entries there are two works whose
// author had no better link, not one work listed twice.
func siteRoot(ref *markdown.Reference) bool {
	if ref.DOI != "" || ref.ArXiv != "" {
		return false
	}
	// Most entries' URLs have a path: answered without url.Parse. Before
	// the query and fragment, the first "://" ends the scheme (a scheme
	// has no colon) and the host ends at the first "/": a path of two
	// bytes or more is, unescaped, still not "/".
	raw := ref.URL
	if i := strings.IndexAny(raw, "?#"); i >= 0 {
		raw = raw[:i]
	}
	if _, rest, ok := strings.Cut(raw, "://"); ok {
		if i := strings.IndexByte(rest, '/'); i >= 0 && len(rest)-i > 1 {
			return false
		}
	}
	u, err := url.Parse(ref.URL)
	return err == nil && u.Host != "" && (u.Path == "" || u.Path == "/") && u.RawQuery == ""
}

func describeRef(ref *markdown.Reference, src []byte) string {
	switch ref.Kind {
	case markdown.RefLinkDef:
		return fmt.Sprintf("link definition [%s]", ref.Label)
	case markdown.RefFootnote:
		if ref.RST(src) {
			return fmt.Sprintf("entry .. [%s]", ref.Label)
		}
		return fmt.Sprintf("footnote [^%s]", ref.Label)
	}
	if ref.Label == "" {
		return "reference entry"
	}
	return fmt.Sprintf("reference [%s]", ref.Label)
}

// targetKey normalises what a reference points at, for comparison.
func targetKey(ref *markdown.Reference) string {
	switch {
	case ref.DOI != "":
		return "doi:" + strings.ToLower(ref.DOI)
	case ref.ArXiv != "":
		return "arxiv:" + ref.ArXiv
	case ref.URL != "":
		if k, ok := urlKeyFast(ref.URL); ok {
			return k
		}
		return urlKey(ref.URL)
	}
	return ""
}

// targetKeyOf is targetKey for a citation's Target ("doi:...", "arxiv:..."
// or a URL).
func targetKeyOf(target string) string {
	switch {
	case strings.HasPrefix(target, "doi:"):
		return strings.ToLower(target)
	case strings.HasPrefix(target, "arxiv:"):
		return target
	}
	if k, ok := urlKeyFast(target); ok {
		return k
	}
	return urlKey(target)
}

// urlKey is a URL with its scheme and host lower-cased, http made https
// and a trailing slash dropped, then its fragment as written (anchors name
// different targets: lines of a file, sections of a specification); ""
// when it has no host.
func urlKey(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return ""
	}
	u.Fragment, u.RawFragment = "", ""
	u.Host = strings.ToLower(u.Host)
	u.Scheme = strings.ToLower(u.Scheme)
	if u.Scheme == "http" {
		u.Scheme = "https"
	}
	return strings.TrimSuffix(u.String(), "/") + fragmentOf(raw)
}

// fragmentOf returns the "#..." end of a URL as written: "" for none, an
// empty one, or a text fragment ("#:~:text=..."), which highlights words
// of the page rather than naming a part of it.
func fragmentOf(raw string) string {
	i := strings.IndexByte(raw, '#')
	if i < 0 || i+1 == len(raw) || strings.HasPrefix(raw[i:], "#:~:") {
		return ""
	}
	return raw[i:]
}

// urlKeyUnsafe marks the bytes urlKeyFast leaves to urlKey: controls,
// space, non-ASCII, '%' and those url.URL.String would escape.
var urlKeyUnsafe = func() (t [256]bool) {
	for c := range t {
		t[c] = c <= ' ' || c >= 0x7f || strings.IndexByte("%\"<>\\^`{|}[]", byte(c)) >= 0
	}
	return t
}()

// urlKeyFast is urlKey for the plain URLs references list
// ("https://host.tld/path?query#fragment", ASCII, no escapes, no user or
// IPv6 host), without url.Parse's allocations: it was a third of this
// rule's time. ok is false for anything else, which urlKey handles;
// FuzzURLKey holds the two to the same answers.
func urlKeyFast(raw string) (key string, ok bool) {
	sep := strings.Index(raw, "://")
	if sep <= 0 {
		return "", false
	}
	scheme := raw[:sep]
	for i := 0; i < len(scheme); i++ {
		c := scheme[i] | 0x20 // ASCII letters to lower case; digits, "+-." unchanged
		if !('a' <= c && c <= 'z' || i > 0 && ('0' <= scheme[i] && scheme[i] <= '9' || scheme[i] == '+' || scheme[i] == '-' || scheme[i] == '.')) {
			return "", false
		}
	}
	rest := raw[sep+3:]
	frag := fragmentOf(rest)
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		rest = rest[:i]
	}
	hostEnd := len(rest)
	if i := strings.IndexAny(rest, "/?"); i >= 0 {
		hostEnd = i
	}
	host, tail := rest[:hostEnd], rest[hostEnd:]
	if host == "" {
		return "", false
	}
	colon := strings.IndexByte(host, ':')
	for i := 0; i < len(host); i++ {
		c := host[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', c == '.', c == '-':
			if colon >= 0 && i > colon {
				return "", false
			}
		case '0' <= c && c <= '9', i == colon:
		default:
			return "", false
		}
	}
	// The path, query and fragment come back from url.URL.String as they
	// were for these characters (the fragment is dropped whatever it holds,
	// but a bad escape there makes url.Parse fail, hence no '%' at all).
	for i := 0; i < len(raw); i++ {
		if urlKeyUnsafe[raw[i]] {
			return "", false
		}
	}
	scheme = strings.ToLower(scheme)
	if scheme == "http" {
		scheme = "https"
	}
	return strings.TrimSuffix(scheme+"://"+strings.ToLower(host)+tail, "/") + frag, true
}

// yearLabel reports a label that is a year (1500 to 2099), as lists
// tagged by publication year write them.
func yearLabel(l string) bool {
	if len(l) != 4 || strings.Trim(l, "0123456789") != "" {
		return false
	}
	return l >= "1500" && l <= "2099"
}
