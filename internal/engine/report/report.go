// Package report is the engine's last stage: it turns lint results into
// the report a run prints, through the config's issue pipeline (package
// pipeline: exclusions, new-only, severity, duplicates, order, baseline,
// limits), and counts the summary (files, claims, errors, what the time
// limit cost, the support metrics; for the html review page each
// document's review). What it needs of the engine is a Project: the
// config, the working directory, the project-relative names a baseline
// keeps and the enabled rules. Only internal/engine imports it; callers
// reach it as engine.Report through Engine.NewReport and Engine.Run.
package report

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sync"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/gitdiff"
	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/internal/pipeline"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// Project is what a report needs of the engine's project.
type Project struct {
	// Config holds the exclusions, severity rules and limits.
	Config *config.Config
	// WorkDir is the working directory relative paths are taken from.
	WorkDir string
	// RootRel names a file as a baseline records it: relative to the
	// project root, the same on every machine.
	RootRel func(path string) string
	// Rules are the enabled rules, which the report lists.
	Rules []lint.Enabled
}

// Options configure how lint results become a report.
type Options struct {
	// Changed (diff-aware mode) keeps only issues on the lines each
	// result's Changed names.
	Changed bool
	// PathPrefix is prepended to relative paths (--path-prefix).
	PathPrefix string
	// FailLevel is the lowest severity that fails the run (Failed).
	FailLevel result.Severity
	// Version is the citelint version the report names.
	Version string
	// Baseline, when set, leaves out the issues it records (--baseline).
	Baseline *pipeline.BaselineFile
	// WriteBaseline records every issue for a new baseline
	// (--write-baseline, see Report.NewBaseline) and reports none: what
	// is recorded is accepted.
	WriteBaseline bool
	// Context, when set, bounds the report's own work (--timeout): once
	// it ends, a file whose issues are not yet processed is reported as
	// not reported (a file error) instead, and the printers stop
	// (output.Report.Context).
	Context context.Context
}

// Report turns lint results into the report: the summary counts, the
// file errors and the issues through the pipeline. The batch way adds
// every result and processes all issues once; the streamed way processes
// each file's issues as they come, which gives the same issues in the same
// order (pipeline.TestPerFileEqualsWhole).
type Report struct {
	e        *Project
	o        Options
	report   *output.Report
	p        pipeline.Pipeline
	relPaths map[string]string
	byPath   map[string]*gitdiff.File
	dropped  int
	cut      int  // files whose issues came after the Context ended
	failed   bool // an issue at or above the fail level was reported
	baseline *pipeline.Baseline
	linted   map[string]bool // with a baseline: the files linted, as its entries name them
}

// New starts a report on p with the config's issue pipeline.
func New(e *Project, o Options) *Report {
	r := &Report{e: e, o: o, report: &output.Report{Version: o.Version, Files: map[string][]byte{}, Context: o.Context, FailLevel: o.FailLevel}}
	r.buildPipeline()
	return r
}

// buildPipeline sets up the stages issues go through (package pipeline).
func (r *Report) buildPipeline() {
	r.relPaths = map[string]string{}
	cfg, wd := r.e.Config, r.e.WorkDir
	// Once per path, not per issue: a corpus has thousands of issues.
	// Exclusion globs match paths relative to the config's folder.
	rel := func(p string) string {
		s, ok := r.relPaths[p]
		if !ok {
			s = relFrom(cfg.Dir, wd, p)
			r.relPaths[p] = s
		}
		return s
	}
	var newOnly pipeline.NewOnly
	if r.o.Changed {
		r.byPath = map[string]*gitdiff.File{}
		newOnly.Changed = func(iss *result.Issue) bool {
			f := r.byPath[iss.Path]
			return f != nil && lint.OnChangedLines(f, iss)
		}
	}
	// Each source: pattern runs once per line (see sourceLine): the
	// stages run on one goroutine, so the report has one memo.
	memo := &sourceMemo{}
	r.p = pipeline.Pipeline{
		pipeline.Exclusions{Excluded: func(iss *result.Issue) bool {
			return excluded(&cfg.Exclusions, iss.Rule, rel(iss.Path), iss.Message, sourceLine{iss.SourceLine, memo})
		}},
		newOnly,
		pipeline.Severity{For: func(iss *result.Issue) result.Severity {
			return severityFor(&cfg.Severity, iss.Rule, rel(iss.Path), iss.Message, sourceLine{iss.SourceLine, memo}, iss.Severity)
		}},
		pipeline.Dedup{},
		pipeline.Sort{},
	}
	if r.o.Baseline != nil || r.o.WriteBaseline {
		// After Sort, which fixes the order its fingerprints count in;
		// before Limits, which should cap what is reported.
		r.baseline = pipeline.NewBaseline(r.o.Baseline, func(iss *result.Issue) string { return r.e.RootRel(iss.Path) }, r.o.WriteBaseline)
		r.linted = map[string]bool{}
		r.p = append(r.p, r.baseline)
	}
	r.p = append(r.p, &pipeline.Limits{MaxPerRule: cfg.Issues.MaxPerRule, MaxSame: cfg.Issues.MaxSame, Dropped: &r.dropped})
}

// NewBaseline returns the baseline of every issue processed, for
// Options.WriteBaseline; nil without it.
func (r *Report) NewBaseline() *pipeline.BaselineFile {
	if r.baseline == nil || !r.o.WriteBaseline {
		return nil
	}
	return r.baseline.Recorded()
}

// Baselined returns lint.FixOptions.Baselined for the baseline f: which
// of one file's issues the report would drop as baselined. It puts them
// through the stages before the baseline's (exclusions, duplicates, the
// report's order), so that each gets the fingerprint the report gives it.
func (e *Project) Baselined(f *pipeline.BaselineFile) func([]result.Issue) []bool {
	if f == nil {
		return nil
	}
	// The baseline's index is built once; each call (a file, a fix pass)
	// gets a fork of it with its own counts, as files are fixed at once.
	base := pipeline.NewBaseline(f, func(iss *result.Issue) string { return e.RootRel(iss.Path) }, false)
	return func(issues []result.Issue) []bool {
		type key struct {
			start, end    int
			rule, message string
		}
		at := map[key][]int{}
		kept := make([]result.Issue, 0, len(issues))
		memo := &sourceMemo{} // one file's issues, on this goroutine
		for i := range issues {
			iss := &issues[i]
			if iss.Suppressed || e.excluded(iss, memo) {
				continue
			}
			k := key{iss.Start, iss.End, iss.Rule, iss.Message}
			at[k] = append(at[k], i)
			kept = append(kept, *iss)
		}
		kept = pipeline.Sort{}.Process(pipeline.Dedup{}.Process(kept))
		reported := base.Fork().Process(kept)
		out := make([]bool, len(issues))
		for _, idx := range at {
			for _, i := range idx {
				out[i] = true // baselined unless reported below
			}
		}
		for i := range reported {
			iss := &reported[i]
			for _, j := range at[key{iss.Start, iss.End, iss.Rule, iss.Message}] {
				out[j] = false
			}
		}
		return out
	}
}

// Excluded reports whether the config's exclusions drop iss (fixes skip
// such issues).
func (e *Project) Excluded(iss *result.Issue) bool {
	// Fixes ask from every worker: each takes a memo of its own.
	memo := sourceMemos.Get().(*sourceMemo)
	defer sourceMemos.Put(memo)
	return e.excluded(iss, memo)
}

func (e *Project) excluded(iss *result.Issue, memo *sourceMemo) bool {
	return excluded(&e.Config.Exclusions, iss.Rule, relFrom(e.Config.Dir, e.WorkDir, iss.Path), iss.Message, sourceLine{iss.SourceLine, memo})
}

// sourceMemos are the memos of Project.Excluded, which runs on the
// workers: a pool gives each its own, mostly (a memo given to another
// goroutine is only less useful: it answers by the line's identity).
var sourceMemos = sync.Pool{New: func() any { return &sourceMemo{} }}

// sourceMemo remembers whether each source: pattern matched the line the
// issues before were on. Issues on one line share its text (package lint
// copies a line once per run of issues on it), so a pattern runs once per
// line and pattern, not once per issue: over a one-line paragraph of
// 16,000 issues (0.25 MB) the latter took 68 s. Not safe for concurrent
// use.
type sourceMemo = result.LineMemo[*regexp.Regexp, bool]

// sourceLine is an issue's source line and the memo of its matches (nil:
// none).
type sourceLine struct {
	text string
	memo *sourceMemo
}

func (l sourceLine) matches(re *regexp.Regexp) bool {
	if l.memo == nil {
		return re.MatchString(l.text)
	}
	return l.memo.Get(l.text, re, func() bool { return re.MatchString(l.text) })
}

// Add counts one file's result into the summary and returns its issues,
// not yet processed.
func (r *Report) Add(fr lint.FileResult) []result.Issue {
	s := &r.report.Summary
	if fr.Err != nil && fr.Err.Kind == result.ErrNotChecked {
		s.NotChecked++
	} else {
		s.Files++
	}
	s.Claims += fr.Stats.Claims
	s.CitedClaims += fr.Stats.CitedClaims
	s.Citations += fr.Stats.Citations
	s.References += fr.Stats.References
	s.UncheckedKeys += fr.Stats.UncheckedKeys
	s.UncheckedSourceKeys += fr.Stats.UncheckedSourceKeys
	if r.byPath != nil {
		r.byPath[fr.Path] = fr.Changed
	}
	if r.linted != nil && fr.Err == nil && !fr.Unread {
		r.linted[r.e.RootRel(fr.Path)] = true
	}
	if fr.Unread {
		// Its unreadable-file finding says why; the count says it in
		// the summary too (with the rule disabled, the only trace).
		if s.Extra == nil {
			s.Extra = map[string]int{}
		}
		s.Extra["not_read"]++
	}
	if fr.Err != nil {
		s.Errors = append(s.Errors, output.FileError{Path: fr.Err.Path, Line: fr.Err.Line, Kind: fr.Err.Kind, Msg: fr.Err.Err.Error()})
		return nil
	}
	return fr.Issues
}

// Process runs issues through the pipeline, prefixes their paths and notes
// whether any fails the run; it returns what is to be reported.
func (r *Report) Process(issues []result.Issue) []result.Issue {
	issues = r.p.Run(issues)
	for i := range issues {
		if r.o.PathPrefix != "" {
			issues[i].Path = prefixPath(r.o.PathPrefix, issues[i].Path)
		}
		if !issues[i].Suppressed && issues[i].Severity >= r.o.FailLevel {
			r.failed = true
		}
	}
	return issues
}

// SetIssues sets the report's issues (the batch way: all at once).
func (r *Report) SetIssues(issues []result.Issue) { r.report.Issues = issues }

// Failed reports whether a processed issue is at or above the fail level.
func (r *Report) Failed() bool { return r.failed }

// Output returns the report for the printers.
func (r *Report) Output() *output.Report { return r.report }

// Finish completes the summary once every result is in: the paths that
// could not be walked, the network lookups without a definite answer (by
// kind), what the limits dropped and the enabled rules.
func (r *Report) Finish(walkErrs []lint.FileError, unverified map[string]int) {
	s := &r.report.Summary
	for _, e := range walkErrs {
		s.Errors = append(s.Errors, output.FileError{Path: e.Path, Line: e.Line, Kind: e.Kind, Msg: e.Err.Error()})
		if e.Kind == result.ErrSearchStopped {
			s.SearchStopped++
		}
	}
	if unverified != nil {
		total := 0
		for k, n := range unverified {
			total += n
			if s.Extra == nil {
				s.Extra = map[string]int{}
			}
			s.Extra["unverified_"+k] = n
		}
		s.Unverified = total
	}
	if prefix := r.o.PathPrefix; prefix != "" {
		for i := range s.Errors {
			s.Errors[i].Path = prefixPath(prefix, s.Errors[i].Path)
		}
		files := make(map[string][]byte, len(r.report.Files))
		for p, src := range r.report.Files {
			files[prefixPath(prefix, p)] = src
		}
		r.report.Files = files
	}
	if r.dropped > 0 {
		if s.Extra == nil {
			s.Extra = map[string]int{}
		}
		s.Extra["dropped_by_limits"] = r.dropped
	}
	if r.baseline != nil {
		if s.Extra == nil {
			s.Extra = map[string]int{}
		}
		s.Extra["baselined"] = r.baseline.Dropped()
		s.Extra["baseline_gone"] = r.baseline.Gone(func(p string) bool { return r.linted[p] })
	}
	for _, e := range r.e.Rules {
		r.report.Rules = append(r.report.Rules, RuleInfo(e.Rule))
	}
}

// RuleInfo describes a rule for the report.
func RuleInfo(r *rules.Rule) output.RuleInfo {
	return output.RuleInfo{Name: r.Name, Summary: r.Summary, Doc: r.Doc, DefaultSeverity: r.Severity, Tags: r.Tags, Fixable: r.Fixable, Marks: string(r.Marks)}
}

// prefixPath makes a relative path relative to prefix's parent, as
// golangci-lint's --path-prefix does: annotations and SARIF need paths from
// the repository root when citelint runs in a subfolder.
func prefixPath(prefix, p string) string {
	if p == "-" || filepath.IsAbs(p) {
		return p
	}
	return filepath.ToSlash(filepath.Join(prefix, p))
}

// Stream lints files with opts (the engine's LintOptions, plus what the
// caller adds) and calls emit with each file's reported issues, in the
// order of files, as soon as they are known: memory stays bounded by the
// files in flight. Files should be in path order (the engine's Walk's),
// the report's order. When ctx ends, the files not yet linted are reported as not checked.
func (r *Report) Stream(ctx context.Context, files []string, opts lint.Options, emit func([]result.Issue)) {
	lint.RunEach(ctx, files, opts, func(fr lint.FileResult) {
		emit(r.processFile(fr.Path, r.Add(fr)))
	})
}

// AddAll adds every result and sets the report's issues; the sources of
// files with issues are kept for the printers that read them (SARIF)
// when the results hold them. The issues are processed a file at a time,
// in path order, which gives what processing them all at once would
// (pipeline.TestPerFileEqualsWhole), and lets Options.Context stop
// between files.
func (r *Report) AddAll(results []lint.FileResult) {
	byPath := map[string][]result.Issue{}
	var paths []string
	for _, fr := range results {
		issues := r.Add(fr)
		if fr.Err == nil && len(fr.Issues) > 0 {
			r.report.Files[fr.Path] = fr.Src
		}
		if len(issues) == 0 {
			continue
		}
		if _, ok := byPath[fr.Path]; !ok {
			paths = append(paths, fr.Path)
		}
		byPath[fr.Path] = append(byPath[fr.Path], issues...)
	}
	slices.Sort(paths) // pipeline.Sort's order: by path first
	out := []result.Issue{}
	for _, p := range paths {
		out = append(out, r.processFile(p, byPath[p])...)
		delete(byPath, p)
	}
	r.SetIssues(out)
}

// processFile is Process for the issues of the file at path, unless the
// report's Context has ended: then they are dropped and the file is
// reported as not reported.
func (r *Report) processFile(path string, issues []result.Issue) []result.Issue {
	if len(issues) > 0 && r.o.Context != nil && r.o.Context.Err() != nil {
		s := &r.report.Summary
		s.Errors = append(s.Errors, output.FileError{Path: path, Kind: result.ErrNotReported, Msg: fmt.Sprintf("%d %s not reported: %s", len(issues), output.Plural(len(issues), "issue"), TimeLimitReached)})
		r.cut++
		s.NotReported = r.cut
		return nil
	}
	return r.Process(issues)
}

// TimeLimitReached ends the message of a file the run had no time to
// lint or report: its issues are not known, or not all written.
const TimeLimitReached = "the run reached its time limit (--timeout)"

// Cut is how many files' issues the report dropped because its Context
// ended before they were processed.
func (r *Report) Cut() int { return r.cut }

// relFrom turns a path as citelint found it (absolute, or relative to wd)
// into the slash path relative to the config's dir that its globs match.
// A path outside dir comes back starting with "../", which no relative glob
// matches. wd is passed in because os.Getwd costs three system calls per
// path; an empty wd (unknown) gives the cleaned path as is.
func relFrom(dir, wd, p string) string {
	if dir == "" {
		dir = "."
	}
	abs := func(x string) (string, bool) {
		if filepath.IsAbs(x) {
			return filepath.Clean(x), true
		}
		return filepath.Join(wd, x), wd != ""
	}
	ad, ok1 := abs(dir)
	ap, ok2 := abs(p)
	if !ok1 || !ok2 {
		return path.Clean(filepath.ToSlash(p))
	}
	r, err := filepath.Rel(ad, ap)
	if err != nil {
		return filepath.ToSlash(ap)
	}
	return filepath.ToSlash(r)
}

// excluded reports whether exclusions.paths or an exclusions.rules entry
// drops an issue of rule at rel (see relFrom) with message and source line.
func excluded(e *config.Exclusions, rule, rel, message string, source sourceLine) bool {
	if slices.ContainsFunc(e.Paths, func(g string) bool { return doublestar.MatchUnvalidated(g, rel) }) {
		return true
	}
	for i := range e.Rules {
		if matches(&e.Rules[i], rule, rel, message, source) {
			return true
		}
	}
	return false
}

// severityFor is the severity an issue ends up with: the first matching
// severity.rules entry wins (golangci-lint's order), then severity.default,
// then the rule's own.
func severityFor(s *config.Severity, rule, rel, message string, source sourceLine, ruleDefault result.Severity) result.Severity {
	for i := range s.Rules {
		if matches(&s.Rules[i].Match, rule, rel, message, source) {
			return s.Rules[i].Severity
		}
	}
	if s.Default != result.SeverityUnset {
		return s.Default
	}
	return ruleDefault
}

// matches reports whether every condition m sets holds; an unset one
// matches anything.
func matches(m *config.Match, rule, rel, message string, source sourceLine) bool {
	return (len(m.Rules) == 0 || slices.Contains(m.Rules, rule)) &&
		(m.Path == "" || doublestar.MatchUnvalidated(m.Path, rel)) &&
		(m.PathExcept == "" || !doublestar.MatchUnvalidated(m.PathExcept, rel)) &&
		(m.Text == nil || m.Text.MatchString(message)) &&
		(m.Source == nil || source.matches(m.Source))
}
