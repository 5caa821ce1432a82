package report

import (
	"cmp"
	"slices"
	"strings"

	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/output"
)

// AddReview adds fr's document, its sentences, citations and (from stats,
// when claim-support rules kept scores) each cited sentence's verdict to
// the report's Review, which the html format renders. fr must hold its
// Document (lint.Options.KeepDocs); a file that failed is left out (the
// summary lists it).
func (r *Report) AddReview(fr lint.FileResult, stats *rules.SupportStats) {
	if fr.Err != nil || fr.Doc == nil {
		return
	}
	var scores []rules.SentenceScore
	if c, ok := stats.Get(fr.Path); ok {
		scores = c.Scores
	}
	rd := ReviewDoc(fr.Doc, scores)
	rd.Path = fr.Path
	rd.Claims, rd.CitedClaims = fr.Stats.Claims, fr.Stats.CitedClaims
	if r.o.PathPrefix != "" {
		rd.Path = prefixPath(r.o.PathPrefix, rd.Path)
	}
	r.report.Review = append(r.report.Review, rd)
}

// ReviewDoc is doc's review: every sentence but headings, every citation
// outside reference lists, and the verdicts in scores.
func ReviewDoc(doc *markdown.Document, scores []rules.SentenceScore) output.ReviewDoc {
	rd := output.ReviewDoc{Src: markdown.Guarded(doc.Src)}
	// The page looks citations and sentences up by offset: in order.
	order := make([]int, 0, len(doc.Citations))
	for k := range doc.Citations {
		if !doc.Citations[k].InReferences {
			order = append(order, k)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Compare(doc.Citations[a].Marker.Start, doc.Citations[b].Marker.Start)
	})
	// Slices sized once, not maps: a document can have hundreds of
	// thousands of citations and sentences.
	citeIdx := make([]int, len(doc.Citations)) // a citation's index in rd.Citations, -1 for none
	for k := range citeIdx {
		citeIdx[k] = -1
	}
	if len(order) > 0 {
		rd.Citations = make([]output.ReviewCitation, 0, len(order))
	}
	for _, k := range order {
		c := &doc.Citations[k]
		citeIdx[k] = len(rd.Citations)
		title, link := citedWork(doc, c)
		rd.Citations = append(rd.Citations, output.ReviewCitation{
			Start: c.Marker.Start, End: c.Marker.End, Label: c.Label, Status: c.Status.String(), Entry: entryText(doc, c), Title: title, Link: link})
	}
	for i := range doc.References {
		if ref := &doc.References[i]; ref.Kind == markdown.RefLinkDef && ref.Span.Len() > 0 {
			rd.Definitions = append(rd.Definitions, output.ReviewSpan{Start: ref.Span.Start, End: ref.Span.End})
		}
	}
	slices.SortFunc(rd.Definitions, func(a, b output.ReviewSpan) int { return cmp.Compare(a.Start, b.Start) })
	byClaim := make(map[int]*rules.SentenceScore, len(scores))
	for i := range scores {
		byClaim[scores[i].Claim] = &scores[i]
	}
	if len(doc.Claims) > 0 {
		rd.Sentences = make([]output.ReviewSentence, 0, len(doc.Claims))
	}
	claims := make([]int, 0, len(doc.Claims))
	for ci := range doc.Claims {
		if !doc.Claims[ci].Heading {
			claims = append(claims, ci)
		}
	}
	slices.SortStableFunc(claims, func(a, b int) int { return cmp.Compare(doc.Claims[a].Start, doc.Claims[b].Start) })
	for _, ci := range claims {
		cl := &doc.Claims[ci]
		s := output.ReviewSentence{Start: cl.Start, End: cl.End}
		for _, k := range cl.Citations {
			if k >= 0 && k < len(citeIdx) && citeIdx[k] >= 0 {
				s.Cites = append(s.Cites, citeIdx[k])
			}
		}
		if sc := byClaim[ci]; sc != nil {
			s.Unverified = sc.Unverified
			s.Scored = !sc.Unverified
			s.Score, s.Threshold, s.Supported = sc.Score, sc.Threshold, sc.Supported
			s.Passage, s.From, s.Missing = sc.Passage, sc.From, sc.Missing
			s.FromTitle, s.FromLink = sc.FromTitle, sc.FromLink
		}
		rd.Sentences = append(rd.Sentences, s)
	}
	return rd
}

// citedWork is the title and address of the work citation c stands for:
// its reference's, or where it has none, its target's (an address, a DOI
// or an arXiv id written in the text).
func citedWork(doc *markdown.Document, c *markdown.Citation) (title, link string) {
	if c.Ref >= 0 && int(c.Ref) < len(doc.References) {
		ref := &doc.References[c.Ref]
		return strings.TrimSpace(ref.Title), ref.Link()
	}
	var ref markdown.Reference
	switch t := c.Target; {
	case strings.HasPrefix(t, "doi:"):
		ref.DOI = t[len("doi:"):]
	case strings.HasPrefix(t, "arxiv:"):
		ref.ArXiv = t[len("arxiv:"):]
	default:
		ref.URL = t
	}
	return "", ref.Link()
}

// entryText is what citation c resolved to, as a reviewer reads it: the
// reference entry's text, else its target.
func entryText(doc *markdown.Document, c *markdown.Citation) string {
	var parts []string
	if c.Ref >= 0 && int(c.Ref) < len(doc.References) {
		ref := &doc.References[c.Ref]
		t := strings.TrimSpace(ref.Text)
		if t == "" {
			t = ref.Title
		}
		if ref.Path != "" {
			t += " (" + ref.Path + ")"
		}
		parts = append(parts, t)
		if ref.Abstract != "" {
			parts = append(parts, ref.Abstract)
		}
	}
	if c.Target != "" && (len(parts) == 0 || !strings.Contains(parts[0], c.Target)) {
		parts = append(parts, c.Target)
	}
	return strings.TrimSpace(strings.Join(parts, "\n"))
}
