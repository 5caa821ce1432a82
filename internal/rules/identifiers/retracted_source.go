package identifiers

import (
	"strings"

	"github.com/citelint/citelint/internal/ident"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// RetractedSource reports citations of retracted or withdrawn works.
var RetractedSource = &rules.Rule{
	Name:     "retracted-source",
	Summary:  "A cited work has been retracted or withdrawn",
	Severity: result.SeverityError,
	Marks:    rules.MarkWeak,
	Tags:     []string{rules.TagNetwork},
	Needs:    rules.NeedMetadata,
	Default:  false,
	Doc: `A DOI, in prose or in a reference entry, whose Crossref record carries a
retraction or withdrawal notice (an ` + "`updated-by`" + ` or ` + "`update-to`" + ` entry of
type retraction, withdrawal or removal, or a title starting "RETRACTED:").
Crossref holds the Retraction Watch database's notices since 2023. A claim
resting on a retracted paper rests on nothing; a reader should at least be
told.

Bad:

    Vaccines were linked to autism [1].

    [1] Wakefield, A. J. et al. (1998). https://doi.org/10.1016/S0140-6736(97)11096-0

Good: cite the retraction notice, or a sound source, and say what happened.
`,
	Check: checkRetractedSource,
}

func checkRetractedSource(p *rules.Pass) {
	if p.Env == nil || p.Env.Lookups == nil {
		return
	}
	citedIdentifiers(p.Doc, "doi:", func(c *markdown.Citation, doi string) {
		l, ok := p.Env.Lookups.Metadata(doi)
		if !ok || l.Verdict != resolve.OK || l.Record == nil || !l.Record.Retracted {
			return
		}
		what := "doi:" + ident.NormalizeDOI(doi)
		if c.InReferences {
			if r := referenceAt(p.Doc, c.Start); r != nil {
				what = rules.RefName(r) + " (" + what + ")"
			}
		}
		msg := what + " has been retracted"
		if len(l.Record.Notices) > 0 {
			msg += " (" + strings.Join(l.Record.Notices, "; ") + ")"
		}
		p.Report(c.Start, c.End, msg)
	})
}

// referenceAt returns the reference whose span holds off.
func referenceAt(doc *markdown.Document, off int) *markdown.Reference {
	for i := range doc.References {
		if doc.References[i].Span.Contains(off) {
			return &doc.References[i]
		}
	}
	return nil
}
