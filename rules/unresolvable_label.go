package rules

import (
	"fmt"
	"strings"

	"github.com/citelint/citelint/markdown"
	"github.com/citelint/citelint/result"
)

// UnresolvableLabel reports citation labels that point at nothing.
var UnresolvableLabel = &Rule{
	Name:     "unresolvable-label",
	Summary:  "A citation label has no reference entry, definition, bibliography entry or source",
	Severity: result.SeverityError,
	Tags:     []string{TagOffline},
	Default:  true,
	Fixable:  true,
	Doc: `A numeric marker, footnote, reference link, pandoc or MyST key, or RAG key
(` + "`[id:x]`, `[REF|a|b]`, `[SOURCE_3]`" + `) whose label resolves to nothing. Readers
cannot follow it, and in LLM-written text it is the commonest trace of a
fabricated or dropped source.

What is searched, by kind: numbered entries of the document's reference
sections and link definitions (numeric); footnote definitions (footnotes);
link definitions (reference links); pandoc aliases and the bibliography files
from front matter or config (pandoc, MyST); the source store given with
` + "`--sources`" + ` (RAG keys). Keys for which nothing is configured to search
(no bibliography, no source store) are not reported: they are counted as
unchecked in the summary.

The safe fix drops the unresolvable labels from a multi-label marker
(` + "`[1, 99]` → `[1]`, `[REF|d_1|bad]` → `[REF|d_1]`" + `) and removes a marker
all of whose labels are unresolvable, with the connective that joined it to
the marker before (` + "`[1] and [7]` → `[1]`" + `). Ranges (` + "`[4-6]`" + `) are not
rewritten, and a marker that is part of the sentence's grammar (one that
starts a line, or stands in brackets: ` + "`[7] shows...`, `([7])`" + `) is left for a
person to fix.

Bad:

    Sea levels rose 20 cm [1, 7].

    ## References
    [1] IPCC AR6 WG1, https://doi.org/10.1017/9781009157896

Good:

    Sea levels rose 20 cm [1].

    ## References
    [1] IPCC AR6 WG1, https://doi.org/10.1017/9781009157896
`,
	Check: checkUnresolvableLabel,
}

func checkUnresolvableLabel(p *Pass) {
	doc := p.Doc
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.Status != markdown.Unresolved || c.InReferences {
			continue
		}
		var what string
		switch c.Kind {
		case markdown.KindNumeric:
			what = fmt.Sprintf("citation [%s] has no entry %s", c.Label, numericSearched(doc))
		case markdown.KindFootnote:
			what = fmt.Sprintf("footnote [^%s] has no definition ([^%s]: ...)", c.Label, c.Label)
		case markdown.KindRefLink:
			what = fmt.Sprintf("reference link [%s] has no link definition ([%s]: url)", c.Label, c.Label)
		case markdown.KindPandoc, markdown.KindMyST:
			what = fmt.Sprintf("citation key %q is not in the bibliography or the document's [@key]: aliases", c.Label)
		case markdown.KindKey:
			what = fmt.Sprintf("source key %q is not in the source store", c.Label)
		default:
			continue
		}
		iss := p.Report(c.Start, c.End, what)
		iss.Fix = dropLabelsFix(doc, c.Marker)
	}
}

// numericSearched says where a numeric label was looked for.
func numericSearched(doc *markdown.Document) string {
	var titles []string
	for _, s := range doc.Sections {
		if s.Title != "" {
			titles = append(titles, fmt.Sprintf("%q", s.Title))
		}
	}
	switch {
	case len(doc.Sections) == 0:
		return "(the document has no reference list and no such link definition)"
	case len(titles) == 0:
		return "in the reference list or link definitions"
	}
	return "in the reference list (" + strings.Join(titles, ", ") + ") or link definitions"
}
