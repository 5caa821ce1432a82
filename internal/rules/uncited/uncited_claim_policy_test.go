package uncited

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/markdown"
)

// TestExemptionsMatchSettings holds the exemption table to the exempt
// setting's enum tag (which config validates and the schema lists) and to
// the defaults the rule's doc names.
func TestExemptionsMatchSettings(t *testing.T) {
	f, _ := reflect.TypeOf(Settings{}).FieldByName("Exempt")
	var names []string
	for _, e := range exemptions {
		names = append(names, e.name)
		kinds := 0
		for _, set := range []bool{e.place != 0, e.sections != nil, e.title != nil, e.test != nil} {
			if set {
				kinds++
			}
		}
		if kinds != 1 {
			t.Errorf("exemption %q: want exactly one of place, sections, title, test", e.name)
		}
	}
	if got := strings.Join(names, ","); got != f.Tag.Get("enum") {
		t.Errorf("exemptions %s, enum tag %s", got, f.Tag.Get("enum"))
	}
	s := DefaultSettings()
	if want := []string{"title", "abstract", "conclusions", "recommendations", "headings", "questions", "link-lists", "labels", "code", "tables"}; !slices.Equal(s.Exempt, want) {
		t.Errorf("default exempt %v, want %v", s.Exempt, want)
	}
}

// TestExemptPolicy checks what each exemption exempts, alone.
func TestExemptPolicy(t *testing.T) {
	const title = 0
	heading := markdown.Claim{Heading: true, Section: 1}
	titleClaim := markdown.Claim{Heading: true, Section: title}
	link := markdown.Claim{ListItem: true}
	tests := []struct {
		exempt  string
		c       markdown.Claim
		text    string
		section string
		want    bool
	}{
		{"title", titleClaim, "Sea level rose 20 cm", "", true},
		{"title", heading, "Sea level rose 20 cm", "", false},
		{"headings", heading, "Sea level rose 20 cm", "", true},
		{"headings", markdown.Claim{}, "Sea level rose 20 cm", "", false},
		{"tables", markdown.Claim{TableCell: true}, "20 cm", "", true},
		{"quotes", markdown.Claim{Quote: true}, "20 cm", "", true},
		{"lists", markdown.Claim{ListItem: true}, "20 cm", "", true},
		{"lists", markdown.Claim{}, "20 cm", "", false},
		{"questions", markdown.Claim{}, "Did sea level rise 20 cm?", "", true},
		{"questions", markdown.Claim{}, "Did it rise 20 cm？**", "", true},
		{"questions", markdown.Claim{}, "It rose 20 cm.", "", false},
		{"link-lists", link, "[IPCC](https://ipcc.ch) says 20 cm", "", true},
		{"link-lists", link, "see https://ipcc.ch for 20 cm", "", true},
		{"link-lists", markdown.Claim{}, "[IPCC](https://ipcc.ch) says 20 cm", "", false},
		{"labels", markdown.Claim{}, "The results in 2020 were:", "", true},
		{"labels", markdown.Claim{}, "最后再搜索一些信息：", "", true},
		{"labels", markdown.Claim{}, "**Market size in 2020**", "", true},
		{"labels", markdown.Claim{}, "**Market** size in 2020 was **large**", "", false},
		{"labels", markdown.Claim{}, "**A bold sentence of more than ten words that states 20 facts here**", "", false},
		{"abstract", markdown.Claim{}, "", "Abstract:", true},
		{"abstract", markdown.Claim{}, "", "摘要", true},
		{"abstract", markdown.Claim{}, "", "Results", false},
		{"conclusions", markdown.Claim{}, "", "Conclusion", true},
		{"conclusions", markdown.Claim{}, "", "7. Conclusion and Future Outlook", true},
		{"conclusions", markdown.Claim{}, "", "7\\. Conclusion: The Future of Epistemic Engineering", true},
		{"conclusions", markdown.Claim{}, "", "VI. Conclusions", true},
		{"conclusions", markdown.Claim{}, "", "**5.2 Concluding remarks**", true},
		{"conclusions", markdown.Claim{}, "", "In conclusion", true},
		{"conclusions", markdown.Claim{}, "", "六、结论与展望", true},
		{"conclusions", markdown.Claim{}, "", "（三）总结", true},
		{"conclusions", markdown.Claim{}, "", "第六章 结语", true},
		{"conclusions", markdown.Claim{}, "", "Executive Summary", false},
		{"conclusions", markdown.Claim{}, "", "Inclusion criteria", false},
		{"conclusions", markdown.Claim{}, "", "Key conclusions", false},
		{"conclusions", markdown.Claim{}, "", "主要结论", false},
		{"conclusions", markdown.Claim{}, "", "C. Methods", false},
		{"recommendations", markdown.Claim{}, "", "Recommendations", true},
		{"recommendations", markdown.Claim{}, "", "6. Actionable Recommendations for Educators", true},
		{"recommendations", markdown.Claim{}, "", "**Recommendation Summary**", true},
		{"recommendations", markdown.Claim{}, "", "Final recommendation", true},
		{"recommendations", markdown.Claim{}, "", "Challenges and Future Directions", true},
		{"recommendations", markdown.Claim{}, "", "Market outlook", true},
		{"recommendations", markdown.Claim{}, "", "Next steps", true},
		{"recommendations", markdown.Claim{}, "", "六、投资策略建议", true},
		{"recommendations", markdown.Claim{}, "", "2030–2035展望", true},
		{"recommendations", markdown.Claim{}, "", "6. Evaluation and Benchmarking in LLM-based Recommendation", false},
		{"recommendations", markdown.Claim{}, "", "Recommender systems", false},
		{"recommendations", markdown.Claim{}, "", "Future Market Shaping Technologies", false},
		{"recommendations", markdown.Claim{}, "", "Outlooks of the 1990s", true},
		{"recommendations", markdown.Claim{}, "", "Stepwise results", false},
	}
	for _, tt := range tests {
		p := newExemptPolicy(&Settings{Exempt: []string{tt.exempt}})
		got := placeOf(&tt.c, title)&p.places != 0 || p.textExempt(&tt.c, []byte(tt.text)) ||
			tt.section != "" && p.sectionExempt(tt.section)
		if got != tt.want {
			t.Errorf("exempt %s: claim %+v %q in section %q exempt = %v, want %v", tt.exempt, tt.c, tt.text, tt.section, got, tt.want)
		}
		if none := newExemptPolicy(&Settings{}); placeOf(&tt.c, title)&none.places != 0 || none.textExempt(&tt.c, []byte(tt.text)) || none.sectionExempt(tt.section) {
			t.Errorf("no exemptions: claim %+v %q exempt", tt.c, tt.text)
		}
	}
	p := newExemptPolicy(&Settings{ExemptSections: []string{"  Change Log "}})
	if !p.sectionExempt("Change log：") || p.sectionExempt("Changes") {
		t.Error("exempt-sections: want titles matched lower-cased, trimmed of spaces and colons")
	}
}

// TestEvidencePoints pins the weights the rule's doc states.
func TestEvidencePoints(t *testing.T) {
	for _, tt := range []struct {
		why            reasons
		hedged, person bool
		want           int
	}{
		{whyQuantity, false, false, 2},
		{whyQuotation, false, false, 2},
		{whyNumber | whyDate | whyFinding | whyComparison | whyEntities, false, false, 5},
		{whyQuantity | whyDate, true, false, 2},
		{whyQuantity | whyDate, false, true, 1},
		{0, true, true, -3},
	} {
		if got := weigh(tt.why, tt.hedged, tt.person); got != tt.want {
			t.Errorf("weigh(%v, %v, %v) = %d, want %d", tt.why, tt.hedged, tt.person, got, tt.want)
		}
	}
	if got := (whyQuantity | whyEntities | whyNormative).String(); got != "normative" {
		t.Errorf("a verdict's reason = %q, want it alone", got)
	}
}

// TestUnderExemptSection: a section is exempt when its title is, or the
// title of a heading it is nested in; a sibling or a later section at the
// same level is not.
func TestUnderExemptSection(t *testing.T) {
	hs := []markdown.Heading{
		{Level: 1, Text: "Report"},
		{Level: 2, Text: "Results"},
		{Level: 2, Text: "7. Conclusion"},
		{Level: 3, Text: "7.1 Outlook"},
		{Level: 4, Text: "Risks"},
		{Level: 2, Text: "Appendix"},
		{Level: 3, Text: "A.1 Data"},
	}
	p := newExemptPolicy(DefaultSettings())
	exempt := func(i int) bool { return p.sectionExempt(hs[i].Text) }
	for i, want := range []bool{false, false, true, true, true, false, false} {
		if got := underExemptSection(hs, i, exempt); got != want {
			t.Errorf("under %q: exempt = %v, want %v", hs[i].Text, got, want)
		}
	}
}

// TestAfterExampleLead: a quotation an example lead introduces is no
// quotation of a source, so it is no evidence.
func TestAfterExampleLead(t *testing.T) {
	for _, tt := range []struct {
		before string
		want   bool
	}{
		{"Chunks of episodes (e.g., ", true},
		{"Chunks of episodes (E.g. ", true},
		{"a prompt, for example, ", true},
		{"phrases such as ", true},
		{"短语，例如", true},
		{"He said ", false},
		{"", false},
		{"Kansas ", false},
		{"The pages of Lamsuch as ", false},
	} {
		if got := afterExampleLead(tt.before); got != tt.want {
			t.Errorf("afterExampleLead(%q) = %v, want %v", tt.before, got, tt.want)
		}
		if got := afterExampleLead([]byte(tt.before)); got != tt.want {
			t.Errorf("afterExampleLead([]byte(%q)) = %v, want %v", tt.before, got, tt.want)
		}
	}
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{`He said "the market will double by next year".`, true},
		{`Levels of summaries (e.g., "Migration from Session Auth to JWT").`, false},
		{`Prompts such as "Improve this Python code snippet now" work.`, false},
	} {
		if got := hasQuote(tt.s); got != tt.want {
			t.Errorf("hasQuote(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

// TestExemptSectionsLikeWalk: the memoised answer is the walk's, for every
// heading of random outlines, whichever headings are asked first.
func TestExemptSectionsLikeWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		hs := make([]markdown.Heading, 1+rng.IntN(12))
		exempt := make([]bool, len(hs))
		for i := range hs {
			hs[i].Level = 1 + rng.IntN(4)
			exempt[i] = rng.IntN(4) == 0
		}
		isExempt := func(i int) bool { return exempt[i] }
		s := exemptSections{headings: hs, exempt: isExempt}
		for _, i := range rng.Perm(len(hs)) {
			if got, want := s.under(i), underExemptSection(hs, i, isExempt); got != want {
				t.Fatalf("levels %v, exempt %v: heading %d under = %v, walk %v", hs, exempt, i, got, want)
			}
		}
	}
}

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
		if got := citationOnly(doc, markdown.LastLine(doc.Src, markdown.Span{Start: 0, End: len(tt.line)})); got != tt.want {
			t.Errorf("%q: citationOnly = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// FuzzListCited: listCoverage reads any parsed document without panicking,
// and citationOnly agrees with a plain reading of its rule: blank out the
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
		lists := listCoverage{doc: doc}
		for i := range doc.Claims {
			lists.cited(&doc.Claims[i])
		}
		for _, l := range doc.Lists {
			line := markdown.LastLine(doc.Src, l.Last)
			if got, want := citationOnly(doc, line), citationOnlyPlain(doc, line); got != want {
				t.Fatalf("%q: line %q: citationOnly %v, the plain reading %v", s, doc.Src[line.Start:line.End], got, want)
			}
		}
	})
}

// citationOnlyPlain is citationOnly written plainly, for FuzzListCited.
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
		if got := looksLikeCode([]byte(tt.text)); got != tt.want {
			t.Errorf("looksLikeCode(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
