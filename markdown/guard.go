package markdown

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
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
// such a line. The document gets a diagnostic naming the line, and the
// citations there are not read: a linter that takes minutes on one file
// fails every other file of the run too.
const (
	// maxBracketDepth is the deepest "[" nesting a paragraph keeps. Real
	// text nests two or three deep.
	maxBracketDepth = 256
	// maxOpenDestScan bounds the bytes goldmark would scan for the ")" of
	// link destinations that never close: the unclosed "](" of a
	// paragraph times the bytes after each.
	maxOpenDestScan = 1 << 26
	// maxQuoteDepth is the deepest blockquote nesting a line keeps
	// (goldmark's cost grows with its square: 2 ms at 1,000).
	maxQuoteDepth = 1000
	// maxCodeSpanScan bounds the bytes goldmark would scan for the
	// closers of a paragraph's backtick runs: for each run, the bytes to
	// the next run of its length, or to the paragraph's end.
	maxCodeSpanScan = 1 << 26
)

// DiagParseGuard is the Kind of a diagnostic for input neutralised before
// parsing.
const DiagParseGuard = "parse-guard"

// guardSpan is a stretch of input to neutralise: brackets and parentheses
// of a paragraph (brackets true), and its backticks (backticks true), or
// the ">" of a line's quote markers beyond maxQuoteDepth.
type guardSpan struct {
	span      Span
	brackets  bool
	backticks bool // with brackets: backticks too
	why       string
}

// mayNeedGuard is guard's quick test: counts, which run at memory speed,
// bound what the pre-scan could find. Most documents skip it.
func mayNeedGuard(src []byte) bool {
	return bytes.Count(src, []byte("[")) > maxBracketDepth ||
		bytes.Count(src, []byte(">")) > maxQuoteDepth ||
		uint64(bytes.Count(src, []byte("]("))) > maxOpenDestScan/uint64(len(src)+1) ||
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
	return ticks > maxCodeSpanScan/(most+1)
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
	flush := func(end int) {
		why, ticks := "", false
		switch scan := uint64(open)*uint64(end) - uint64(openSum); {
		case maxDepth > maxBracketDepth:
			why = fmt.Sprintf("brackets nested %d deep (more than %d)", maxDepth, maxBracketDepth)
		case open > 0 && scan > maxOpenDestScan:
			why = fmt.Sprintf("%d link destinations that never close", open)
		case len(runs) > 0 && uint64(len(runs))*(uint64(end-runs[0].at)+lineCost*uint64(line-runs[0].line)) > maxCodeSpanScan &&
			codeSpanScan(runs, end, line) > maxCodeSpanScan:
			why, ticks = fmt.Sprintf("%d backtick runs, most never closed", len(runs)), true
		}
		if why != "" {
			s := start // the paragraph's first line, not the blank one before it
			for s < end && (src[s] == '\n' || src[s] == '\r' || src[s] == ' ' || src[s] == '\t') {
				s++
			}
			out = append(out, guardSpan{Span{s, end}, true, ticks, why})
		}
		depth, maxDepth, open, openSum, runs = 0, 0, 0, 0, runs[:0]
	}
	lineStart := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		if lineStart {
			lineStart = false
			if q, end := quoteDepth(src, i); q > maxQuoteDepth {
				out = append(out, guardSpan{Span{i, end}, false, false, fmt.Sprintf("blockquotes nested %d deep (more than %d)", q, maxQuoteDepth)})
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
func neutralise(work []byte, guards []guardSpan, doc *Document) {
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
		doc.Diagnostics = append(doc.Diagnostics, Diagnostic{
			Offset:  g.span.Start,
			Kind:    DiagParseGuard,
			Message: fmt.Sprintf("line %d: %s; citations there are not read (parsing it as written takes time quadratic in its length)", line, g.why),
		})
	}
}
