package rules_test

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/bib"
	"github.com/citelint/citelint/internal/hangguard"
	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/claims"
	"github.com/citelint/citelint/internal/rules/input"
	"github.com/citelint/citelint/internal/rules/references"
	"github.com/citelint/citelint/internal/rules/registry"
	"github.com/citelint/citelint/internal/rules/uncited"
	"github.com/citelint/citelint/result"
)

// Pathological inputs for the rules and suppression: documents a
// stranger's pull request can make large and regular, whose cost was the
// product of two counts (problems by citations, citations by definitions,
// directives by blank lines). TestRulesPathological runs each at a small
// size through the whole per-file path and checks the findings; its time
// bound only catches hangs. BenchmarkRulesPathological runs each at n, 2n
// and 4n: with linear cost, ns/byte stays flat.
//
//	go test -run '^$' -bench RulesPathological -benchtime 1x ./rules/
type rulesPatho struct {
	name  string
	gen   func(n int) string
	bib   bool        // the document's pandoc keys are looked up in a bibliography (holding one other key)
	extra *rules.Rule // a rule to run besides the default set
	// settings, when set, are extra's instead of its defaults.
	settings func() any
	small    int
	sizes    []int
	// want gives, at size n, the findings per rule.
	want func(n int) map[string]int
}

var rulesPathoCases = []rulesPatho{
	{
		// n uncited entries and n/2 code blocks pointing at notes: whether
		// each entry searched every code block for its label.
		name: "entries-and-code-listings",
		gen: func(n int) string {
			var b strings.Builder
			b.WriteString("Prices rose [1].\n\n")
			for i := range n / 2 {
				fmt.Fprintf(&b, "```\nlimit[%d]: 16720 arr[i] x[\n```\n\n", i+2)
			}
			b.WriteString("## References\n\n")
			for i := range n {
				fmt.Fprintf(&b, "[%d] Source %d, https://example.org/%d\n", i+1, i, i)
			}
			return b.String()
		},
		small: 200, sizes: []int{7000, 14000, 28000},
		// Entries 2 to n/2+1 are pointed at from code; the rest after 1
		// are not, and so many uncited entries of one list are one finding.
		want: func(n int) map[string]int { return map[string]int{"unused-reference": 1} },
	},
	{
		// n/2 malformed entries, each cited in prose 4n/50 times over:
		// whether an entry's problem was reported in prose scanned every
		// citation per problem.
		name: "malformed-entries-cited",
		gen: func(n int) string {
			var b strings.Builder
			for i := range n {
				fmt.Fprintf(&b, "Claim [%d] and [%d].\n", i%50+1, (i+7)%50+1)
			}
			b.WriteString("\n## References\n\n")
			for i := range n / 2 {
				fmt.Fprintf(&b, "[%d] Bad doi:10.1/x%d and arXiv:2413.%05d.\n", i%50+1, i, i%99999)
			}
			return b.String()
		},
		small: 200, sizes: []int{7000, 14000, 28000},
		want: func(n int) map[string]int {
			// Each entry's DOI has no registrant code and its arXiv id
			// month 13; labels 1..50 repeat, n/2 - 50 of them: one
			// finding for them all (five or more are one cause).
			dup := n/2 - 50
			if dup >= 5 {
				dup = 1
			}
			return map[string]int{"malformed-identifier": n, "duplicate-reference": dup}
		},
	},
	{
		// Undefined footnotes in a document of link definitions: whether
		// the document defines footnotes was asked per marker.
		name:  "undefined-footnotes-with-definitions",
		gen:   citesThenDefinitions("Claim.[^x%d]\n\n"),
		small: 200, sizes: []int{7000, 14000, 28000},
		want: func(n int) map[string]int { return map[string]int{"unresolvable-label": n} },
	},
	{
		// Markers with an unresolved label after many footnote
		// definitions: whether the document has a numbered list was asked
		// per marker.
		name: "numeric-markers-after-footnotes",
		gen: func(n int) string {
			var b strings.Builder
			for i := range n {
				fmt.Fprintf(&b, "Claim %d rose [1, %d].\n\n", i, i%9000+100)
			}
			for i := range n {
				fmt.Fprintf(&b, "[^f%d]: note %d\n", i, i)
			}
			b.WriteString("\n[1]: https://e.org/1\n")
			return b.String()
		},
		small: 200, sizes: []int{7000, 14000, 28000},
		// More than 20 labels missing from one document are one finding.
		want: func(n int) map[string]int { return map[string]int{"unresolvable-label": 1, "unused-reference": n} },
	},
	{
		// Unresolved pandoc keys and many link definitions: whether the
		// document has [@key]: aliases was asked per citation.
		name: "pandoc-keys-with-definitions", bib: true,
		gen:   citesThenDefinitions("Claim [@k%d].\n\n"),
		small: 200, sizes: []int{7000, 14000, 28000},
		want: func(n int) map[string]int { return map[string]int{"unresolvable-label": n} },
	},
	{
		// Many comments and many unused numbered definitions: every
		// comment was lower-cased and searched per definition.
		name: "unused-definitions-many-comments",
		gen: func(n int) string {
			var b strings.Builder
			for i := range n {
				fmt.Fprintf(&b, "<!-- c%d [%d] -->\n", i, 2*i+1)
			}
			b.WriteString("\nText.\n\n")
			for i := range n {
				fmt.Fprintf(&b, "[%d]: https://e.org/%d\n\n", i+1, i)
			}
			return b.String()
		},
		small: 200, sizes: []int{7000, 14000, 28000},
		// The comments name the odd labels: only the even ones are reported.
		want: func(n int) map[string]int { return map[string]int{"unused-reference": n / 2} },
	},
	{
		// Directives on one line before many blank lines: each looked
		// for its next non-blank line on its own.
		name: "disable-next-line-before-blank-lines",
		gen: func(n int) string {
			return strings.Repeat("<!-- citelint-disable-next-line -->", n) + "\n" + strings.Repeat("\n", 20*n) +
				"Claim [99].\n\n## References\n\n[1] A. https://e.org/1\n"
		},
		small: 100, sizes: []int{5000, 10000, 20000},
		// Every directive applies to the claim's line; the first suppresses
		// its issue, the others nothing.
		want: func(n int) map[string]int {
			return map[string]int{"unresolvable-label (suppressed)": 1, "unused-suppression": n - 1}
		},
	},
	{
		// Many file-wide directives for one rule and many issues of
		// another: each issue scanned every region.
		name: "disable-file-many-and-issues",
		gen: func(n int) string {
			var b strings.Builder
			for range n {
				b.WriteString("<!-- citelint-disable-file duplicate-reference -->\n\n")
			}
			for i := range n {
				fmt.Fprintf(&b, "Claim.[^x%d]\n\n", i)
			}
			return b.String()
		},
		small: 100, sizes: []int{5000, 10000, 20000},
		want: func(n int) map[string]int { return map[string]int{"unresolvable-label": n, "unused-suppression": n} },
	},
	{
		// n sections, each with one uncited factual sentence: whether a
		// sentence is under an exempt section walked back to the first
		// heading.
		name: "uncited-claims-many-sections", extra: claims.UncitedClaim,
		gen: func(n int) string {
			var b strings.Builder
			// One citation: a document that cites nothing is one finding.
			b.WriteString("Sales rose [1].\n\n")
			for i := range n {
				fmt.Fprintf(&b, "## Market %d\n\nRevenue grew 45%% to $3.2 billion in 2023, according to the company.\n\n", i)
			}
			return b.String() + "[1]: https://example.org\n"
		},
		small: 100, sizes: []int{20000, 40000, 80000},
		want: func(n int) map[string]int { return map[string]int{"uncited-claim": n} },
	},
	{
		// A table row of n factual cells and no citation: whether the
		// row cites is asked for every cell, and finding the row's line
		// again for each was quadratic.
		name: "uncited-wide-row", extra: claims.UncitedClaim,
		// Tables are exempt by default; the row's test is what is timed.
		settings: func() any {
			s := claims.UncitedClaim.DefaultSettings().(*uncited.Settings)
			s.Exempt = slices.DeleteFunc(s.Exempt, func(e string) bool { return e == "tables" })
			return s
		},
		gen: func(n int) string {
			var b strings.Builder
			b.WriteString("Sales rose [1].\n\n[1]: https://example.org\n\n")
			b.WriteString("|" + strings.Repeat(" h |", n) + "\n|" + strings.Repeat("---|", n) + "\n|")
			for range n {
				b.WriteString(" Revenue grew 45% to $3.2 billion in 2023, according to the company. |")
			}
			b.WriteString("\n")
			return b.String()
		},
		small: 50, sizes: []int{2000, 4000, 8000},
		// More than 20 findings in one section are one finding.
		want: func(n int) map[string]int { return map[string]int{"uncited-claim": 1} },
	},
	{
		// A list of n factual items whose last item is a line of n
		// citation markers, which cites the list: whether the list
		// closes with citation markers only is asked for every item, and
		// the line read again for each was quadratic.
		name: "uncited-list-long-last-line", extra: claims.UncitedClaim,
		gen: func(n int) string {
			var b strings.Builder
			for range n {
				b.WriteString("- Revenue grew 45% to $3.2 billion in 2023, according to the company.\n")
			}
			b.WriteString("- " + strings.Repeat("[1] ", n) + "\n\n[1]: https://e.org/1\n")
			return b.String()
		},
		small: 100, sizes: []int{10000, 20000, 40000},
		want: func(n int) map[string]int { return map[string]int{} },
	},
	{
		// n reference lists, each cited by a link to its first entry, under
		// linked-lists (rules.default: reports): each list was compared
		// with every list before it for being its copy, and every home
		// page entry with every link.
		name: "linked-lists-many-lists", extra: references.UnusedReference,
		settings: func() any {
			s := references.UnusedReference.DefaultSettings()
			references.UnusedReference.ReportsSettings(s)
			return s
		},
		gen: func(n int) string {
			var b strings.Builder
			for i := range n {
				fmt.Fprintf(&b, "Claim %d ([source](https://e.org/%d/a)).\n\n", i, i)
			}
			for i := range n {
				fmt.Fprintf(&b, "## Sources\n\n1. Report %d\n   https://e.org/%d/a\n2. Other %d\n   https://e.org/%d/b\n3. Site %d\n   https://s%d.org/\n\n", i, i, i, i, i, i)
			}
			return b.String()
		},
		small: 100, sizes: []int{1000, 2000, 4000},
		// Each list's second and third entries are never linked.
		want: func(n int) map[string]int { return map[string]int{"unused-reference": 2 * n} },
	},
}

// citesThenDefinitions makes n paragraphs citing as cite (a format of the
// paragraph's number) that nothing defines, then n link definitions.
func citesThenDefinitions(cite string) func(n int) string {
	return func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, cite, i)
		}
		for i := range n {
			fmt.Fprintf(&b, "[r%d]: https://e.org/%d\n\n", i, i)
		}
		return b.String()
	}
}

func pathoRules(extra *rules.Rule, settings func() any) []lint.Enabled {
	var out []lint.Enabled
	for _, r := range registry.All() {
		if r.Default || r == input.UnusedSuppression || r == extra {
			s := r.DefaultSettings()
			if r == extra && settings != nil {
				s = settings()
			}
			out = append(out, lint.Enabled{Rule: r, Settings: s})
		}
	}
	return out
}

// lintPatho runs the per-file path on src as standard input.
func lintPatho(tb testing.TB, c rulesPatho, src []byte) []result.Issue {
	env := resolve.NewEnv(nil)
	if c.bib {
		env.AddBibliography("refs.bib", []bib.Entry{{Key: "known"}})
	}
	res := lint.Run(context.Background(), []string{"-"}, lint.Options{
		Rules: pathoRules(c.extra, c.settings), Inputs: map[string][]byte{"-": src}, Env: env, RuleEnv: &rules.Env{},
		Known: func(string) bool { return true },
	})
	if res[0].Err != nil {
		tb.Fatal(res[0].Err)
	}
	return res[0].Issues
}

func TestRulesPathological(t *testing.T) {
	for _, c := range rulesPathoCases {
		t.Run(c.name, func(t *testing.T) {
			for _, n := range []int{c.small, 2 * c.small} {
				src := []byte(c.gen(n))
				var issues []result.Issue
				hangguard.Run(t, fmt.Sprintf("n=%d (%d bytes)", n, len(src)), func() { issues = lintPatho(t, c, src) })
				got := map[string]int{}
				for _, iss := range issues {
					name := iss.Rule
					if iss.Suppressed {
						name += " (suppressed)"
					}
					got[name]++
				}
				want := c.want(n)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("n=%d: findings %v, want %v", n, got, want)
				}
			}
		})
	}
}

func BenchmarkRulesPathological(b *testing.B) {
	for _, c := range rulesPathoCases {
		for _, n := range c.sizes {
			b.Run(fmt.Sprintf("%s=%d", c.name, n), func(b *testing.B) {
				src := []byte(c.gen(n))
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					lintPatho(b, c, bytes.Clone(src))
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(src)), "ns/byte")
			})
		}
	}
}
