package identifiers

import (
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// DeadArXiv reports arXiv ids that arXiv does not have.
var DeadArXiv = &rules.Rule{
	Name:     "dead-arxiv",
	Summary:  "A cited arXiv id does not exist",
	Severity: result.SeverityError,
	Marks:    rules.MarkMissing,
	Tags:     []string{rules.TagNetwork},
	Needs:    rules.NeedArXiv,
	Default:  false,
	Doc: `A well-formed arXiv id, in prose or in a reference entry, for which arXiv has
no paper. citelint asks arXiv's export API in batches of up to 100 ids, at
most one request every three seconds as arXiv's terms of use ask: an id that
is missing from a well-formed answer does not exist.

Ids that cannot exist at all (month 13, a date in the future) are
malformed-identifier's business. Timeouts, rate limits and server errors
leave the id unverified, never dead.

Bad:

    Recent work [arXiv:2407.99999] shows that...

Good:

    Recent work [arXiv:1706.03762] shows that...
`,
	Check: checkDeadArXiv,
}

func checkDeadArXiv(p *rules.Pass) {
	if p.Env == nil || p.Env.Lookups == nil {
		return
	}
	citedIdentifiers(p.Doc, "arxiv:", func(c *markdown.Citation, id string) {
		if l, ok := p.Env.Lookups.ArXiv(id); ok && l.Verdict == resolve.Broken {
			p.Reportf(c.Start, c.End, "arXiv:%s does not exist (arXiv: %s)", id, reasonOr(l, "not found"))
		}
	})
}
