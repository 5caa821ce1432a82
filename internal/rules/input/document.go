package input

import (
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// Document reports what the parser found wrong with the document itself:
// the diagnostics the markdown package (and front matter bibliography
// loading) attach to it.
var Document = &rules.Rule{
	Name:     "document",
	Summary:  "A problem with the Markdown document itself (front matter, bibliography, unclosed code fence, encoding, a notebook cell)",
	Severity: result.SeverityWarning,
	Tags:     []string{rules.TagOffline},
	Default:  true,
	Reports:  true,
	Doc: `A problem with the document that keeps citelint from reading part of it: front
matter that is not valid YAML, a bibliography the front matter names that cannot
be loaded, a code fence that is never closed (the rest of the document is then
code, and citations there are not read), or a line too long or too deeply nested
to parse in reasonable time, a notebook cell of the wrong shape (a
` + "`\"cell_type\"`" + ` that is a number, a ` + "`\"source\"`" + ` holding one: that cell is skipped,
the others read). Each one means other rules saw less than the reader does, so
their silence there proves nothing.

A file that is not UTF-8 is read all the same and reported here: a UTF-16 file
with its byte order mark as UTF-16, any other as UTF-8 whose stray bytes are
Windows-1252 (Latin-1) characters. Its findings point at the file's own lines;
no fixes are offered for it, as they would write UTF-8 into it. A file that
cannot be read at all is unreadable-file's.

In R Markdown, Quarto and Jupyter documents a bibliography that is not there
is a note, not a warning: running the document's code may write it (R Markdown
books write packages.bib with knitr::write_bib), and its keys are left
unchecked rather than reported. knitr names packages.bib's keys "R-" and a
package's name, so for packages.bib only those are unchecked: a typo in any
other key is still reported (with bookdown's template, a typo planted in
` + "`[@xie2015]`" + ` is reported while packages.bib is missing, and ` + "`[@R-bookdown]`" + ` is
counted as unchecked). Keys found in the bibliographies that were read resolve
as usual. Where a code chunk of the document, or of another R Markdown or
Quarto file in its folder (a book's references chapter), writes the missing
file (` + "`knitr::write_bib(..., 'packages.bib')`" + `) there is no note, as there is
nothing to fix; its keys are counted as unchecked all the same.

A bibliography a book or project names for all its documents (Quarto's
_quarto.yml and _metadata.yml, a bookdown book's index.Rmd, a Jupyter Book's
_config.yml, MyST's myst.yml) that cannot be read, or a configuration that
cannot, is reported in each document that cites a key, at the first one; one
that rendering may write is not.

Bad:

    A claim [1].

    ` + "```" + `python
    print("the fence is never closed")

    ## References

    [1]: https://example.org/1

Good:

    A claim [1].

    ` + "```" + `python
    print("closed")
    ` + "```" + `

    ## References

    [1]: https://example.org/1
`,
	Check: func(p *rules.Pass) {
		for _, d := range p.Doc.Diagnostics {
			if d.Kind == markdown.DiagUnreadable || d.Kind == markdown.DiagLFSPointer {
				continue // unreadable-file's
			}
			is := p.Report(d.Offset, d.Offset, d.Message)
			if d.Kind == markdown.DiagRenderedBibliography {
				// Expected while the file is a build product: say so
				// without failing the run.
				is.Severity = result.SeverityNote
			}
		}
	},
}
