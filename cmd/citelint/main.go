// Command citelint checks the citations in Markdown documents.
// See `citelint help` and https://github.com/citelint/citelint.
package main

import (
	"os"
	"runtime"

	"github.com/citelint/citelint/internal/cli"
)

func main() {
	// Heap profiling samples an allocation every 512 KiB by default, and it
	// is on because cli links runtime/pprof for --mem-profile-path: about 2%
	// of a run's CPU, spent on stack traces nobody reads. That flag turns it
	// back on.
	runtime.MemProfileRate = 0
	tuneGC() // memory.go
	os.Exit(cli.Main(os.Args[1:], cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}))
}
