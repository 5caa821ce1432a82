// Package output prints a lint report in the formats CI systems read. One
// file per format:
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
// Printers only format: filtering, sorting and limits happen before, in
// package pipeline. Positions are 1-based lines and 1-based UTF-16 columns.
package output

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/citelint/citelint/result"
)

// RuleInfo describes a rule for formats that list rules (SARIF).
type RuleInfo struct {
	Name, Summary, Doc string
	DefaultSeverity    result.Severity
	Tags               []string
	Fixable            bool
	// Marks is the status an issue of the rule gives its sentence on the
	// review page (StatusMissing, StatusWeak, StatusUncited; "" none): the
	// rule says it (rules.Rule.Marks), so a new rule needs no entry here.
	Marks string
}

// FileError is a file that could not be linted (Line 0: no line), and
// Kind why: a timeout, an unreadable file, a refusal... Msg is for people.
type FileError struct {
	Path string
	Line int
	Kind result.ErrorKind
	Msg  string
}

// Summary counts what the run saw.
type Summary struct {
	// Files counts the files checked: linted, whatever they hold (a file
	// that could not be read included: its error says so). The files the
	// run found but had no time to lint (--timeout) are NotChecked, not
	// Files.
	Files, Claims, CitedClaims, Citations, References, Unverified int
	// UncheckedKeys counts the pandoc and MyST keys no bibliography could
	// check (none was known, or one that might hold them could not be
	// read), UncheckedSourceKeys the RAG keys ([id:x], [SOURCE_3]) with no
	// source store: neither is reported, and UncheckedHint says how to
	// have them checked.
	UncheckedKeys, UncheckedSourceKeys int
	Errors                             []FileError
	// What the time limit (--timeout) cost, each also among Errors with
	// its path: NotChecked files found but not linted, NotReported files
	// checked whose issues the report had no time to process, and
	// SearchStopped folders whose search for files was cut short (the
	// files it did not reach are counted nowhere).
	NotChecked, NotReported, SearchStopped int
	// Support is set when claim-support rules ran: report-level metrics
	// for gating LLM-written reports, overall and per file.
	Support      *SupportMetrics
	SupportFiles []FileSupport
	// Extra holds counts from pipeline stages ("suppressed", "excluded",
	// "dropped-by-limits").
	Extra map[string]int
}

// Unchecked is the number of citation keys that could not be checked.
func (s *Summary) Unchecked() int { return s.UncheckedKeys + s.UncheckedSourceKeys }

// UncheckedHint says how to have the unchecked keys checked ("" when there
// are none).
func (s *Summary) UncheckedHint() string {
	var hints []string
	if s.UncheckedKeys > 0 {
		hints = append(hints, "no bibliography read could check [@key] and {cite} keys: set bibliography: in .citelint.yaml or pass --bibliography FILE")
	}
	if s.UncheckedSourceKeys > 0 {
		hints = append(hints, "no source store for RAG keys: pass --sources FILE|DIR")
	}
	return strings.Join(hints, "; ")
}

// SupportMetrics are claim-support counts: Claims sentences, CitedClaims of
// them citing a source, Scored of those with source text, Supported of
// those at or above the threshold, Unverified without source text.
type SupportMetrics struct {
	Claims, CitedClaims, Scored, Supported, Unverified int
}

// Coverage is the share of sentences citing a source.
func (m SupportMetrics) Coverage() float64 { return ratio(m.CitedClaims, m.Claims) }

// Grounded is the share of scored cited sentences their sources support.
func (m SupportMetrics) Grounded() float64 { return ratio(m.Supported, m.Scored) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// FileSupport is one file's SupportMetrics.
type FileSupport struct {
	Path string
	SupportMetrics
}

// Report is everything a printer may show.
type Report struct {
	Version string
	// Issues are filtered and sorted; Suppressed ones are printed only by
	// formats that can carry suppressions (SARIF).
	Issues  []result.Issue
	Rules   []RuleInfo
	Summary Summary
	Files   map[string][]byte // path to contents, for fix regions; may be nil
	// Review holds the documents for the html format (html_model.go); nil
	// unless that format was asked for.
	Review []ReviewDoc
	// FailLevel is the lowest severity that fails the run (unset: warning,
	// the config's default) and FailOnUnverified whether an unverified
	// lookup does too: the review page's verdict says pass or fail as the
	// exit code does.
	FailLevel        result.Severity
	FailOnUnverified bool
	// Context, when set, is the time the printers have (--timeout): once
	// it ends, a printer stops listing issues (the html page, documents),
	// finishes a valid report that says it was cut short (SARIF, JSON,
	// text, github-actions and html say how much is missing), and returns
	// ErrTimeLimit.
	Context context.Context
}

// ErrTimeLimit is what a printer returns when Report.Context ended while
// it wrote: what it wrote is whole and valid, but leaves issues out.
var ErrTimeLimit = errors.New("the report stops at the run's time limit (--timeout)")

// timeUp reports whether r's Context has ended; printers ask every
// timeCheck issues.
func (r *Report) timeUp() bool { return r.Context != nil && r.Context.Err() != nil }

const timeCheck = 64

// timer counts the issues a printer lists and asks every timeCheck of
// them whether Report.Context has ended; once it has, it stays up.
type timer struct {
	n    int
	over bool
}

func (t *timer) up(r *Report) bool {
	if !t.over && t.n%timeCheck == 0 {
		t.over = r.timeUp()
	}
	if !t.over {
		t.n++
	}
	return t.over
}

// err is err, or ErrTimeLimit when the time was up.
func (t *timer) err(err error) error {
	if err == nil && t.over {
		return ErrTimeLimit
	}
	return err
}

// inTime returns how many of issues a printer lists before r's Context
// ends, asking every timeCheck issues, and calls each for them.
func inTime(r *Report, issues []result.Issue, each func(k int, i *result.Issue)) int {
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
	return fmt.Sprintf("citelint stopped writing this report at the run's time limit (--timeout): it lists %d of the %d %s", listed, total, Plural(total, "issue"))
}

// Options tunes printers.
type Options struct {
	Color bool
	// StepSummaryPath is $GITHUB_STEP_SUMMARY: github-actions appends a
	// Markdown summary there when it is set.
	StepSummaryPath string
}

// Printer writes a report.
type Printer interface {
	Print(io.Writer, *Report) error
}

// A StreamPrinter can also print a report as its issues arrive, so that a
// run need not hold them all: Issues is called with each file's issues (after
// the pipeline, files in path order), then End with the report, whose
// Issues End ignores. Print(w, r) is Stream(w, r.Version), Issues(r.Issues),
// End(r).
type StreamPrinter interface {
	Printer
	Stream(w io.Writer, version string) Stream
}

// Stream is a report being printed; see StreamPrinter.
type Stream interface {
	Issues([]result.Issue)
	End(*Report) error
}

var printers = map[string]func(Options) Printer{
	"text":           func(o Options) Printer { return textPrinter{color: o.Color} },
	"json":           func(Options) Printer { return jsonPrinter{} },
	"sarif":          func(Options) Printer { return sarifPrinter{} },
	"github-actions": func(o Options) Printer { return githubPrinter{summaryPath: o.StepSummaryPath} },
	"checkstyle":     func(Options) Printer { return checkstylePrinter{} },
	"junit-xml":      func(Options) Printer { return junitPrinter{} },
	"code-climate":   func(Options) Printer { return codeClimatePrinter{} },
	"html":           func(Options) Printer { return newHTMLPrinter() },
}

// New returns the printer for a format name.
func New(format string, opts Options) (Printer, error) {
	f, ok := printers[format]
	if !ok {
		return nil, fmt.Errorf("unknown output format %q (valid: %s)", format, strings.Join(Formats(), ", "))
	}
	return f(opts), nil
}

// ReadsClaims reports whether a format prints what needs the documents'
// sentences: the JSON summary's claim counts and the review page. (The
// text summary's coverage line comes with the claim-support rules, which
// need the sentences themselves.) Runs printing none of these may skip
// splitting prose (lint.Options.SkipClaims).
func ReadsClaims(format string) bool { return format == "json" || format == "html" }

// Formats lists the format names, sorted.
func Formats() []string {
	out := make([]string, 0, len(printers))
	for k := range printers {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// visible returns the issues that are not suppressed.
func visible(r *Report) []result.Issue {
	out := make([]result.Issue, 0, len(r.Issues))
	for _, i := range r.Issues {
		if !i.Suppressed {
			out = append(out, i)
		}
	}
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
