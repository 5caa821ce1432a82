package identifiers

import (
	"sort"
	"strings"
	"unicode"

	"github.com/citelint/citelint/internal/ident"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/score/tokenize"
)

// This file holds what the network rules (dead-doi, dead-arxiv, dead-link,
// reference-mismatch, retracted-source) share: which identifier a citation
// or reference names, and how to compare titles.

// citedIdentifiers calls fn for each citation, in prose or in a reference
// entry, that names an identifier of the given prefix ("doi:", "arxiv:", or
// "" for web URLs), once per span.
func citedIdentifiers(doc *markdown.Document, prefix string, fn func(c *markdown.Citation, id string)) {
	seen := map[markdown.Span]bool{}
	var starts []int // of the citations reported, ascending: Citations are in source order
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.Problem() != "" || seen[c.Span] {
			continue
		}
		t := c.SelfTarget()
		switch {
		case t == "":
			continue
		case prefix == "":
			if strings.HasPrefix(t, "doi:") || strings.HasPrefix(t, "arxiv:") {
				continue
			}
		case !strings.HasPrefix(t, prefix):
			continue
		default:
			t = t[len(prefix):]
		}
		seen[c.Span] = true
		starts = append(starts, c.Start)
		fn(c, t)
	}
	// A link definition's URL is not a citation: check it on the
	// definition's line.
	for i := range doc.References {
		r := &doc.References[i]
		if r.Kind != markdown.RefLinkDef || r.Span.End <= r.Span.Start {
			continue
		}
		var id string
		switch {
		case prefix == "doi:" && r.DOI != "":
			id = r.DOI
		case prefix == "arxiv:" && r.ArXiv != "":
			id = r.ArXiv + r.ArXivVersion
		case prefix == "" && r.DOI == "" && r.ArXiv == "" && r.URL != "":
			id = r.URL
		default:
			continue
		}
		if k := sort.SearchInts(starts, r.Span.Start); k < len(starts) && starts[k] < r.Span.End {
			continue // a citation inside the definition was checked already
		}
		start, end := firstLine(doc, r)
		fn(&markdown.Citation{Span: markdown.Span{Start: start, End: end}, InReferences: true, Claim: -1, Ref: int32(i)}, id)
	}
}

// firstLine is the first line of a reference's span, where issues about the
// whole reference are reported.
func firstLine(doc *markdown.Document, r *markdown.Reference) (int, int) {
	start, end := r.Span.Start, r.Span.End
	if i := strings.IndexByte(string(doc.Src[start:end]), '\n'); i >= 0 {
		end = start + i
	}
	return start, end
}

// metadataOf returns the registry record for a reference's DOI, or else its arXiv id.
func metadataOf(env *rules.Env, r *markdown.Reference) (rec *resolve.Record, id string) {
	if env == nil || env.Lookups == nil {
		return nil, ""
	}
	if r.DOI != "" {
		if l, ok := env.Lookups.Metadata(r.DOI); ok && l.Verdict == resolve.OK && l.Record != nil {
			return l.Record, "doi:" + ident.NormalizeDOI(r.DOI)
		}
		return nil, ""
	}
	if r.ArXiv != "" {
		if l, ok := env.Lookups.ArXiv(r.ArXiv + r.ArXivVersion); ok && l.Verdict == resolve.OK && l.Record != nil {
			return l.Record, "arXiv:" + r.ArXiv
		}
	}
	return nil, ""
}

// titleWords returns the distinctive lower-case words of a title: letters
// and digits, accents folded, stop words and words under three letters out.
func titleWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		w = tokenize.StripAccents(w)
		if len([]rune(w)) < 3 || titleStopWords[w] {
			continue
		}
		out = append(out, w)
	}
	return out
}

var titleStopWords = map[string]bool{
	"the": true, "and": true, "for": true, "with": true, "from": true, "into": true, "via": true,
	"its": true, "their": true, "are": true, "was": true, "were": true, "that": true, "this": true,
	"using": true, "based": true, "towards": true, "toward": true, "over": true, "under": true,
	"between": true, "about": true, "all": true, "not": true, "how": true, "what": true, "why": true,
}

// containment is the share of the words of want found among the words of text.
func containment(want []string, text []string) float64 {
	if len(want) == 0 {
		return 1
	}
	have := make(map[string]bool, len(text))
	for _, w := range text {
		have[w] = true
	}
	n := 0
	for _, w := range want {
		if have[w] || len(w) > 4 && have[strings.TrimSuffix(w, "s")] || have[w+"s"] {
			n++
		}
	}
	return float64(n) / float64(len(want))
}
