package rules

import (
	"strings"

	"github.com/citelint/citelint/markdown"
	"github.com/citelint/citelint/result"
)

// dropLabelsFix rewrites the marker at m without its unresolved labels:
// "[1, 99]" → "[1]", "[REF|d_1|bad]" → "[REF|d_1]". When no label
// resolves, the marker goes, with the space before it. Every issue of one
// marker gets the same fix, so the fixer applies it once. It returns nil for
// markers it cannot rewrite safely (ranges, author-year, links).
func dropLabelsFix(doc *markdown.Document, m markdown.Span) *result.Fix {
	var all []*markdown.Citation
	for i := range doc.Citations {
		if doc.Citations[i].Marker == m {
			all = append(all, &doc.Citations[i])
		}
	}
	if len(all) == 0 {
		return nil
	}
	kind, scheme := all[0].Kind, all[0].Scheme
	if !(kind == markdown.KindNumeric && scheme == "" || kind == markdown.KindKey && (scheme == markdown.SchemeREF || scheme == markdown.SchemeSource) || kind == markdown.KindPandoc || kind == markdown.KindFootnote) {
		return nil
	}
	if kind == markdown.KindNumeric && !hasNumberedReferences(doc) {
		// With no reference list at all, every marker is unresolvable:
		// the list may be elsewhere (a RAG answer's sources panel) or
		// swallowed by a broken code fence. Deleting every citation is
		// not a safe fix.
		return nil
	}
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
		start, end, ok := markerRemoval(src, m)
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

// markerRemoval returns the bytes to delete to remove marker m: the
// marker, an HTML <sup>...</sup> wrapped around it alone, and what
// markerRemovalStart adds before it. A marker inside other inline HTML
// (">[1]<") is left alone.
func markerRemoval(src []byte, m markdown.Span) (start, end int, ok bool) {
	start, end = m.Start, m.End
	if hasSuffixFold(src[:start], "<sup>") && hasPrefixFold(src[end:], "</sup>") {
		start -= len("<sup>")
		end += len("</sup>")
	} else if start > 0 && src[start-1] == '>' && end < len(src) && src[end] == '<' {
		return 0, 0, false
	}
	start, ok = markerRemovalStart(src, start)
	return start, end, ok
}

func hasSuffixFold(b []byte, s string) bool {
	return len(b) >= len(s) && strings.EqualFold(string(b[len(b)-len(s):]), s)
}

func hasPrefixFold(b []byte, s string) bool {
	return len(b) >= len(s) && strings.EqualFold(string(b[:len(s)]), s)
}

// markerRemovalStart returns where the removal of a marker starting at
// offset at should begin: the blanks before it go too, and so does a
// connective joining it to a marker before ("[1] and [7]", "[1], [7]"), so
// the sentence still reads. A marker that starts its line or follows an
// opening bracket is part of the sentence's grammar ("[7] shows that..."):
// removing it is not safe, and ok is false.
func markerRemovalStart(src []byte, at int) (start int, ok bool) {
	start = at
	for start > 0 && (src[start-1] == ' ' || src[start-1] == '\t') {
		start--
	}
	if start == 0 || src[start-1] == '\n' || src[start-1] == '(' || src[start-1] == '[' {
		return 0, false
	}
	// A connective after an earlier marker.
	before := string(src[max(0, start-6):start])
	for _, conn := range []string{",", " and", " or", " &", ";"} {
		if !strings.HasSuffix(before, conn) {
			continue
		}
		j := start - len(conn)
		for j > 0 && (src[j-1] == ' ' || src[j-1] == '\t') {
			j--
		}
		if j > 0 && (src[j-1] == ']' || src[j-1] == ')') {
			return j, true
		}
	}
	return start, true
}

// hasNumberedReferences reports whether the document has a reference list
// entry or link definition for numeric markers to resolve to.
func hasNumberedReferences(doc *markdown.Document) bool {
	for i := range doc.References {
		if k := doc.References[i].Kind; k == markdown.RefEntry || k == markdown.RefLinkDef {
			return true
		}
	}
	return false
}
