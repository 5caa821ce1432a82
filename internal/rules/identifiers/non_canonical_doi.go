package identifiers

import (
	"regexp"
	"strings"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// NonCanonicalDOI reports DOI links not written in the form the DOI
// Foundation and Crossref's display guidelines ask for, https://doi.org/...,
// and fixes them.
var NonCanonicalDOI = &rules.Rule{
	Name:        "non-canonical-doi",
	Summary:     "A DOI is written as a dx.doi.org or http:// link instead of https://doi.org/",
	Severity:    result.SeverityNote,
	Tags:        []string{rules.TagOffline},
	Default:     false,
	Fixable:     true,
	NewSettings: func() any { return &nonCanonicalDOISettings{} },
	Doc: `Crossref's DOI display guidelines (2017) ask for DOIs to be shown as full
https URLs on doi.org: ` + "`https://doi.org/10.1000/xyz`" + `. The older
` + "`dx.doi.org`" + ` host and plain ` + "`http://`" + ` still redirect, but they cost
readers a redirect, look dated, and make the same work appear under several
spellings, which defeats de-duplication by URL.

The fix rewrites the prefix only; the DOI itself is never touched. It is
safe: every form names the same DOI. With the setting ` + "`doi-prefix: true`" + `,
` + "`doi:10.1000/xyz`" + ` written in prose or in a reference entry is rewritten
too (off by default: many style guides still write DOIs that way).

The rule is off by default; enable it for documentation sets that want one
spelling.

Bad:

    See http://dx.doi.org/10.1000/xyz123 for the data.

Good:

    See https://doi.org/10.1000/xyz123 for the data.
`,
	Check: checkNonCanonicalDOI,
}

type nonCanonicalDOISettings struct {
	// DOIPrefix also rewrites doi:10.x/y forms.
	DOIPrefix bool `yaml:"doi-prefix"`
}

// canonicalDOIPrefix is what every other form becomes.
const canonicalDOIPrefix = "https://doi.org/"

// nonCanonicalDOIURL matches a doi.org URL prefix that is not the canonical
// one and is followed by a DOI. The scheme is optional only for dx.doi.org:
// "doi.org/10..." with no scheme is rare and may be part of a longer host.
var nonCanonicalDOIURL = regexp.MustCompile(`(?i)(?:https?://(?:dx\.)?doi\.org/|\bdx\.doi\.org/)(?:10\.)`)

// doiPrefixForm matches "doi:" or "doi: " before a DOI.
var doiPrefixForm = regexp.MustCompile(`(?i)\bdoi:\s?(?:10\.)`)

func checkNonCanonicalDOI(p *rules.Pass) {
	s, _ := p.Settings.(*nonCanonicalDOISettings)
	if s == nil {
		s = &nonCanonicalDOISettings{}
	}
	src := p.Doc.Src
	done := map[int]bool{} // an edit start, so nested citations report once
	for i := range p.Doc.Citations {
		c := &p.Doc.Citations[i]
		if c.Kind != markdown.KindDOI && c.Kind != markdown.KindLink && c.Kind != markdown.KindURL {
			continue
		}
		text := string(src[c.Start:c.End])
		for _, m := range nonCanonicalDOIURL.FindAllStringIndex(text, -1) {
			prefix := text[m[0] : m[1]-len("10.")]
			if prefix == canonicalDOIPrefix || done[c.Start+m[0]] {
				continue
			}
			done[c.Start+m[0]] = true
			iss := p.Reportf(c.Start+m[0], c.Start+m[1]-len("10."), "DOI written as %q; use %q", prefix, canonicalDOIPrefix)
			iss.Fix = &result.Fix{Description: "rewrite to " + canonicalDOIPrefix,
				Edits: []result.Edit{{Start: c.Start + m[0], End: c.Start + m[1] - len("10."), New: canonicalDOIPrefix}}}
		}
		if !s.DOIPrefix || c.Kind != markdown.KindDOI || c.Label != text {
			// Only a bare doi:... citation: inside a link the text is prose.
			continue
		}
		if m := doiPrefixForm.FindStringIndex(text); m != nil && m[0] == 0 && !done[c.Start] {
			done[c.Start] = true
			prefix := text[:m[1]-len("10.")]
			iss := p.Reportf(c.Start, c.Start+len(prefix), "DOI written as %q; use %q", strings.TrimSpace(prefix), canonicalDOIPrefix)
			iss.Fix = &result.Fix{Description: "rewrite to " + canonicalDOIPrefix,
				Edits: []result.Edit{{Start: c.Start, End: c.Start + len(prefix), New: canonicalDOIPrefix}}}
		}
	}
}
