package cli

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/cliflag"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/fix"
	"github.com/citelint/citelint/internal/format"
	"github.com/citelint/citelint/internal/gitdiff"
	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/internal/pipeline"
	"github.com/citelint/citelint/internal/profiling"
	"github.com/citelint/citelint/internal/progress"
	"github.com/citelint/citelint/internal/reportfile"
	"github.com/citelint/citelint/internal/version"
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// runFlags are run's own flags on top of setupFlags.
type runFlags struct {
	setupFlags
	formats   cliflag.RepeatList
	failLevel string
	timeout   time.Duration
	timeoutOn bool // --timeout was given, 0 included
	color     string
	issueExit int
	fix       bool
	unsafe    bool
	diff      bool

	newFromRev, newFromMergeBase, newFromPatch string
	pathPrefix                                 string
	baseline, writeBaseline                    string

	offline, refresh, failOnUnverified bool

	cpuProfile, memProfile string
	trust                  trustFlags
}

func runCmd(args []string, env Env) int {
	f, paths, code := parseRunFlags(args, env)
	if f == nil {
		return code
	}
	f.setupFlags.timeout = func(cfg *config.Config) time.Duration { return f.runTimeout(cfg, env) }
	f.setupFlags.started = time.Now()
	f.setupFlags.annotate = f.configAnnotator(env)
	defer profiling.Start(f.cpuProfile, f.memProfile, func(cpu bool, err error) {
		flag := "--mem-profile-path"
		if cpu {
			flag = "--cpu-profile-path"
		}
		fmt.Fprintf(env.Stderr, "citelint: %s: %v\n", flag, err)
	})()
	st, code := f.setup(paths, env)
	if st == nil {
		return code
	}
	defer st.Close()
	p, code := f.plan(st, env)
	if p == nil {
		return code
	}
	defer p.close()
	if code := f.networkPass(p, st, env); code != ExitOK {
		return code
	}
	if len(p.printers) == 1 && st.Engine.Streams(st.Files, f.runOptions(p)) {
		if sp, ok := p.printers[0].(output.StreamPrinter); ok {
			return f.stream(p, sp, st, env)
		}
	}
	return f.batch(p, st, paths, env)
}

// runTimeout is the run's time limit (engine.TimeLimit): --timeout when
// given, else the config's, capped when the run makes network requests.
func (f *runFlags) runTimeout(cfg *config.Config, env Env) time.Duration {
	return engine.TimeLimit(cfg, f.timeout, f.timeoutOn, f.offline, cmp.Or(f.trust.judgeURL, env.Getenv(envJudgeURL)))
}

// parseRunFlags parses run's flags; a nil *runFlags comes with the exit code.
func parseRunFlags(args []string, env Env) (*runFlags, []string, int) {
	fs, f := runFlagSet(env)
	paths, err := cliflag.Parse(fs, args, env.Stdout)
	if err != nil {
		return nil, nil, flagExit(err)
	}
	fs.Visit(func(fl *flag.Flag) { f.timeoutOn = f.timeoutOn || fl.Name == "timeout" })
	if !slices.Contains(colorModes, f.color) {
		fmt.Fprintf(env.Stderr, "citelint: --color %q: want one of %s\n", f.color, strings.Join(colorModes, ", "))
		return nil, nil, ExitUsage
	}
	return f, paths, ExitOK
}

// runFlagSet declares run's flags (shell completion lists them too).
func runFlagSet(env Env) (*flag.FlagSet, *runFlags) {
	fs := newFlagSet("run", env, "run [flags] [path ...]")
	f := &runFlags{}
	f.register(fs)
	fs.Var(&f.formats, "format", "output format NAME[:PATH] (repeatable): "+fmt.Sprint(format.Names()))
	fs.StringVar(&f.failLevel, "fail-level", "", "lowest severity that makes the exit code 1: note, warning or error (default: config issues.fail-level, else warning)")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop after this long, exit code 4; 0 = none (default: config run.timeout, else none, but at most 15m when network lookups run)")
	fs.StringVar(&f.color, "color", "auto", "colour text output: auto, always or never")
	fs.IntVar(&f.issueExit, "issues-exit-code", ExitIssues, "exit code when issues at or above --fail-level remain (golangci-lint's flag)")
	fs.BoolVar(&f.fix, "fix", false, "apply safe fixes to the files, then report what remains (with -, print the fixed document)")
	fs.BoolVar(&f.unsafe, "unsafe-fixes", false, "with --fix or --diff, also apply fixes that may change what the text says")
	fs.StringVar(&f.newFromRev, "new-from-rev", "", "report only issues on lines changed since this git revision (committed, staged, unstaged or untracked)")
	fs.StringVar(&f.newFromMergeBase, "new-from-merge-base", "", "report only issues on lines changed since the merge base of HEAD and this ref (e.g. origin/main)")
	fs.StringVar(&f.newFromPatch, "new-from-patch", "", "report only issues on lines a unified diff adds (paths relative to the repository root, as git diff writes them)")
	fs.BoolVar(&f.offline, "offline", false, "make no network request: network rules use the resolver cache alone, anything not cached is unverified")
	fs.BoolVar(&f.refresh, "refresh", false, "ignore cached resolver answers and ask the registries again (answers are still cached)")
	fs.BoolVar(&f.failOnUnverified, "fail-on-unverified", false, "exit 1 when a network lookup got no definite answer (timeout, 429, 5xx, bot wall, offline)")
	fs.StringVar(&f.pathPrefix, "path-prefix", "", "prefix relative paths in the output with this folder (when running in a subfolder of the repository)")
	fs.StringVar(&f.baseline, "baseline", "", "report only issues not recorded in this baseline file (see --write-baseline)")
	fs.StringVar(&f.writeBaseline, "write-baseline", "", "record every issue found in this baseline file, and report none")
	fs.BoolVar(&f.diff, "diff", false, "print the fixes as a unified diff instead of writing them; exit 1 when there are any")
	fs.StringVar(&f.cpuProfile, "cpu-profile-path", "", "write a CPU profile (go tool pprof) of the run to this file")
	fs.StringVar(&f.memProfile, "mem-profile-path", "", "write an allocation profile (go tool pprof) of the run to this file")
	f.trust.register(fs)
	return fs, f
}

// runPlan is a run once its flags and config are checked: where the
// report goes, the lint options and the report being built.
type runPlan struct {
	cfg       *config.Config
	tr        trust
	formats   []config.OutputFormat
	printers  []output.Printer
	budget    *engine.Budget  // --timeout, split between the network pass, the lint and the report
	ctx       context.Context // the run's, to --timeout: the report is done by then
	lintCtx   context.Context // the lint's, to --timeout less engine.ReportShare
	opts      lint.Options
	changed   *gitdiff.Set
	failLevel result.Severity
	net       *engine.Network // what the network pass found and set up
	stderr    io.Writer
	baseline  *pipeline.BaselineFile
}

// plan checks what the flags ask for against the config and the files
// found; a nil *runPlan comes with the exit code, after the error is shown.
func (f *runFlags) plan(st *setup, env Env) (*runPlan, int) {
	cfg := st.cfg
	p := &runPlan{cfg: cfg, failLevel: cfg.Issues.FailLevel, stderr: env.Stderr}
	var err error
	if p.tr, err = f.trust.consent(cfg, env); err != nil {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		return nil, ExitUsage
	}
	if f.failLevel != "" {
		lv, ok := result.ParseSeverity(f.failLevel)
		if !ok {
			fmt.Fprintf(env.Stderr, "citelint: --fail-level %q: want one of %s\n", f.failLevel, strings.Join(config.SeverityNames, ", "))
			return nil, ExitUsage
		}
		p.failLevel = lv
	}
	var ok bool
	if p.formats, p.printers, ok = f.outputs(cfg, env); !ok {
		return nil, ExitUsage
	}
	if f.baseline != "" {
		if p.baseline, err = engine.ReadBaseline(f.baseline); err != nil {
			fmt.Fprintf(env.Stderr, "citelint: --baseline: %v\n", err)
			return nil, ExitUsage
		}
	}
	if st.Files.NoneFound() {
		fmt.Fprintln(env.Stderr, "citelint: no Markdown files found")
		return nil, ExitNoFiles
	}
	// The clock started with the run, before the bibliographies were read
	// (setup); the engine splits it between the stages (engine.Budget).
	p.budget, p.ctx, p.lintCtx = st.Budget, st.Budget.Context(), st.Budget.LintContext()
	if code := f.lintOptions(p, st, env); code != ExitOK {
		p.close()
		return nil, code
	}
	return p, ExitOK
}

// lintOptions sets p.opts and p.changed from the flags.
func (f *runFlags) lintOptions(p *runPlan, st *setup, env Env) int {
	p.opts = st.lintOptions()
	// A file that cannot be read while unreadable-file is disabled is a
	// warning, as ruff's with E902 off; workers call it concurrently.
	var warnMu sync.Mutex
	p.opts.Warn = func(msg string) {
		warnMu.Lock()
		defer warnMu.Unlock()
		fmt.Fprintf(env.Stderr, "citelint: warning: %s\n", msg)
	}
	var err error
	p.changed, err = engine.ChangedLines(p.lintCtx, engine.NewFrom{Rev: f.newFromRev, MergeBase: f.newFromMergeBase, Patch: f.newFromPatch}, env.Getwd)
	if err == nil {
		err = f.runOptions(p).Check(st.Files)
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		return ExitUsage
	}
	return ExitOK
}

// networkPass runs the engine's network pass (the lookups the enabled
// rules need, the evidence and the judge) with the workflow's consent;
// the lint that follows uses what it sets up.
func (f *runFlags) networkPass(p *runPlan, st *setup, env Env) int {
	jp := planJudge(p.cfg, p.tr, env)
	n, err := st.Engine.LookUpWithin(p.budget, st.Files, p.tr.networkOptions(f.offline, f.refresh, jp, env))
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		if ce := (*config.Error)(nil); errors.As(err, &ce) {
			f.annotateConfig(err, false)
			return ExitUsage // resolvers.cache.dir leads out of the project
		}
		return ExitFailure
	}
	p.net = n
	if n.Support != nil {
		// Only a claim-support rule would ask the judge.
		warnJudge(jp, p.cfg, env)
	}
	return ExitOK
}

// close releases the run's contexts once the report is out.
func (p *runPlan) close() { p.budget.Close() }

// beforeReport and beforePrint, when set, run before a batch run's issues
// go through the pipeline and before its report is printed.
var beforeReport, beforePrint func()

// runOptions are the engine's options for this run.
func (f *runFlags) runOptions(p *runPlan) engine.RunOptions {
	return engine.RunOptions{Lint: &p.opts, LintContext: p.lintCtx, Network: p.net,
		Fix: f.fix || f.diff, UnsafeFixes: f.unsafe, Changed: p.changed,
		Baseline: p.baseline, WriteBaseline: f.writeBaseline != "", FailLevel: p.failLevel,
		FailOnUnverified: f.failOnUnverified || p.cfg.Issues.FailOnUnverified,
		PathPrefix:       f.pathPrefix, Version: version.Version, Formats: formatNames(p.formats)}
}

// saveBaseline writes the baseline the report recorded, when
// --write-baseline asks for one; false after reporting a failure.
func (f *runFlags) saveBaseline(b *pipeline.BaselineFile, env Env) bool {
	if b == nil {
		return true
	}
	if err := engine.WriteBaseline(f.writeBaseline, b); err != nil {
		fmt.Fprintf(env.Stderr, "citelint: --write-baseline: %v\n", err)
		return false
	}
	fmt.Fprintf(env.Stderr, "citelint: recorded %d %s in %s\n", len(b.Entries), output.Plural(len(b.Entries), "issue"), f.writeBaseline)
	return true
}

// judgeStats says what the judge did, once the report is complete.
func (p *runPlan) judgeStats() {
	if p.net != nil && p.net.Judge != nil {
		fmt.Fprintf(p.stderr, "citelint: %s\n", p.net.Judge.Stats())
	}
}

// stream prints the report file by file as the results come, and each
// result is dropped once printed: memory stays bounded by the files in
// flight, and printing overlaps linting.
func (f *runFlags) stream(p *runPlan, sp output.StreamPrinter, st *setup, env Env) int {
	var res *engine.Result
	err := reportfile.With(p.formats[0], p.cfg, env.Stdout, env.Stderr, func(w io.Writer) error {
		prog := progress.For(env.Stderr, env.Getenv, len(st.Files.Paths))
		lw := prog.ReportWriter(w)
		out := sp.Stream(lw, version.Version)
		o := f.runOptions(p)
		o.Stream, o.FileDone, o.LintDone = out.Issues, prog.FileDone, prog.End
		res = st.Engine.Run(p.ctx, st.Files, o)
		p.judgeStats()
		if err := out.End(res.Report); err != nil {
			return err
		}
		return lw.Flush()
	})
	if res == nil {
		// The report's destination was refused before the lint: the run
		// decides on an empty report (--write-baseline records none).
		res = st.Engine.Run(p.ctx, engine.Files{}, f.runOptions(p))
	}
	exit := f.exitCode(res, p, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		exit = ExitFailure
	}
	if !f.saveBaseline(res.NewBaseline, env) {
		exit = ExitFailure
	}
	return exit
}

// batch lints every file, prints diffs or writes fixes, then prints the
// whole report in each format.
func (f *runFlags) batch(p *runPlan, st *setup, paths []string, env Env) int {
	prog := progress.For(env.Stderr, env.Getenv, len(st.Files.Paths)) // the report is printed after it ends
	o := f.runOptions(p)
	o.FileDone = prog.FileDone
	if f.fix {
		wd, _ := os.Getwd() // "" on failure: FixRoots falls back to "."
		o.WriteFixes, o.FixRoots, o.Stdout, o.BeforeFixWrite = true, engine.FixRoots(paths, cmp.Or(p.cfg.Dir, wd)), env.Stdout, beforeFixWrite
	}
	o.LintDone = func() {
		prog.End()
		if beforeReport != nil && !f.diff {
			beforeReport()
		}
	}
	res := st.Engine.Run(p.ctx, st.Files, o)
	if f.diff {
		return printDiffs(res.Files, st.Files.Errs, env)
	}
	if res.StdoutTaken {
		reportfile.AwayFromStdout(p.formats)
	}
	report := res.Report
	p.judgeStats()
	exit := f.exitCode(res, p, env)
	failed := !f.saveBaseline(res.NewBaseline, env)
	if beforePrint != nil {
		beforePrint()
	}
	for i, of := range p.formats {
		err := reportfile.Write(p.printers[i], of, report, p.cfg, env.Stdout, env.Stderr)
		switch {
		case errors.Is(err, output.ErrTimeLimit):
			// Written whole, and short: the run timed out, as when the
			// lint does (exit 4 over issues and files not checked).
			fmt.Fprintf(env.Stderr, "citelint: the %s report leaves issues out: %v\n", of.Format, err)
			exit = ExitTimeout
		case err != nil:
			fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
			failed = true
		}
	}
	if failed { // a report or the baseline not written
		exit = ExitFailure
	}
	return exit
}

// outputs returns the report formats (the --format flags, else the
// config's) with a printer for each; false after reporting a bad one.
func (f *runFlags) outputs(cfg *config.Config, env Env) ([]config.OutputFormat, []output.Printer, bool) {
	formats := cfg.Output.Formats
	if len(f.formats) > 0 {
		formats = nil
		for _, s := range f.formats {
			of, err := reportfile.ParseFlag(s)
			if err != nil {
				fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
				return nil, nil, false
			}
			of.FromFlag = true
			formats = append(formats, of)
		}
	}
	printers := make([]output.Printer, len(formats))
	for i, of := range formats {
		p, err := format.New(of.Format, format.Options{Color: f.useColor(of, env), StepSummaryPath: env.Getenv("GITHUB_STEP_SUMMARY")})
		if err != nil {
			fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
			return nil, nil, false
		}
		printers[i] = p
	}
	return formats, printers, true
}

// exitCode is the run's exit code for the engine's verdict; a network
// pass cut short at its share of the time limit also makes it 4.
func (f *runFlags) exitCode(res *engine.Result, p *runPlan, env Env) int {
	exit := ExitOK
	switch res.Verdict() {
	case engine.Fail:
		exit = f.issueExit
	case engine.Broken:
		exit = ExitFailure
	case engine.TimedOut:
		s := res.Report.Summary
		fmt.Fprintf(env.Stderr, "citelint: timed out after %v: %d %s checked, %d not checked", p.budget.Limit(), s.Files, output.Plural(s.Files, "file"), s.NotChecked)
		if n := s.NotReported; n > 0 {
			fmt.Fprintf(env.Stderr, ", the issues of %d not reported", n)
		}
		if s.SearchStopped > 0 {
			fmt.Fprint(env.Stderr, ", and the search for files stopped before it found them all")
		}
		fmt.Fprintln(env.Stderr, "; the report holds the files that finished")
		return ExitTimeout
	}
	if p.budget.NetworkCut() {
		exit = ExitTimeout
	}
	return exit
}

// printDiffs prints what --fix would change as unified diffs, and a count on
// standard error. Exit 1 means there are fixes to apply (ruff's --diff).
func printDiffs(results []lint.FileResult, walkErrs []lint.FileError, env Env) int {
	defer format.PauseWorkflowCommands(env.Stdout, env.Getenv("GITHUB_ACTIONS") == "true")()
	files, fixes := 0, 0
	exit := ExitOK
	wd, err := env.Getwd() // once for the run, as for the report's paths
	if err != nil {
		wd = "" // unknown: the paths as given
	}
	for _, r := range results {
		if r.Err != nil {
			fmt.Fprintf(env.Stderr, "citelint: %v\n", r.Err)
			exit = ExitFailure
			continue
		}
		if r.Original == nil {
			continue
		}
		oldName, newName := fix.DiffNames(r.Path, wd)
		io.WriteString(env.Stdout, fix.Unified(oldName, newName, r.Original, r.Src))
		files++
		fixes += r.Fixed
	}
	for _, e := range walkErrs {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", e)
		exit = ExitFailure
	}
	if files > 0 {
		fmt.Fprintf(env.Stderr, "citelint: would fix %d %s in %d %s\n", fixes, output.Plural(fixes, "issue"), files, output.Plural(files, "file"))
		if exit == ExitOK {
			exit = ExitIssues
		}
	}
	return exit
}

// formatNames are the formats' names, for the engine to keep what they
// read (engine.RunOptions.Formats).
func formatNames(formats []config.OutputFormat) []string {
	names := make([]string, len(formats))
	for i, of := range formats {
		names[i] = of.Format
	}
	return names
}

// colorModes are --color's values; anything else is a usage error rather
// than a silent "auto".
var colorModes = []string{"auto", "always", "never"}

func (f *runFlags) useColor(of config.OutputFormat, env Env) bool {
	switch f.color {
	case "always":
		return true
	case "never":
		return false
	}
	if of.Format != "text" || of.Path != config.Stdout || env.Getenv("NO_COLOR") != "" {
		return false
	}
	return progress.IsTerminal(env.Stdout)
}
