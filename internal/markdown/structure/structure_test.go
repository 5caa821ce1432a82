package structure

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/markdown"
)

// TestCitationOnly: the lines that close a list as its sources hold
// citation markers and nothing else but a list marker, a short label
// ending with a colon and punctuation.
func TestCitationOnly(t *testing.T) {
	const defs = "\n\n[1]: https://example.org/1\n[2]: https://example.org/2\n[3]: https://example.org/3\n"
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"[1][2]", true},
		{"[1], [2]; [3].", true},
		{"（参考：[1][3]）", true},
		{"- [Southeast Asia POS Market](https://example.org/pos)", true},
		{"12. [Report](https://example.org/r) · [Data](https://example.org/d)", true},
		{"- **源头**：[arXiv](https://arxiv.org/abs/2502.03117) [1]、[团队](https://example.org/t) [2]。", true},
		{"Sources: [1], [2]", true},
		{"See [the docs](https://example.org/docs).", false},
		{"- The market grew 5% in 2024 [1]", false},
		{"[1] and more words", false},
		{"Sources: none", false},
		{"Note: see：[1]", false}, // the label ends at the first colon
		{"- Sales hit $5B in 2024: [1]", false},
		{"- The sales of the whole group: [1]", false},
		{"- [Next chapter](chapter2.md)", false},
		{"- [Write to us](mailto:team@example.org)", false},
		{"- A label much longer than thirty-two bytes: [1]", false},
		{"", false},
	} {
		src := tt.line + defs
		doc := markdown.Parse([]byte(src), markdown.Options{})
		if got := CitationOnly(doc, markdown.LastLine(doc.Src, markdown.Span{Start: 0, End: len(tt.line)})); got != tt.want {
			t.Errorf("%q: CitationOnly = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// FuzzListCited: Lists reads any parsed document without panicking,
// and CitationOnly agrees with a plain reading of its rule: blank out the
// markers of the line's citations that can stand for a source, and what
// is left is a list marker, an optional label and punctuation.
func FuzzListCited(f *testing.F) {
	for _, s := range []string{
		"Figures [1]:\n\n- A grew 5%.\n- B grew 6%.\n\n[1]: https://x.org\n",
		"- A\n- B\n[1][2]\n",
		"- A\n  - B\n  - [s](https://x.org)\n- （参考：[1]）\n",
		"> - a\n> - [x](y)\n",
		"1. a:\n   - b [1]\n",
		"- a\n- Sources: [1], [s](https://x.org) · [2]\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		doc := markdown.Parse([]byte(s), markdown.Options{})
		lists := NewLists(doc)
		for i := range doc.Claims {
			lists.Cited(&doc.Claims[i])
		}
		for _, l := range doc.Lists {
			line := markdown.LastLine(doc.Src, l.Last)
			if got, want := CitationOnly(doc, line), citationOnlyPlain(doc, line); got != want {
				t.Fatalf("%q: line %q: CitationOnly %v, the plain reading %v", s, doc.Src[line.Start:line.End], got, want)
			}
		}
	})
}

// citationOnlyPlain is CitationOnly written plainly, for FuzzListCited.
func citationOnlyPlain(doc *markdown.Document, sp markdown.Span) bool {
	if sp.End <= sp.Start {
		return false
	}
	text := []byte(string(doc.Src[sp.Start:sp.End]))
	blank := make([]bool, len(text))
	cited := false
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.Span.Start < sp.Start || c.Span.Start >= sp.End || !sourceMarker(c) {
			continue
		}
		cited = true
		for k := max(c.Marker.Start, sp.Start); k < min(c.Marker.End, sp.End); k++ {
			blank[k-sp.Start] = true
		}
	}
	if !cited {
		return false
	}
	// The text before the first marker may hold a list marker and a label.
	first := slices.Index(blank, true)
	head := markdown.TrimListMarker(text[:first])
	if i := firstColon(head); i >= 0 && i < maxMarkerLabel && strings.Count(string(head[:i]), " ") <= 3 && !strings.ContainsAny(string(head[:i]), "0123456789$%€£¥") {
		_, n := utf8.DecodeRune(head[i:])
		head = head[i+n:]
	}
	rest := []rune(string(head))
	for k := first; k < len(text); {
		if blank[k] {
			k++
			continue
		}
		r, n := utf8.DecodeRune(text[k:])
		rest = append(rest, r)
		k += n
	}
	return strings.Trim(string(rest), markerPunctuation) == ""
}

func TestLooksLikeCode(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		// Statements of unfenced code.
		{`print("Initializing PyGAD GA instance...")`, true},
		{"def fitness(solution, idx):\n    score = 50.0 # base\n    if not solution: return 0.0", true},
		{"for g in range(2): # generations\n    print(g)", true},
		{"pop = toolbox.population(n=4) # small\nCXPB, MUTPB = 0.5, 0.7", true},
		{"ga = pygad.GA(num_generations=3,\n    sol_per_pop=len(pop),\n    num_parents_mating=2,\n    fitness_func=f)", true},
		{"\"\"\"\n    score = 0.0\n    penalties = 0.0", true},
		{"from deap import tools\nimport numpy as np", true},
		{"toolbox.register(\"mate\", tools.cxTwoPoint)", true},
		{"score += 5", true},
		// Prose, though a line may start like a statement.
		{"AlphaEvolve improved 20% of the problems in 2025.", false},
		{"It was given 50 problems in 2025,\nfor the first time beating Strassen's 1969 algorithm (DeepMind reported).", false},
		{"Revenue rose 12% in 2024\nwith the new model (up from 8%).", false},
		{"If the price rises above $5, demand falls:", false},
		{"The team's fitness_func(x) scored 12% higher than the baseline in 2024.", false},
		{"Call me(ASAP) when the 2024 figures arrive.", false},
		{"E = mc² was published by Einstein in 1905 in Annalen der Physik.", false},
		{"The sales = 5 million units, per the 2023 report.", false},
		{"", false},
		// Prose that starts with "import" or "from", or ties a code-like line.
		{"import prices for natural gas rose 180% between 2021 and 2022 according to Destatis", false},
		{"from 2019 to 2023, import volumes of Chinese electric vehicles grew 40-fold per Eurostat", false},
		{"Saudi Aramco reported a record $161 billion profit in 2022, with revenue\nfrom crude sales rising 50% as import demand in China and India recovered.", false},
		{"The European Union's\nimport of Russian pipeline gas fell 80% between 2021 and 2023.", false},
		{"Revenue rose 12% in 2024, per the filing\nscore = 5", false},
		{"trying everything in 2024:", false},
		{"import os, sys\nfrom os.path import join as pjoin", true},
		{"for g in range(2):\n    # the next generation\n    pop = select(pop)", true},
	}
	for _, tt := range tests {
		if got := LooksLikeCode([]byte(tt.text)); got != tt.want {
			t.Errorf("LooksLikeCode(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestLeadIns checks which paragraphs lead into a list of evidence: two
// or more items, every one citing.
func TestLeadIns(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool // the sentence "Sales rose" is covered
	}{
		{"Sales rose 20% in 2024.\n\n- North rose 25% [1].\n- South rose 15% [2].\n\n[1] a\n[2] b\n", true},
		{"Sales rose 20% in 2024.\n\n- North rose 25% ([source](https://example.org/n)).\n- South rose 15% ([source](https://example.org/s)).\n", true},
		{"Sales rose 20% in 2024.\n\n- North rose 25% [1].\n- South rose 15%.\n\n[1] a\n", false},
		{"Sales rose 20% in 2024.\n\n- North rose 25% [1].\n\n[1] a\n", false},
		{"Sales rose 20% in 2024.\n\nThe split was even.\n\n- North rose 25% [1].\n- South rose 15% [2].\n\n[1] a\n[2] b\n", false},
		{"- Sales rose 20% in 2024.\n  - North rose 25% [1].\n  - South rose 15% [2].\n\n[1] a\n[2] b\n", true},
	} {
		doc := markdown.Parse([]byte(tc.src), markdown.Options{})
		li := NewLeadIns(doc)
		got := false
		for i := range doc.Claims {
			if c := &doc.Claims[i]; strings.HasPrefix(string(doc.Src[c.Start:c.End]), "Sales rose") {
				got = li.Cited(c)
			}
		}
		if got != tc.want {
			t.Errorf("%q: lead-in covered = %v, want %v", tc.src, got, tc.want)
		}
	}
}

// TestListLeadInConnective: a lead-in whose last sentence only announces
// examples ("例如：", "For example:") cites when the sentence before it
// does; one that ends on its own uncited sentence does not.
func TestListLeadInConnective(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool // the item "North rose" is covered
	}{
		{"Estimates range from 19.8% to 59.4% [1]. For example:\n\n- North rose 25% in 2024.\n- South rose 15% in 2024.\n\n[1] a\n", true},
		{"估算从19.8%到59.4%不等[1]。例如：\n\n- North rose 25% in 2024.\n- South rose 15% in 2024.\n\n[1] a\n", true},
		{"Estimates range from 19.8% to 59.4% [1]. The regions differ:\n\n- North rose 25% in 2024.\n- South rose 15% in 2024.\n\n[1] a\n", false},
		{"Estimates range from 19.8% to 59.4%. For example:\n\n- North rose 25% in 2024.\n- South rose 15% in 2024.\n", false},
	} {
		doc := markdown.Parse([]byte(tc.src), markdown.Options{})
		lists := NewLists(doc)
		got := false
		for i := range doc.Claims {
			if c := &doc.Claims[i]; strings.HasPrefix(string(doc.Src[c.Start:c.End]), "North rose") {
				got = lists.Cited(c)
			}
		}
		if got != tc.want {
			t.Errorf("%q: item covered = %v, want %v", tc.src, got, tc.want)
		}
	}
}
