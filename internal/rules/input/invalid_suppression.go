package input

import (
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/suppress"
	"github.com/citelint/citelint/result"
)

// InvalidSuppression reports citelint comments that are not valid
// directives. Package suppress finds them while it applies the valid
// ones, so the rule runs after suppression (NeedSuppressions) and reports
// what it found; such an issue cannot itself be suppressed in the source.
var InvalidSuppression = &rules.Rule{
	Name:     "invalid-suppression",
	Summary:  "A citelint suppression comment names an unknown rule or is malformed",
	Severity: result.SeverityError,
	Tags:     []string{rules.TagOffline},
	Needs:    rules.NeedSuppressions,
	Default:  true,
	Reports:  true,
	Doc: `A ` + "`<!-- citelint-... -->`" + ` comment that is not a valid directive: an unknown
verb, no verb at all, or a rule name that does not exist (a typo, or a rule since
renamed). Such a comment suppresses nothing, so the issue it was written for is
still reported; this rule says why. It runs after in-source suppression and its
issues cannot be suppressed by another comment.

Bad:

    <!-- citelint-disable-next-line uncited-claims -->
    A sentence with no citation.

Good:

    <!-- citelint-disable-next-line uncited-claim -->
    A sentence with no citation.
`,
	Check: func(p *rules.Pass) {
		if p.Suppression == nil {
			return
		}
		for _, iss := range p.Suppression.Issues {
			if iss.Rule == suppress.DirectiveRule {
				p.Report(iss.Start, iss.End, iss.Message)
			}
		}
	},
}
