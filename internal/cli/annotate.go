package cli

import (
	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/format"
	"github.com/citelint/citelint/internal/reportfile"
)

// configAnnotator returns what writes a config error as workflow-command
// annotations (format.GitHubConfigErrors) on standard output when run's
// report goes there as github-actions (the Action's --format
// github-actions), or nil. unread says the config could not be read at
// all: the error is then annotated even when it names no line.
func (f *runFlags) configAnnotator(env Env) func(err error, unread bool) {
	annotate := false
	for _, s := range f.formats {
		if of, err := reportfile.ParseFlag(s); err == nil && of.Format == "github-actions" && of.Path == config.Stdout {
			annotate = true
		}
	}
	if !annotate {
		return nil
	}
	return func(err error, unread bool) {
		wd, _ := env.Getwd()
		format.GitHubConfigErrors(env.Stdout, err, wd, f.pathPrefix, unread)
	}
}
