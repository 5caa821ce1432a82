package engine

import (
	"path/filepath"

	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/internal/safefile"
)

// Selects reports whether `citelint run` without paths (the config's
// run.paths, else the working directory) lints the file at path: it lies
// under one of those folders, has a document's ending (lint.Extensions),
// the config's run.include matches it and run.exclude does not, and git
// does not ignore it. The editor server lints only such files, so that a
// file the project excludes shows no diagnostics when opened.
func (e *Engine) Selects(path string) bool {
	cfg := e.cfg
	wd, err := filepath.Abs(e.wd)
	if err != nil {
		wd = e.wd
	}
	dirs := []string{wd}
	if len(cfg.Run.Paths) > 0 {
		dirs = dirs[:0]
		for _, p := range cfg.Run.Paths {
			dirs = append(dirs, cfg.Resolve(p))
		}
	}
	// The globs are relative to the config's folder, or, without a
	// config, to the working directory the walk starts from.
	base := cfg.Dir
	if cfg.Path == "" {
		base = wd
	}
	return lint.Selects(path, dirs, lint.WalkOptions{
		Root: safefile.FindRoot(wd), Base: base,
		Include: cfg.Run.Include, Exclude: cfg.Run.Exclude, Gitignore: true,
	})
}
