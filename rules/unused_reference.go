package rules

import (
	"fmt"

	"github.com/citelint/citelint/markdown"
	"github.com/citelint/citelint/resolve"
	"github.com/citelint/citelint/result"
)

// UnusedReference reports references nothing cites.
var UnusedReference = &Rule{
	Name:     "unused-reference",
	Summary:  "A reference entry, link definition or footnote definition is never cited",
	Severity: result.SeverityWarning,
	Tags:     []string{TagOffline},
	Default:  true,
	Doc: `A numbered entry of a reference list, a link reference definition or a
footnote definition that no citation in the document resolves to. In a human
document it is usually a leftover of an edit; in an LLM report, a source the
model listed but did not use, or a citation it dropped from the text.

Citations inside the reference list itself do not count as uses. Link
definitions used by reference-style images (` + "`![][fig1]`" + `) are in use.
Unnumbered list items are not reported: nothing can cite them by label.
A second definition of the same label is reported by duplicate-reference,
not here. There is no automatic fix: deleting a definition is never safe.

Bad:

    Sea levels rose 20 cm [1].

    ## References
    [1] IPCC AR6 WG1, https://doi.org/10.1017/9781009157896
    [2] NOAA sea level report, https://oceanservice.noaa.gov/

Good:

    Sea levels rose 20 cm [1], faster since 2006 [2].

    ## References
    [1] IPCC AR6 WG1, https://doi.org/10.1017/9781009157896
    [2] NOAA sea level report, https://oceanservice.noaa.gov/
`,
	Check: checkUnusedReference,
}

func checkUnusedReference(p *Pass) {
	doc := p.Doc
	used := make([]bool, len(doc.References))
	for i := range doc.Citations {
		if c := &doc.Citations[i]; !c.InReferences && c.Ref >= 0 && c.Ref < len(used) {
			used[c.Ref] = true
		}
	}
	images := map[string]bool{}
	for _, l := range doc.ImageRefs {
		images[resolve.LinkKey(l)] = true
	}
	seen := make(map[refKeyT]bool, len(doc.References))
	for i := range doc.References {
		ref := &doc.References[i]
		key := refKey(ref)
		first := !seen[key]
		seen[key] = true
		if used[i] || !first || ref.Label == "" {
			continue
		}
		var msg string
		switch ref.Kind {
		case markdown.RefEntry:
			msg = fmt.Sprintf("reference [%s] is never cited", ref.Label)
		case markdown.RefLinkDef:
			if images[key.label] { // refKey folded the label as images are
				continue
			}
			msg = fmt.Sprintf("link definition [%s] is never used", ref.Label)
		case markdown.RefFootnote:
			msg = fmt.Sprintf("footnote [^%s] is defined but never referenced", ref.Label)
		default:
			continue
		}
		sp := ref.LabelSpan
		if sp.End <= sp.Start {
			sp = ref.Span
		}
		p.Report(sp.Start, sp.End, msg)
	}
}

// refKey identifies a reference by what cites it: kind, section and label
// (link labels case-folded as CommonMark matches them). A struct, not a
// joined string: the rules that use it build one per reference.
type refKeyT struct {
	kind    markdown.RefKind
	section int
	label   string
}

func refKey(ref *markdown.Reference) refKeyT {
	switch ref.Kind {
	case markdown.RefLinkDef:
		return refKeyT{kind: ref.Kind, section: -1, label: resolve.LinkKey(ref.Label)}
	case markdown.RefFootnote:
		return refKeyT{kind: ref.Kind, section: -1, label: ref.Label}
	}
	return refKeyT{ref.Kind, ref.Section, ref.Label}
}
