package references

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/markdown"
)

func TestRefFactsOf(t *testing.T) {
	def := func(label, doi string) markdown.Reference {
		return markdown.Reference{Kind: markdown.RefLinkDef, Label: label, DOI: doi}
	}
	tests := []struct {
		name string
		refs []markdown.Reference
		want refFacts
	}{
		{"none", nil, refFacts{}},
		{"entry", []markdown.Reference{{Kind: markdown.RefEntry, Label: "1"}}, refFacts{numbered: true}},
		{"footnote", []markdown.Reference{{Kind: markdown.RefFootnote, Label: "a"}}, refFacts{footnotes: true}},
		{"link definition", []markdown.Reference{def("x", "")}, refFacts{numbered: true, linkDefs: true}},
		{"aliases to works", []markdown.Reference{def("@a", "10.1/x"), {Kind: markdown.RefLinkDef, Label: "@b", ArXiv: "2101.00001"}},
			refFacts{numbered: true, linkDefs: true, aliases: true, aliasesNameWorks: true}},
		{"an alias to a page", []markdown.Reference{def("@a", "10.1/x"), def("@user", "")},
			refFacts{numbered: true, linkDefs: true, aliases: true}},
		{"a footnote named @x is no alias", []markdown.Reference{{Kind: markdown.RefFootnote, Label: "@x"}}, refFacts{footnotes: true}},
	}
	for _, tt := range tests {
		if got := refFactsOf(&markdown.Document{References: tt.refs}); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// inCommentScan is the definition commentLabels answers: some comment,
// lower-cased, holds "[label]" lower-cased.
func inCommentScan(doc *markdown.Document, label string) bool {
	want := "[" + strings.ToLower(label) + "]"
	for _, c := range doc.Comments {
		if strings.Contains(strings.ToLower(c.Text), want) {
			return true
		}
	}
	return false
}

func TestCommentLabels(t *testing.T) {
	doc := &markdown.Document{Comments: []markdown.Comment{
		{Text: "[![Build][Badge-CI]][ci] old badge"},
		{Text: "see [[nested] and [a\\]b] and [ÉTÉ] and [x"},
		{Text: "y] across comments, [] empty, [\xffz]"},
	}}
	cl := newCommentLabels(doc)
	for label, want := range map[string]bool{
		"badge-ci": true, "BADGE-CI": true, "ci": true, "Build": true, "uild": false,
		"nested": true, "a\\]b": true, "été": true, "ÉTÉ": true, "x": false, "y": false,
		"x\xffy": false, "\xffz": true, "z": false, "[nested": true, "": true,
	} {
		if got := cl.has(label); got != want || got != inCommentScan(doc, label) {
			t.Errorf("has(%q) = %v, want %v (scan %v)", label, got, want, inCommentScan(doc, label))
		}
	}
	// Random comments and labels over a small alphabet with brackets.
	rng := rand.New(rand.NewSource(5))
	alpha := []string{"a", "B", "[", "]", "\\", " ", "é", "É", "\xff"}
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alpha[rng.Intn(len(alpha))])
		}
		return b.String()
	}
	for round := range 300 {
		doc := &markdown.Document{}
		for range rng.Intn(5) {
			doc.Comments = append(doc.Comments, markdown.Comment{Text: word(rng.Intn(30))})
		}
		cl := newCommentLabels(doc)
		for range 40 {
			l := word(1 + rng.Intn(4))
			if got, want := cl.has(l), inCommentScan(doc, l); got != want {
				t.Fatalf("round %d: has(%q) = %v, want %v; comments %q", round, l, got, want, fmt.Sprint(doc.Comments))
			}
		}
	}
}
