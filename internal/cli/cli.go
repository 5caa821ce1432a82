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
	"strconv"
	"strings"

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

// stringList is a repeatable flag that also splits on commas (-E a,b -E c).
type stringList []string

func (s *stringList) String() string { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error {
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*s = append(*s, p)
		}
	}
	return nil
}

// repeatList is a repeatable flag that keeps values whole (paths may hold commas).
type repeatList []string

func (s *repeatList) String() string     { return strings.Join(*s, " ") }
func (s *repeatList) Set(v string) error { *s = append(*s, v); return nil }

// parseInterleaved parses flags anywhere among the positional arguments, as
// golangci-lint users expect ("citelint run docs --fix"). "--" ends flags.
// -h and --help print the usage to stdout and return flag.ErrHelp
// (exitCode maps it to 0); a bad flag prints it to stderr.
func parseInterleaved(fs *flag.FlagSet, args []string, stdout io.Writer) ([]string, error) {
	var pos []string
	for {
		if err := parseOnce(fs, args, stdout); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" && (len(args) == 0 || args[len(args)-len(rest)] == "--") {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// parseOnce runs fs.Parse. -h and --help print the usage to stdout; a
// mistake prints one line that names it (with the closest flag, for an
// unknown one) and one that points at the command's --help, not the whole
// usage, which would bury the line that matters (ruff and golangci-lint
// do the same).
func parseOnce(fs *flag.FlagSet, args []string, stdout io.Writer) error {
	usage, stderr := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard) // the flag package prints its own message first
	err := fs.Parse(args)
	fs.Usage = usage
	fs.SetOutput(stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		usage()
		fs.SetOutput(stderr)
	case err != nil:
		fmt.Fprintf(stderr, "citelint: %s\nRun \"citelint %s --help\" for the list of flags.\n", flagMistake(fs, err), fs.Name())
	}
	return err
}

// flagMistake rewords the flag package's error: the flag as users write
// it (--name, or -E for a one-letter flag), what is wrong with it, and for
// an unknown flag the closest known one.
func flagMistake(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	cut := func(prefix string) (string, bool) {
		rest, ok := strings.CutPrefix(msg, prefix)
		return strings.TrimLeft(rest, "-"), ok
	}
	if name, ok := cut("flag provided but not defined: "); ok {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		hint := ""
		if near := didyoumean.Closest(name, names); near != "" {
			hint = fmt.Sprintf(" (did you mean %s?)", dashed(near))
		}
		return "unknown flag " + dashed(name) + hint
	}
	if name, ok := cut("flag needs an argument: "); ok {
		return dashed(name) + " needs a value" + wantValue(fs.Lookup(name))
	}
	for _, prefix := range []string{"invalid value ", "invalid boolean value "} {
		rest, ok := strings.CutPrefix(msg, prefix)
		if !ok {
			continue
		}
		// invalid value "x" for flag -name: reason
		value, err := strconv.QuotedPrefix(rest)
		if err != nil {
			break
		}
		rest = strings.TrimPrefix(strings.TrimPrefix(rest[len(value):], " for flag "), " for ")
		name, reason, _ := strings.Cut(strings.TrimLeft(rest, "-"), ": ")
		f := fs.Lookup(name)
		if f == nil {
			break
		}
		if want := wantValue(f); want != "" || reason == "parse error" || reason == "value out of range" {
			// The flag package's own reasons say less than the type.
			return fmt.Sprintf("%s: invalid value %s%s", dashed(name), value, want)
		}
		return fmt.Sprintf("%s: invalid value %s: %s", dashed(name), value, reason)
	}
	return msg
}

// dashed is a flag's name as the README writes it: -E, --enable.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// wantValue says what a flag's value looks like, for the types whose
// parse errors do not: "; want a duration such as 30s or 2m".
func wantValue(f *flag.Flag) string {
	if f == nil {
		return ""
	}
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		return "; want true or false"
	}
	switch kind, _ := flag.UnquoteUsage(f); kind {
	case "duration":
		return "; want a duration such as 30s, 2m or 1h"
	case "int", "uint":
		return "; want a whole number"
	case "float":
		return "; want a number"
	}
	return ""
}

// printErrors prints err with "citelint: " before each of its lines: a
// config's errors and the rule flags' come one per line.
func printErrors(w io.Writer, err error) {
	for _, line := range strings.Split(err.Error(), "\n") {
		fmt.Fprintf(w, "citelint: %s\n", line)
	}
}

func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

// flagExit is the exit code after parseInterleaved fails: 0 when help was
// asked for, else a usage error.
func flagExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return ExitOK
	}
	return ExitUsage
}

func newFlagSet(name string, env Env, help string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: citelint %s\n\nFlags:\n", help)
		fs.PrintDefaults()
	}
	return fs
}
