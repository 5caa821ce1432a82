package cli

import (
	"path/filepath"
	"strings"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/format"
)

// configAnnotator returns what writes a config error as workflow-command
// annotations on standard output when run's report goes there as
// github-actions (the Action's --format github-actions), or nil: the
// runner then shows each problem of .citelint.yaml on its line, as it
// shows issues on a document's, instead of only in the log (issue 36).
// Paths are the report's: relative to the working directory, under
// --path-prefix.
func (f *runFlags) configAnnotator(env Env) func(error) {
	annotate := false
	for _, s := range f.formats {
		if of, err := parseFormatFlag(s); err == nil && of.Format == "github-actions" && of.Path == config.Stdout {
			annotate = true
		}
	}
	if !annotate {
		return nil
	}
	return func(err error) {
		wd, _ := env.Getwd()
		errs := configErrors(err)
		if len(errs) == 0 {
			// The config could not be read at all: no line to point at.
			format.GitHubError(env.Stdout, "", 0, 0, "citelint (config)", err.Error())
			return
		}
		for _, e := range errs {
			if p, ok := annotationPath(e.File, wd, f.pathPrefix); ok {
				format.GitHubError(env.Stdout, p, e.Line, e.Column, "citelint (config)", e.Msg)
			} else {
				// A flag's error, or a config outside the repository
				// (--config /elsewhere): GitHub has no file to show it
				// on, so the message keeps the position.
				format.GitHubError(env.Stdout, "", 0, 0, "citelint (config)", e.Error())
			}
		}
	}
}

// configErrors returns every *config.Error in err's tree, in order.
func configErrors(err error) []*config.Error {
	var out []*config.Error
	var walk func(error)
	walk = func(err error) {
		if ce, ok := err.(*config.Error); ok {
			out = append(out, ce)
			return
		}
		switch u := err.(type) {
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				walk(e)
			}
		case interface{ Unwrap() error }:
			if e := u.Unwrap(); e != nil {
				walk(e)
			}
		}
	}
	if err != nil {
		walk(err)
	}
	return out
}

// annotationPath is file as the report names files: relative to wd, under
// prefix; false when there is no file or it lies outside the folder the
// paths are relative to (GitHub places annotations on the repository's
// files only).
func annotationPath(file, wd, prefix string) (string, bool) {
	if file == "" {
		return "", false
	}
	p := file
	if filepath.IsAbs(p) {
		if wd == "" {
			return "", false
		}
		rel, err := filepath.Rel(wd, p)
		if err != nil {
			return "", false
		}
		p = rel
	}
	if prefix != "" {
		p = filepath.Join(prefix, p)
	}
	p = filepath.ToSlash(filepath.Clean(p))
	if p == ".." || strings.HasPrefix(p, "../") || filepath.IsAbs(p) {
		return "", false
	}
	return p, true
}
