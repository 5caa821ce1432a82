package rules

import (
	"fmt"
	"net/url"
	"sort"
	"strings"

	"github.com/citelint/citelint/markdown"
	"github.com/citelint/citelint/result"
)

// DuplicateReference reports labels defined twice and works listed twice.
var DuplicateReference = &Rule{
	Name:     "duplicate-reference",
	Summary:  "The same label is defined twice, or the same DOI, arXiv id or URL is listed under two labels",
	Severity: result.SeverityWarning,
	Tags:     []string{TagOffline},
	Default:  true,
	Doc: `Two reference entries of one reference list with the same number, two link
definitions with the same label (CommonMark matches labels case-insensitively
and keeps the first), two footnote definitions with the same label, or two
references that name the same DOI, arXiv id or URL under different labels.

A label defined twice makes one definition unreachable: readers and renderers
follow the first. The same work under two labels splits its citations and
inflates the apparent number of sources, a common trait of LLM-written
reports. DOIs are compared case-insensitively and arXiv ids without their
version; URLs are compared without a trailing slash or fragment, with the
host lower-cased. Reference lists that restart their numbering per section
(one "Sources" list per section) are not duplicates of each other.

Bad:

    [1] Smith, Deep nets, https://doi.org/10.1000/ABC
    [2] Smith, Deep nets (preprint), https://doi.org/10.1000/abc

Good:

    [1] Smith, Deep nets, https://doi.org/10.1000/abc
`,
	Check: checkDuplicateReference,
}

func checkDuplicateReference(p *Pass) {
	doc := p.Doc
	// Lines are needed only to report, which most documents never do.
	var idx *result.LineIndex
	line := func(ref *markdown.Reference) int {
		if idx == nil {
			idx = result.NewLineIndex(doc.Src)
		}
		return idx.Position(ref.Span.Start).Line
	}
	labels := make(map[refKeyT]int, len(doc.References))
	// Entries in different reference lists may repeat a work (per-section
	// lists are common in LLM reports); a link or footnote definition that
	// repeats any listed work is a duplicate.
	anyKind := make(map[string]int, len(doc.References))
	type listKey struct {
		section int
		target  string
	}
	perList := make(map[listKey]int, len(doc.References))
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
		if ref.Label != "" {
			k := refKey(ref)
			if j, dup := labels[k]; dup {
				p.Reportf(sp.Start, sp.End, "%s is defined twice (first at line %d); the first definition wins", describeRef(ref), line(&doc.References[j]))
				continue
			}
			labels[k] = i
		}
		t := targetKey(ref)
		if t == "" {
			continue
		}
		lk := listKey{ref.Section, t}
		j, dup := anyKind[t]
		if ref.Kind == markdown.RefEntry && dup && doc.References[j].Kind == markdown.RefEntry {
			j, dup = perList[lk]
		}
		if dup {
			if first := &doc.References[j]; first.Label != ref.Label {
				p.Reportf(sp.Start, sp.End, "%s lists %s, already listed as %s (line %d)", describeRef(ref), ref.Target(), describeRef(first), line(first))
			}
			continue
		}
		if _, seen := anyKind[t]; !seen || ref.Kind != markdown.RefEntry {
			anyKind[t] = i
		}
		if ref.Kind == markdown.RefEntry {
			perList[lk] = i
		}
	}
}

func describeRef(ref *markdown.Reference) string {
	switch ref.Kind {
	case markdown.RefLinkDef:
		return fmt.Sprintf("link definition [%s]", ref.Label)
	case markdown.RefFootnote:
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

// urlKey is a URL with its scheme and host lower-cased, http made https,
// the fragment and a trailing slash dropped; "" when it has no host.
func urlKey(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return ""
	}
	u.Fragment = ""
	u.Host = strings.ToLower(u.Host)
	u.Scheme = strings.ToLower(u.Scheme)
	if u.Scheme == "http" {
		u.Scheme = "https"
	}
	return strings.TrimSuffix(u.String(), "/")
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
	return strings.TrimSuffix(scheme+"://"+strings.ToLower(host)+tail, "/"), true
}
