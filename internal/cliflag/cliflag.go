// Package cliflag parses a command's flags with Go's flag package the way
// golangci-lint and ruff users expect: flags anywhere among the arguments
// ("citelint run docs --fix"), -h and --help on standard output, a mistake
// named in one line with the closest flag and a pointer at the command's
// --help, and list flags (-E a,b -E c). It knows nothing of any program's
// flags: a caller declares its own on the set New returns.
package cliflag

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/citelint/citelint/internal/didyoumean"
)

// New returns a flag set for the command name of the program prog
// ("citelint", "config verify"): errors go to stderr, and its usage is
// "Usage: prog usage" followed by the flags. The set's name is prog and
// name together ("citelint config verify"), which a mistake's pointer at
// the help repeats.
func New(prog, name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(prog+" "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: %s %s\n\nFlags:\n", prog, usage)
		fs.PrintDefaults()
	}
	return fs
}

// StringList is a repeatable flag that also splits on commas (-E a,b -E c).
type StringList []string

func (s *StringList) String() string { return strings.Join(*s, ",") }
func (s *StringList) Set(v string) error {
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*s = append(*s, p)
		}
	}
	return nil
}

// RepeatList is a repeatable flag that keeps values whole (paths may hold commas).
type RepeatList []string

func (s *RepeatList) String() string     { return strings.Join(*s, " ") }
func (s *RepeatList) Set(v string) error { *s = append(*s, v); return nil }

// Parse parses flags anywhere among the positional arguments, which it
// returns in order. "--" ends flags. -h and --help print the usage to
// stdout and return flag.ErrHelp; a bad flag prints it to the set's
// output (ParseOnce).
func Parse(fs *flag.FlagSet, args []string, stdout io.Writer) ([]string, error) {
	var pos []string
	for {
		if len(args) > 0 && args[0] == "--" {
			return append(pos, args[1:]...), nil // everything after "--" is an argument
		}
		if err := ParseOnce(fs, args, stdout); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if ended(fs, args, len(args)-len(rest)) {
			// The flag package took a "--" after flags ("-E x -- --y")
			// as their end: what follows is arguments, flags or not.
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// ended reports whether the first n arguments fs.Parse consumed end with
// a "--" it took as the end of the flags, not as a flag's value
// ("-o --").
func ended(fs *flag.FlagSet, args []string, n int) bool {
	if n < 1 || args[n-1] != "--" {
		return false
	}
	if n < 2 {
		return true
	}
	prev := args[n-2]
	name := strings.TrimLeft(prev, "-")
	if name == prev || strings.Contains(name, "=") {
		return true
	}
	f := fs.Lookup(name)
	if f == nil {
		return true
	}
	b, isBool := f.Value.(interface{ IsBoolFlag() bool })
	return isBool && b.IsBoolFlag()
}

// ParseOnce runs fs.Parse. -h and --help print the usage to stdout; a
// mistake prints one line that names it (with the closest flag, for an
// unknown one) and one that points at the command's --help, not the whole
// usage, which would bury the line that matters (ruff and golangci-lint
// do the same).
func ParseOnce(fs *flag.FlagSet, args []string, stdout io.Writer) error {
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
		prog, _, _ := strings.Cut(fs.Name(), " ")
		fmt.Fprintf(stderr, "%s: %s\nRun \"%s --help\" for the list of flags.\n", prog, mistake(fs, err), fs.Name())
	}
	return err
}

// mistake rewords the flag package's error: the flag as users write
// it (--name, or -E for a one-letter flag), what is wrong with it, and for
// an unknown flag the closest known one.
func mistake(fs *flag.FlagSet, err error) string {
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

// IsHelp reports whether arg asks for help (-h, -help, --help), for a
// command that reads its first argument before its flags.
func IsHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}
