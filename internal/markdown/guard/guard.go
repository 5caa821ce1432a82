// Package guard makes any document cheap for goldmark to parse: it finds
// the few input shapes on which goldmark's time is quadratic and
// neutralises them, with the front matter and a BOM, in a same-length
// copy of the input (Work), so that every offset stays true.
package guard

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"

	"github.com/citelint/citelint/internal/markdown/model"
)

// Input guards. goldmark's parser takes time quadratic in the input on a
// few shapes that no real document has but any pull request can: brackets
// nested thousands deep ("[" × 2.5M then "]" × 2.5M: 93 s), link
// destinations that never close ("[a](" × 100,000: 72 s, each one scanned
// to the end of its paragraph), and blockquotes nested thousands deep
// (">" × 200,000: 29 s), and backtick runs that never close (goldmark
// looks for each run's closer, a run of the same length, to the end of its
// paragraph: runs of 2,000 different lengths, 2 MB, took 3 s, growing as
// the size to the power 1.5). Parse finds them in one linear pre-scan and
// neutralises them in the copy goldmark reads (same length, so every
// offset stays true): the brackets of such a paragraph, the excess ">" of
// such a line, the container marker past column 64 of a line that nests
// lists or quotes deeper (nestingCuts). The document gets a diagnostic
// naming the line, and the citations there are not read: a linter that
// takes minutes on one file fails every other file of the run too.
// internal/markdown/linear_test.go holds goldmark's work on every short repeated
// unit to linear, counted.
const (
	// maxBracketDepth is the deepest "[" nesting a paragraph keeps. Real
	// text nests two or three deep.
	maxBracketDepth = 256
	// maxQuoteDepth is the deepest blockquote nesting a line keeps
	// (goldmark's cost grows with its square: 2 ms at 1,000).
	maxQuoteDepth = 1000
	// maxScanPerByte is the work a paragraph or line may cost goldmark
	// per byte of it, counted as the guards count it, once the document
	// is over Budget. The other guards' costs grow with the square
	// of a paragraph's length: what is more than linear is neutralised.
	maxScanPerByte = 64
)

// Budget is the work, counted as each guard counts it, that a
// document may cost goldmark before its paragraphs and lines that cost
// more than maxScanPerByte per byte are neutralised: the bytes goldmark
// would scan for the ")" of link destinations that never close (the
// unclosed "](" of a paragraph times the bytes after each), for the
// closers of backtick runs (each run's bytes and lines to the next run of
// its length, or the paragraph's end), and in lines of nested containers
// (nestingCuts). A budget per paragraph, as it was, let a document of
// many paragraphs each just under it cost their number times it: 16 KB
// paragraphs of "[](" took 0.2 s of CPU each. A variable only so that
// the tests can make the guards act on small inputs.
var Budget uint64 = 1 << 22

// guardSpan is a stretch of input to neutralise: brackets and parentheses
// of a paragraph (brackets true), and its backticks (backticks true), or
// the ">" of a line's quote markers beyond maxQuoteDepth.
type guardSpan struct {
	span      model.Span
	brackets  bool
	backticks bool // with brackets: backticks too
	why       string
}

// mayNeedGuard is guard's quick test: counts, which run at memory speed,
// bound what the pre-scan could find. Most documents skip it.
func mayNeedGuard(src []byte) bool {
	return bytes.Count(src, []byte("[")) > maxBracketDepth ||
		bytes.Count(src, []byte(">")) > maxQuoteDepth ||
		uint64(bytes.Count(src, []byte("]("))) > Budget/uint64(len(src)+1) ||
		mayScanCodeSpans(src)
}

// mayScanCodeSpans bounds codeSpanScan over the whole document: each
// backtick could start a run that scans every byte and line.
func mayScanCodeSpans(src []byte) bool {
	ticks := uint64(bytes.Count(src, []byte("`")))
	if ticks == 0 {
		return false
	}
	most := uint64(len(src)) + lineCost*uint64(bytes.Count(src, []byte("\n")))
	return ticks > Budget/(most+1)
}

// backtickRun is a run of backticks in a paragraph: where it starts, on
// which line of the document, and how many.
type backtickRun struct{ at, line, n int }

// lineCost is what a line costs goldmark's search for a closer beyond its
// bytes: a text segment allocated for each line scanned (70,000 short
// lines under a few hundred unclosed runs took 4-10 s).
const lineCost = 100

// codeSpanScan is what goldmark would scan for the closers of runs, in
// order, in a paragraph ending at byte end on line endLine: for each run,
// the bytes and lines to the next run of the same length, or to the end.
func codeSpanScan(runs []backtickRun, end, endLine int) uint64 {
	type pos struct{ at, line int }
	next := map[int]pos{} // run length → the next run of it
	var scan uint64
	for k := len(runs) - 1; k >= 0; k-- {
		r := runs[k]
		to, ok := next[r.n]
		if !ok {
			to = pos{end, endLine}
		}
		scan += uint64(to.at-r.at) + lineCost*uint64(to.line-r.line)
		next[r.n] = pos{r.at, r.line}
	}
	return scan
}

// findGuards returns the stretches of src to neutralise, in order.
func findGuards(src []byte) []guardSpan {
	if !mayNeedGuard(src) {
		return nil
	}
	var out []guardSpan
	start := 0 // of the current paragraph
	depth, maxDepth := 0, 0
	open, openSum := 0, 0 // unclosed "](" and the sum of their offsets
	var runs []backtickRun
	line := 0 // of the document, counted from 0
	// Paragraphs whose scans cost more than maxScanPerByte per byte;
	// neutralised when the document's scans (scan) exceed Budget.
	var costly []guardSpan
	var scan uint64
	flush := func(end int) {
		s := start // the paragraph's first line, not the blank one before it
		for s < end && (src[s] == '\n' || src[s] == '\r' || src[s] == ' ' || src[s] == '\t') {
			s++
		}
		size := uint64(end-s) + 1
		dest := uint64(open)*uint64(end) - uint64(openSum)
		scan += dest
		switch {
		case maxDepth > maxBracketDepth:
			out = append(out, guardSpan{model.Span{Start: s, End: end}, true, false, fmt.Sprintf("brackets nested %d deep (more than %d)", maxDepth, maxBracketDepth)})
		case dest > maxScanPerByte*size:
			costly = append(costly, guardSpan{model.Span{Start: s, End: end}, true, false, fmt.Sprintf("%d link destinations that never close", open)})
		case len(runs) > 0:
			// Each run scans at most to the paragraph's end: the exact
			// count (a map) only when that bound is over the allowance.
			lines := uint64(line - runs[0].line)
			most := uint64(len(runs)) * (uint64(end-runs[0].at) + lineCost*lines)
			if allow := maxScanPerByte * (size + lineCost*lines); most > allow {
				most = codeSpanScan(runs, end, line)
				if most > allow {
					costly = append(costly, guardSpan{model.Span{Start: s, End: end}, true, true, fmt.Sprintf("%d backtick runs, most never closed", len(runs))})
				}
			}
			scan += most
		}
		depth, maxDepth, open, openSum, runs = 0, 0, 0, 0, runs[:0]
	}
	lineStart := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		if lineStart {
			lineStart = false
			if q, end := quoteDepth(src, i); q > maxQuoteDepth {
				out = append(out, guardSpan{model.Span{Start: i, End: end}, false, false, fmt.Sprintf("blockquotes nested %d deep (more than %d)", q, maxQuoteDepth)})
			}
			if blankLineAt(src, i) {
				flush(i)
				start = i
			}
		}
		switch c {
		case '\n':
			lineStart = true
			line++
		case '\\':
			if i+1 < len(src) && src[i+1] != '\n' {
				i++ // an escaped byte opens and closes nothing
			}
		case '[':
			depth++
			maxDepth = max(maxDepth, depth)
		case ']':
			if depth > 0 {
				depth--
			}
			if i+1 < len(src) && src[i+1] == '(' {
				open++
				openSum += i
			}
		case ')':
			open, openSum = 0, 0
		case '`':
			j := i
			for j < len(src) && src[j] == '`' {
				j++
			}
			runs = append(runs, backtickRun{i, line, j - i})
			i = j - 1
		}
	}
	flush(len(src))
	if scan > Budget {
		out = append(out, costly...)
	}
	return out
}

// quoteDepth counts the ">" quote markers starting the line at i, and
// returns where they end.
func quoteDepth(src []byte, i int) (depth, end int) {
	for i < len(src) && (src[i] == '>' || src[i] == ' ' || src[i] == '\t') {
		if src[i] == '>' {
			depth++
		}
		i++
	}
	return depth, i
}

// blankLineAt reports whether the line starting at i holds only white space.
func blankLineAt(src []byte, i int) bool {
	for ; i < len(src) && src[i] != '\n'; i++ {
		if src[i] != ' ' && src[i] != '\t' && src[i] != '\r' {
			return false
		}
	}
	return true
}

// neutralise applies the guards to work, a same-length copy of the input,
// and records a diagnostic for each.
func neutralise(work []byte, guards []guardSpan, doc *model.Document) {
	slices.SortFunc(guards, func(a, b guardSpan) int { return cmp.Compare(a.span.Start, b.span.Start) })
	line, counted := 1, 0 // line numbers counted incrementally: guards are in order
	for _, g := range guards {
		line += bytes.Count(work[counted:g.span.Start], []byte("\n"))
		counted = g.span.Start
		b := work[g.span.Start:g.span.End]
		if g.brackets {
			for k, c := range b {
				if c == '[' || c == ']' || c == '(' || c == ')' || g.backticks && c == '`' {
					b[k] = ' '
				}
			}
		} else {
			// Keep maxQuoteDepth markers; the rest become text ("x"),
			// not spaces, which would make the line's tail a code block.
			seen := 0
			for k, c := range b {
				if c == '>' {
					seen++
					if seen > maxQuoteDepth {
						b[k] = 'x'
					}
				}
			}
		}
		doc.Diagnostics = append(doc.Diagnostics, model.Diagnostic{
			Offset:  g.span.Start,
			Kind:    model.DiagParseGuard,
			Message: fmt.Sprintf("line %d: %s; citations there are not read (parsing it as written takes time quadratic in its length)", line, g.why),
		})
	}
}

// Container markers nested on one line, or one level deeper per line.
// goldmark tries every block parser at each position where a container
// (a list item, a quote, a footnote definition) opened, and each reads
// the rest of the line (the thematic break test) and the columns back to
// its start (LineOffset): "- " × 25,000 then "x" (50 KB) took 1.8 s,
// 200 KB 27 s, and the bracket guard makes the same shape when it blanks
// "[*[*[*…". A line continuing d open containers reads d times its
// prefix. CommonMark implementations cap the nesting (markdown-it at 100
// levels); citelint neutralises, in a document whose nesting work would
// exceed Budget (real documents stay under 2 million), each line's
// first container marker past column maxMarkerColumn: goldmark reads the
// rest of that line as text, so a line opens at most maxMarkerColumn
// containers, no more than that many are ever open, and the work is at
// most about maxMarkerColumn times the document's size.
//
// maxMarkerColumn is the column past which a marker is neutralised. In
// the shared corpus and the 27,800 Markdown files of the package
// corpora, no marker starts past column 61.
const maxMarkerColumn = maxScanPerByte

// nestingCuts returns the offsets in src of the markers to neutralise
// (each line's first past maxMarkerColumn), or nil when the document's
// nesting work stays under Budget. The work counted for a line of
// length n whose prefix of white space and markers holds m markers and
// ends at column p is m·n (each container opened reads the rest of the
// line) plus p² (each open container reads back to the line's start).
func nestingCuts(src []byte) []int {
	if n := uint64(len(src)); 2*n*n <= Budget {
		return nil // a line's work is at most twice its length squared
	}
	var cuts []int
	var work uint64
	for i := 0; i < len(src); {
		e := bytes.IndexByte(src[i:], '\n')
		if e < 0 {
			e = len(src)
		} else {
			e += i
		}
		markers, col, cut := 0, 0, -1
		for p := i; p < e; {
			switch src[p] {
			case ' ':
				col++
				p++
				continue
			case '\t':
				col += 4 - col%4
				p++
				continue
			}
			n, leaf := markerAt(src[p:e])
			if n == 0 {
				break
			}
			markers++
			if cut < 0 && col > maxMarkerColumn && !uniformTail(src[p:e]) {
				cut = p
			}
			col += n
			p += n
			if leaf {
				break
			}
		}
		work += uint64(markers)*uint64(e-i) + uint64(col)*uint64(col)
		if cut >= 0 {
			cuts = append(cuts, cut)
		}
		i = e + 1
	}
	if work <= Budget {
		return nil
	}
	return cuts
}

// markerAt returns the length of the container marker b starts with (0
// for none): a quote's ">", a bullet ("-", "+", "*") or an ordered
// marker ("1.", "1)") followed by white space or the line's end, a
// footnote definition's "[^label]:" (the label as goldmark's footnote
// parser reads it), or an admonition's "!!!", "???" or "===", which
// takes the rest of its line (leaf).
func markerAt(b []byte) (n int, leaf bool) {
	spaceAt := func(i int) bool { return i >= len(b) || b[i] == ' ' || b[i] == '\t' || b[i] == '\r' }
	switch c := b[0]; {
	case c == '>':
		return 1, false
	case c == '-' || c == '+' || c == '*':
		if spaceAt(1) {
			return 1, false
		}
	case c >= '0' && c <= '9':
		d := 1
		for d < len(b) && d < 10 && b[d] >= '0' && b[d] <= '9' {
			d++
		}
		if d <= 9 && d < len(b) && (b[d] == '.' || b[d] == ')') && spaceAt(d+1) {
			return d + 1, false
		}
	case c == '[':
		if len(b) < 4 || b[1] != '^' {
			return 0, false
		}
		blank := true
		for k := 2; k < len(b) && k < 2+999; k++ {
			switch b[k] {
			case '\\':
				if k+1 < len(b) && isASCIIPunct(b[k+1]) {
					k++
					blank = false
				}
				continue
			case '[':
				return 0, false
			case ']':
				if k+1 < len(b) && b[k+1] == ':' && !blank {
					return k + 2, false
				}
				return 0, false
			case ' ', '\t', '\r':
				continue
			}
			blank = false
		}
	case c == '!' || c == '?' || c == '=':
		if len(b) >= 3 && b[1] == c && b[2] == c {
			return len(b), true
		}
	}
	return 0, false
}

// uniformTail reports whether b holds white space and one kind of
// thematic break character only: the line may be a thematic break, which
// goldmark reads at once (or opens at most two more lists before it).
func uniformTail(b []byte) bool {
	var mark byte
	for _, c := range b {
		switch c {
		case ' ', '\t', '\r':
		case '*', '-', '_':
			if mark != 0 && c != mark {
				return false
			}
			mark = c
		default:
			return false
		}
	}
	return true
}

// cutNesting neutralises the markers at cuts in work (an "x" in place of
// their first byte, so that the rest of the line is text) and records one
// diagnostic for them all.
func cutNesting(work []byte, cuts []int, doc *model.Document) {
	for _, c := range cuts {
		work[c] = 'x'
	}
	line := 1 + bytes.Count(work[:cuts[0]], []byte("\n"))
	more := ""
	if len(cuts) > 1 {
		more = fmt.Sprintf(" and %d more lines", len(cuts)-1)
	}
	doc.Diagnostics = append(doc.Diagnostics, model.Diagnostic{
		Offset: cuts[0],
		Kind:   model.DiagParseGuard,
		Message: fmt.Sprintf("line %d%s: lists, quotes or footnotes nested past column %d; the rest of each such line is read as text (parsing it as written takes time quadratic in its length)",
			line, more, maxMarkerColumn),
	})
}

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}
