package inline

import (
	"bytes"
	"strings"

	"github.com/citelint/citelint/internal/markdown/forms"
	"github.com/citelint/citelint/internal/markdown/model"
)

// titleLeads are the words that introduce a quoted title, lower-cased.
var titleLeads = map[string]bool{"in": true, "paper": true, "study": true, "titled": true, "entitled": true, "article": true,
	"survey": true, "report": true, "work": true, "book": true, "preprint": true}

// titleQuotes are the quotation marks a title is written in.
var titleQuotes = [][2]string{{"“", "”"}, {"\"", "\""}, {"«", "»"}, {"《", "》"}}

// scanTitles finds quoted titles in text, the
// quotation marks of present only.
func (w *Scanner) scanTitles(text []byte, base int, present uint8, out []forms.Candidate) []forms.Candidate {
	for k, q := range titleQuotes {
		if present&(1<<k) == 0 {
			continue // the document has none of these quotes
		}
		open, close := []byte(q[0]), []byte(q[1])
		for off := 0; off < len(text); {
			i := bytes.Index(text[off:], open)
			if i < 0 {
				break
			}
			i += off
			s := i + len(open)
			j := bytes.Index(text[s:min(len(text), s+300)], close)
			if j < 0 {
				off = s
				continue
			}
			inner := bytes.TrimSpace(text[s : s+j])
			end := s + j + len(close)
			off = end
			if bytes.Count(inner, space) < 2 {
				continue // short: a word or two in quotes
			}
			if !titleLeads[string(bytes.ToLower(lastWord(text[:i])))] && !w.knownTitle(inner) {
				continue
			}
			m := model.Span{Start: base + i, End: base + end}
			out = append(out, forms.Candidate{Citation: model.Citation{Kind: model.KindNamed, Scheme: model.SchemeTitle, Span: m, Marker: m,
				Label: string(inner), Claim: -1, Ref: -1}})
		}
	}
	return out
}

var space = []byte(" ")

// knownTitle reports whether t is the title of an entry of the
// document's lists, case aside. The titles are lower-cased into a set on
// the first question, which most documents never ask.
func (w *Scanner) knownTitle(t []byte) bool {
	if w.entryTitles == nil {
		w.entryTitles = map[string]bool{}
		for i := range w.doc.References {
			if r := &w.doc.References[i]; r.Kind == model.RefEntry && len(r.Title) > 10 {
				w.entryTitles[strings.ToLower(strings.TrimRight(r.Title, ".,:;"))] = true
			}
		}
	}
	return w.entryTitles[string(bytes.ToLower(bytes.TrimRight(t, ".,:;")))]
}

// lastWord returns the last word of b, before trailing spaces and a
// comma.
func lastWord(b []byte) []byte {
	b = bytes.TrimRight(b, " ,")
	k := len(b)
	for k > 0 && isASCIILetter(b[k-1]) {
		k--
	}
	return b[k:]
}
