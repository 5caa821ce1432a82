package engine

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/citelint/citelint/internal/atomicfile"
	"github.com/citelint/citelint/internal/format"
	"github.com/citelint/citelint/internal/gitdiff"
	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/internal/pipeline"
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// RunOptions are a run's choices besides the config: what `citelint run`'s
// flags decide. The zero value lints offline (or with Options.Network's
// pass) and applies no fix; its FailLevel, note, fails on every issue.
type RunOptions struct {
	// Lint are the lint options; nil is Engine.Options for the files.
	// Run adds Changed and the fixes to a copy.
	Lint *lint.Options
	// LintContext, when set, bounds the lint (and the network pass) in the
	// place of Run's ctx, which then bounds only the report: `citelint
	// run` ends the lint ReportShare before its time limit.
	LintContext context.Context
	// Network is a network pass already run (LookUp); nil runs the one
	// Options.Network asks for, if any.
	Network *Network

	// Fix applies safe fixes (with UnsafeFixes unsafe ones too) in memory
	// and lints again until nothing changes; with WriteFixes they are
	// written to the files (standard input's fixed text to Stdout), else
	// Result.Files hold each file's fixed text beside the original
	// (--diff). Issues the config excludes and the baseline holds are
	// not fixed.
	Fix, UnsafeFixes, WriteFixes bool
	// FixRoots are the folders fixes may be written in (FixRoots); a file
	// a symbolic link leads out of them is refused.
	FixRoots []string
	// Stdout takes standard input's fixed text (and, when run.exclude
	// excludes it, standard input as it was); nil is os.Stdout.
	Stdout io.Writer
	// BeforeFixWrite, when set, runs before each fixed file is written.
	BeforeFixWrite func(path string)

	// Changed (--new-from-*) reports only issues on the lines it names.
	Changed *gitdiff.Set
	// Baseline leaves out the issues it records; WriteBaseline records
	// every issue (Result.NewBaseline) and reports none.
	Baseline      *pipeline.BaselineFile
	WriteBaseline bool
	// FailLevel is the lowest severity that fails the run;
	// FailOnUnverified fails it on a lookup without a definite answer too.
	FailLevel        result.Severity
	FailOnUnverified bool
	// PathPrefix is prepended to relative paths; Version names citelint
	// in the report.
	PathPrefix, Version string
	// Review keeps what the html review page shows of each document.
	Review bool
	// Formats, when set, are the formats the report is printed in: the
	// run keeps what they read (each file's source for SARIF's fix
	// regions, the sentences for those that count claims, each document
	// for html's review page) and no more.
	Formats []string

	// Stream, when set, gets each file's reported issues as soon as they
	// are known, in path order, and the report keeps none: memory stays
	// bounded by the files in flight. Not with Fix.
	Stream func([]result.Issue)
	// FileDone, when set, runs as each file is linted; LintDone once the
	// lint (and the writing of fixes) is over, before the report is made.
	FileDone, LintDone func()
}

// Verdict is what a run's result means for a gate, the most serious last.
type Verdict int

const (
	// Pass: no issue at or above the fail level, no file error.
	Pass Verdict = iota
	// Fail: an issue at or above the fail level (or, with
	// FailOnUnverified, a lookup without a definite answer).
	Fail
	// Broken: a file could not be linted (Report.Summary.Errors).
	Broken
	// TimedOut: the time limit cost files or issues, or was reached.
	TimedOut
)

// Result is what Run found.
type Result struct {
	// Report is what the printers print: the issues (none when streamed),
	// the summary and each file error with its kind.
	Report *output.Report
	// Files are each file's lint result, fixes included (Original and
	// Src); nil when streamed.
	Files []lint.FileResult
	// Fixed counts the fixes written (WriteFixes).
	Fixed int
	// StdoutTaken says that Stdout got standard input's text: the report
	// should go elsewhere.
	StdoutTaken bool
	// NewBaseline is the baseline WriteBaseline recorded.
	NewBaseline *pipeline.BaselineFile
	// Network is the network pass the lint used (nil: none).
	Network *Network

	r                *Report
	ctx              context.Context
	failOnUnverified bool
}

// Run lints the documents fs names (Walk) as `citelint run` does: the
// network pass when asked, the lint, fixes, the report through the
// config's pipeline, and the verdict. When ctx ends, the files not yet
// linted are reported as not checked and the verdict is TimedOut.
func (e *Engine) Run(ctx context.Context, fs Files, o RunOptions) *Result {
	lintCtx := cmp.Or(o.LintContext, ctx)
	opts := e.Options(fs)
	if o.Lint != nil {
		opts = *o.Lint
	}
	res := &Result{Network: o.Network, ctx: ctx, failOnUnverified: o.FailOnUnverified}
	var netErrs []lint.FileError
	if o.Network == nil {
		res.Network, netErrs = e.networkFor(lintCtx, fs.Paths, opts, &opts)
	}
	if o.Formats != nil {
		keepFor(&opts, &o)
	}
	if o.Changed != nil {
		opts.Changed = o.Changed.File
	}
	if o.Fix {
		opts.Fix = &lint.FixOptions{Unsafe: o.UnsafeFixes, Skip: e.proj.Excluded, Baselined: e.proj.Baselined(o.Baseline)}
	}
	if o.Review {
		opts.KeepDocs = true
		if opts.RuleEnv != nil && opts.RuleEnv.Support != nil {
			opts.RuleEnv.Support.KeepScores = true
		}
	}
	r := e.NewReport(ReportOptions{Changed: o.Changed != nil, PathPrefix: o.PathPrefix, FailLevel: o.FailLevel, Version: o.Version,
		Baseline: o.Baseline, WriteBaseline: o.WriteBaseline, Context: ctx})
	res.r, res.Report = r, r.Output()
	res.Report.FailOnUnverified = o.FailOnUnverified // the review page's verdict
	if o.Stream != nil && !o.Fix {
		r.Stream(lintCtx, fs.Paths, opts, func(iss []result.Issue) {
			if o.FileDone != nil {
				o.FileDone()
			}
			o.Stream(iss)
		})
		if o.LintDone != nil {
			o.LintDone()
		}
		r.SetSupportOf(fs.Paths, opts.RuleEnv.Support) // RunEach reports every file, in order
	} else {
		res.Files = make([]lint.FileResult, 0, len(fs.Paths))
		lint.RunEach(lintCtx, fs.Paths, opts, func(fr lint.FileResult) {
			res.Files = append(res.Files, fr)
			if o.FileDone != nil {
				o.FileDone()
			}
		})
		if o.Fix && o.WriteFixes {
			res.Fixed, res.StdoutTaken = writeFixes(res.Files, fs, o)
		}
		if o.LintDone != nil {
			o.LintDone()
		}
		if res.Fixed > 0 {
			res.Report.Summary.Extra = map[string]int{"fixed": res.Fixed}
		}
		r.SetSupport(res.Files, opts.RuleEnv.Support)
		r.AddAll(res.Files)
		if o.Review {
			// The review holds what the page shows of each document: let
			// go of the documents before the report prints.
			for i := range res.Files {
				r.AddReview(res.Files[i], opts.RuleEnv.Support)
				res.Files[i].Doc = nil
			}
		}
	}
	r.Finish(append(fs.Errs, netErrs...), e.unverified(res.Network))
	res.NewBaseline = r.NewBaseline()
	return res
}

// keepFor keeps in opts what o.Formats read. Sources of files with issues
// are kept until the report is printed; only SARIF (fix regions) and the
// fixes read them, and keeping them otherwise made peak memory grow with
// the corpus (0.8 GB for 128 MB).
func keepFor(opts *lint.Options, o *RunOptions) {
	opts.KeepSources = o.Fix || slices.Contains(o.Formats, "sarif")
	opts.SkipClaims = !slices.ContainsFunc(o.Formats, format.ReadsClaims)
	o.Review = o.Review || slices.Contains(o.Formats, "html")
}

// Streams says whether a run with o can report file by file
// (RunOptions.Stream) for a printer that can: no fixes to apply first, no
// support summary (it needs every result), and files in path order,
// which is the report's (Walk sorts them).
func (e *Engine) Streams(fs Files, o RunOptions) bool {
	opts := e.Options(fs)
	if o.Lint != nil {
		opts = *o.Lint
	}
	return !o.Fix && opts.RuleEnv.Support == nil && slices.IsSorted(fs.Paths)
}

// Verdict is the gate's decision on the report: TimedOut when the time
// limit cost files not checked, issues not reported or a search for files
// cut short, or when Run's ctx has reached its deadline by now (a caller
// that prints the report asks after printing, which the limit bounds too).
// The lint's earlier deadline (LintContext) passing while the report is
// made costs nothing: a run whose report is whole did not time out. The
// counts are the summary's, as the report prints them.
func (res *Result) Verdict() Verdict {
	s := &res.Report.Summary
	switch {
	case s.NotChecked > 0 || s.NotReported > 0 || s.SearchStopped > 0 || errors.Is(res.ctx.Err(), context.DeadlineExceeded):
		return TimedOut
	case len(s.Errors) > 0:
		return Broken
	case res.r.Failed() || s.Unverified > 0 && res.failOnUnverified:
		return Fail
	}
	return Pass
}

// errOutsideTree refuses a fix to a file that a symbolic link leads out of
// the folders being linted: a document from a pull request could link to
// any file the runner can write.
var errOutsideTree = errors.New("a symbolic link leads outside the folders being linted; not rewritten")

// FixRoots returns the folders fixes may be written in, symlinks resolved:
// each folder among paths and the folder of each file among them, or, with
// no paths, dir (the config file's folder, else the working directory).
// Paths from the config are not roots: the config may come from a pull
// request.
func FixRoots(paths []string, dir string) []string {
	if len(paths) == 0 {
		paths = []string{cmp.Or(dir, ".")}
	}
	var roots []string
	for _, p := range paths {
		if p == "-" {
			continue
		}
		if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
			p = filepath.Dir(p)
		}
		if real, err := filepath.EvalSymlinks(p); err == nil {
			if abs, err := filepath.Abs(real); err == nil {
				roots = append(roots, abs)
			}
		}
	}
	return roots
}

// insideRoots returns path with every symlink resolved, if that lies in
// one of roots. The fix is written to that path, not through the links
// again, so a link changed meanwhile is not followed.
func insideRoots(path string, roots []string) (string, error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	real, err = filepath.Abs(real)
	if err != nil {
		return "", err
	}
	for _, r := range roots {
		if rel, err := filepath.Rel(r, real); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return real, nil
		}
	}
	return "", fmt.Errorf("%w (it leads to %s)", errOutsideTree, real)
}

// writeFixes writes each fixed file atomically (keeping its permissions and
// owner; line endings and BOM are untouched because fixes edit bytes inside
// lines) and returns how many fixes were applied. A file that cannot or
// must not be written (read-only, hard-linked, edited since it was read, or
// reached by a symlink out of o.FixRoots) becomes a file error in its
// result. The fixed text of standard input goes to o.Stdout, and standard
// input as it was when run.exclude excludes it, so that an editor that
// replaces the buffer with it loses nothing (as ruff).
func writeFixes(results []lint.FileResult, fs Files, o RunOptions) (fixed int, stdoutTaken bool) {
	stdout := o.Stdout
	if stdout == nil {
		stdout = os.Stdout
	}
	for i := range results {
		r := &results[i]
		if fs.Stdin != "" && r.Path == fs.Stdin {
			stdoutTaken = true
			if r.Err == nil {
				stdout.Write(r.Src)
			}
			fixed += r.Fixed
			continue
		}
		if r.Original == nil || r.Err != nil {
			continue
		}
		if o.BeforeFixWrite != nil {
			o.BeforeFixWrite(r.Path)
		}
		kind := result.ErrRefused // a link out of roots, or Replace's refusals
		real, err := insideRoots(r.Path, o.FixRoots)
		switch {
		case err != nil && !errors.Is(err, errOutsideTree):
			kind = result.ErrUnreadable // its links could not be followed
		case err == nil:
			err = atomicfile.Replace(real, r.Original, r.Src)
			if err != nil && !atomicfile.Refused(err) {
				kind = result.ErrFailed // the write itself failed
			}
		}
		if err != nil {
			r.Err = &lint.FileError{Path: r.Path, Kind: kind, Err: fmt.Errorf("writing fixes: %w", err)}
			continue
		}
		fixed += r.Fixed
	}
	if fs.StdinExcluded {
		stdout.Write(fs.StdinSrc)
		stdoutTaken = true
	}
	return fixed, stdoutTaken
}
