// Package engine is citelint as a library: what `citelint run` does, for a
// Go program. New turns a loaded config (package config) into the rules,
// bibliographies and sources a run needs; LintBytes lints a document held
// in memory, LintPaths the documents under folders, and Run does what
// `citelint run` does on them (fixes, the fail level's verdict). Each
// returns the report `citelint run --format json` prints: issues (package
// result) after suppression, exclusions and severity, the summary, and
// the files that could not be linted (package output).
//
// Offline by default. With Options.Network the network pass runs first,
// so that the rules that look identifiers up report what `citelint run`
// reports; what a config from a pull request may not grant itself
// (private addresses, trusted hosts, the judge's URL and API key) is the
// program's decision, given as plain values in NetworkOptions. The engine
// never reads flags or the environment.
//
// The command line, the editor and agent servers run the same engine
// (internal/engine), with what only they need.
package engine

import (
	"cmp"
	"context"
	"io"
	"os"

	"github.com/citelint/citelint/config"
	core "github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// ConfigOptions are what config.New and config.Load need to check a
// config's rule names and settings: the rule registry's.
//
//	cfg := config.New(engine.ConfigOptions())                    // the defaults
//	cfg, err := config.Load(".citelint.yaml", engine.ConfigOptions()) // a file
func ConfigOptions() config.Options { return core.ConfigOptions() }

// Options are what a program adds to the config.
type Options struct {
	// WorkDir is the working directory, which the project root is found
	// from and relative paths given to LintPaths and Run are taken from
	// (the report names them joined to it); "" is os.Getwd.
	WorkDir string
	// Bibliographies are read after the config's, as given (the command
	// line's --bibliography: not confined to the project).
	Bibliographies []string
	// Sources, when set, replaces the config's sources and is read as given.
	Sources string
	// Concurrency bounds the files linted at once; 0 is the config's
	// run.concurrency, else the number of CPUs.
	Concurrency int
	// Network, when set, makes every lint run the network pass first with
	// these decisions, so that the network and claim-support rules report
	// what `citelint run` does. nil lints offline.
	Network *NetworkOptions
}

// NetworkOptions are what the program decides for the network pass. A
// config may come from the pull request being linted, so it cannot grant
// itself private addresses or a secret: those decisions are the program's
// (the command line takes them from its flags and the environment) and
// reach the engine here (docs/security.md).
type NetworkOptions struct {
	// Offline makes no request: the network rules use the resolver cache
	// alone and anything not cached is unverified (--offline).
	Offline bool
	// Refresh ignores cached answers and asks again (--refresh).
	Refresh bool
	// AllowPrivate lets lookups reach loopback, private and link-local
	// addresses; the config's resolvers.url.allow-private is not read.
	AllowPrivate bool
	// TrustedHosts are hosts (lower-case host or host:port) the program
	// vouches for as endpoints: the judge and the resolvers' configured
	// URLs (a registry mirror) may be private there, and the judge's key
	// may go there. A document's link to such a host stays refused unless
	// AllowPrivate.
	TrustedHosts []string
	// JudgeURL is where the judge the config's judge section describes is
	// asked ("" leaves it off), with JudgeAPIKey ("" sends none); with
	// JudgeTrusted the program vouches for its host (run's --judge-url),
	// which may then be private.
	JudgeURL, JudgeAPIKey string
	JudgeTrusted          bool
	// Version is the program's version, for the User-Agent ("dev" when "").
	Version string
	// Stderr receives the pass's notes and the judge's warnings and
	// counts; nil discards them.
	Stderr io.Writer
}

func (n *NetworkOptions) core() *core.NetworkOptions {
	if n == nil {
		return nil
	}
	return &core.NetworkOptions{
		Offline: n.Offline, Refresh: n.Refresh, AllowPrivate: n.AllowPrivate, TrustedHosts: n.TrustedHosts,
		Judge:   core.JudgeOptions{URL: n.JudgeURL, APIKey: n.JudgeAPIKey, Trusted: n.JudgeTrusted},
		Version: n.Version, Stderr: n.Stderr,
	}
}

// Engine lints documents with one loaded config. Its methods may be called
// from several goroutines at once.
type Engine struct {
	e   *core.Engine
	cfg *config.Config
	wd  string
}

// New selects the config's enabled rules with their settings and loads the
// bibliographies and sources the config and o name. Errors name the file.
func New(cfg *config.Config, o Options) (*Engine, error) {
	e, err := core.New(cfg, core.Options{
		WorkDir: o.WorkDir, Bibliographies: o.Bibliographies, Sources: o.Sources,
		Concurrency: o.Concurrency, Network: o.Network.core(),
	})
	if err != nil {
		return nil, err
	}
	wd := o.WorkDir
	if wd == "" {
		wd, _ = os.Getwd()
	}
	return &Engine{e: e, cfg: cfg, wd: wd}, nil
}

// LintBytes lints one document held in memory as the file at path and
// returns what `citelint run --format json` would report for it: issues
// after suppression, exclusions and severity (each with its fix, if any),
// the summary, and the document's error if it could not be linted. A
// cancelled ctx gives a report whose file is "not checked".
func (e *Engine) LintBytes(ctx context.Context, path string, src []byte) *output.Report {
	return e.e.LintBytes(ctx, path, src)
}

// LintPaths lints the documents under paths (files and folders; none: the
// config's run.paths, else the working directory) as `citelint run` finds
// them (the config's include and exclude globs, what git ignores left out)
// and returns the report `citelint run --format json` prints for them.
// When ctx ends, the files not yet linted are reported as not checked, as
// --timeout does.
func (e *Engine) LintPaths(ctx context.Context, paths []string) *output.Report {
	return e.e.LintPaths(ctx, paths)
}

// RunOptions are a run's choices besides the config: what `citelint run`'s
// flags decide. The zero value applies no fix and fails on every issue.
type RunOptions struct {
	// Fix writes the safe fixes (with UnsafeFixes unsafe ones too) to the
	// files, linting again until nothing changes, as --fix: only inside
	// the folders named (a symbolic link out of them is refused), never
	// for issues the config excludes. The report holds the issues left.
	Fix, UnsafeFixes bool
	// FailLevel is the lowest severity that fails the run (--fail-level);
	// FailOnUnverified fails it on a lookup without a definite answer too.
	FailLevel        result.Severity
	FailOnUnverified bool
}

// Result is what Run found.
type Result struct {
	// Report is what `citelint run --format json` prints: the issues,
	// the summary and each file that could not be linted, with why.
	Report *output.Report
	// Fixed counts the fixes written.
	Fixed int

	res *core.Result
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
	// TimedOut: the run's ctx ended before every file was linted and
	// reported.
	TimedOut
)

// Run lints the documents under paths (as LintPaths finds them) as
// `citelint run` does: the network pass when Options.Network asks for it,
// the lint, the fixes o asks for, and the report. When ctx ends, the files
// not yet linted are reported as not checked and the verdict is TimedOut.
func (e *Engine) Run(ctx context.Context, paths []string, o RunOptions) *Result {
	fs := e.e.Walk(paths)
	fs.ReadStdin(os.Stdin) // for a path "-"
	ro := core.RunOptions{Fix: o.Fix, UnsafeFixes: o.UnsafeFixes, FailLevel: o.FailLevel, FailOnUnverified: o.FailOnUnverified}
	if o.Fix {
		// As the command line: the folders named, as the walk took them.
		// A config without a file has Dir "." : relative, like the paths.
		base := e.e.FromWorkDir([]string{cmp.Or(e.cfg.Dir, e.wd)})[0]
		ro.WriteFixes, ro.FixRoots = true, core.FixRoots(e.e.FromWorkDir(paths), base)
	}
	res := e.e.Run(ctx, fs, ro)
	return &Result{Report: res.Report, Fixed: res.Fixed, res: res}
}

// Verdict is the gate's decision on the report: TimedOut when the run's
// time cost files not checked or issues not reported, Broken when a file
// could not be linted, Fail when an issue is at or above the fail level.
func (r *Result) Verdict() Verdict { return Verdict(r.res.Verdict()) }
