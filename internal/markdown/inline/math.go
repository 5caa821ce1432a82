package inline

import (
	"bytes"
	"sort"

	"github.com/citelint/citelint/internal/bytecursor"
	"github.com/citelint/citelint/internal/markdown/model"
)

// mathSpans finds TeX math written $...$ or $$...$$ with pandoc's rules
// (tex_math_dollars, which MyST, Jupyter and GitHub follow): an opening $
// has a non-space character right after it, a closing $ has a non-space
// character right before it and no digit right after it. So "$5 and $10"
// and "$5-$10" are money, not math. goldmark without a math extension
// parses math as text, and "[1, 1]" in "$\mathbb{1}=[1, 1]^\top$" or
// "A[0]" in "$J[0]$" would otherwise be taken for citations.
//
// Math never crosses a blank line or contains a backtick (so "`$A` and
// `$B`" in shell documentation is not math), and is at most 4 KiB long.
func mathSpans(src []byte) []model.Span {
	var out []model.Span
	const maxLen = 4096
	// Only '\\', '`' and '$' matter, and all three are rare in prose: a
	// cursor per byte finds them with IndexByte.
	cur := [...]bytecursor.Cursor{bytecursor.New('\\'), bytecursor.New('`'), bytecursor.New('$')}
	for i := 0; i < len(src); i++ {
		i = min(cur[0].Next(src, i), cur[1].Next(src, i), cur[2].Next(src, i))
		if i == len(src) {
			break
		}
		switch src[i] {
		case '\\':
			i++ // an escaped character, \$ included
			continue
		case '`':
			// Skip a code span (or fence) run: its $ are code.
			j := i
			for j < len(src) && src[j] == '`' {
				j++
			}
			run := src[i:j]
			// Looked for only as far as it could count: a search to the
			// end for each unmatched run would grow with their number.
			if k := bytes.Index(src[j:min(len(src), j+maxLen+len(run))], run); k >= 0 && k < maxLen && !bytes.Contains(src[j:j+k], []byte("\n\n")) {
				i = j + k + len(run) - 1
			} else {
				i = j - 1
			}
			continue
		case '$':
		default:
			continue
		}
		display := i+1 < len(src) && src[i+1] == '$'
		if display {
			end := closeDisplay(src, i+2, maxLen)
			if end < 0 {
				i++
				continue
			}
			out = append(out, model.Span{Start: i, End: end})
			i = end - 1
			continue
		}
		if i+1 >= len(src) || isSpace(src[i+1]) {
			continue
		}
		if end := closeInline(src, i+1, maxLen); end >= 0 {
			out = append(out, model.Span{Start: i, End: end})
			i = end - 1
		}
	}
	return out
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// closeInline returns the offset after the $ closing inline math opened
// before from, or -1.
func closeInline(src []byte, from, maxLen int) int {
	for j := from; j < len(src) && j-from < maxLen; j++ {
		switch src[j] {
		case '\\':
			j++
		case '`':
			return -1
		case '\n':
			if j+1 < len(src) && (src[j+1] == '\n' || src[j+1] == '\r') {
				return -1
			}
		case '$':
			if j+1 < len(src) && src[j+1] == '$' {
				return -1 // "$a$$": leave display delimiters alone
			}
			if isSpace(src[j-1]) || j+1 < len(src) && src[j+1] >= '0' && src[j+1] <= '9' {
				continue
			}
			return j + 1
		}
	}
	return -1
}

// closeDisplay returns the offset after the $$ closing display math opened
// before from, or -1.
func closeDisplay(src []byte, from, maxLen int) int {
	for j := from; j+1 < len(src) && j-from < maxLen; j++ {
		switch src[j] {
		case '\\':
			j++
		case '`':
			return -1
		case '\n':
			// A blank line ends the paragraph, unless it is inside the
			// display (MyST and Jupyter allow that; keep the common case).
			if j+1 < len(src) && (src[j+1] == '\n' || src[j+1] == '\r' && j+2 < len(src) && src[j+2] == '\n') {
				return -1
			}
		case '$':
			if src[j+1] == '$' {
				return j + 2
			}
		}
	}
	return -1
}

// inMath reports whether offset off lies in one of the sorted, disjoint spans.
func inMath(math []model.Span, off int) bool {
	k := sort.Search(len(math), func(k int) bool { return math[k].End > off })
	return k < len(math) && math[k].Start <= off
}

// dropInMath removes candidates and link citations that start inside math.
// Candidates are not in source order (each scanner appends its own).
func (w *Scanner) dropInMath(math []model.Span) {
	if len(math) == 0 {
		return
	}
	n := 0
	for i := range w.cands.len() {
		if c := w.cands.at(i); !inMath(math, w.candSpan(c).Start) {
			*w.cands.at(n) = *c
			n++
		}
	}
	w.cands.truncate(n)
	raw := w.rawCites[:0]
	for _, c := range w.rawCites {
		if !inMath(math, c.Marker.Start) {
			raw = append(raw, c)
		}
	}
	clear(w.rawCites[len(raw):])
	w.rawCites = raw
}
