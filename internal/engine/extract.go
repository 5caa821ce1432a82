package engine

import (
	"strings"

	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/result"
)

// Extraction is what `citelint extract` prints of one document: every
// citation with its exact position, kind and resolution, every reference
// and claim, and the counts. Its JSON is extract's --format json.
type Extraction struct {
	Path       string               `json:"path"`
	Summary    ExtractionSummary    `json:"summary"`
	Citations  []ExtractedCitation  `json:"citations"`
	References []ExtractedReference `json:"references"`
	Claims     []ExtractedClaim     `json:"claims"`
}

// ExtractedCitation is one citation marker: where it is, what it names
// and how it resolved.
type ExtractedCitation struct {
	Kind         string `json:"kind"`
	Raw          string `json:"raw"`
	Line         int    `json:"line"`
	Column       int    `json:"column"`
	EndLine      int    `json:"end_line"`
	EndColumn    int    `json:"end_column"`
	Label        string `json:"label"`
	Target       string `json:"target"`
	Status       string `json:"status"`
	Claim        int    `json:"claim"`
	InReferences bool   `json:"in_references,omitempty"`
	Problem      string `json:"problem,omitempty"`
}

// ExtractedReference is one entry of a reference list (or of a
// bibliography the document uses).
type ExtractedReference struct {
	Kind   string `json:"kind"`
	Label  string `json:"label"`
	Line   int    `json:"line"`
	Title  string `json:"title,omitempty"`
	Target string `json:"target,omitempty"`
	Path   string `json:"path,omitempty"`
}

// ExtractedClaim is one sentence that could carry a citation.
type ExtractedClaim struct {
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line"`
	EndColumn int    `json:"end_column"`
	Citations int    `json:"citations"`
	Text      string `json:"text"`
}

// ExtractionSummary counts a document's claims, citations and references.
type ExtractionSummary struct {
	Claims      int `json:"claims"`
	CitedClaims int `json:"cited_claims"`
	Citations   int `json:"citations"`
	References  int `json:"references"`
	Unresolved  int `json:"unresolved"`
	Unchecked   int `json:"unchecked"`
}

// Extract is what r, linted with lint.Options.KeepDocs, holds: its
// document's citations, references and claims, positions as the report
// gives them (lines and columns from 1).
func Extract(r lint.FileResult) Extraction {
	doc := r.Doc
	idx := result.NewLineIndex(doc.Src)
	f := Extraction{
		Path: r.Path,
		Summary: ExtractionSummary{Claims: r.Stats.Claims, CitedClaims: r.Stats.CitedClaims, Citations: r.Stats.Citations,
			References: r.Stats.References, Unresolved: r.Stats.Unresolved, Unchecked: r.Stats.Unchecked},
		Citations:  []ExtractedCitation{},
		References: []ExtractedReference{},
		Claims:     []ExtractedClaim{},
	}
	for i := range doc.Citations {
		c := &doc.Citations[i]
		p, e := idx.Position(c.Start), idx.Position(c.End)
		f.Citations = append(f.Citations, ExtractedCitation{
			Kind: c.Kind.String(), Raw: string(doc.Src[c.Marker.Start:c.Marker.End]),
			Line: p.Line, Column: p.Column, EndLine: e.Line, EndColumn: e.Column,
			Label: c.Label, Target: c.Target, Status: c.Status.String(), Claim: int(c.Claim),
			InReferences: c.InReferences, Problem: c.Problem(),
		})
	}
	for i := range doc.References {
		ref := &doc.References[i]
		line := ref.Line
		if ref.Path == "" {
			line = idx.Line(ref.Span.Start)
		}
		f.References = append(f.References, ExtractedReference{Kind: string(ref.Kind), Label: ref.Label, Line: line, Title: ref.Title, Target: ref.Target(), Path: ref.Path})
	}
	for i := range doc.Claims {
		cl := &doc.Claims[i]
		p, e := idx.Position(cl.Start), idx.Position(cl.End)
		f.Claims = append(f.Claims, ExtractedClaim{Line: p.Line, Column: p.Column, EndLine: e.Line, EndColumn: e.Column,
			Citations: len(cl.Citations), Text: strings.Join(strings.Fields(string(doc.Src[cl.Start:cl.End])), " ")})
	}
	return f
}
