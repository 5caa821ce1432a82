package references

import (
	"bytes"
	"sort"
	"strings"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// dropLabelsFix rewrites the marker at m without its unresolved labels:
// "[1, 99]" → "[1]", "[REF|d_1|bad]" → "[REF|d_1]". When no label
// resolves, the marker goes, with the space before it. Every issue of one
// marker gets the same fix, so the fixer applies it once. It returns nil for
// markers it cannot rewrite (ranges, author-year, links), and marks the fix
// unsafe unless the marker is certainly a citation (see fixEvidence.certain).
func dropLabelsFix(doc *markdown.Document, m markdown.Span, ev *fixEvidence) *result.Fix {
	all := markerCitations(doc, m)
	if len(all) == 0 {
		return nil
	}
	kind, scheme := all[0].Kind, all[0].Scheme
	if !(kind == markdown.KindNumeric && scheme == "" || kind == markdown.KindKey && (scheme == markdown.SchemeREF || scheme == markdown.SchemeSource) || kind == markdown.KindPandoc || kind == markdown.KindFootnote) {
		return nil
	}
	if kind == markdown.KindNumeric && !ev.refs.numbered {
		// With no reference list at all, every marker is unresolvable:
		// the list may be elsewhere (a RAG answer's sources panel) or
		// swallowed by a broken code fence. Deleting every citation is
		// not a safe fix.
		return nil
	}
	if kind == markdown.KindPandoc {
		for _, c := range all {
			if c.Status == markdown.Unresolved && strings.HasPrefix(c.Label, "raw:") {
				// A Manubot raw: key says its work is described in the
				// manual references (content/manual-references.json): the
				// mend is the missing reference, never deleting the key.
				return nil
			}
		}
	}
	fix := dropLabels(doc, m, all, kind, scheme)
	if fix != nil && kind == markdown.KindPandoc {
		// A bibliography key names a work the author meant to cite: the
		// mend is the right key (a typo) or the missing entry, and
		// deleting the citation loses it. Never certain, so never safe.
		fix.Unsafe = true
		fix.Description += " (unsafe: the key may be a typo of one the bibliography holds, or its entry may be missing)"
		return fix
	}
	if fix != nil && !ev.certain(all) {
		fix.Unsafe = true
		fix.Description += " (unsafe: the marker may not be a citation)"
	}
	return fix
}

// fixEvidence decides whether a marker is certainly a citation, so that
// removing it is safe: it stands in prose, not in a table, code, a
// quotation or glued to a word, and the document has no line that starts
// with one of its unresolved labels (an entry written in a form the list
// reader did not take would make "unresolved" wrong). What it learns about
// the document is computed once, however many markers ask.
type fixEvidence struct {
	doc        *markdown.Document
	refs       refFacts        // refFactsOf(doc)
	citesWorks bool            // a bibliography or source store is configured
	lineLabels map[string]bool // bracketed labels that start a line, made on first use
	index      indexEvidence   // made on first use
	anchors    int8            // specAnchors: 0 not known yet, 1 no, 2 yes
}

// specAnchors reports whether the document defines link targets as the
// CommonMark spec's source does, "[ATX heading](@)", which its tool
// resolves "[heading][ATX headings]" against: reference links there have
// definitions citelint cannot see.
func (ev *fixEvidence) specAnchors() bool {
	if ev.anchors == 0 {
		ev.anchors = 1
		if bytes.Contains(ev.doc.Src, []byte("](@)")) {
			ev.anchors = 2
		}
	}
	return ev.anchors == 2
}

func (ev *fixEvidence) certain(cites []*markdown.Citation) bool {
	doc := ev.doc
	m := cites[0].Marker
	switch cites[0].Kind {
	case markdown.KindFootnote:
		// Only where the document's footnotes were read: one it defines.
		if !ev.refs.footnotes {
			return false
		}
		fallthrough
	case markdown.KindPandoc:
		// A pandoc key is certainly a citation where the document cites
		// works: a bibliography, or aliases to DOIs and arXiv ids. In a
		// changelog whose [@user]: definitions link GitHub profiles,
		// "thanks [@user]" is a credit, not a citation.
		if !ev.citesWorks && !ev.refs.aliasesNameWorks {
			return false
		}
		fallthrough
	case markdown.KindKey:
		return !rules.InTableRow(doc.Src, m.Start) && !rules.InHTMLCode(doc.Src, m.Start)
	}
	if ev.notCited(cites[0]) != "" || rules.InTableRow(doc.Src, m.Start) || gluedToWord(doc.Src, m) {
		return false
	}
	// A number glued to a sentence's end whose label no entry has
	// ("…the brain.45" past a list of 40) is a citation by the document's
	// habit, not by its own shape.
	if isDigit(doc.Src[m.Start]) {
		return false
	}
	// "[1566][18]" links definition 18 with an issue number for text,
	// where a report's "[9][3]" is two citations side by side: the
	// marker's text is not certainly a citation.
	if bytes.Contains(doc.Src[m.Start:m.End], []byte("][")) {
		return false
	}
	if ev.lineLabels == nil {
		ev.lineLabels = lineStartLabels(doc.Src)
	}
	for _, c := range cites {
		if c.Status == markdown.Unresolved && ev.lineLabels[c.Label] {
			return false
		}
	}
	return true
}

// lineStartLabels returns the numbers written in brackets at the start of
// a line, after list, quote and bold markup: "[3] ...", "- **[3]**: ...".
func lineStartLabels(src []byte) map[string]bool {
	out := map[string]bool{}
	for line := range bytes.Lines(src) {
		line = bytes.TrimLeft(line, " \t>-*+_")
		if len(line) > 2 && line[0] == '[' {
			j := 1
			for j < len(line) && isDigit(line[j]) {
				j++
			}
			if j > 1 && j < len(line) && line[j] == ']' {
				out[string(line[1:j])] = true
			}
		}
	}
	return out
}

// dropLabels builds the edit of dropLabelsFix.
func dropLabels(doc *markdown.Document, m markdown.Span, all []*markdown.Citation, kind markdown.CitationKind, scheme string) *result.Fix {
	src := doc.Src
	var keep []string
	seen := map[markdown.Span]bool{}
	for _, c := range all {
		if seen[c.Span] {
			// A range expands to several citations over one span: leave it alone.
			return nil
		}
		seen[c.Span] = true
		if c.Status != markdown.Unresolved {
			keep = append(keep, string(src[c.Start:c.End]))
		}
	}
	if len(keep) == len(all) {
		return nil
	}
	if len(keep) == 0 {
		start, end, ok := rules.MarkerRemoval(src, m)
		if !ok {
			return nil
		}
		return &result.Fix{Description: "remove the citation marker: none of its labels resolves", Edits: []result.Edit{{Start: start, End: end}}}
	}
	var repl string
	switch {
	case kind == markdown.KindKey && scheme == markdown.SchemeREF:
		prefix := string(src[m.Start+1 : m.Start+4]) // REF as written
		sep := "|"
		if strings.Contains(string(src[m.Start:m.End]), `\|`) {
			sep = `\|`
		}
		repl = "[" + prefix + sep + strings.Join(keep, sep) + "]"
	case kind == markdown.KindPandoc:
		// Keys only ([@a; @b]); prefixes and locators make it unsafe.
		for _, c := range all {
			if c.Span == m {
				return nil
			}
		}
		parts := make([]string, len(keep))
		copy(parts, keep)
		repl = "[" + strings.Join(parts, "; ") + "]"
	case len(all) == 1:
		return nil
	default:
		sep := ", "
		if strings.Contains(string(src[m.Start:m.End]), ";") {
			sep = "; "
		}
		repl = "[" + strings.Join(keep, sep) + "]"
	}
	return &result.Fix{Description: "drop the labels that resolve to nothing", Edits: []result.Edit{{Start: m.Start, End: m.End, New: repl}}}
}

// markerCitations returns the citations written in marker m. Citations
// are in order of their start, and a marker's lie inside it, so a binary
// search finds them without a scan of the document's citations per marker
// (which made fixing a large report quadratic).
func markerCitations(doc *markdown.Document, m markdown.Span) []*markdown.Citation {
	cs := doc.Citations
	i := sort.Search(len(cs), func(i int) bool { return cs[i].Start >= m.Start })
	var out []*markdown.Citation
	for ; i < len(cs) && cs[i].Start < m.End; i++ {
		if cs[i].Marker == m {
			out = append(out, &cs[i])
		}
	}
	return out
}

// refFacts are what the rules ask of a document's references as a whole,
// learnt in one pass over them: asked per citation or per marker, a scan
// of the references each time made a document with many of both quadratic.
type refFacts struct {
	// numbered: a reference list entry or link definition, for numeric
	// markers to resolve to.
	numbered bool
	// footnotes: a footnote definition; linkDefs: a link definition.
	footnotes, linkDefs bool
	// aliases: a pandoc alias ([@key]: ...). aliasesNameWorks: there are
	// aliases and each names a work by identifier ([@tag:x]: doi:...), as
	// manuscripts' do, rather than linking a web page.
	aliases, aliasesNameWorks bool
}

func refFactsOf(doc *markdown.Document) refFacts {
	var f refFacts
	pageAlias := false
	for i := range doc.References {
		r := &doc.References[i]
		switch r.Kind {
		case markdown.RefEntry:
			f.numbered = true
		case markdown.RefFootnote:
			f.footnotes = true
		case markdown.RefLinkDef:
			f.numbered, f.linkDefs = true, true
			if strings.HasPrefix(r.Label, "@") {
				f.aliases = true
				if r.DOI == "" && r.ArXiv == "" {
					pageAlias = true
				}
			}
		}
	}
	f.aliasesNameWorks = f.aliases && !pageAlias
	return f
}

// notCited returns why the numeric marker of c is not certainly a
// citation, as NotCitation does, or "index" when the document around it
// says it indexes an array (indexes.go).
func (ev *fixEvidence) notCited(c *markdown.Citation) string {
	if why := rules.NotCitation(ev.doc, c); why != "" {
		return why
	}
	if c.Kind == markdown.KindNumeric && ev.index.indexes(ev.doc, c) {
		return "index"
	}
	return ""
}
