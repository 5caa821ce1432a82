package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
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

// setup is everything a command needs before linting: the config, and
// the engine with the files it found and the run's budget.
type setup struct {
	cfg *config.Config
	*engine.Prepared
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
	p, err := engine.Prepare(cfg, engine.Setup{
		Options: engine.Options{WorkDir: wd, Bibliographies: s.bib, Sources: s.sources, Concurrency: s.concurrency},
		Paths:   paths, Shard: s.shard, Stdin: env.Stdin, Limit: s.timeout, Started: s.started,
		Walk: engine.WalkOptions{StdinName: s.stdinName, ForceExclude: s.forceExclude, NoGitignore: s.noGitignore,
			Warn: func(msg string) { fmt.Fprintf(env.Stderr, "citelint: warning: %s\n", msg) }},
	})
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		if errors.Is(err, context.DeadlineExceeded) {
			return nil, ExitTimeout
		}
		s.annotateConfig(err, false) // a config's error (no other is annotated)
		return nil, ExitUsage
	}
	return &setup{cfg: cfg, Prepared: p}, ExitOK
}

// lintOptions builds lint.Options for the selected rules and the files found.
func (st *setup) lintOptions() lint.Options { return st.Engine.Options(st.Files) }
