package input

import (
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// UnusedSuppression reports suppression comments that suppress nothing.
// Only package suppress knows what each directive silenced, so the rule
// runs after suppression (NeedSuppressions) and reads its outcome.
var UnusedSuppression = &rules.Rule{
	Name:     "unused-suppression",
	Summary:  "A citelint-disable comment suppresses no issue",
	Severity: result.SeverityNote,
	Tags:     []string{rules.TagOffline},
	Needs:    rules.NeedSuppressions,
	Default:  false,
	Doc: `A ` + "`<!-- citelint-disable... -->`" + ` comment that silenced nothing in this run: the
problem it was written for is gone, the rule it names is not enabled, or (for
disable-line) it stands alone at the start of a line, where goldmark makes it
swallow the line, so it must trail the text instead. Stale suppressions hide
the next real problem at that place, like golangci-lint's nolintlint.

Off by default, because a directive naming a rule that is disabled in one
configuration may be needed in another.

Bad:

    <!-- citelint-disable-next-line uncited-claim -->
    A sentence that now cites its source [1].

Good:

    A sentence that now cites its source [1].
`,
	Check: func(p *rules.Pass) {
		if p.Suppression == nil {
			return
		}
		for _, d := range p.Suppression.Unused {
			p.Reportf(d.Span.Start, d.Span.End, "citelint-%s suppresses no issue", d.Kind)
		}
	},
}
