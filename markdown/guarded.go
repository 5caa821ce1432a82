package markdown

import "bytes"

// Guarded returns the bytes Parse hands goldmark for src: src itself, or a
// same-length copy with the BOM, front matter and the input guards'
// stretches blanked. Code that renders src with goldmark (the review page)
// reads this copy, so it takes linear time on any input and its offsets
// are the Document's.
func Guarded(src []byte) []byte {
	work, _, _, _ := guardedWork(src, &Document{}, true)
	return work
}

// guardedWork is Guarded for Parse too: the bytes goldmark reads, where it
// starts reading them, and the front matter when there is one. A BOM turns
// "# Title" into a paragraph and goldmark has no front matter, so both are
// blanked out of a same-length copy, keeping offsets true; neutralise
// records the guards' stretches in doc. A front matter alone, unless
// blankFrontMatter is set, is skipped instead of copied: goldmark starts
// reading src at its end (130 of the shared corpus's 1,003 files have one).
func guardedWork(src []byte, doc *Document, blankFrontMatter bool) (work []byte, start int, fm Span, fmOK bool) {
	bom := bytes.HasPrefix(src, []byte("\xEF\xBB\xBF"))
	fmStart := 0
	if bom {
		fmStart = 3
	}
	fm, fmOK = findFrontMatter(src, fmStart)
	guards := findGuards(src)
	switch {
	case !bom && !fmOK && len(guards) == 0:
		return src, 0, fm, false
	case !bom && fmOK && len(guards) == 0 && !blankFrontMatter:
		return src, fm.End, fm, true
	}
	work = bytes.Clone(src)
	neutralise(work, guards, doc)
	if bom {
		copy(work, "   ")
	}
	if fmOK {
		blank(work[fm.Start:fm.End])
	}
	return work, 0, fm, fmOK
}
