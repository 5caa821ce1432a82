// Command citelint checks the citations in Markdown documents.
// See `citelint help` and https://github.com/citelint/citelint.
package main

import (
	"os"
	"runtime/debug"

	"github.com/citelint/citelint/cli"
)

func main() {
	// goldmark allocates 8-10 bytes per input byte; with the default GOGC the
	// collector dominates on large trees (see bench/README.md). Trade some
	// memory for throughput unless the user set GOGC.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(cli.Main(os.Args[1:], cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}))
}
