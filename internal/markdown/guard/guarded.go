package guard

import (
	"bytes"

	"github.com/citelint/citelint/internal/markdown/frontmatter"
	"github.com/citelint/citelint/internal/markdown/model"
)

// Guarded returns the bytes Parse hands goldmark for src: src itself, or a
// same-length copy with the BOM, front matter and the input guards'
// stretches blanked. Code that renders src with goldmark (the review page)
// reads this copy, so it takes linear time on any input and its offsets
// are the Document's.
func Guarded(src []byte) []byte {
	work, _, _ := Work(src, &model.Document{})
	return work
}

// Work is Guarded for Parse too: the bytes goldmark reads, and the
// front matter when there is one. A BOM turns "# Title" into a paragraph
// and goldmark has no front matter, so both are blanked out of a
// same-length copy, keeping offsets true; neutralise records the guards'
// stretches in doc.
func Work(src []byte, doc *model.Document) (work []byte, fm model.Span, fmOK bool) {
	bom := bytes.HasPrefix(src, []byte("\xEF\xBB\xBF"))
	fmStart := 0
	if bom {
		fmStart = 3
	}
	fm, fmOK = frontmatter.Find(src, fmStart)
	// The guards are looked for after the front matter, which goldmark
	// reads blanked: its lines would join the first paragraph's, and a
	// guard there would be placed at line 1.
	from := 0
	if fmOK {
		from = fm.End
	}
	guards := findGuards(src[from:])
	for i := range guards {
		guards[i].span.Start += from
		guards[i].span.End += from
	}
	work = src
	if bom || fmOK || len(guards) > 0 {
		work = bytes.Clone(src)
		neutralise(work, guards, doc)
		if bom {
			copy(work, "   ")
		}
		if fmOK {
			Blank(work[fm.Start:fm.End])
		}
	}
	// Nesting is looked for in what goldmark reads: the brackets the
	// guards blank make it ("[*[*[*…" is " * * *…").
	if cuts := nestingCuts(work[from:]); len(cuts) > 0 {
		if len(guards) == 0 && !bom && !fmOK {
			work = bytes.Clone(src) // src itself so far
		}
		for i := range cuts {
			cuts[i] += from
		}
		cutNesting(work, cuts, doc)
	}
	return work, fm, fmOK
}

// Blank writes a space over every byte of b but line ends, so that
// offsets and line numbers stay true.
func Blank(b []byte) {
	for i, c := range b {
		if c != '\n' && c != '\r' {
			b[i] = ' '
		}
	}
}
