package model

import (
	"sort"
	"strconv"
	"unicode/utf8"
)

// Scheme is how one document cites, decided from the document as a whole
// before any rule runs. Every generator writes citations its own way, so
// the parse reads every candidate form (internal/markdown/inline,
// internal/markdown/forms) and every candidate list
// (internal/markdown/reflist), and what the document's markers and
// entries agree on is the scheme: rules ask it whether the document
// cites at all, what its lists hold, and which of its blocks are not
// report prose, instead of matching patterns of their own.
// ARCHITECTURE.md ("How a document's citation scheme is decided") says how.
type Scheme struct {
	// Forms counts the citations outside reference lists by form, in
	// order of first use: "numeric", "glued" (a number glued to a
	// sentence's end), "footnote", "named", "key", "link"...
	Forms []FormCount
	// Entries counts the numbered entries of the reference lists and the
	// numbered link definitions; MaxLabel is their largest label (0: none).
	Entries, MaxLabel int
	// Glued says that the document cites with numbers glued to its
	// sentences ("...the brain.13"), as exports of superscripts do:
	// three or more resolved glued numbers.
	Glued bool
	// Notes are the lines that give the sources of the paragraph above
	// them ("Sources: https://…" as a paragraph of its own).
	Notes []SourceNote
	// Scaffold are the blocks that are not report prose: an agent's
	// prompt and task list, a table of contents (items that are only
	// links to the page's headings), captions, diagram markup whose fence
	// was lost. Sorted, not overlapping.
	Scaffold []Span
}

// FormCount is how many citations of one form a document writes.
type FormCount struct {
	Form string
	N    int
}

// SourceNote is a line that names the sources of the block above it.
type SourceNote struct {
	Span   Span // the note's block
	Covers Span // the block whose sources it gives
}

// Cites reports whether the document cites anything outside its reference
// lists, by any form, or names sources in notes.
func (s *Scheme) Cites() bool {
	return len(s.Forms) > 0 || len(s.Notes) > 0
}

// Count returns how many citations of form the document writes.
func (s *Scheme) Count(form string) int {
	for _, f := range s.Forms {
		if f.Form == form {
			return f.N
		}
	}
	return 0
}

// InScaffold reports whether off lies in a scaffold block.
func (s *Scheme) InScaffold(off int) bool {
	k := sort.Search(len(s.Scaffold), func(i int) bool { return s.Scaffold[i].End > off })
	return k < len(s.Scaffold) && s.Scaffold[k].Start <= off
}

// NoteCovers reports whether a source note gives the sources of the text
// at off.
func (s *Scheme) NoteCovers(off int) bool {
	for _, n := range s.Notes {
		if n.Covers.Contains(off) {
			return true
		}
	}
	return false
}

// FormOf names the form of a citation, as Scheme.Forms counts it.
func FormOf(src []byte, c *Citation) string {
	if c.Kind == KindNumeric && c.Marker.Start < len(src) && src[c.Marker.Start] != '[' && src[c.Marker.Start] < utf8.RuneSelf {
		return "glued"
	}
	return c.Kind.String()
}

// summarise fills the scheme's counts once citations are resolved:
// Forms, Entries, MaxLabel and Glued. Package resolve calls it (through
// Document.Summarise) after resolving, since what agrees depends on
// what resolves.
func (d *Document) Summarise() {
	s := &d.Scheme
	s.Forms, s.Entries, s.MaxLabel, s.Glued = s.Forms[:0], 0, 0, false
	for i := range d.References {
		r := &d.References[i]
		if r.Kind != RefEntry && r.Kind != RefLinkDef {
			continue
		}
		v, err := strconv.Atoi(r.Label)
		if err != nil {
			continue
		}
		s.Entries++
		s.MaxLabel = max(s.MaxLabel, v)
	}
	glued := 0
	for i := range d.Citations {
		c := &d.Citations[i]
		if c.InReferences {
			continue
		}
		f := FormOf(d.Src, c)
		if f == "glued" && c.Status == Resolved {
			glued++
		}
		k := 0
		for k < len(s.Forms) && s.Forms[k].Form != f {
			k++
		}
		if k == len(s.Forms) {
			s.Forms = append(s.Forms, FormCount{Form: f})
		}
		s.Forms[k].N++
	}
	s.Glued = glued >= 3
}
