package format

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// textPrinter prints issues as golangci-lint does, so editors and terminals
// that link "path:line:col" work, then one summary line. A clean run prints
// nothing but the summary, so scripts can tell by the exit code alone.
type textPrinter struct{ color bool }

const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiCyan   = "\x1b[36m"
	ansiDim    = "\x1b[2m"
)

func (p textPrinter) paint(code, s string) string {
	if !p.color {
		return s
	}
	return code + s + ansiReset
}

func severityColor(s result.Severity) string {
	switch s {
	case result.SeverityError:
		return ansiRed
	case result.SeverityWarning:
		return ansiYellow
	}
	return ansiCyan
}

func (p textPrinter) Print(w io.Writer, r *output.Report) error {
	st := p.Stream(w, r.Version).(*textStream)
	n := inTime(r, r.Issues, func(k int, _ *result.Issue) { st.Issues(r.Issues[k : k+1]) })
	if n == len(r.Issues) {
		return st.End(r)
	}
	// The text report leaves suppressed issues out, so the note counts
	// only the others: those written (st.n) and all of them.
	total := st.n
	for i := range r.Issues[n:] {
		if !r.Issues[n+i].Suppressed {
			total++
		}
	}
	st.b.WriteString(p.paint(ansiRed, "error:") + " " + cutNote(st.n, total) + "\n")
	if err := st.End(r); err != nil {
		return err
	}
	return output.ErrTimeLimit
}

// Stream implements StreamPrinter: the text report is printed as issues
// come, through a buffer, and only the counts for the summary are kept.
func (p textPrinter) Stream(w io.Writer, _ string) output.Stream {
	// Buffered, never built whole: the report of a large tree runs to
	// hundreds of megabytes.
	return &textStream{p: p, b: bufio.NewWriterSize(w, 64<<10), files: map[string]bool{}, bySev: map[result.Severity]int{}}
}

type textStream struct {
	p      textPrinter
	b      *bufio.Writer
	files  map[string]bool
	bySev  map[result.Severity]int
	n      int
	num    []byte
	cursor columnCursor
}

func (s *textStream) Issues(issues []result.Issue) {
	p, b := s.p, s.b
	for i := range issues {
		i := &issues[i]
		if i.Suppressed {
			continue
		}
		s.n++
		s.files[i.Path] = true
		s.bySev[i.Severity]++
		pos := clampPos(i.Pos)
		// Written piece by piece: fmt was a third of printing a large report.
		if p.color {
			b.WriteString(ansiBold)
		}
		b.WriteString(Neutralize(i.Path, true))
		s.num = append(append(s.num[:0], ':'), strconv.Itoa(pos.Line)...)
		s.num = append(append(s.num, ':'), strconv.Itoa(pos.Column)...)
		b.Write(s.num)
		if p.color {
			b.WriteString(ansiReset)
		}
		b.WriteString(": ")
		b.WriteString(p.paint(severityColor(i.Severity), Neutralize(i.Message, false)))
		b.WriteString(" (")
		b.WriteString(p.paint(ansiDim, i.Rule))
		b.WriteString(")\n")
		if i.SourceLine != "" {
			line := strings.TrimRight(i.SourceLine, "\r\n")
			shown, caret := echoAt(line, s.cursor.byteAt(line, pos.Column))
			b.WriteString(shown)
			b.WriteByte('\n')
			b.WriteString(caret)
			b.WriteString(p.paint(severityColor(i.Severity), "^"))
			b.WriteByte('\n')
		}
	}
}

func (s *textStream) End(r *output.Report) error {
	p, b := s.p, s.b
	for _, e := range r.Summary.Errors {
		path, msg := Neutralize(e.Path, true), Neutralize(e.Msg, false)
		if e.Line > 0 {
			fmt.Fprintf(b, "%s:%d: %s %s\n", path, e.Line, p.paint(ansiRed, "error:"), msg)
		} else {
			fmt.Fprintf(b, "%s: %s %s\n", path, p.paint(ansiRed, "error:"), msg)
		}
	}
	b.WriteString(summaryLine(r, s.n, len(s.files), s.bySev))
	b.WriteByte('\n')
	return b.Flush()
}

func summaryLine(r *output.Report, n, nfiles int, bySev map[result.Severity]int) string {
	var parts []string
	if n == 0 {
		parts = append(parts, "0 issues")
	} else {
		var sev []string
		for _, s := range []result.Severity{result.SeverityError, result.SeverityWarning, result.SeverityNote} {
			if bySev[s] > 0 {
				sev = append(sev, fmt.Sprintf("%d %s", bySev[s], output.Plural(bySev[s], s.String())))
			}
		}
		parts = append(parts, fmt.Sprintf("%d %s (%s) in %d %s", n, output.Plural(n, "issue"), strings.Join(sev, ", "), nfiles, output.Plural(nfiles, "file")))
	}
	parts = append(parts, fmt.Sprintf("%d %s checked", r.Summary.Files, output.Plural(r.Summary.Files, "file")))
	if n := r.Summary.Extra["not_read"]; n > 0 {
		parts = append(parts, fmt.Sprintf("%d not read (unreadable-file)", n))
	}
	if u := r.Summary.Unchecked(); u > 0 {
		parts = append(parts, fmt.Sprintf("%d citation %s unchecked (%s)", u, output.Plural(u, "key"), r.Summary.UncheckedHint()))
	}
	parts = append(parts, timeLimitParts(r.Summary)...)
	if u := r.Summary.Unverified; u > 0 {
		parts = append(parts, fmt.Sprintf("%d %s unverified (no definite answer: rate limit, timeout, bot wall or offline)", u, output.Plural(u, "identifier")))
	}
	if e := unreadable(r.Summary); e > 0 {
		parts = append(parts, fmt.Sprintf("%d %s could not be read", e, output.Plural(e, "file")))
	}
	if s := r.Summary.Extra["suppressed"]; s > 0 {
		parts = append(parts, fmt.Sprintf("%d suppressed", s))
	}
	if m := r.Summary.Support; m != nil {
		parts = append(parts, fmt.Sprintf("coverage %.0f%% (%d of %d sentences cite a source); grounded %.0f%% (%d of %d scored cited sentences supported, %d without source text)",
			100*m.Coverage(), m.CitedClaims, m.Claims, 100*m.Grounded(), m.Supported, m.Scored, m.Unverified))
	}
	if b, ok := r.Summary.Extra["baselined"]; ok {
		gone, entries := r.Summary.Extra["baseline_gone"], "entries"
		if gone == 1 {
			entries = "entry"
		}
		parts = append(parts, fmt.Sprintf("%d baselined, %d baseline %s no longer found", b, gone, entries))
	}
	if f := r.Summary.Extra["fixed"]; f > 0 {
		parts = append(parts, fmt.Sprintf("%d fixed", f))
	}
	return strings.Join(parts, "; ") + "."
}

// timeLimitParts say what the time limit cost, for the summary line.
func timeLimitParts(s output.Summary) []string {
	var parts []string
	if n := s.NotChecked; n > 0 {
		parts = append(parts, fmt.Sprintf("%d %s not checked (the run reached its time limit, --timeout)", n, output.Plural(n, "file")))
	}
	if n := s.NotReported; n > 0 {
		parts = append(parts, fmt.Sprintf("the issues of %d %s not reported (time limit)", n, output.Plural(n, "file")))
	}
	if n := s.SearchStopped; n > 0 {
		parts = append(parts, fmt.Sprintf("the search for files stopped in %d %s (time limit): files it did not reach are not counted", n, output.Plural(n, "folder")))
	}
	return parts
}

// unreadable counts the errors that are not the time limit's.
func unreadable(s output.Summary) int {
	return len(s.Errors) - s.NotChecked - s.NotReported - s.SearchStopped
}
