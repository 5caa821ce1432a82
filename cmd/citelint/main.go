// Command citelint checks the citations in Markdown documents.
// See `citelint help` and https://github.com/citelint/citelint.
package main

import (
	"os"

	"github.com/citelint/citelint/cli"
)

func main() {
	tuneGC() // memory.go
	os.Exit(cli.Main(os.Args[1:], cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}))
}
