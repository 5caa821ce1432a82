package uncited

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

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
		for _, set := range []bool{e.place != 0, e.sections != nil, e.title != nil, e.test != nil, e.document} {
			if set {
				kinds++
			}
		}
		if kinds != 1 {
			t.Errorf("exemption %q: want exactly one of place, sections, title, test, document", e.name)
		}
	}
	if got := strings.Join(names, ","); got != f.Tag.Get("enum") {
		t.Errorf("exemptions %s, enum tag %s", got, f.Tag.Get("enum"))
	}
	s := DefaultSettings()
	if want := []string{"title", "abstract", "conclusions", "recommendations", "headings", "questions", "link-lists", "labels", "code", "tables", "recaps"}; !slices.Equal(s.Exempt, want) {
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
