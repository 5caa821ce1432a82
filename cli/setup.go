package cli

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/citelint/citelint/bib"
	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/safefile"
	"github.com/citelint/citelint/lint"
	"github.com/citelint/citelint/resolve"
	"github.com/citelint/citelint/rules"
	"github.com/citelint/citelint/sources"
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
	files    []string
	walkErrs []lint.FileError
	env      *resolve.Env
	rules    []lint.Enabled
	ruleEnv  *rules.Env
	workers  int
	root     string   // project root, see findRoot
	dirs     []string // the folders named on the command line (lint.Options.Dirs)
}

func configOptions() config.Options {
	return config.Options{Rules: rules.Names()}
}

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

// setup loads config, bibliography and sources, selects rules and finds the
// files. On failure it prints the error and returns the exit code.
func (s *setupFlags) setup(paths []string, env Env) (*setup, int) {
	cfg, err := s.loadConfig(env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		return nil, ExitUsage
	}
	if s.ruleSet != "" {
		if err := cfg.SetDefault(s.ruleSet); err != nil {
			fmt.Fprintf(env.Stderr, "citelint: --default: %v\n", err)
			return nil, ExitUsage
		}
	}
	if err := cfg.ApplyFlags(s.enable, s.disable, s.enableOnly); err != nil {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		return nil, ExitUsage
	}
	st := &setup{cfg: cfg, env: resolve.NewEnv(nil), ruleEnv: &rules.Env{}}
	cfgRoot, err := st.findRoot(env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: project root: %v\n", err)
		return nil, ExitUsage
	}

	// Bibliographies: config (relative to the config file), then flags.
	// What the config names stays inside the project root when the config
	// lies in it; what the command line names is read as given.
	var bibs []string
	for _, b := range cfg.Bibliography {
		bibs = append(bibs, cfg.Resolve(b))
	}
	for i, b := range append(bibs, s.bib...) {
		root := cfgRoot
		if i >= len(bibs) {
			root = nil
		}
		entries, err := bib.LoadIn(root, b)
		if err != nil {
			fmt.Fprintf(env.Stderr, "citelint: bibliography: %v\n", err)
			return nil, ExitUsage
		}
		st.env.AddBibliography(b, entries)
	}
	src, srcRoot := s.sources, (*safefile.Root)(nil)
	if src == "" && cfg.Sources != "" {
		src, srcRoot = cfg.Resolve(cfg.Sources), cfgRoot
	}
	if src != "" {
		store, err := sources.LoadIn(srcRoot, src)
		if err != nil {
			fmt.Fprintf(env.Stderr, "citelint: sources: %v\n", err)
			return nil, ExitUsage
		}
		st.env.Sources = store
	}
	st.ruleEnv.HasSources = st.env.Sources != nil || st.env.HasBibliography()

	for _, r := range rules.All() {
		if !cfg.RuleEnabled(r.Name, r.Default, r.Reports) {
			continue
		}
		settings := r.DefaultSettings()
		if settings != nil {
			if err := cfg.DecodeSettings(r.Name, settings); err != nil {
				fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
				return nil, ExitUsage
			}
		}
		st.rules = append(st.rules, lint.Enabled{Rule: r, Settings: settings})
	}

	if len(paths) == 0 && len(cfg.Run.Paths) == 0 {
		// Like golangci-lint: what -c points at configures the run, it
		// does not move it; "-c other/dir/cfg.yaml" lints the current folder.
		paths = []string{"."}
	}
	if len(paths) == 0 {
		// Config paths are relative to the config file; print them relative
		// to the working directory, as golangci-lint does, so that editors
		// and annotations get short, clickable paths.
		wd, _ := env.Getwd()
		for _, p := range cfg.Run.Paths {
			abs := cfg.Resolve(p)
			if rel, err := filepath.Rel(wd, abs); err == nil && wd != "" && !strings.HasPrefix(rel, "..") {
				abs = rel
			}
			paths = append(paths, abs)
		}
	}
	base := cfg.Dir
	if cfg.Path == "" {
		base = ""
	}
	wdNow, _ := env.Getwd()
	st.files, st.walkErrs = lint.WalkConfined(safefile.FindRoot(wdNow), paths, base, cfg.Run.Include, cfg.Run.Exclude)
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			st.dirs = append(st.dirs, p)
		}
	}
	st.workers = s.concurrency
	if st.workers == 0 {
		st.workers = cfg.Run.Concurrency
	}
	return st, ExitOK
}

// findRoot sets st.root, the project root the reads a document causes
// must stay inside: the top of the Git work tree holding the working
// directory, else the working directory. It returns the Root that what
// the config names must stay inside: nil (no confinement) for a config
// outside the project, which a pull request cannot have written.
func (st *setup) findRoot(env Env) (*safefile.Root, error) {
	wd, err := env.Getwd()
	if err != nil {
		return nil, err
	}
	st.root = safefile.FindRoot(wd)
	root, err := safefile.NewRoot(st.root)
	if err != nil {
		return nil, err
	}
	if st.cfg.Path == "" || root.Check(st.cfg.Path) != nil {
		return nil, nil
	}
	return root, nil
}

// lintOptions builds lint.Options for the selected rules.
func (st *setup) lintOptions(stdinEnv *Env) lint.Options {
	o := lint.Options{
		Rules:       st.rules,
		Env:         st.env,
		Root:        st.root,
		Dirs:        st.dirs,
		RuleEnv:     st.ruleEnv,
		Known:       rules.Known,
		Concurrency: st.workers,
	}
	if stdinEnv != nil {
		o.Stdin = stdinEnv.Stdin
	}
	return o
}
