package format

import (
	"io"
	"path/filepath"
	"strings"

	"github.com/citelint/citelint/config"
)

// GitHubConfigErrors writes the config errors in err (every *config.Error
// in its tree) as workflow-command annotations on w: the runner then shows
// each problem of .citelint.yaml on its line, as it shows issues on a
// document's, instead of only in the log (issue 36). Paths are the
// report's: relative to wd, under prefix. An err that holds no config
// error is written whole, with no line to point at, when unread is true
// (the config could not be read at all), else not at all.
func GitHubConfigErrors(w io.Writer, err error, wd, prefix string, unread bool) {
	errs := configErrors(err)
	if len(errs) == 0 {
		if unread && err != nil {
			GitHubError(w, "", 0, 0, "citelint (config)", err.Error())
		}
		return
	}
	for _, e := range errs {
		if p, ok := annotationPath(e.File, wd, prefix); ok {
			GitHubError(w, p, e.Line, e.Column, "citelint (config)", e.Msg)
		} else {
			// A flag's error, or a config outside the repository
			// (--config /elsewhere): GitHub has no file to show it
			// on, so the message keeps the position.
			GitHubError(w, "", 0, 0, "citelint (config)", e.Error())
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
