// Package cli implements citelint's command line. cmd/citelint only calls
// Main, so every command is testable in-process.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/citelint/citelint/internal/cliflag"
	"github.com/citelint/citelint/internal/didyoumean"
)

// Exit codes, following golangci-lint where it makes sense.
const (
	ExitOK      = 0 // no issue at or above the failing level
	ExitIssues  = 1 // issues at or above the failing level (--fail-level)
	ExitUsage   = 2 // bad command line, or invalid configuration
	ExitFailure = 3 // citelint's own failure (a report not written, a walk error, a bug); an unreadable file is a finding, exit 1
	ExitTimeout = 4 // the run exceeded --timeout
	ExitNoFiles = 5 // no Markdown files were found
)

const exitCodesHelp = `Exit codes:
  0  no issue at or above the failing level
  1  issues at or above the failing level (--fail-level, default warning);
     a file citelint cannot read is such an issue (unreadable-file), as in ruff
  2  bad command line or invalid configuration
  3  citelint itself failed (a report not written, a path not walked, a bug)
  4  the run exceeded --timeout
  5  no Markdown files were found
`

// Env is the process environment a command runs in.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	Getwd          func() (string, error)
}

// Main runs citelint with args (without the program name) and returns the exit code.
func Main(args []string, env Env) int {
	if env.Getenv == nil {
		env.Getenv = os.Getenv
	}
	if env.Getwd == nil {
		env.Getwd = os.Getwd
	}
	if len(args) == 0 {
		usage(env.Stderr)
		return ExitUsage
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "run", "lint":
		return runCmd(rest, env)
	case "cache":
		return cacheCmd(rest, env)
	case "calibrate":
		return calibrateCmd(rest, env)
	case "extract":
		return extractCmd(rest, env)
	case "rules":
		return rulesCmd(rest, env)
	case "rule":
		return ruleCmd(rest, env)
	case "version", "--version", "-version":
		return versionCmd(rest, env)
	case "help", "-h", "--help", "-help":
		if len(rest) > 0 {
			return Main(append(rest[:1:1], "--help"), env)
		}
		usage(env.Stdout)
		return ExitOK
	}
	if extra, ok := extraCommands[cmd]; ok {
		return extra(rest, env)
	}
	// One line and a pointer, as for an unknown flag: the whole usage
	// would bury the mistake.
	fmt.Fprintf(env.Stderr, "citelint: unknown command %q%s\nRun \"citelint --help\" for the list of commands.\n", cmd, didyoumean.Hint(cmd, commandNames()))
	return ExitUsage
}

// commandNames are the commands Main knows, for "did you mean".
func commandNames() []string {
	names := []string{"run", "lint", "cache", "calibrate", "extract", "rules", "rule", "version", "help"}
	for n := range extraCommands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// extraCommands are registered by the files that implement them (config,
// cache, calibrate), so this file does not grow with every command.
var extraCommands = map[string]func([]string, Env) int{}

func usage(w io.Writer) {
	fmt.Fprint(w, `citelint checks the citations in Markdown documents.

Usage:
  citelint run [flags] [path ...]      lint files and directories (default ".")
  citelint extract [flags] [path ...]  print every citation, claim and reference found
  citelint rules                       list the rules
  citelint rule NAME                   explain a rule
  citelint cache status|clean|path     show or empty the network resolvers' answer cache
  citelint calibrate --data FILE.jsonl measure the support score on labelled claim/source pairs
`)
	var names []string
	for n := range extraCommands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  citelint %-27s %s\n", n+" ...", extraHelp[n])
	}
	fmt.Fprint(w, `  citelint version                     print the version

"citelint COMMAND --help" lists a command's flags. A path "-" reads one
document from standard input.

`+exitCodesHelp)
}

var extraHelp = map[string]string{}

// printErrors prints err with "citelint: " before each of its lines: a
// config's errors and the rule flags' come one per line.
func printErrors(w io.Writer, err error) {
	for _, line := range strings.Split(err.Error(), "\n") {
		fmt.Fprintf(w, "citelint: %s\n", line)
	}
}

// flagExit is the exit code after cliflag.Parse fails: 0 when help was
// asked for, else a usage error.
func flagExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return ExitOK
	}
	return ExitUsage
}

// newFlagSet returns the flag set of the command name, whose usage line
// is help (cliflag.New).
func newFlagSet(name string, env Env, help string) *flag.FlagSet {
	return cliflag.New("citelint", name, help, env.Stderr)
}
