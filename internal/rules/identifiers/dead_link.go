package identifiers

import (
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// DeadLink reports cited web pages that are gone.
var DeadLink = &rules.Rule{
	Name:     "dead-link",
	Summary:  "A cited web page is gone (404, 410, no such host)",
	Severity: result.SeverityWarning,
	Marks:    rules.MarkMissing,
	Tags:     []string{rules.TagNetwork},
	Needs:    rules.NeedURL,
	Default:  false,
	Doc: `A URL, cited in prose, as a link, or in a reference entry or link definition,
whose server answers 404 Not Found or 410 Gone, or whose host does not exist.
citelint sends HEAD, falls back to GET when a server refuses HEAD, and
follows redirects.

Only definite answers count. 401/403 (logins and bot walls), 429 (rate
limits), 5xx, timeouts and TLS errors leave the link unverified: counted in
the summary, never reported, unless ` + "`--fail-on-unverified`" + `. This is where
link checkers usually cry wolf, and a linter that does is soon switched off.

DOIs and arXiv links are checked by dead-doi and dead-arxiv. Links to the
reserved example domains (example.com, .test, .invalid, localhost) are not
checked, and for safety, neither are loopback, private, link-local or
IPv4-embedding IPv6 addresses, in any spelling (` + "`127.1`, `2130706433`, `0x7f.1`" + `)
or behind a name that resolves to one, proxy or not: such a link is refused and
named in a note, never reported dead. The workflow, not the configuration, can
allow them (` + "`--allow-private`" + ` or ` + "`CITELINT_ALLOW_PRIVATE=true`" + `; the
config's ` + "`resolvers.url.allow-private`" + ` alone does not); see docs/security.md.

Bad:

    [2] NOAA sea level report. https://www.noaa.gov/no-such-page

Good:

    [2] NOAA sea level report. https://oceanservice.noaa.gov/hazards/sealevelrise/
`,
	Check: checkDeadLink,
}

func checkDeadLink(p *rules.Pass) {
	if p.Env == nil || p.Env.Lookups == nil {
		return
	}
	citedIdentifiers(p.Doc, "", func(c *markdown.Citation, u string) {
		if l, ok := p.Env.Lookups.URL(u); ok && l.Verdict == resolve.Broken {
			p.Reportf(c.Start, c.End, "link %s is dead (%s)", u, reasonOr(l, "not found"))
		}
	})
}
