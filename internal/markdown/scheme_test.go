package markdown_test

import (
	"strings"
	"testing"
)

// TestScaffold: an agent's prompt and task list, a table of contents,
// captions and diagram markup whose fence was lost are not report prose;
// an ANSWER: label marks only itself, and the answer after it is prose.
func TestScaffold(t *testing.T) {
	src := `QUESTION: What happened to solar power in 2023?

RESEARCH TASKS (3 total):

1. Find capacity data for 2023
2. Find price data for 2023

ANSWER: Solar capacity grew 24% in 2023.

## Contents

- [Background](#background)
- [Findings](#findings)

## Background

Figure 3: Capacity by year, 2015 to 2023.

graph TD
A[Panels] --> B[Grid]
B --> C[Homes]

Solar panels became cheaper every year.

Thought: I should search for prices.
`
	doc := parse(src)
	scaffold := func(text string) bool {
		off := strings.Index(src, text)
		if off < 0 {
			t.Fatalf("%q not in the source", text)
		}
		return doc.Scheme.InScaffold(off)
	}
	for text, want := range map[string]bool{
		"QUESTION:":                   true,
		"What happened":               true,
		"RESEARCH TASKS":              true,
		"Find capacity data":          true,
		"Find price data":             true,
		"ANSWER:":                     true,
		"Solar capacity grew":         false,
		"[Background](#background)":   true,
		"Figure 3":                    true,
		"A[Panels]":                   true,
		"Solar panels became cheaper": false,
		"Thought: I should search":    true,
	} {
		if got := scaffold(text); got != want {
			t.Errorf("%q in scaffold: %v, want %v", text, got, want)
		}
	}
}

// TestSourceNotes: a "Sources:" paragraph gives the sources of the
// paragraph right above it, not of one further up or of one after a
// heading.
func TestSourceNotes(t *testing.T) {
	src := "Old paragraph, 5 facts.\n\nBattery prices fell 14% in 2023.\n\nSources: https://example.org/b\n\n## Next\n\nSources: IEA\n\nAfter, 7 facts.\n"
	doc := parse(src)
	at := func(s string) int { return strings.Index(src, s) }
	if !doc.Scheme.NoteCovers(at("Battery")) {
		t.Error("the note does not cover the paragraph above it")
	}
	for _, s := range []string{"Old paragraph", "After, 7"} {
		if doc.Scheme.NoteCovers(at(s)) {
			t.Errorf("the note covers %q", s)
		}
	}
	if len(doc.Scheme.Notes) != 1 {
		t.Errorf("%d notes, want 1 (a note after a heading covers nothing)", len(doc.Scheme.Notes))
	}
}

// TestSchemeSummary: the forms a document cites with, its entries and
// their largest label, and whether it cites with glued numbers.
func TestSchemeSummary(t *testing.T) {
	doc := parse("Growth was fast.1 It slowed.2 Then it stopped.3 See [4].\n\n## Works cited\n\n1. A\n2. B\n3. C\n4. D\n")
	s := doc.Scheme
	if s.Entries != 4 || s.MaxLabel != 4 || !s.Glued || s.Count("glued") != 3 || s.Count("numeric") != 1 || !s.Cites() {
		t.Errorf("scheme %+v", s)
	}
	if none := parse("Plain prose with no citation at all.\n"); none.Scheme.Cites() {
		t.Errorf("a document with no citation cites: %+v", none.Scheme)
	}
}

// TestSourceNoteShapes: the other places research agents put a note of
// sources: a bare "Sources:" line closing the paragraph with the list of
// links under it, a list under a paragraph whose first item is "Source:
// url", a note line closing the last item of a list, a note paragraph
// under a list.
func TestSourceNoteShapes(t *testing.T) {
	for _, c := range []struct {
		name, src, covered string
	}{
		{"bare lead, then a list", "The library reached version 0.6 in 2026 and is built on a graph runtime.\nSources:  \n- Package page: https://example.org/a\n- Docs: https://example.org/b\n", "The library reached"},
		{"list led by a note", "Version 15.5 added deprecation warnings for the next major release.\n\n- Source: https://example.org/blog\n", "Version 15.5"},
		{"note closing a list", "The title mattered:\n\n- It was the first championship since 1973.\n- It ended a 53-year drought.\nSources: recap: https://example.org/r ; notes: https://example.org/n\n", "It was the first"},
		{"note paragraph under a list", "- Revenue rose 12% in 2025.\n- Margins fell to 8%.\n\nSources: https://example.org/q\n", "Revenue rose"},
		{"list of sources titled under a list", "- Revenue rose 12% in 2025.\n- Margins fell to 8%.\n\nSources:  \n- https://example.org/q\n- https://example.org/r\n\n## Next\n\nMore.\n", "Margins fell"},
		{"last item ends with the lead", "- It reached profitability in 2026.\n- Revenue grew 31.6%.\nSources:  \n- Investor page: https://example.org/ir\n", "It reached"},
		{"data sources under a list (zh)", "- 2023年：1.346亿美元\n- 2030年（预估）：3.908亿美元\n\n数据来源：[Grand View Research](https://example.org/gv) 与 [Precedence Research](https://example.org/pr)\n", "2023年"},
		{"main sources under a table note (zh)", "*注：资产规模为2025年末数据*\n\n**主要来源：** AM Best 2025年1月排名报告[^1]\n\n[^1]: AM Best\n", "*注"},
	} {
		doc := parse(c.src)
		if !doc.Scheme.NoteCovers(strings.Index(c.src, c.covered)) {
			t.Errorf("%s: %q is not covered (notes %+v)", c.name, c.covered, doc.Scheme.Notes)
		}
	}
	// A paragraph ending "Sources:" with no list under it covers nothing.
	src := "Prices rose 5% in 2024.\nSources:\n\nNext paragraph.\n"
	if doc := parse(src); doc.Scheme.NoteCovers(0) {
		t.Errorf("a bare lead with no list covers its paragraph")
	}
}
