package claims

import (
	"fmt"
	"strings"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/score"
	"github.com/citelint/citelint/result"
)

// NumberMismatch reports quantities a sentence states that its cited
// sources do not.
var NumberMismatch = &rules.Rule{
	Name:     "number-mismatch",
	Summary:  "A number in the sentence appears nowhere in its cited source",
	Severity: result.SeverityWarning,
	Marks:    rules.MarkWeak,
	Tags:     []string{rules.TagSources},
	Needs:    rules.NeedSourceText | rules.NeedClaims,
	Default:  false,
	Doc: `A number, percentage, year or amount in a cited sentence that none of its
sources states. Numbers are where paraphrase goes wrong and where LLMs
invent: a doubled figure, a shifted year, a rounded percentage.

Quantities are compared after normalising how they are written: "12%",
"12 percent" and "12 per cent"; "1,000" and "1000"; "3.5 million" and
"3,500,000"; "three" and "3"; "0.12" and "12%". Years and whole numbers
must match exactly, decimals and magnitudes to 0.1%. A number stated with
a comparison is found when the source states a value that satisfies it,
within a window: "more than 97%" (or "over", "above": up to 1.5 times) by
97.5%; "at least 40" by 40 to 60; "less than", "under", "up to" (down to
half) by 7 for 10; "nearly 3 million" (or "almost": within 10% below) by
2.9 million; "about", "approximately", "around", "roughly" (within 10%)
by 3,012,455 for 3 million. A year is always compared exactly. Numbers
inside names and identifiers (COVID-19, H2O, v1.2.3) and ordinals (19th)
are not quantities. The source text comes from the same places as for low-overlap,
and, as there, a citation closing a paragraph also covers the factual
sentences before it that cite nothing themselves. Sentences without
obtainable source text are not checked. While it runs, a sentence it flags
is not counted as supported in low-overlap's grounded share either: a
claim whose number its source does not state is at best partly supported.

Bad:

    Global sea level rose 25 cm between 1900 and 2018 [1].

    (source: "...rose by about 20 cm between 1900 and 2018...")

Good:

    Global sea level rose about 20 cm between 1900 and 2018 [1].
`,
	Check: checkNumberMismatch,
}

func checkNumberMismatch(p *rules.Pass) {
	if p.Env == nil || p.Env.Evidence == nil {
		return
	}
	doc := p.Doc
	// Each source's numbers are extracted once per run (preparedSources),
	// not once per sentence citing it: per sentence, 2,000 sentences
	// against 200 kB sources took over 8 CPU-minutes.
	indexed := docSources{}
	for ci := range doc.Claims {
		if doc.Claims[ci].Heading {
			continue
		}
		srcs, _, at := claimSources(p, ci)
		if len(srcs) == 0 {
			continue
		}
		idx := make([]*score.NumberIndex, len(srcs))
		for i, s := range srcs {
			idx[i] = indexed.numbers(s)
		}
		reportMissingNumbers(p, ci, at, idx, srcs, "")
		for _, j := range coveredClaims(doc, ci) {
			cl := doc.Claims[j]
			reportMissingNumbers(p, j, markdown.Span{Start: cl.Start, End: cl.End}, idx, srcs, " (cited by the citation closing the paragraph)")
		}
	}
}

func reportMissingNumbers(p *rules.Pass, ci int, at markdown.Span, idx []*score.NumberIndex, srcs []citedSource, suffix string) {
	missing := score.MissingNumbersIn(p.Doc.ClaimText(ci), idx...)
	if len(missing) == 0 {
		return
	}
	quoted := make([]string, len(missing))
	for i, m := range missing {
		quoted[i] = fmt.Sprintf("%q", m)
	}
	p.Reportf(at.Start, at.End, "%s not found in %s%s", strings.Join(quoted, ", "), sourceNames(srcs), suffix)
}
