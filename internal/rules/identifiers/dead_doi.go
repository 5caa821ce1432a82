package identifiers

import (
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// DeadDOI reports DOIs that doi.org says do not exist.
var DeadDOI = &rules.Rule{
	Name:     "dead-doi",
	Summary:  "A cited DOI does not exist at doi.org",
	Severity: result.SeverityError,
	Marks:    rules.MarkMissing,
	Tags:     []string{rules.TagNetwork},
	Needs:    rules.NeedDOI,
	Default:  false,
	Doc: `A DOI, in prose or in a reference entry, that the DOI system does not know.
citelint asks doi.org's handle API (` + "`/api/handles/<doi>`" + `), which answers for
every registration agency (Crossref, DataCite, mEDRA...): response code 100
means no such DOI. Fabricated DOIs are the commonest failure of LLM-written
reference lists: they are well-formed, look plausible, and resolve to nothing.

Only a definite answer is reported. A timeout, a rate limit (429), a server
error or a bot wall leaves the DOI unverified: it is counted in the summary
and fails the run only with ` + "`--fail-on-unverified`" + `. Answers are cached
(` + "`resolvers.cache`" + `); ` + "`--offline`" + ` uses the cache alone.

Malformed DOIs are malformed-identifier's business and are not looked up.

Bad:

    [1] Smith, J. (2021). Sea level rise. https://doi.org/10.1038/s41586-099-99999-9

Good:

    [1] Fox-Kemper, B. et al. (2021). Ocean, cryosphere and sea level change. https://doi.org/10.1017/9781009157896.011
`,
	Check: checkDeadDOI,
}

func checkDeadDOI(p *rules.Pass) {
	if p.Env == nil || p.Env.Lookups == nil {
		return
	}
	citedIdentifiers(p.Doc, "doi:", func(c *markdown.Citation, doi string) {
		if l, ok := p.Env.Lookups.DOI(doi); ok && l.Verdict == resolve.Broken {
			p.Reportf(c.Start, c.End, "DOI %s does not exist (doi.org: %s)", doi, reasonOr(l, "not found"))
		}
	})
}

func reasonOr(l resolve.Lookup, def string) string {
	if l.Reason != "" {
		return l.Reason
	}
	return def
}
