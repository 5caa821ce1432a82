package reflist

import (
	"bytes"

	"github.com/citelint/citelint/internal/markdown/model"
	"github.com/citelint/citelint/internal/markdown/walk"
)

// The list shapes above are what generators were seen to write; the next
// one will write its own. agreeingList is the fallback that asks the
// document instead of a shape: when the text cites numbers most of which
// no list read so far holds, and the blocks after the last list that
// start with bracketed labels hold most of them, those blocks are the
// list, however their entries are laid out between them (a note, a date,
// a URL, an empty line). It adds a section only where the markers and
// the entries agree, so a document whose list was read is not touched.

// Thresholds of the agreement, chosen before it was measured on a report
// family (issue 33's protocol): the labels the text cites and no list
// holds must be at least minAgreeMissing and at least half of those it
// cites; the candidate entries must hold at least agreeShare of them and
// be at least half of the blocks from the first to the last of them.
const (
	minAgreeMissing = 3
	agreeShare      = 0.8
)

// agreeingList adds the headingless reference list the document's own
// markers point at, when the shapes the builder knows found none there.
// It runs after every other section is built and parsed, and only after
// the last of them, so their order and indices stay as they are.
func (w *Builder) agreeingList() {
	doc := w.doc
	after := 0 // candidates must start after every section found
	for _, s := range doc.Sections {
		after = max(after, s.Span.End)
	}
	// The candidate entries: blocks after the last section whose first
	// line starts with bracketed labels. Most documents have none, and
	// the rest of the check reads the whole text: it runs only past them.
	type candidate struct {
		block  int
		labels []int
	}
	var cands []candidate
	var more []model.Span
	for k, b := range w.blocks {
		if b.Span.Start < after || b.Heading || b.TableCell || b.InRefs || w.inSection(b.Span.Start) || doc.Scheme.InScaffold(b.Span.Start) {
			continue
		}
		text := w.src[b.Span.Start:b.Span.End]
		line := text[:walk.LineEnd(text)]
		if ls, le, at, ok := entryLabelAt(line); ok && bracketedAt(line, ls) {
			labels := []int{atoiDigits(line[ls:le])}
			more, _ = moreLabels(line, at, more[:0])
			for _, sp := range more {
				labels = append(labels, atoiDigits(line[sp.Start:sp.End]))
			}
			cands = append(cands, candidate{k, labels})
		}
	}
	if len(cands) < minAgreeMissing {
		return
	}
	have := map[int]bool{}
	for i := range doc.References {
		if r := &doc.References[i]; r.Kind == model.RefEntry {
			if v := atoiDigits([]byte(r.Label)); v > 0 && len(r.Label) <= 4 {
				have[v] = true
			}
		}
	}
	// The numbers the text cites, outside every section and the
	// candidates' own first lines.
	cited := map[int]bool{}
	ci := 0
	for k, b := range w.blocks {
		if b.Heading || b.TableCell || b.InRefs || w.inSection(b.Span.Start) || doc.Scheme.InScaffold(b.Span.Start) {
			continue
		}
		for ci < len(cands) && cands[ci].block < k {
			ci++
		}
		if ci < len(cands) && cands[ci].block == k {
			continue // an entry's own text cites nothing here
		}
		bracketNumbers(w.src[b.Span.Start:b.Span.End], cited)
	}
	missing := 0
	for v := range cited {
		if !have[v] {
			missing++
		}
	}
	if missing < minAgreeMissing || 2*missing < len(cited) {
		return
	}
	held, distinct := 0, map[int]bool{}
	for _, c := range cands {
		for _, v := range c.labels {
			if !distinct[v] && cited[v] && !have[v] {
				held++
			}
			distinct[v] = true
		}
	}
	first, last := cands[0].block, cands[len(cands)-1].block
	if float64(held) < agreeShare*float64(missing) || 2*len(cands) < last-first+1-w.urlBlocks(first, last) {
		return
	}
	sp := model.Span{Start: w.blocks[first].Span.Start, End: w.blocks[last].Span.End}
	// The entry's continuation after the last candidate: its URL on a
	// paragraph of its own.
	for k := last + 1; k < len(w.blocks) && !w.blocks[k].Heading && bareURLLine(bytes.TrimSpace(w.src[w.blocks[k].Span.Start:w.blocks[k].Span.End])); k++ {
		sp.End = w.blocks[k].Span.End
	}
	doc.Sections = append(doc.Sections, model.Section{Heading: model.Span{Start: sp.Start, End: sp.Start}, Span: sp})
	w.sectionIndex.add(sp)
	w.parseEntries(len(doc.Sections) - 1)
}

// urlBlocks counts the blocks in [first, last] that are only a URL: an
// entry's link on a paragraph of its own, not prose between entries.
func (w *Builder) urlBlocks(first, last int) int {
	n := 0
	for k := first; k <= last; k++ {
		if bareURLLine(bytes.TrimSpace(w.src[w.blocks[k].Span.Start:w.blocks[k].Span.End])) {
			n++
		}
	}
	return n
}

// bracketNumbers adds to set the numbers text writes in brackets as
// markers: "[12]", "[3, 4]", "[5][6]", but not a link's text ("[3](…)")
// or a reference link's ("[3][ref]" with a non-numeric second label is
// not read either way: its first number still counts).
func bracketNumbers(text []byte, set map[int]bool) {
	for i := 0; i < len(text); i++ {
		if text[i] != '[' {
			continue
		}
		j := i + 1
		var buf [16]int
		vals := buf[:0]
		for {
			k := j
			for k < len(text) && text[k] == ' ' {
				k++
			}
			d := k
			for k < len(text) && k-d < 5 && isDigit(text[k]) {
				k++
			}
			if k == d || k-d > 4 || len(vals) == cap(vals) {
				vals = vals[:0]
				break
			}
			vals = append(vals, atoiDigits(text[d:k]))
			for k < len(text) && text[k] == ' ' {
				k++
			}
			if k < len(text) && text[k] == ',' {
				j = k + 1
				continue
			}
			if k < len(text) && text[k] == ']' && (k+1 >= len(text) || text[k+1] != '(' && text[k+1] != ':') {
				i = k
			} else {
				vals = vals[:0]
			}
			break
		}
		for _, v := range vals {
			if v > 0 {
				set[v] = true
			}
		}
	}
}
