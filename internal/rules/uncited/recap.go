package uncited

import (
	"bytes"

	"github.com/citelint/citelint/internal/markdown"
)

// A report restates what it cites: an executive summary, a key-findings
// list, a closing table or a sentence of analysis repeats figures that its
// body gives with their sources. Read in context, such recaps were the
// commonest false finding on generated reports of every family (labelled
// "summary-of-cited-body" or "recap of … cited at line N"), and no
// wording marks them: "Revenue rose 12.4% to $3.1bn" is a claim in the
// body and a recap in the summary. What marks them is the figures: a
// sentence whose every distinctive figure the document states elsewhere
// in a sentence that cites is a recap, and a reader checking it finds the
// source there. A sentence with one new figure is not.
//
// Only numbers decide, and only when one of them is specific enough that
// a match is not chance (a figure): a decimal (1.2, 83.5), a whole number
// of three digits or more that is not a year (3320, 5,940). Two-digit
// percentages repeat by chance across a long report ("30%", "20%"), so
// they are not figures. Every other number of the sentence
// (years, small counts) must be stated in cited sentences too: "7%" beside
// a cited "17.3%" is a new fact. Numbers glued to letters (GPT-4, H100)
// and the digits of citation markers are not read. A sentence without a
// figure is never a recap: names and dates repeat too often to tell.

// dropRecaps returns found without the sentences that recap cited
// figures when on (the recaps exemption). isCited reports whether claim i
// counts as cited, as the rule decided it.
func dropRecaps(doc *markdown.Document, found []uncitedFinding, on bool, isCited func(i int) bool) []uncitedFinding {
	if !on || len(found) == 0 || !doc.Scheme.Cites() {
		return found
	}
	var cited map[string]bool
	var citedText []byte // lower-cased, for quotations
	var buf []string
	kept := found[:0]
	for _, f := range found {
		var figures int
		buf, figures = appendNumbers(buf[:0], doc.Src, f.start, f.end, nil)
		if figures > 0 {
			if cited == nil {
				cited = citedNumbers(doc, isCited)
			}
			if allIn(buf, cited) || figures >= minShareFigures && citedFigures(buf, cited) >= recapShare*float64(figures) {
				continue
			}
		} else if qs := quotations(doc.Src[f.start:f.end]); len(qs) > 0 {
			// Without figures, quotations decide: a sentence that quotes
			// what a cited sentence or a link's text says ("Dark Roast,
			// Intense, Robust", the product's own title) restates it.
			if citedText == nil {
				citedText = citedLower(doc, isCited)
			}
			all := true
			for _, q := range qs {
				all = all && bytes.Contains(citedText, bytes.ToLower(q))
			}
			if all {
				continue
			}
		}
		kept = append(kept, f)
	}
	return kept
}

// minRecapQuoteWords is how many words a quotation needs to tell a recap:
// "the best" repeats by chance, "Compatible with all Keurig brewers" does
// not. Fewer than a quotation needs to count as evidence (minQuoteWords):
// here it is matched, not scored.
const minRecapQuoteWords = 3

// quotations returns the quotations of text, in any of quoteMarks, of
// minRecapQuoteWords words or more.
func quotations(text []byte) [][]byte {
	var out [][]byte
	for _, m := range quoteMarks {
		open, close := []byte(m[0]), []byte(m[1])
		for rest := text; ; {
			i := bytes.Index(rest, open)
			if i < 0 {
				break
			}
			rest = rest[i+len(open):]
			j := bytes.Index(rest, close)
			if j < 0 {
				break
			}
			if q := bytes.TrimSpace(rest[:j]); len(bytes.Fields(q)) >= minRecapQuoteWords {
				out = append(out, q)
			}
			rest = rest[j+len(close):]
		}
	}
	return out
}

// citedLower returns the text of the document's sentences that count as
// cited, lower-cased, one a line.
func citedLower(doc *markdown.Document, isCited func(i int) bool) []byte {
	out := []byte{}
	for i := range doc.Claims {
		if c := &doc.Claims[i]; isCited(i) {
			out = append(out, bytes.ToLower(doc.Src[c.Start:c.End])...)
			out = append(out, '\n')
		}
	}
	return out
}

// A sentence of many figures (a summary's list of prices, shares or
// counts) is a recap when most of them are cited elsewhere, though the
// summary's own thresholds or totals ("Mid-range ($30-$150)") are not.
const (
	minShareFigures = 3
	recapShare      = 0.8
)

// citedFigures counts the figures of nums (numbers appendNumbers read)
// that set holds.
func citedFigures(nums []string, set map[string]bool) float64 {
	n := 0
	for _, f := range nums {
		if isFigure(f) && set[f] {
			n++
		}
	}
	return float64(n)
}

// isFigure reports whether a normalised number is a figure.
func isFigure(n string) bool {
	_, fig := number([]byte(n))
	return fig
}

func allIn(figs []string, set map[string]bool) bool {
	for _, f := range figs {
		if !set[f] {
			return false
		}
	}
	return true
}

// citedNumbers returns the numbers of the document's sentences that count
// as cited.
func citedNumbers(doc *markdown.Document, isCited func(i int) bool) map[string]bool {
	set := map[string]bool{}
	var buf []string
	var marks []markdown.Span
	for i := range doc.Claims {
		c := &doc.Claims[i]
		if !isCited(i) {
			continue
		}
		marks = marks[:0]
		for _, k := range c.Citations {
			marks = append(marks, doc.Citations[k].Marker)
		}
		buf, _ = appendNumbers(buf[:0], doc.Src, c.Start, c.End, marks)
		for _, f := range buf {
			set[f] = true
		}
	}
	return set
}

// appendNumbers appends to dst the numbers of src[start:end], outside the
// citation markers marks, normalised (thousands separators dropped), and
// counts the figures among them.
func appendNumbers(dst []string, src []byte, start, end int, marks []markdown.Span) ([]string, int) {
	figures := 0
	for i := start; i < end; {
		if !isDigit(src[i]) {
			i++
			continue
		}
		j := i
		for j < end && (isDigit(src[j]) || (src[j] == '.' || src[j] == ',') && j+1 < end && isDigit(src[j+1])) {
			j++
		}
		if !inSpans(marks, i) && !gluedToWord(src, i) {
			n, fig := number(src[i:j])
			dst = append(dst, n)
			if fig {
				figures++
			}
		}
		i = j
	}
	return dst, figures
}

// number returns the normalised form of the number n, and whether it is
// a figure (see above).
func number(n []byte) (string, bool) {
	var b [32]byte
	out := b[:0]
	digits, decimal := 0, false
	for k, c := range n {
		switch {
		case c == ',':
			continue
		case c == '.':
			decimal = k > 0
		default:
			digits++
		}
		out = append(out, c)
	}
	switch {
	case decimal:
	case digits >= 3 && !(digits == 4 && (out[0] == '1' && out[1] >= '8' || out[0] == '2' && out[1] == '0')):
	default:
		return string(out), false
	}
	return string(out), true
}

// gluedToWord reports whether the number at i continues a word: a model,
// chip or product name (GPT-4, H100, S3), or an identifier.
func gluedToWord(src []byte, i int) bool {
	if i == 0 {
		return false
	}
	p := src[i-1]
	if p == '-' && i >= 2 {
		p = src[i-2]
	}
	return isASCIILetter(p) || p == '_' || p == '/'
}

func inSpans(spans []markdown.Span, off int) bool {
	for _, s := range spans {
		if s.Start <= off && off < s.End {
			return true
		}
	}
	return false
}
