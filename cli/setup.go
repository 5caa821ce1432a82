package cli

import (
	"flag"
	"fmt"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/engine"
	"github.com/citelint/citelint/lint"
)

// setupFlags are the flags run and extract share.
type setupFlags struct {
	configPath  string
	noConfig    bool
	sources     string
	bib         repeatList
	concurrency int
	enable      stringList
	disable     stringList
	enableOnly  stringList
	ruleSet     string
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
	fs.StringVar(&s.ruleSet, "default", "", "starting rule set, as rules.default: standard, reports (standard plus uncited-claim, for LLM-written reports), all or none")
}

// setup is everything a command needs before linting.
type setup struct {
	cfg      *config.Config
	eng      *engine.Engine
	files    []string
	walkErrs []lint.FileError
	rules    []lint.Enabled
	dirs     []string // the folders named on the command line (lint.Options.Dirs)
}

// configOptions are the engine's: every rule's settings are checked at
// load, so that config verify and run reject the same files whichever
// rules are on.
func configOptions() config.Options { return engine.ConfigOptions() }

// loadConfig finds and loads the config the flags ask for.
func (s *setupFlags) loadConfig(env Env) (*config.Config, error) {
	opts := configOptions()
	if s.noConfig {
		return config.New(opts), nil
	}
	path := s.configPath
	if path == "" {
		wd, err := env.Getwd()
		if err != nil {
			return nil, err
		}
		if path, err = config.Find(wd); err != nil {
			return nil, err
		}
		if path == "" {
			return config.New(opts), nil
		}
	}
	return config.Load(path, opts)
}

// setup loads config, then the engine (bibliography, sources, rules), and
// finds the files. On failure it prints the error and returns the exit code.
func (s *setupFlags) setup(paths []string, env Env) (*setup, int) {
	cfg, err := s.loadConfig(env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		return nil, ExitUsage
	}
	if s.ruleSet != "" {
		if err := setRuleSet(cfg, s.ruleSet); err != nil {
			fmt.Fprintf(env.Stderr, "citelint: --default: %v\n", err)
			return nil, ExitUsage
		}
	}
	if err := applyRuleFlags(cfg, configOptions(), s.enable, s.disable, s.enableOnly); err != nil {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		return nil, ExitUsage
	}
	wd, err := env.Getwd()
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: project root: %v\n", err)
		return nil, ExitUsage
	}
	eng, err := engine.New(cfg, engine.Options{WorkDir: wd, Bibliographies: s.bib, Sources: s.sources, Concurrency: s.concurrency})
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		return nil, ExitUsage
	}
	fs := eng.Walk(paths)
	return &setup{cfg: cfg, eng: eng, files: fs.Paths, walkErrs: fs.Errs, rules: eng.Rules(), dirs: fs.Dirs}, ExitOK
}

// lintOptions builds lint.Options for the selected rules.
func (st *setup) lintOptions(stdinEnv *Env) lint.Options {
	o := st.eng.LintOptions(st.dirs)
	if stdinEnv != nil {
		o.Stdin = stdinEnv.Stdin
	}
	return o
}
