package references

import (
	"bytes"
	"sort"

	"github.com/citelint/citelint/internal/markdown"
)

// Array indexes written in prose. Documentation talks about arrays in
// words: "take arr[0], then arr[1]", "the list's [0] element, [1] the
// second", "x[1] = 2", "`arr`[2]". A citation is none of these: reference
// lists count from 1, citations are not assigned to, and a sentence does
// not cite one source after a word and another after the same word.
// indexEvidence finds such markers; NotCitation's checks of a marker's own
// context (CodeGlued) are the rest.

// indexEvidence is what a document says about indexing, built once per
// document on first use: where it writes "[0]", where its paragraphs
// break, and which numbers it glues to which words.
type indexEvidence struct {
	built bool
	// zeros are the offsets of "[0]" in the document when no entry is
	// labelled 0: an index, never a citation.
	zeros []int
	// breaks are the offsets of the document's blank lines, which end
	// paragraphs.
	breaks []int
	// glued holds, for each word numbers in brackets are glued to
	// ("arr" of arr[0] and arr[1]), those markers in document order.
	glued map[string][]gluedNumber
}

// gluedNumber is a bracketed number glued to a word, with the nearest
// marker before and after it glued to the same word with another number
// (an offset, or -1).
type gluedNumber struct {
	off, label    int
	other, otherB int
}

func (ix *indexEvidence) build(doc *markdown.Document) {
	ix.built = true
	src := doc.Src
	zeroEntry := false
	for i := range doc.References {
		if r := &doc.References[i]; (r.Kind == markdown.RefEntry || r.Kind == markdown.RefLinkDef) && r.Label == "0" {
			zeroEntry = true
		}
	}
	ix.glued = map[string][]gluedNumber{}
	addGlued := func(off, label int) {
		if w := gluedWord(src, off); w != "" {
			ix.glued[w] = append(ix.glued[w], gluedNumber{off: off, label: label, other: -1, otherB: -1})
		}
	}
	if !zeroEntry {
		for off := 0; ; {
			i := bytes.Index(src[off:], []byte("[0]"))
			if i < 0 {
				break
			}
			ix.zeros = append(ix.zeros, off+i)
			addGlued(off+i, 0)
			off += i + 3
		}
	}
	for off := 0; off < len(src); {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			break
		}
		j := off + i + 1
		for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\r') {
			j++
		}
		if j < len(src) && src[j] == '\n' {
			ix.breaks = append(ix.breaks, off+i)
		}
		off = j
	}
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.Kind != markdown.KindNumeric || c.InReferences || c.Span != c.Marker {
			continue
		}
		if v, ok := smallLabel(c.Label); ok {
			addGlued(c.Marker.Start, v)
		}
	}
	for w, ns := range ix.glued {
		sort.Slice(ns, func(a, b int) bool { return ns[a].off < ns[b].off })
		// The nearest marker before each with another label: the last
		// one before it, or the one that marker has.
		for k := 1; k < len(ns); k++ {
			if ns[k-1].label != ns[k].label {
				ns[k].otherB = ns[k-1].off
			} else {
				ns[k].otherB = ns[k-1].otherB
			}
		}
		for k := len(ns) - 2; k >= 0; k-- {
			if ns[k+1].label != ns[k].label {
				ns[k].other = ns[k+1].off
			} else {
				ns[k].other = ns[k+1].other
			}
		}
		ix.glued[w] = ns
	}
}

// smallLabel returns a label's value when it is a number of at most four
// digits.
func smallLabel(s string) (int, bool) {
	if len(s) == 0 || len(s) > 4 {
		return 0, false
	}
	v := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, true
}

// gluedWord returns the word of letters, digits and underscores that the
// '[' at src[off] is glued to, or "".
func gluedWord(src []byte, off int) string {
	k := off
	for k > 0 && off-k < 64 && (isASCIILetter(src[k-1]) || isDigit(src[k-1]) || src[k-1] == '_') {
		k--
	}
	if k == off || !isASCIILetter(src[k]) && src[k] != '_' {
		return ""
	}
	return string(src[k:off])
}

// samePara reports whether no blank line lies between offsets a < b.
func (ix *indexEvidence) samePara(a, b int) bool {
	i := sort.SearchInts(ix.breaks, a)
	return i == len(ix.breaks) || ix.breaks[i] >= b
}

// indexes reports whether the numeric marker of c reads as an array index:
// it is assigned to or computed with ("x[1] = 2", "a[1] + a[2]"), glued to
// a code span ("`arr`[1] is"), written in a paragraph that also writes
// [0], or glued to a word that another number in the paragraph is glued
// to ("data[1] is larger than data[2]").
func (ix *indexEvidence) indexes(doc *markdown.Document, c *markdown.Citation) bool {
	src, m := doc.Src, c.Marker
	if operatorAfter(src, m.End) {
		return true
	}
	if m.Start > 0 && src[m.Start-1] == '`' && !endsSentence(src, m) {
		return true
	}
	if !ix.built {
		ix.build(doc)
	}
	if i := sort.SearchInts(ix.zeros, m.Start); i > 0 && ix.samePara(ix.zeros[i-1], m.Start) ||
		i < len(ix.zeros) && ix.samePara(m.Start, ix.zeros[i]) {
		return true
	}
	if w := gluedWord(src, m.Start); w != "" {
		ns := ix.glued[w]
		k := sort.Search(len(ns), func(k int) bool { return ns[k].off >= m.Start })
		if k < len(ns) && ns[k].off == m.Start {
			n := ns[k]
			return n.otherB >= 0 && ix.samePara(n.otherB, n.off) || n.other >= 0 && ix.samePara(n.off, n.other)
		}
	}
	return false
}

// operatorAfter reports whether an operator of code follows src[:end]
// after a space: "x[1] = 2", "a[0] + a[1]", "x[1] == y", "n[2] <= 3". A
// dash is left out ("growth[3] - a rise"), and a one-character operator
// needs a space after it too ("[1] *italic*" is emphasis).
func operatorAfter(src []byte, end int) bool {
	j := end
	for j < len(src) && j-end < 2 && src[j] == ' ' {
		j++
	}
	if j == end || j >= len(src) {
		return false
	}
	switch src[j] {
	case '=', '!', '+', '*', '/', '%', '<', '>':
	default:
		return false
	}
	if j+1 < len(src) && src[j+1] == '=' {
		return true // ==, !=, +=, <=, >=...
	}
	return src[j] != '!' && (j+1 == len(src) || src[j+1] == ' ' || src[j] == '=' && isDigit(src[j+1]))
}
