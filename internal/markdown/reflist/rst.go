package reflist

import (
	"bytes"
	"strconv"

	"github.com/citelint/citelint/internal/markdown/model"
)

// reStructuredText citations. Documents converted from reST (a
// sphinx-gallery example turned into a notebook, a docstring pasted into
// Markdown) keep its scheme: "[1]_", "[Lee94]_" or "[#]_" in the text, and
// ".. [1] text" explicit-markup entries, each a line of its own with its
// text continued on the lines below. docutils calls the numbered and
// auto-numbered ones footnotes and the named ones citations; both are one
// thing here: a KindFootnote of SchemeRST resolving by exact label to a
// RefFootnote whose LabelSpan is the ".. [label]" it is written under
// (Reference.RST). Markers are read as reST only in a document that
// writes such an entry: "[1]_" alone stays a numbered citation.

type rstState struct {
	entries int // ".. [label]" entries found
	// autoEntries counts the anonymous auto-numbered ("#") and
	// auto-symbol ("*") entries: docutils matches the n-th marker
	// (RSTMarker) to the n-th entry, so both are labelled "#n", "*n".
	autoEntries [2]int
}

// rstLabel reports whether b is a reST footnote or citation label: a
// number, "#", "#name", "*", or a simple reference name (alphanumerics
// with isolated inner "-_.:+").
func rstLabel(b []byte) bool {
	if len(b) == 0 || len(b) > 64 {
		return false
	}
	if len(b) == 1 && (b[0] == '#' || b[0] == '*') {
		return true
	}
	if b[0] == '#' {
		b = b[1:]
	}
	if len(b) == 0 || !isAlnum(b[0]) || !isAlnum(b[len(b)-1]) {
		return false
	}
	for i := 1; i < len(b); i++ {
		c := b[i]
		if isAlnum(c) {
			continue
		}
		if c != '-' && c != '_' && c != '.' && c != ':' && c != '+' || !isAlnum(b[i-1]) {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool { return isASCIILetter(c) || isDigit(c) }

// autoLabel returns the label of an anonymous "#" or "*" marker or entry,
// numbering it in counts, or label itself.
func autoLabel(label []byte, counts *[2]int) string {
	if len(label) == 1 && (label[0] == '#' || label[0] == '*') {
		k := 0
		if label[0] == '*' {
			k = 1
		}
		counts[k]++
		return string(label) + strconv.Itoa(counts[k])
	}
	return string(label)
}

// rstEntryAt recognises the first line of a reST entry, ".. [label] text"
// (indented or not), returning the label's bounds, where ".." starts and
// where the text starts.
func rstEntryAt(line []byte) (dots, ls, le, textAt int, ok bool) {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if !bytes.HasPrefix(line[i:], []byte(".. [")) {
		return 0, 0, 0, 0, false
	}
	dots, ls = i, i+4
	j := bytes.IndexByte(line[ls:], ']')
	if j < 0 {
		return 0, 0, 0, 0, false
	}
	le = ls + j
	if !rstLabel(line[ls:le]) || le+1 < len(line) && line[le+1] != ' ' && line[le+1] != '\t' {
		return 0, 0, 0, 0, false
	}
	textAt = min(le+1, len(line))
	for textAt < len(line) && (line[textAt] == ' ' || line[textAt] == '\t') {
		textAt++
	}
	return dots, ls, le, textAt, true
}

// RSTMarker reads the marker "[content]_" whose "_" is at src[under]: a
// reST label, the "_" not going on into a word ("[1]_name" is no marker).
// counts numbers the anonymous auto-numbered ("#") and auto-symbol ("*")
// markers: docutils matches the n-th marker to the n-th entry, so both
// are labelled "#n", "*n".
func RSTMarker(src, content []byte, under int, counts *[2]int) (string, bool) {
	if under+1 < len(src) && (isAlnum(src[under+1]) || src[under+1] == '_') || !rstLabel(content) {
		return "", false
	}
	return autoLabel(content, counts), true
}

// findRSTEntries reads the ".. [label] text" entries of the document's
// paragraphs: each such line starts an entry, and the lines after it, up
// to the next entry or the paragraph's end, continue it. Entries indented
// under a reST directive (".. topic:: References:", as sphinx-gallery
// notebooks write them) are an indented code block to Markdown, and are
// read there too.
func (w *Builder) FindRSTEntries() {
	src := w.src
	if !bytes.Contains(src, []byte(".. [")) {
		return
	}
	for _, b := range w.blocks {
		if b.Heading || b.TableCell {
			continue
		}
		w.rstEntriesIn(b.Span)
	}
	for _, cb := range w.doc.CodeBlocks {
		if cb.Lang.End == cb.Lang.Start && bytes.Contains(src[cb.Start:cb.End], []byte(".. [")) && directiveBefore(src, cb.Start) {
			w.rstEntriesIn(cb.Span)
		}
	}
}

// rstEntriesIn reads the reST entries of the lines of sp.
func (w *Builder) rstEntriesIn(sp model.Span) {
	src := w.src
	if !bytes.Contains(src[sp.Start:sp.End], []byte(".. [")) {
		return
	}
	open := -1 // index in References of the entry being read
	textStart := 0
	finish := func() {
		if open < 0 {
			return
		}
		ref := &w.doc.References[open]
		w.fillEntry(ref, textStart, ref.Span.End)
		open = -1
	}
	for pos := sp.Start; pos < sp.End; {
		eol := bytes.IndexByte(src[pos:sp.End], '\n')
		next := sp.End
		if eol >= 0 {
			next = pos + eol + 1
		} else {
			eol = sp.End - pos
		}
		line := bytes.TrimRight(src[pos:pos+eol], "\r")
		if dots, ls, le, at, ok := rstEntryAt(line); ok {
			finish()
			label := autoLabel(line[ls:le], &w.rst.autoEntries)
			w.doc.References = append(w.doc.References, model.Reference{Kind: model.RefFootnote, Label: label,
				Span: model.Span{Start: pos + dots, End: pos + len(line)}, LabelSpan: model.Span{Start: pos + dots, End: pos + le + 1}, Section: -1})
			open, textStart = len(w.doc.References)-1, pos+at
			w.rst.entries++
		}
		if open >= 0 {
			w.doc.References[open].Span.End = pos + len(line)
		}
		pos = next
	}
	finish()
}

// directiveBefore reports whether the last non-blank line before the line
// at start is a reST directive (".. topic:: References:"): the indented
// block after it is its content, not code.
func directiveBefore(src []byte, start int) bool {
	end := start
	for end > 0 && src[end-1] != '\n' {
		end-- // the block's first line's start
	}
	for end > 0 {
		lineEnd := end - 1 // the '\n' ending the line before
		ls := bytes.LastIndexByte(src[:lineEnd], '\n') + 1
		t := bytes.TrimSpace(src[ls:lineEnd])
		if len(t) > 0 {
			return bytes.HasPrefix(t, []byte(".. ")) && bytes.Contains(t, []byte("::"))
		}
		end = ls
	}
	return false
}

// rstEntryStarts reports whether a trimmed line starts a reST entry.
func rstEntryStarts(trim []byte) bool {
	_, _, _, _, ok := rstEntryAt(trim)
	return ok
}
