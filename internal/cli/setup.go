package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/cliflag"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/lint"
)

// setupFlags are the flags run and extract share.
type setupFlags struct {
	configPath  string
	noConfig    bool
	sources     string
	bib         cliflag.RepeatList
	concurrency int
	enable      cliflag.StringList
	disable     cliflag.StringList
	enableOnly  cliflag.StringList
	ruleSet     string

	cacheDir string

	stdinName    string
	forceExclude bool
	noGitignore  bool
	shard        string

	// timeout, when set (run), gives the run's time limit for the loaded
	// config, counted from started, when run began: one clock covers the
	// engine's reading of bibliographies, the search for files and the
	// lint.
	timeout func(*config.Config) time.Duration
	started time.Time

	// annotate, when set (run --format github-actions), also writes a
	// config error as workflow-command annotations (configAnnotator).
	annotate func(err error, unread bool)
}

func (s *setupFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.configPath, "c", "", "config file (default: .citelint.yaml found by walking up from the working directory)")
	fs.StringVar(&s.configPath, "config", "", "same as -c")
	fs.BoolVar(&s.noConfig, "no-config", false, "ignore any config file")
	fs.StringVar(&s.sources, "sources", "", "source store for RAG keys and claim support: a JSON/JSONL file or a folder")
	fs.Var(&s.bib, "bibliography", "BibTeX or CSL-JSON file for pandoc/MyST keys (repeatable)")
	fs.IntVar(&s.concurrency, "concurrency", 0, "files processed at once (default: config run.concurrency, else the number of CPUs)")
	fs.Var(&s.enable, "E", "enable rules (repeatable, comma-separated)")
	fs.Var(&s.enable, "enable", "same as -E")
	fs.Var(&s.disable, "D", "disable rules (repeatable, comma-separated)")
	fs.Var(&s.disable, "disable", "same as -D")
	fs.Var(&s.enableOnly, "enable-only", "run only these rules (repeatable, comma-separated)")
	fs.StringVar(&s.stdinName, "stdin-filename", "", "lint standard input as the file at this path: its config, exclusions and file type apply (implies the path -)")
	fs.BoolVar(&s.forceExclude, "force-exclude", false, "apply run.exclude to files named on the command line too (for pre-commit, which names every changed file)")
	fs.BoolVar(&s.noGitignore, "no-gitignore", false, "also lint files that .gitignore, .git/info/exclude or a nested .gitignore make git ignore")
	fs.StringVar(&s.shard, "shard", "", "lint only part i of n of the files (i/n, as 2/4), split by a hash of each path: CI jobs 1/n..n/n together lint everything once")
	fs.StringVar(&s.cacheDir, "cache-dir", "", "resolver cache folder, anywhere (default: "+envCacheDir+", else the config's resolvers.cache.dir, which must be inside the project, else the user cache directory)")
	fs.StringVar(&s.ruleSet, "default", "", "starting rule set, as rules.default: standard, reports (standard plus uncited-claim, for LLM-written reports), all or none")
}

// setup is everything a command needs before linting.
type setup struct {
	cfg      *config.Config
	eng      *engine.Engine
	files    []string
	walkErrs []lint.FileError
	rules    []lint.Enabled
	found    engine.Files // what the paths name, standard input read
	stdin    string       // the path standing for standard input among files, "" for none

	// budget is run's time limit (nil for the other commands), ctx the
	// context what setup reads runs in (budget's, else none), cancel
	// releases it.
	budget *engine.Budget
	ctx    context.Context
	cancel context.CancelFunc
}

// loadConfig finds and loads the config the flags ask for.
func (s *setupFlags) loadConfig(env Env) (*config.Config, error) {
	var wd string
	if !s.noConfig && s.configPath == "" {
		var err error
		if wd, err = env.Getwd(); err != nil {
			return nil, err
		}
	}
	cfg, _, err := engine.LoadConfig(wd, s.configPath, s.noConfig)
	if err != nil {
		return nil, err
	}
	return cfg, s.setCacheDir(cfg, env)
}

// envCacheDir names the resolver cache folder, as --cache-dir does.
const envCacheDir = "CITELINT_CACHE_DIR"

// setCacheDir puts the cache folder --cache-dir or CITELINT_CACHE_DIR
// names in the place of the config's: the workflow's choice, used as
// given, which may be anywhere (as a --format path may), where a config
// file's must be inside the project. The Action sets it, so that what it
// archives is never a folder a pull request chose.
func (s *setupFlags) setCacheDir(cfg *config.Config, env Env) error {
	dir, from := s.cacheDir, "--cache-dir"
	if dir == "" {
		dir, from = env.Getenv(envCacheDir), envCacheDir
	}
	if dir == "" {
		return nil
	}
	if !filepath.IsAbs(dir) {
		wd, err := env.Getwd()
		if err != nil {
			return fmt.Errorf("%s: %v", from, err)
		}
		dir = filepath.Join(wd, dir)
	}
	cfg.Resolvers.Cache.Dir, cfg.Resolvers.Cache.FromFlag = filepath.Clean(dir), true
	return nil
}

// annotateConfig writes err's config errors as annotations when run asks
// for them; any error when unread is true (the config could not be loaded).
func (s *setupFlags) annotateConfig(err error, unread bool) {
	if s.annotate != nil {
		s.annotate(err, unread)
	}
}

// setup loads config, then the engine (bibliography, sources, rules), and
// finds the files. On failure it prints the error and returns the exit code.
func (s *setupFlags) setup(paths []string, env Env) (*setup, int) {
	cfg, err := s.loadConfig(env)
	if err != nil {
		printErrors(env.Stderr, err)
		s.annotateConfig(err, true)
		return nil, ExitUsage
	}
	if s.ruleSet != "" {
		if err := engine.SetRuleSet(cfg, s.ruleSet); err != nil {
			fmt.Fprintf(env.Stderr, "citelint: --default: %v\n", err)
			return nil, ExitUsage
		}
	}
	if err := engine.OverrideRules(cfg, engine.ConfigOptions(), s.enable, s.disable, s.enableOnly); err != nil {
		printErrors(env.Stderr, err)
		s.annotateConfig(err, false)
		return nil, ExitUsage
	}
	wd, err := env.Getwd()
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: project root: %v\n", err)
		return nil, ExitUsage
	}
	st := &setup{cfg: cfg, ctx: context.Background(), cancel: func() {}}
	if s.timeout != nil {
		st.budget = engine.NewBudget(s.started, s.timeout(cfg))
		st.ctx, st.cancel = st.budget.Context(), st.budget.Close
	}
	eng, err := engine.New(cfg, engine.Options{WorkDir: wd, Bibliographies: s.bib, Sources: s.sources, Concurrency: s.concurrency, Context: st.ctx})
	if err != nil {
		st.cancel()
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		if errors.Is(err, context.DeadlineExceeded) {
			return nil, ExitTimeout
		}
		s.annotateConfig(err, false)
		return nil, ExitUsage
	}
	if s.stdinName != "" {
		if len(paths) == 0 {
			paths = []string{"-"}
		} else if !slices.Contains(paths, "-") {
			fmt.Fprintln(env.Stderr, "citelint: --stdin-filename names standard input: give the path - (or no path)")
			st.cancel()
			return nil, ExitUsage
		}
	}
	wo := engine.WalkOptions{StdinName: s.stdinName, ForceExclude: s.forceExclude, NoGitignore: s.noGitignore}
	if s.shard != "" {
		if wo.Shard, err = engine.ParseShard(s.shard); err != nil {
			fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
			st.cancel()
			return nil, ExitUsage
		}
	}
	wo.Warn = func(msg string) { fmt.Fprintf(env.Stderr, "citelint: warning: %s\n", msg) }
	wo.Ctx = st.ctx // the search for files stops at the run's deadline
	fs := eng.WalkWith(paths, wo)
	// Read once, before the network pass and the lint both need it.
	fs.ReadStdin(env.Stdin)
	st.eng, st.files, st.walkErrs, st.rules, st.found, st.stdin = eng, fs.Paths, fs.Errs, eng.Rules(), fs, fs.Stdin
	return st, ExitOK
}

// lintOptions builds lint.Options for the selected rules and the files found.
func (st *setup) lintOptions() lint.Options { return st.eng.Options(st.found) }
