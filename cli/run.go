package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/engine"
	"github.com/citelint/citelint/evidence"
	"github.com/citelint/citelint/fix"
	"github.com/citelint/citelint/gitdiff"
	"github.com/citelint/citelint/internal/atomicfile"
	"github.com/citelint/citelint/lint"
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/resolve/verify"
	"github.com/citelint/citelint/result"
	"github.com/citelint/citelint/rules"
)

// runFlags are run's own flags on top of setupFlags.
type runFlags struct {
	setupFlags
	formats   repeatList
	failLevel string
	timeout   time.Duration
	color     string
	issueExit int
	fix       bool
	unsafe    bool
	diff      bool

	newFromRev, newFromMergeBase, newFromPatch string
	pathPrefix                                 string

	offline, refresh, failOnUnverified bool

	profile profileFlags
	trust   trustFlags
}

func runCmd(args []string, env Env) int {
	fs := newFlagSet("run", env, "run [flags] [path ...]")
	var f runFlags
	f.register(fs)
	fs.Var(&f.formats, "format", "output format NAME[:PATH] (repeatable): "+fmt.Sprint(output.Formats()))
	fs.StringVar(&f.failLevel, "fail-level", "", "lowest severity that makes the exit code 1: note, warning or error (default: config issues.fail-level, else warning)")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop after this long, exit code 4 (default: config run.timeout, 0 = none)")
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
	fs.BoolVar(&f.diff, "diff", false, "print the fixes as a unified diff instead of writing them; exit 1 when there are any")
	fs.StringVar(&f.profile.cpuPath, "cpu-profile-path", "", "write a CPU profile (go tool pprof) of the run to this file")
	fs.StringVar(&f.profile.memPath, "mem-profile-path", "", "write an allocation profile (go tool pprof) of the run to this file")
	f.trust.register(fs)
	paths, err := parseInterleaved(fs, args, env.Stdout)
	if err != nil {
		return flagExit(err)
	}
	if !slices.Contains(colorModes, f.color) {
		fmt.Fprintf(env.Stderr, "citelint: --color %q: want one of %s\n", f.color, strings.Join(colorModes, ", "))
		return ExitUsage
	}
	defer f.profile.start(env.Stderr)()
	st, code := f.setup(paths, env)
	if st == nil {
		return code
	}
	cfg := st.cfg
	tr, err := f.trust.consent(cfg, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		return ExitUsage
	}
	failLevel := cfg.Issues.FailLevel
	if f.failLevel != "" {
		lv, ok := result.ParseSeverity(f.failLevel)
		if !ok {
			fmt.Fprintf(env.Stderr, "citelint: --fail-level %q: want one of %s\n", f.failLevel, strings.Join(config.SeverityNames, ", "))
			return ExitUsage
		}
		failLevel = lv
	}
	formats, printers, ok := f.outputs(cfg, env)
	if !ok {
		return ExitUsage
	}
	if len(st.files) == 0 && len(st.walkErrs) == 0 {
		fmt.Fprintln(env.Stderr, "citelint: no Markdown files found")
		return ExitNoFiles
	}

	timeout := f.timeout
	if timeout == 0 {
		timeout = cfg.Run.Timeout
	}
	ctx := context.Background()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	netTimedOut := false
	opts := st.lintOptions(&env)
	// Sources of files with issues are kept until the report is printed;
	// only SARIF (fix regions) and --fix/--diff read them, and keeping them
	// otherwise made peak memory grow with the corpus (0.8 GB for 128 MB).
	opts.KeepSources = f.fix || f.diff
	for _, of := range formats {
		if of.Format == "sarif" {
			opts.KeepSources = true
		}
	}
	changed, err := f.changedLines(ctx, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		return ExitUsage
	}
	if changed != nil {
		for _, p := range st.files {
			if p == "-" {
				fmt.Fprintln(env.Stderr, "citelint: --new-from-* cannot tell which lines of standard input changed")
				return ExitUsage
			}
		}
		opts.Changed = changed.File
	}
	if f.fix || f.diff {
		opts.Fix = &lint.FixOptions{Unsafe: f.unsafe, Skip: st.eng.Excluded}
	} else if f.unsafe {
		fmt.Fprintln(env.Stderr, "citelint: --unsafe-fixes needs --fix or --diff")
		return ExitUsage
	}
	// The network pass stops early enough to leave the lint its share of
	// the time: a lookup it had no time for is unverified, and the run
	// still reports every file.
	netCtx, netCancel := networkContext(ctx, timeout)
	defer netCancel()
	verified, err := verifyFiles(netCtx, st, opts, f.offline, f.refresh, tr, env.Stderr)
	if errors.Is(netCtx.Err(), context.DeadlineExceeded) && ctx.Err() == nil {
		fmt.Fprintf(env.Stderr, "citelint: network lookups stopped at %v, a part of --timeout %v: what they did not answer is unverified\n", networkShare(timeout), timeout)
		netTimedOut = true
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		return ExitFailure
	}
	if verified != nil {
		opts.RuleEnv.Lookups = verified
	}
	if usesSources(st.rules) {
		addEvidence(&opts, cfg, verified, env, tr)
	}
	rb := st.eng.NewReport(engine.ReportOptions{Changed: changed != nil, PathPrefix: f.pathPrefix, FailLevel: failLevel, Version: Version})
	var unverified map[string]int
	if verified != nil {
		unverified = verified.Unverified()
	}
	var exit int
	if sp, ok := streamable(&f, printers, opts, st.files); ok {
		// The report is printed file by file as the results come, and
		// each result is dropped once printed: memory stays bounded by the
		// files in flight, and printing overlaps linting.
		err := withOutput(formats[0], cfg, env, func(w io.Writer) error {
			out := sp.Stream(w, Version)
			lint.RunEach(ctx, st.files, opts, func(r lint.FileResult) {
				out.Issues(rb.Process(rb.Add(r)))
			})
			rb.Finish(st.walkErrs, unverified)
			return out.End(rb.Output())
		})
		exit = f.exitCode(rb, cfg, ctx, timeout, netTimedOut, env)
		if err != nil {
			fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
			exit = ExitFailure
		}
		return exit
	}
	results := lint.Run(ctx, st.files, opts)
	if f.diff {
		return printDiffs(results, st.walkErrs, env)
	}
	fixed := 0
	if f.fix {
		var stdoutTaken bool
		wd, _ := os.Getwd() // "" on failure: fixRoots falls back to "."
		fixed, stdoutTaken = writeFixes(results, fixRoots(paths, cfg.Dir, wd), env)
		if stdoutTaken {
			// The fixed document went to standard output: move the report
			// to standard error, as ruff does, so the two do not mix.
			for i := range formats {
				if formats[i].Path == config.Stdout || formats[i].Path == "" {
					formats[i].Path = config.Stderr
				}
			}
		}
	}
	report := rb.Output()
	var issues []result.Issue
	for _, r := range results {
		issues = append(issues, rb.Add(r)...)
		if r.Err == nil && len(r.Issues) > 0 {
			report.Files[r.Path] = r.Src
		}
	}
	if fixed > 0 {
		report.Summary.Extra = map[string]int{"fixed": fixed}
	}
	if opts.RuleEnv.Support != nil {
		report.Summary.Support, report.Summary.SupportFiles = supportSummary(results, opts.RuleEnv.Support)
	}
	rb.SetIssues(rb.Process(issues))
	rb.Finish(st.walkErrs, unverified)
	exit = f.exitCode(rb, cfg, ctx, timeout, netTimedOut, env)
	for i, of := range formats {
		if err := writeOutput(printers[i], of, rb.Output(), cfg, env); err != nil {
			fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
			exit = ExitFailure
		}
	}
	return exit
}

// addEvidence gives the source rules what they read: the sources (local
// files, and the registry answers when the network pass ran), a support
// tally for the summary, and the judge when one is configured.
func addEvidence(opts *lint.Options, cfg *config.Config, verified *verify.Results, env Env, tr trust) {
	finder := &evidence.Finder{ReadLocal: true, Root: opts.Root}
	if verified != nil {
		finder.Lookups = verified
	}
	opts.RuleEnv.Evidence = finder
	opts.RuleEnv.Support = &rules.SupportStats{}
	if c := newJudge(cfg, tr, env); c != nil {
		if cc, err := openCache(cfg); err == nil {
			c.Cache = cc
		}
		opts.RuleEnv.Judge = &warnOnce{judge: c, w: env.Stderr}
	}
}

// outputs returns the report formats (the --format flags, else the
// config's) with a printer for each; false after reporting a bad one.
func (f *runFlags) outputs(cfg *config.Config, env Env) ([]config.OutputFormat, []output.Printer, bool) {
	formats := cfg.Output.Formats
	if len(f.formats) > 0 {
		formats = nil
		for _, s := range f.formats {
			of, err := config.ParseFormatFlag(s)
			if err != nil {
				fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
				return nil, nil, false
			}
			formats = append(formats, of)
		}
	}
	printers := make([]output.Printer, len(formats))
	for i, of := range formats {
		p, err := output.New(of.Format, output.Options{Color: f.useColor(of, env), StepSummaryPath: env.Getenv("GITHUB_STEP_SUMMARY")})
		if err != nil {
			fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
			return nil, nil, false
		}
		printers[i] = p
	}
	return formats, printers, true
}

// streamable says whether the report can be printed file by file: one
// format that can stream (text, JSON), no fixes to apply first, no support
// summary (it needs every result), and files in path order, which is the
// report's order (lint.Walk sorts them).
func streamable(f *runFlags, printers []output.Printer, opts lint.Options, files []string) (output.StreamPrinter, bool) {
	if len(printers) != 1 || f.fix || f.diff || opts.RuleEnv.Support != nil || !sort.StringsAreSorted(files) {
		return nil, false
	}
	sp, ok := printers[0].(output.StreamPrinter)
	return sp, ok
}

// networkShare is how much of --timeout the network pass may use: all but
// a quarter (at least 100 ms, at most 30 s) kept for linting, which is
// fast offline.
func networkShare(timeout time.Duration) time.Duration {
	return timeout - min(max(timeout/4, 100*time.Millisecond), 30*time.Second)
}

// networkContext bounds the network pass by its share of the timeout.
func networkContext(ctx context.Context, timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout <= 0 || networkShare(timeout) <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, networkShare(timeout))
}

// exitCode is the run's exit code for its report.
func (f *runFlags) exitCode(rb *engine.Report, cfg *config.Config, ctx context.Context, timeout time.Duration, netTimedOut bool, env Env) int {
	exit := ExitOK
	if rb.Failed() {
		exit = f.issueExit
	}
	report := rb.Output()
	if report.Summary.Unverified > 0 && (f.failOnUnverified || cfg.Issues.FailOnUnverified) && exit == ExitOK {
		exit = f.issueExit
	}
	if len(report.Summary.Errors) > 0 {
		exit = ExitFailure
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		notChecked := 0
		for _, e := range report.Summary.Errors {
			if strings.Contains(e.Msg, "not checked: the run reached its time limit") {
				notChecked++
			}
		}
		fmt.Fprintf(env.Stderr, "citelint: timed out after %v: %d of %d files not checked; the report holds the files that finished\n", timeout, notChecked, report.Summary.Files)
		exit = ExitTimeout
	} else if netTimedOut {
		exit = ExitTimeout
	}
	return exit
}

// changedLines computes what the diff-aware flags ask for, or nil when none
// is given. Failing to compute the diff is an error: linting everything or
// nothing instead would pass a pull request that should fail, or bury it.
func (f *runFlags) changedLines(ctx context.Context, env Env) (*gitdiff.Set, error) {
	n := 0
	for _, v := range []string{f.newFromRev, f.newFromMergeBase, f.newFromPatch} {
		if v != "" {
			n++
		}
	}
	if n == 0 {
		return nil, nil
	}
	if n > 1 {
		return nil, errors.New("give only one of --new-from-rev, --new-from-merge-base and --new-from-patch")
	}
	wd, err := env.Getwd()
	if err != nil {
		return nil, err
	}
	if f.newFromPatch != "" {
		r, err := os.Open(f.newFromPatch)
		if err != nil {
			return nil, fmt.Errorf("--new-from-patch: %v", err)
		}
		defer r.Close()
		// Paths in a patch are relative to the repository root, as git
		// writes them; outside a repository, to the working directory.
		root := wd
		if top, err := gitdiff.Root(ctx, wd); err == nil {
			root = top
		}
		s, err := gitdiff.ParsePatch(r, root)
		if err != nil {
			return nil, fmt.Errorf("--new-from-patch: %s: %v", f.newFromPatch, err)
		}
		return s, nil
	}
	rev := f.newFromRev
	if f.newFromMergeBase != "" {
		if rev, err = gitdiff.MergeBase(ctx, wd, f.newFromMergeBase); err != nil {
			return nil, fmt.Errorf("--new-from-merge-base: %v", err)
		}
	}
	s, err := gitdiff.FromRev(ctx, wd, rev)
	if err != nil {
		return nil, fmt.Errorf("cannot compute the changed lines: %v", err)
	}
	return s, nil
}

// writeFixes writes each fixed file atomically (keeping its permissions and
// owner; line endings and BOM are untouched because fixes edit bytes inside
// lines) and returns how many fixes were applied. A file that cannot or
// must not be written (read-only, hard-linked, edited since it was read, or
// reached by a symlink out of roots) becomes a file error in its result.
// The fixed text of "-" goes to standard output.
func writeFixes(results []lint.FileResult, roots []string, env Env) (fixed int, stdoutTaken bool) {
	for i := range results {
		r := &results[i]
		if r.Path == "-" {
			stdoutTaken = true
			if r.Err == nil {
				env.Stdout.Write(r.Src)
			}
			fixed += r.Fixed
			continue
		}
		if r.Original == nil || r.Err != nil {
			continue
		}
		if beforeFixWrite != nil {
			beforeFixWrite(r.Path)
		}
		real, err := insideRoots(r.Path, roots)
		if err == nil {
			err = atomicfile.Replace(real, r.Original, r.Src)
		}
		if err != nil {
			r.Err = &lint.FileError{Path: r.Path, Err: fmt.Errorf("writing fixes: %w", err)}
			continue
		}
		fixed += r.Fixed
	}
	return fixed, stdoutTaken
}

// printDiffs prints what --fix would change as unified diffs, and a count on
// standard error. Exit 1 means there are fixes to apply (ruff's --diff).
func printDiffs(results []lint.FileResult, walkErrs []lint.FileError, env Env) int {
	defer pauseWorkflowCommands(env.Stdout, env)()
	files, fixes := 0, 0
	exit := ExitOK
	wd, wdErr := env.Getwd() // once for the run, as for the report's paths
	for _, r := range results {
		if r.Err != nil {
			fmt.Fprintf(env.Stderr, "citelint: %v\n", r.Err)
			exit = ExitFailure
			continue
		}
		if r.Original == nil {
			continue
		}
		name := r.Path
		if wdErr == nil {
			if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
				name = rel
			}
		}
		name = filepath.ToSlash(name)
		io.WriteString(env.Stdout, fix.Unified("a/"+name, "b/"+name, r.Original, r.Src))
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
	file, ok := env.Stdout.(*os.File)
	if !ok {
		return false
	}
	fi, err := file.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// writeOutput prints the report to the format's destination; files are
// written whole to a temporary name and renamed, so a reader never sees half.
func writeOutput(p output.Printer, of config.OutputFormat, r *output.Report, cfg *config.Config, env Env) error {
	return withOutput(of, cfg, env, func(w io.Writer) error { return p.Print(w, r) })
}

// withOutput calls write with the writer for of's destination; a file is
// written atomically, so a failed run never leaves half a report.
func withOutput(of config.OutputFormat, cfg *config.Config, env Env, write func(io.Writer) error) error {
	switch of.Path {
	case config.Stdout, "":
		return write(env.Stdout)
	case config.Stderr:
		return write(env.Stderr)
	}
	return atomicfile.Write(cfg.Resolve(of.Path), write)
}
