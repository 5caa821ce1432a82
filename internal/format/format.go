// Package format prints a lint report (output.Report) in the formats CI
// systems read. One file per format:
//
//   - text: golangci-lint style "path:line:col: message (rule)", the source
//     line and a caret, then a summary; colour on a terminal;
//   - json: citelint's own versioned schema (JSONSchemaVersion);
//   - sarif: SARIF 2.1.0 as GitHub code scanning accepts it;
//   - github-actions: workflow-command annotations plus a Markdown job summary;
//   - checkstyle, junit-xml, code-climate: what Jenkins, test reporters and
//     GitLab Code Quality read, shaped as golangci-lint writes them so that
//     existing CI recipes work unchanged.
//
// New names them all, the html review page (package reviewpage) too.
// Printers only format: filtering, sorting and limits happen before, in
// package pipeline. Positions are 1-based lines and 1-based UTF-16 columns.
package format

import (
	"fmt"
	"sort"
	"strings"

	"github.com/citelint/citelint/internal/reviewpage"
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// Options tunes printers.
type Options struct {
	Color bool
	// StepSummaryPath is $GITHUB_STEP_SUMMARY: github-actions appends a
	// Markdown summary there when it is set.
	StepSummaryPath string
}

var printers = map[string]func(Options) output.Printer{
	"text":           func(o Options) output.Printer { return textPrinter{color: o.Color} },
	"json":           func(Options) output.Printer { return jsonPrinter{} },
	"sarif":          func(Options) output.Printer { return sarifPrinter{} },
	"github-actions": func(o Options) output.Printer { return githubPrinter{summaryPath: o.StepSummaryPath} },
	"checkstyle":     func(Options) output.Printer { return checkstylePrinter{} },
	"junit-xml":      func(Options) output.Printer { return junitPrinter{} },
	"code-climate":   func(Options) output.Printer { return codeClimatePrinter{} },
	"html":           func(Options) output.Printer { return reviewpage.New() },
}

// New returns the printer for a format name.
func New(format string, opts Options) (output.Printer, error) {
	f, ok := printers[format]
	if !ok {
		return nil, fmt.Errorf("unknown output format %q (valid: %s)", format, strings.Join(Names(), ", "))
	}
	return f(opts), nil
}

// ReadsClaims reports whether a format prints what needs the documents'
// sentences: the JSON summary's claim counts and the review page. (The
// text summary's coverage line comes with the claim-support rules, which
// need the sentences themselves.) Runs printing none of these may skip
// splitting prose (lint.Options.SkipClaims).
func ReadsClaims(format string) bool { return format == "json" || format == "html" }

// Names lists the format names, sorted.
func Names() []string {
	out := make([]string, 0, len(printers))
	for k := range printers {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// clampPos keeps positions valid for formats whose schemas require ≥ 1.
func clampPos(p result.Position) result.Position {
	if p.Line < 1 {
		p.Line = 1
	}
	if p.Column < 1 {
		p.Column = 1
	}
	return p
}

func endPos(i result.Issue) result.Position {
	s, e := clampPos(i.Pos), i.EndPos
	if e.Line < s.Line || (e.Line == s.Line && e.Column < s.Column) {
		return s
	}
	return clampPos(e)
}

// timeCheck is how many issues a printer lists between two asks of
// Report.TimeUp.
const timeCheck = 64

// timer counts the issues a printer lists and asks every timeCheck of
// them whether Report.Context has ended; once it has, it stays up.
type timer struct {
	n    int
	over bool
}

func (t *timer) up(r *output.Report) bool {
	if !t.over && t.n%timeCheck == 0 {
		t.over = r.TimeUp()
	}
	if !t.over {
		t.n++
	}
	return t.over
}

// err is err, or ErrTimeLimit when the time was up.
func (t *timer) err(err error) error {
	if err == nil && t.over {
		return output.ErrTimeLimit
	}
	return err
}

// inTime returns how many of issues a printer lists before r's Context
// ends, asking every timeCheck issues, and calls each for them.
func inTime(r *output.Report, issues []result.Issue, each func(k int, i *result.Issue)) int {
	var t timer
	for k := range issues {
		if t.up(r) {
			return k
		}
		each(k, &issues[k])
	}
	return len(issues)
}

// cutNote says what a report cut at the time limit leaves out.
func cutNote(listed, total int) string {
	return fmt.Sprintf("citelint stopped writing this report at the run's time limit (--timeout): it lists %d of the %d %s", listed, total, output.Plural(total, "issue"))
}
