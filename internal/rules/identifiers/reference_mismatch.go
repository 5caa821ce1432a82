package identifiers

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// ReferenceMismatch reports reference entries whose identifier belongs to a
// different work.
var ReferenceMismatch = &rules.Rule{
	Name:     "reference-mismatch",
	Summary:  "A reference's DOI or arXiv id belongs to a different work",
	Severity: result.SeverityError,
	Tags:     []string{rules.TagNetwork},
	Needs:    rules.NeedMetadata | rules.NeedArXiv,
	Default:  false,
	Doc: `A reference entry whose DOI or arXiv id exists but is registered to another
work: a real identifier attached to the wrong title, authors or year. LLMs
do this often, because a plausible DOI from the right journal is easy to
produce; doi.org then resolves it, and only the metadata tells.

citelint fetches the record (Crossref, then DataCite for DOIs; arXiv for
arXiv ids) and compares it with the entry's text:

- title: fewer than half of the record title's distinctive words (three
  letters or more, stop words out, accents folded) appear in the entry;
- year: the entry gives years and none is within one of the record's;
- first author: the record's first author's family name is not in the entry;
- authors: the entry starts with a list of names and none is the family name
  of any of the record's authors.

A title or authors mismatch is reported on its own; a year or first-author
mismatch only together (preprints and proceedings often differ by a year,
and author order varies between versions). Entries that give nothing but the identifier are not
compared. Records the registries cannot provide leave the entry unverified.

Bad:

    Sea ice is thinning [1].

    ## References

    [1] Smith, J. (2021). Deep learning for sea ice. https://doi.org/10.1038/nature14539

(10.1038/nature14539 is LeCun, Bengio and Hinton's "Deep learning", 2015.)

Good:

    Deep networks learn representations [1].

    ## References

    [1] LeCun, Y., Bengio, Y., Hinton, G. (2015). Deep learning. https://doi.org/10.1038/nature14539
`,
	Check: checkReferenceMismatch,
}

// The rule's regexps are compiled on first use: the rule runs only with
// the network resolvers, and compiling them (authorList's Unicode classes
// above all) was a tenth of every offline run's start-up.
var (
	identifierText = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(?:https?://\S+|\bdoi:\s*\S+|\b10\.\d{4,9}/\S+|\barxiv:\s*\S+|<[^>]*>)`)
	})
	yearText = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(1[89]\d\d|20\d\d)\b`) })
)

func checkReferenceMismatch(p *rules.Pass) {
	doc := p.Doc
	for i := range doc.References {
		r := &doc.References[i]
		if r.Span.End <= r.Span.Start || r.Kind == markdown.RefBibliography || r.Kind == markdown.RefSource {
			continue
		}
		rec, id := metadataOf(p.Env, r)
		if rec == nil {
			continue
		}
		text := identifierText().ReplaceAllString(r.Text, " ")
		entryWords := titleWords(text)
		recWords := titleWords(rec.Title)
		if len(entryWords) < 3 {
			continue // the entry is little more than its identifier
		}
		titleBad := len(recWords) >= 2 && containment(recWords, entryWords) < 0.5
		yearBad := false
		if y, err := strconv.Atoi(rec.Year); err == nil {
			years := yearText().FindAllString(text, -1)
			yearBad = len(years) > 0
			for _, s := range years {
				if v, _ := strconv.Atoi(s); v >= y-1 && v <= y+1 {
					yearBad = false
				}
			}
		}
		authorBad, noAuthor := false, false
		if len(rec.Authors) > 0 {
			fam := titleWords(rec.Authors[0])
			authorBad = len(fam) > 0 && containment(fam, entryWords) < 1
			if authorBad && listsAuthors(text) {
				noAuthor = true
				for _, a := range rec.Authors[1:] {
					if f := titleWords(a); len(f) > 0 && containment(f, entryWords) == 1 {
						noAuthor = false
						break
					}
				}
			}
		}
		if !titleBad && !noAuthor && !(yearBad && authorBad) {
			continue
		}
		var fields []string
		if titleBad {
			fields = append(fields, "title")
		}
		switch {
		case noAuthor:
			fields = append(fields, "authors")
		case authorBad && (yearBad || titleBad):
			fields = append(fields, "first author")
		}
		if yearBad {
			fields = append(fields, "year")
		}
		start, end := firstLine(doc, r)
		p.Reportf(start, end, "%s: %s is registered to %s, but the entry differs in %s",
			rules.RefName(r), id, describeRecord(rec.Title, rec.Authors, rec.Year), rules.JoinAnd(fields))
	}
}

// authorList matches an entry that starts with a list of names: "LeCun, Y.,",
// "Uri Alon, Frank Xu", "Smith J, Doe A", "Smith et al." or "Smith and Doe".
var authorList = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*\p{Lu}[\p{L}'’-]+(?:,? (?:\p{Lu}[\p{L}.'’-]*\.?\s?)+)?(?:,|\s+et al\b|\s+and\s+\p{Lu}|\s+&\s+\p{Lu})`)
})

// listsAuthors reports whether the entry text begins with author names, so
// that finding none of the record's authors in it means something.
func listsAuthors(text string) bool { return authorList().MatchString(text) }

func describeRecord(title string, authors []string, year string) string {
	s := fmt.Sprintf("%q", rules.Quote(title, 90))
	var by []string
	if len(authors) > 0 {
		a := authors[0]
		if len(authors) > 1 {
			a += " et al."
		}
		by = append(by, a)
	}
	if year != "" {
		by = append(by, year)
	}
	if len(by) > 0 {
		s += " (" + strings.Join(by, ", ") + ")"
	}
	return s
}
