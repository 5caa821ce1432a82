package forms

import "github.com/citelint/citelint/internal/markdown/model"

// Candidate is a citation found by scanning, before filtering.
type Candidate struct {
	model.Citation
	// Problem, Author and Year are the Citation's Problem, Author and Year.
	Problem, Author, Year string
	YearLike              bool // a lone 4-digit [2024]: a citation only if an entry has that label
	// ZeroLike marks every label of a marker holding 0 ([0], [0,127]):
	// reference lists count from 1, so such a marker is an interval or an
	// index unless the document has an entry 0.
	ZeroLike bool
	Glued    bool // a number glued to a sentence end: kept only if a numbered list exists
	Ident    bool // found by the identifier scanner: dropped inside other markers
	// Named marks a named bracket ([World Bank, 2022]): kept only in a
	// document that writes two or more (forms.go).
	Named bool
}
