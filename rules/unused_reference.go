package rules

import (
	"fmt"
	"strings"

	"github.com/citelint/citelint/markdown"
	"github.com/citelint/citelint/resolve"
	"github.com/citelint/citelint/result"
)

// unusedReferenceSettings configure unused-reference.
type unusedReferenceSettings struct {
	// AllLinkDefinitions reports every unused link definition, as
	// markdownlint's MD053 does, not only numbered ones ([3]: url).
	AllLinkDefinitions bool `yaml:"all-link-definitions" json:"all-link-definitions"`
}

// UnusedReference reports references nothing cites.
var UnusedReference = &Rule{
	Name:        "unused-reference",
	Summary:     "A reference entry, link definition or footnote definition is never cited",
	Severity:    result.SeverityWarning,
	Tags:        []string{TagOffline},
	Default:     true,
	NewSettings: func() any { return &unusedReferenceSettings{} },
	Doc: `A numbered entry of a reference list, a numbered link definition (` + "`[3]: url`" + `),
a pandoc alias (` + "`[@tag:x]: doi:...`" + `) or a footnote definition that nothing in
the document uses. In a human document it
is usually a leftover of an edit; in an LLM report, a source the model listed
but did not use, or a citation it dropped from the text.

What counts as a use: a citation that resolves to it (citations inside the
reference list itself do not count for its entries; a reference link inside
a footnote does count for its definition), a reference-style image
(` + "`![][fig1]`" + `), and for an entry, a link in the text to the entry's URL, DOI
or arXiv id.

Not reported:
- a reading list: a reference list none of whose entries the text cites by
  marker (a "References" or "Further reading" list of a document that links
  its sources inline, or cites none by number) is a list of what to read,
  not N forgotten citations;
- unnumbered list items, which nothing can cite by label;
- link definitions whose destination is an anchor of the page itself
  (` + "`[summary]: #summary`" + `, as document templates define), pandoc aliases
  (` + "`[@tag:x]: doi:...`" + `) in a file that cites no pandoc key (multi-file
  manuscripts define them once for every file), and definitions used in an
  HTML comment (commented-out badges);
- link definitions with other labels (` + "`[npm-badge]: url`" + `): a spare one is
  Markdown housekeeping (markdownlint's MD053), not a citation; set
  ` + "`all-link-definitions: true`" + ` to report them too;
- a second definition of the same label (duplicate-reference reports it).

There is no automatic fix: deleting a definition is never safe.

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
	settings, _ := p.Settings.(*unusedReferenceSettings)
	if settings == nil {
		settings = &unusedReferenceSettings{}
	}
	used := make([]bool, len(doc.References))
	// citedLists counts, per reference list (section), the entries cited
	// by a marker; linked holds what the text links to.
	citedLists := map[int]int{}
	var linked map[string]bool
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.Ref >= 0 && c.Ref < len(used) {
			ref := &doc.References[c.Ref]
			if ref.Kind == markdown.RefEntry && !c.InReferences && !used[c.Ref] {
				citedLists[ref.Section]++
			}
			if ref.Kind != markdown.RefEntry || !c.InReferences {
				used[c.Ref] = true
			}
			continue
		}
		if c.InReferences || c.Target == "" {
			continue
		}
		if t := targetKeyOf(c.Target); t != "" {
			if linked == nil {
				linked = map[string]bool{}
			}
			linked[t] = true
		}
	}
	citesPandoc := false
	for i := range doc.Citations {
		if doc.Citations[i].Kind == markdown.KindPandoc {
			citesPandoc = true
			break
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
			if citedLists[ref.Section] == 0 || linked[targetKey(ref)] {
				continue // a reading list, or cited by a link to the work
			}
			msg = fmt.Sprintf("reference [%s] is never cited", ref.Label)
		case markdown.RefLinkDef:
			if images[key.label] || // refKey folded the label as images are
				strings.HasPrefix(ref.Label, "@") && !citesPandoc ||
				strings.HasPrefix(ref.URL, "#") ||
				!settings.AllLinkDefinitions && !isNumber(ref.Label) && !strings.HasPrefix(ref.Label, "@") ||
				inComment(doc, ref.Label) {
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

// inComment reports whether an HTML comment uses the label ("[label]"),
// as commented-out badges do: the author keeps the definition on purpose.
func inComment(doc *markdown.Document, label string) bool {
	want := "[" + strings.ToLower(label) + "]"
	for _, c := range doc.Comments {
		if strings.Contains(strings.ToLower(c.Text), want) {
			return true
		}
	}
	return false
}

// isNumber reports whether s is a run of ASCII digits.
func isNumber(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
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
