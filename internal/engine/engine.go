// Package engine is citelint's per-file engine behind one entry point: it
// turns a loaded config into the rules, bibliographies and sources a run
// needs, lints documents (bytes or paths) and passes their issues through
// the report pipeline (exclusions, severity, limits), so that every caller
// gets what `citelint run --format json` reports. Its callers are the
// command line (cli), the editor and agent servers (lsp, mcpserver) and
// the public package engine, a small API over it for Go programs; what
// only the command line and servers need (the walk, the network pass's
// pieces, the report's stages, rule overrides, time shares) is exported
// here, inside the module, and nowhere else.
//
// The network pass is the engine's too (network.go): LookUp collects the
// identifiers the documents cite, looks each up once through the config's
// resolvers and cache, and sets up the evidence, the support tally and the
// judge that the lints after it use; Options.Network makes LintPaths and
// LintBytes run it themselves. What the config alone may not grant
// (private addresses, trusted hosts, the judge's URL and API key) comes
// from the caller as plain values in NetworkOptions: the engine never
// reads the environment. The command line (cli) decides that consent from
// its flags and environment and adds fix writing and printers.
package engine

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/bib"
	"github.com/citelint/citelint/internal/engine/report"
	"github.com/citelint/citelint/internal/evidence"
	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/claims"
	"github.com/citelint/citelint/internal/rules/registry"
	"github.com/citelint/citelint/internal/safefile"
	"github.com/citelint/citelint/internal/sources"
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// Options are what a caller adds to the config.
type Options struct {
	// WorkDir is the working directory: relative paths, the project root
	// and the report's paths are taken from it. "" is os.Getwd.
	WorkDir string
	// Bibliographies are read after the config's, as given (the command
	// line's --bibliography: not confined to the project).
	Bibliographies []string
	// Sources, when set, replaces the config's sources and is read as given.
	Sources string
	// Concurrency bounds the files linted at once; 0 is the config's
	// run.concurrency, else the number of CPUs.
	Concurrency int
	// Lookups are network answers got elsewhere (an earlier LookUp, a
	// test's registry stub) for the network rules; nil leaves them
	// without answers.
	Lookups rules.Lookups
	// Evidence finds the text references stand for, for the
	// claim-support rules (package evidence); nil gives them none.
	Evidence rules.Evidence
	// Context bounds what New reads: the bibliographies stop being read
	// when it ends (the run's --timeout), and New returns an error that
	// wraps its Err. nil is context.Background().
	Context context.Context
	// Network, when set, makes LintPaths and LintBytes run the network
	// pass (LookUp) with these decisions before linting, so that the
	// network and claim-support rules report what `citelint run` does;
	// its answers and evidence take the place of Lookups and Evidence.
	// nil lints offline.
	Network *NetworkOptions
	// Lean skips splitting prose into sentences when no enabled rule reads
	// them (lint.Options.SkipClaims): the Report's claim counts are then 0.
	// The golden tests set it, so that a rule reading sentences without
	// declaring rules.NeedClaims finds none.
	Lean bool
}

// Engine lints documents with one loaded config. LintBytes and LintPaths
// may be called from several goroutines at once; a Report is one
// goroutine's.
type Engine struct {
	cfg     *config.Config
	wd      string
	root    string // project root, see findRoot
	env     *resolve.Env
	rules   []lint.Enabled
	ruleEnv *rules.Env
	proj    *report.Project // what a report needs of the engine
	workers int
	lean    bool            // Options.Lean
	net     *NetworkOptions // Options.Network
	// finder is the offline evidence New sets up for claim-support rules,
	// nil when Options.Evidence was given or no rule reads source text.
	finder *evidence.Finder
}

// ConfigOptions are the options config.Load and config.New need to check
// rule names: the registry's.
func ConfigOptions() config.Options {
	// NewSettings lets Load check every rule's settings, on or off, as
	// `citelint config verify` and `run` do.
	return config.Options{Rules: registry.Names(), NewSettings: registry.NewSettings}
}

// LoadConfig loads the config as `citelint run` does: the file at path
// when one is named, else the one found from dir upwards, else the
// defaults; none (--no-config) takes the defaults without looking. It
// returns the path read ("" for the defaults). Every caller (the command
// line, the editor and agent servers) loads through it.
func LoadConfig(dir, path string, none bool) (*config.Config, string, error) {
	opts := ConfigOptions()
	if none {
		return config.New(opts), "", nil
	}
	if path == "" {
		var err error
		if path, err = config.Find(dir); err != nil {
			return nil, "", err
		}
		if path == "" {
			return config.New(opts), "", nil
		}
	}
	cfg, err := config.Load(path, opts)
	return cfg, path, err
}

// VerifyConfig is `citelint config verify`: the file at path, else the
// one found from dir upwards (found is "" when there is none), loaded as
// LoadConfig loads it, so that verify and run accept and reject the same
// files. problems are the file's errors in file order (each a
// *config.Error); err is what kept it from being read.
func VerifyConfig(dir, path string) (found string, problems []error, err error) {
	if path == "" {
		if path, err = config.Find(dir); err != nil || path == "" {
			return "", nil, err
		}
	}
	if _, err := config.Load(path, ConfigOptions()); err != nil {
		if es, ok := err.(config.Errors); ok { // Parse's only error type
			return path, es.Unwrap(), nil
		}
		return path, nil, err
	}
	return path, nil, nil
}

// New selects the enabled rules with their settings and loads the
// bibliographies and sources the config and o name. Errors name the file.
func New(cfg *config.Config, o Options) (*Engine, error) {
	e := &Engine{cfg: cfg, wd: o.WorkDir, env: resolve.NewEnv(nil), ruleEnv: &rules.Env{}}
	if e.wd == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		e.wd = wd
	}
	cfgRoot, err := e.findRoot()
	if err != nil {
		return nil, fmt.Errorf("project root: %w", err)
	}
	ctx := o.Context
	if ctx == nil {
		ctx = context.Background()
	}
	if err := e.loadBibliographies(ctx, cfgRoot, o.Bibliographies); err != nil {
		return nil, err
	}
	if err := e.loadSources(cfgRoot, o.Sources); err != nil {
		return nil, err
	}
	e.ruleEnv.HasSources = e.env.Sources != nil || e.env.HasBibliography()
	e.ruleEnv.Sources = e.env.Sources.Len()
	e.ruleEnv.Lookups = o.Lookups
	if o.Evidence != nil {
		e.ruleEnv.Evidence, e.ruleEnv.Support = o.Evidence, &rules.SupportStats{}
	}
	if err := e.selectRules(); err != nil {
		return nil, err
	}
	e.proj = &report.Project{Config: cfg, WorkDir: e.wd, RootRel: e.rootRel, Rules: e.rules}
	e.ruleEnv.NumbersDecide = slices.ContainsFunc(e.rules, func(r lint.Enabled) bool { return r.Rule == claims.NumberMismatch })
	if e.ruleEnv.Evidence == nil && usesSourceText(e.rules) {
		// Offline evidence for every caller (run, the editor and agent
		// servers, LintBytes): the source store, bibliography abstracts
		// and files inside the project. The network pass replaces it
		// with one that also has its answers.
		e.finder = e.NewFinder()
		e.ruleEnv.Evidence, e.ruleEnv.Support = e.finder, &rules.SupportStats{}
	}
	e.workers, e.lean = o.Concurrency, o.Lean
	if e.workers == 0 {
		e.workers = cfg.Run.Concurrency
	}
	if err := e.setNetwork(o.Network); err != nil {
		return nil, err
	}
	return e, nil
}

// NewFinder returns an evidence finder over the engine's source store and
// the project's files, without network answers (set Lookups for them).
func (e *Engine) NewFinder() *evidence.Finder {
	return &evidence.Finder{ReadLocal: true, Root: e.root, Store: e.env.Sources}
}

// findRoot sets e.root, the project root the reads a document causes
// must stay inside: the top of the Git work tree holding the working
// directory, else the working directory. It returns the Root that what
// the config names must stay inside: nil (no confinement) for a config
// outside the project, which a pull request cannot have written.
func (e *Engine) findRoot() (*safefile.Root, error) {
	e.root = safefile.FindRoot(e.wd)
	root, err := safefile.NewRoot(e.root)
	if err != nil {
		return nil, err
	}
	if e.cfg.Path == "" || root.Check(e.cfg.Path) != nil {
		return nil, nil
	}
	return root, nil
}

// loadBibliographies reads the config's bibliographies (relative to the
// config file), then extra. What the config names stays inside the
// project root when the config lies in it; extra is read as given. When
// ctx ends, the reading stops with an error that wraps ctx.Err().
func (e *Engine) loadBibliographies(ctx context.Context, cfgRoot *safefile.Root, extra []string) error {
	var bibs []string
	for _, b := range e.cfg.Bibliography {
		bibs = append(bibs, e.cfg.Resolve(b))
	}
	for i, b := range append(bibs, extra...) {
		root := cfgRoot
		if i >= len(bibs) {
			root = nil
		}
		entries, err := bib.LoadInContext(ctx, root, b)
		if err != nil {
			return fmt.Errorf("bibliography: %w", err)
		}
		e.env.AddBibliography(b, entries)
	}
	return nil
}

// loadSources reads the source store: flag (as given), else the config's
// (confined like its bibliographies).
func (e *Engine) loadSources(cfgRoot *safefile.Root, flag string) error {
	src, srcRoot := flag, (*safefile.Root)(nil)
	if src == "" && e.cfg.Sources != "" {
		src, srcRoot = e.cfg.Resolve(e.cfg.Sources), cfgRoot
	}
	if src == "" {
		return nil
	}
	store, err := sources.LoadIn(srcRoot, src)
	if err != nil {
		return fmt.Errorf("sources: %w", err)
	}
	e.env.Sources = store
	return nil
}

// ruleEnabled reports whether the rule called name (canonical) runs, given
// its own default and whether the "reports" set adds it. As in golangci-lint
// v2, the set starts from rules.default, then enable adds and disable
// removes. Parse and cli's flags keep the lists disjoint; if code builds a
// Config with a rule in both, disable wins: failing safe means running
// fewer rules than asked, not more.
func ruleEnabled(rs *config.Rules, name string, defaultOn, inReports bool) bool {
	switch {
	case slices.Contains(rs.Disable, name):
		return false
	case slices.Contains(rs.Enable, name):
		return true
	}
	switch rs.Default {
	case config.DefaultAll:
		return true
	case config.DefaultNone:
		return false
	case config.DefaultReports:
		return defaultOn || inReports
	}
	return defaultOn
}

// selectRules keeps the rules the config enables, with their settings.
func (e *Engine) selectRules() error {
	for _, r := range registry.All() {
		if !ruleEnabled(&e.cfg.Rules, r.Name, r.Default, r.Reports) {
			continue
		}
		settings := r.DefaultSettings()
		if settings != nil {
			if r.ReportsSettings != nil && e.cfg.Rules.Default == config.DefaultReports {
				r.ReportsSettings(settings)
			}
			if err := e.cfg.DecodeSettings(r.Name, settings); err != nil {
				return err
			}
		}
		e.rules = append(e.rules, lint.Enabled{Rule: r, Settings: settings})
	}
	return nil
}

// rootRel returns path p (as lint names it: relative to the working
// directory, or absolute) relative to the project root, slash-separated:
// what is the same for a file on every machine (shards, baselines). "-"
// stays "-"; a path outside the root stays absolute.
func (e *Engine) rootRel(p string) string {
	if p == "-" {
		return p
	}
	abs := filepath.FromSlash(p)
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(e.wd, abs)
	}
	if r, err := filepath.Rel(e.root, abs); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(abs)
}

// Rules returns the enabled rules with their decoded settings.
func (e *Engine) Rules() []lint.Enabled { return e.rules }

// Files is what a set of paths names: the documents to lint, the paths
// that could not be walked, and the folders among the paths.
type Files struct {
	Paths []string
	Errs  []lint.FileError
	Dirs  []string
	// Stdin is the path among Paths that stands for standard input ("-",
	// or WalkOptions.StdinName), "" when there is none; ReadStdin reads
	// its document.
	Stdin string
	// StdinExcluded says that standard input was given under a name
	// run.exclude excludes: it is not linted (and --fix echoes it).
	StdinExcluded bool
	// StdinSrc is what ReadStdin read.
	StdinSrc []byte
	// ForceExcluded counts the paths named explicitly that
	// WalkOptions.ForceExclude left out.
	ForceExcluded int
	// Sharded counts the files that belong to other shards.
	Sharded int

	inputs map[string][]byte
}

// ReadStdin reads standard input from r for the document fs.Stdin names
// (capped as a file on disk is), so that Options lints it from those
// bytes. A failed read is that document's error; the others are linted.
func (fs *Files) ReadStdin(r io.Reader) {
	if fs.Stdin == "" && !fs.StdinExcluded {
		return
	}
	src, err := lint.ReadInput(r)
	if err != nil {
		name := cmp.Or(fs.Stdin, "-")
		fs.Errs = append(fs.Errs, lint.InputError(name, err))
		fs.Paths = slices.DeleteFunc(fs.Paths, func(p string) bool { return p == fs.Stdin })
		fs.Stdin = ""
		return
	}
	fs.StdinSrc = src
	if fs.Stdin != "" {
		fs.inputs = map[string][]byte{fs.Stdin: src}
	}
}

// WalkOptions are what a caller (the command line) adds to the config's
// choice of files.
type WalkOptions struct {
	// StdinName is the path standard input ("-") stands for, as
	// --stdin-filename in golangci-lint and ruff: issues name it, its
	// front matter's bibliographies are found from its folder, the
	// config's exclusions and severities match it, and run.exclude
	// leaves it unlinted. "" keeps "-".
	StdinName string
	// ForceExclude applies run.exclude to files named explicitly.
	ForceExclude bool
	// NoGitignore also lints what .gitignore files make git ignore.
	NoGitignore bool
	// Shard keeps one part of the files (and of the walk's errors).
	Shard Shard
	// Ctx, when set, bounds the directory walk: once it is done the walk
	// stops, and each folder it did not finish is an error.
	Ctx context.Context
	// Warn, when set, is told what the walk could not do as asked.
	Warn func(string)
}

// Walk finds the documents under paths (none: the config's run.paths,
// else the working directory) with the config's include and exclude
// globs, confined to the project root, skipping what git ignores.
func (e *Engine) Walk(paths []string) Files { return e.WalkWith(paths, WalkOptions{}) }

// FromWorkDir returns paths with the relative ones taken from the
// engine's working directory (Options.WorkDir), as a program that sets one
// elsewhere than its own means them; unchanged when WorkDir is the
// process's (the command line). "-" stays standard input.
func (e *Engine) FromWorkDir(paths []string) []string {
	if cwd, err := os.Getwd(); err != nil || sameDir(e.wd, cwd) {
		return paths
	}
	out := make([]string, len(paths))
	for i, p := range paths {
		if p != "-" && !filepath.IsAbs(p) {
			p = filepath.Join(e.wd, p)
		}
		out[i] = p
	}
	return out
}

// sameDir reports whether a and b name one folder.
func sameDir(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// WalkWith is Walk with the caller's options.
func (e *Engine) WalkWith(paths []string, o WalkOptions) Files {
	cfg := e.cfg
	paths = e.FromWorkDir(paths)
	if len(paths) == 0 && len(cfg.Run.Paths) == 0 {
		// Like golangci-lint: what -c points at configures the run, it
		// does not move it; "-c other/dir/cfg.yaml" lints the current folder.
		paths = e.FromWorkDir([]string{"."})
	}
	if len(paths) == 0 {
		// Config paths are relative to the config file; print them relative
		// to the working directory, as golangci-lint does, so that editors
		// and annotations get short, clickable paths.
		for _, p := range cfg.Run.Paths {
			abs := cfg.Resolve(p)
			if rel, err := filepath.Rel(e.wd, abs); err == nil && !strings.HasPrefix(rel, "..") {
				abs = rel
			}
			paths = append(paths, abs)
		}
	}
	base := cfg.Dir
	if cfg.Path == "" {
		base = ""
	}
	var fs Files
	root := safefile.FindRoot(e.wd)
	if o.ForceExclude {
		// What pre-commit names (every changed file) obeys run.exclude,
		// as a directory walk does.
		paths = slices.DeleteFunc(slices.Clone(paths), func(p string) bool {
			out := p != "-" && lint.Excluded(base, e.fromWorkDir(base, p), cfg.Run.Exclude)
			if out {
				fs.ForceExcluded++
			}
			return out
		})
	}
	fs.Paths, fs.Errs = lint.WalkWith(paths, lint.WalkOptions{
		Root: root, Base: base, Include: cfg.Run.Include, Exclude: cfg.Run.Exclude,
		Gitignore: !o.NoGitignore, Ctx: o.Ctx, Warn: o.Warn,
	})
	fs.Paths, fs.Errs = danglingAsFiles(fs.Paths, fs.Errs)
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			fs.Dirs = append(fs.Dirs, p)
		}
	}
	if slices.Contains(fs.Paths, "-") {
		fs.Stdin = "-"
		if o.StdinName != "" {
			fs.nameStdin(o.StdinName, e.fromWorkDir(base, o.StdinName), base, cfg.Run.Exclude)
		}
	}
	fs.Sharded = fs.keep(o.Shard, e.rootRel)
	return fs
}

// danglingAsFiles moves each dangling symbolic link the walk could not
// follow (one with a document's name: draft.md -> missing.md) from the
// walk's errors to the files, so that reading it fails as an
// unreadable-file finding on it, as ruff's E902: a file citelint cannot
// read is no failure of the run. A folder it could not enter, a path
// named that does not exist and a search cut short stay errors.
func danglingAsFiles(paths []string, errs []lint.FileError) ([]string, []lint.FileError) {
	n := len(paths)
	errs = slices.DeleteFunc(errs, func(e lint.FileError) bool {
		fi, err := os.Lstat(e.Path)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			return false
		}
		if _, err := os.Stat(e.Path); err == nil {
			return false // it leads somewhere after all: not dangling
		}
		paths = append(paths, e.Path)
		return true
	})
	if len(paths) > n {
		slices.Sort(paths)
		paths = slices.Compact(paths)
	}
	return paths, errs
}

// fromWorkDir is p as the exclude globs must see it: a path named on the
// command line is relative to the working folder, and the globs to base
// (the config's folder), so "../vendor/a.md" named from docs/ matches
// "vendor/**" as "vendor/a.md" named from the root does.
func (e *Engine) fromWorkDir(base, p string) string {
	if base == "" || filepath.IsAbs(p) || !filepath.IsAbs(base) {
		return p
	}
	return filepath.Join(e.wd, p)
}

// nameStdin puts name in the place of "-" among fs.Paths, or leaves it
// out when exclude excludes it.
func (fs *Files) nameStdin(name, nameFromBase, base string, exclude []string) {
	fs.Paths = slices.DeleteFunc(fs.Paths, func(p string) bool { return p == "-" })
	fs.Stdin = ""
	if lint.Excluded(base, nameFromBase, exclude) {
		fs.StdinExcluded = true
		return
	}
	fs.Stdin = filepath.ToSlash(name)
	if i, found := slices.BinarySearch(fs.Paths, fs.Stdin); !found {
		fs.Paths = slices.Insert(fs.Paths, i, fs.Stdin)
	}
}

// LintOptions returns the options lint needs for the engine's rules; a
// caller may add to them (standard input, fixes, network answers).
func (e *Engine) LintOptions(dirs []string) lint.Options {
	return lint.Options{
		Rules:       e.rules,
		Env:         e.env,
		Root:        e.root,
		Dirs:        dirs,
		RuleEnv:     e.ruleEnv,
		Known:       registry.Known,
		Concurrency: e.workers,
		SkipClaims:  e.lean,
	}
}

// Options returns the lint options for what fs names: LintOptions with
// its folders and the standard input ReadStdin read.
func (e *Engine) Options(fs Files) lint.Options {
	o := e.LintOptions(fs.Dirs)
	o.Inputs = fs.inputs
	return o
}

// LintBytes lints one document held in memory as the file at path and
// returns what `citelint run --format json` would report for it: issues
// after suppression, exclusions and severity (each with its fix, if any),
// the summary, and the document's error if it could not be linted. A
// cancelled ctx gives a report whose file is "not checked".
func (e *Engine) LintBytes(ctx context.Context, path string, src []byte) *output.Report {
	opts := e.LintOptions(nil)
	in := opts
	in.Inputs = map[string][]byte{path: src}
	n, errs := e.networkFor(ctx, []string{path}, in, &opts)
	if opts.RuleEnv.Support != nil && n == nil {
		// This call's own tally: lints of the same path may run at once.
		env := *opts.RuleEnv
		env.Support, opts.RuleEnv = &rules.SupportStats{}, &env
	}
	r := e.NewReport(ReportOptions{})
	fr := lint.Source(ctx, path, src, opts)
	r.SetIssues(r.Process(r.Add(fr)))
	r.SetSupport([]lint.FileResult{fr}, opts.RuleEnv.Support)
	r.Finish(errs, e.unverified(n))
	e.judgeStats(n)
	return r.Output()
}

// LintPaths lints the documents under paths (as Walk finds them) and
// returns the report `citelint run --format json` prints for them (with
// the network pass when Options.Network is set): Run with no fix, no
// fail level, and the report unbounded. When ctx ends, the files not yet
// linted are reported as not checked, as --timeout does.
func (e *Engine) LintPaths(ctx context.Context, paths []string) *output.Report {
	fs := e.Walk(paths)
	fs.ReadStdin(os.Stdin) // for a path "-"
	var issues []result.Issue
	res := e.Run(context.Background(), fs, RunOptions{LintContext: ctx, Stream: func(iss []result.Issue) { issues = append(issues, iss...) }})
	res.Report.Issues = issues
	e.judgeStats(res.Network)
	return res.Report
}
