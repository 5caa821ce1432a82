package cli

import (
	"fmt"

	"github.com/citelint/citelint/internal/cliflag"
	"github.com/citelint/citelint/internal/version"
)

func versionCmd(args []string, env Env) int {
	fs := newFlagSet("version", env, "version [--short]\n\nPrint the version, commit, build date and Go version.")
	short := fs.Bool("short", false, "print only the version")
	if err := cliflag.ParseOnce(fs, args, env.Stdout); err != nil {
		return flagExit(err)
	}
	if *short {
		fmt.Fprintln(env.Stdout, version.Version)
		return ExitOK
	}
	fmt.Fprintln(env.Stdout, version.Line())
	return ExitOK
}
