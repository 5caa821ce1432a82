package identifiers

import (
	"fmt"
	"sort"
	"strings"

	"github.com/citelint/citelint/internal/ident"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// MalformedIdentifier reports DOIs, arXiv ids, ISBNs, ISSNs and PMCIDs that
// cannot be well-formed.
var MalformedIdentifier = &rules.Rule{
	Name:     "malformed-identifier",
	Summary:  "A DOI, arXiv id, ISBN, ISSN or PMCID is not well-formed",
	Severity: result.SeverityError,
	Tags:     []string{rules.TagOffline},
	Default:  true,
	Doc: `An identifier that cannot exist, checked offline: an arXiv id with a month
13, a sequence number of the wrong length for its year, a date before arXiv's
scheme began or in the future, a version "v" with no number
(` + "`arxiv.org/abs/2501.02282v`" + `); a DOI without a registrant code or suffix;
an ISBN-10, ISBN-13 or ISSN whose check digit is wrong; a PMCID that is not
"PMC" and digits. Such identifiers are typos or, in LLM-written text,
fabrications: no registry lookup is needed to know they are broken.

Identifiers are checked in prose, in reference entries and definitions, and in
self-describing citation keys such as pandoc's ` + "`[@doi:...]` and `[@arxiv:...]`" + `.

Bad:

    See arXiv:2413.12345 for the proof.

Good:

    See arXiv:2412.12345 for the proof.
`,
	Check: checkMalformedIdentifier,
}

func checkMalformedIdentifier(p *rules.Pass) {
	doc := p.Doc
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.Problem() != "" {
			p.Reportf(c.Start, c.End, "malformed %s %q: %s", kindName(c.Kind.String()), c.Label, c.Problem())
			continue
		}
		if c.Kind == markdown.KindPandoc {
			if prob, what := keyProblem(c.Label); prob != "" {
				p.Reportf(c.Start, c.End, "malformed %s in citation key %q: %s", what, c.Label, prob)
			}
		}
	}
	var cov *problemSpans // made when a reference has a problem
	for i := range doc.References {
		for _, pr := range doc.References[i].Problems {
			if cov == nil {
				cov = newProblemSpans(doc)
			}
			if cov.covers(pr.Span) {
				continue // already reported as a citation in prose
			}
			p.Reportf(pr.Span.Start, pr.Span.End, "malformed %s %q: %s", kindName(pr.Kind), pr.Raw, pr.Problem)
		}
	}
}

// problemSpans answers whether a span lies inside a citation that has a
// problem, for every reference problem of a document: sorted once and
// searched, where a scan of the citations per problem made a list of
// malformed entries cited many times quadratic.
type problemSpans struct {
	starts []int // the citations' starts, ascending
	reach  []int // reach[i]: the largest end of the citations 0..i
}

func newProblemSpans(doc *markdown.Document) *problemSpans {
	var sps []markdown.Span
	for i := range doc.Citations {
		if c := &doc.Citations[i]; c.Problem() != "" {
			sps = append(sps, c.Span)
		}
	}
	sort.Slice(sps, func(i, j int) bool { return sps[i].Start < sps[j].Start })
	ps := &problemSpans{starts: make([]int, len(sps)), reach: make([]int, len(sps))}
	for i, sp := range sps {
		ps.starts[i] = sp.Start
		ps.reach[i] = sp.End
		if i > 0 {
			ps.reach[i] = max(sp.End, ps.reach[i-1])
		}
	}
	return ps
}

// covers reports whether some citation c with a problem has c.Start <=
// sp.Start and sp.End <= c.End: of the citations starting at or before
// sp.Start, the one reaching furthest decides.
func (ps *problemSpans) covers(sp markdown.Span) bool {
	i := sort.SearchInts(ps.starts, sp.Start+1) - 1 // the last start <= sp.Start
	return i >= 0 && ps.reach[i] >= sp.End
}

// keyProblem validates manubot-style keys that embed an identifier.
func keyProblem(key string) (problem, what string) {
	i := strings.IndexByte(key, ':')
	if i < 0 {
		return "", ""
	}
	rest := key[i+1:]
	switch strings.ToLower(key[:i]) {
	case "doi":
		return ident.ValidateDOI(rest), "DOI"
	case "arxiv":
		_, _, prob := ident.ParseArXiv(rest, ident.Now())
		return prob, "arXiv id"
	case "pmcid":
		return ident.ValidatePMCID(rest), "PMCID"
	case "isbn":
		return ident.ValidateISBN(rest), "ISBN"
	}
	return "", ""
}

func kindName(k string) string {
	switch k {
	case "doi":
		return "DOI"
	case "arxiv":
		return "arXiv id"
	case "isbn":
		return "ISBN"
	case "issn":
		return "ISSN"
	case "pmcid":
		return "PMCID"
	case "pmid":
		return "PMID"
	case "url":
		return "URL"
	}
	return fmt.Sprint(k)
}
