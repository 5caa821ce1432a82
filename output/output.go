// Package output is what a run returns (Report: the issues, the summary,
// the files that could not be linted, and for the review page the
// documents) and the contract of a printer of it (Printer, StreamPrinter,
// PagesPrinter). It is public because the engine returns its Report.
//
// The printers are internal: one per format in internal/format (text, json,
// sarif, github-actions, checkstyle, junit-xml, code-climate, and the
// registry of format names), the html review page in internal/reviewpage.
// Positions are 1-based lines and 1-based UTF-16 columns.
package output

import (
	"context"
	"errors"
	"io"
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
	// Review holds the documents for the html format (review.go); nil
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

// Visible returns the issues that are not suppressed, as every format
// lists them.
func (r *Report) Visible() []result.Issue {
	out := make([]result.Issue, 0, len(r.Issues))
	for _, i := range r.Issues {
		if !i.Suppressed {
			out = append(out, i)
		}
	}
	return out
}

// TimeUp reports whether r.Context has ended: a printer asks it every so
// many issues or documents, and stops.
func (r *Report) TimeUp() bool { return r.Context != nil && r.Context.Err() != nil }

// ErrTimeLimit is what a printer returns when Report.Context ended while
// it wrote: what it wrote is whole and valid, but leaves issues out.
var ErrTimeLimit = errors.New("the report stops at the run's time limit (--timeout)")

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

// Page is one file of a report printed as several.
type Page struct {
	Name  string // file name inside the output folder
	Write func(io.Writer) error
}

// A PagesPrinter may print a report as several pages (into a folder) when
// it is too large for one.
type PagesPrinter interface {
	Printer
	Pages(*Report) []Page
}

// Plural returns s, or s with an "s" for n other than 1: the wording of
// every count citelint prints, reports and command messages alike.
func Plural(n int, s string) string {
	if n == 1 {
		return s
	}
	return s + "s"
}
