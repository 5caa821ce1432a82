package cliflag

import (
	"bytes"
	"errors"
	"flag"
	"slices"
	"strings"
	"testing"
	"time"
)

// testSet declares flags of each kind the messages distinguish.
func testSet(stderr *bytes.Buffer) (*flag.FlagSet, *StringList, *RepeatList, *bool) {
	fs := New("prog", "run", "run [flags] [path ...]", stderr)
	var enable StringList
	var formats RepeatList
	fs.Var(&enable, "E", "enable rules")
	fs.Var(&enable, "enable-only", "run only these rules")
	fs.Var(&formats, "format", "output format")
	fix := fs.Bool("fix", false, "apply fixes")
	fs.Bool("unsafe-fixes", false, "apply unsafe fixes")
	fs.Duration("timeout", time.Minute, "time limit")
	fs.Int("concurrency", 0, "files at once")
	fs.Float64("threshold", 0.5, "threshold")
	return fs, &enable, &formats, fix
}

// TestParse: flags anywhere among the arguments, which come back in order;
// "--" ends flags; list flags repeat, StringList splitting on commas and
// RepeatList keeping values whole.
func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		pos     []string
		enable  []string
		formats []string
		fix     bool
	}{
		{"none", nil, nil, nil, nil, false},
		{"flags first", []string{"--fix", "a", "b"}, []string{"a", "b"}, nil, nil, true},
		{"flags after and between", []string{"a", "--fix", "b", "-E", "x"}, []string{"a", "b"}, []string{"x"}, nil, true},
		{"standard input is an argument", []string{"-", "--fix"}, []string{"-"}, nil, nil, true},
		{"-- ends flags", []string{"--", "--fix"}, []string{"--fix"}, nil, nil, false},
		{"-- as a flag's value is a value", []string{"--format", "--", "a"}, []string{"a"}, nil, []string{"--"}, false},
		{"-- after an argument ends flags", []string{"a", "--", "--fix", "-E"}, []string{"a", "--fix", "-E"}, nil, nil, false},
		{"-- after a flag's value ends flags", []string{"-E", "x", "--", "--fix", "b"}, []string{"--fix", "b"}, []string{"x"}, nil, false},
		{"-- after a boolean flag ends flags", []string{"--fix", "--", "-E"}, []string{"-E"}, nil, nil, true},
		{"lists repeat and split", []string{"-E", "a, b", "-E", "c,", "--enable-only", "d"}, nil, []string{"a", "b", "c", "d"}, nil, false},
		{"a repeated list keeps commas", []string{"--format", "json:a,b.json", "--format", "text"}, nil, nil, []string{"json:a,b.json", "text"}, false},
	}
	for _, tt := range tests {
		var stderr bytes.Buffer
		fs, enable, formats, fix := testSet(&stderr)
		pos, err := Parse(fs, tt.args, &bytes.Buffer{})
		if err != nil || stderr.Len() > 0 {
			t.Errorf("%s: %q: error %v, stderr %q", tt.name, tt.args, err, stderr.String())
			continue
		}
		if !slices.Equal(pos, tt.pos) || !slices.Equal(*enable, tt.enable) || !slices.Equal(*formats, tt.formats) || *fix != tt.fix {
			t.Errorf("%s: %q: arguments %q, -E %q, --format %q, --fix %v; want %q, %q, %q, %v",
				tt.name, tt.args, pos, *enable, *formats, *fix, tt.pos, tt.enable, tt.formats, tt.fix)
		}
	}
}

// TestMistakes pins the whole of stderr for each kind of mistake: one line
// naming it (with the closest flag, when one is close) and one pointing at
// the command's help, never the whole usage. A flag is named as the README
// writes it (--fix, -E), however it was typed.
func TestMistakes(t *testing.T) {
	help := "Run \"prog run --help\" for the list of flags.\n"
	tests := []struct {
		name string
		args []string
		want string // the whole of stderr
	}{
		{"unknown flag, a close one", []string{"--fxi", "a"},
			"prog: unknown flag --fxi (did you mean --fix?)\n" + help},
		{"unknown flag after an argument, underscore for dash", []string{"a", "--unsafe_fixes"},
			"prog: unknown flag --unsafe_fixes (did you mean --unsafe-fixes?)\n" + help},
		{"one dash, wrong case", []string{"-e", "x", "a"},
			"prog: unknown flag -e (did you mean -E?)\n" + help},
		{"unknown flag, nothing close", []string{"--nope", "a"},
			"prog: unknown flag --nope\n" + help},
		{"one-letter flag, nothing close", []string{"-X", "a"},
			"prog: unknown flag -X\n" + help},
		{"duration", []string{"--timeout", "soon", "a"},
			"prog: --timeout: invalid value \"soon\"; want a duration such as 30s, 2m or 1h\n" + help},
		{"whole number", []string{"--concurrency=many", "a"},
			"prog: --concurrency: invalid value \"many\"; want a whole number\n" + help},
		{"number", []string{"--threshold=high"},
			"prog: --threshold: invalid value \"high\"; want a number\n" + help},
		{"boolean", []string{"--fix=maybe", "a"},
			"prog: --fix: invalid value \"maybe\"; want true or false\n" + help},
		{"missing value", []string{"a", "--timeout"},
			"prog: --timeout needs a value; want a duration such as 30s, 2m or 1h\n" + help},
		{"missing value of a string", []string{"a", "--format"},
			"prog: --format needs a value\n" + help},
	}
	for _, tt := range tests {
		var stderr, stdout bytes.Buffer
		fs, _, _, _ := testSet(&stderr)
		_, err := Parse(fs, tt.args, &stdout)
		if err == nil || errors.Is(err, flag.ErrHelp) || stdout.Len() > 0 || stderr.String() != tt.want {
			t.Errorf("%s: %q: error %v, stdout %q, stderr:\n%q\nwant an error, stderr:\n%q", tt.name, tt.args, err, stdout.String(), stderr.String(), tt.want)
		}
	}
}

// TestHelp: -h, -help and --help, anywhere, print the usage to stdout
// (nothing to stderr) and return flag.ErrHelp; IsHelp knows the same three.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"-help"}, {"--help"}, {"a", "--help"}, {"--fix", "a", "-h"}} {
		var stderr, stdout bytes.Buffer
		fs, _, _, _ := testSet(&stderr)
		_, err := Parse(fs, args, &stdout)
		if !errors.Is(err, flag.ErrHelp) || stderr.Len() > 0 ||
			!strings.HasPrefix(stdout.String(), "Usage: prog run [flags] [path ...]\n\nFlags:\n") || !strings.Contains(stdout.String(), "-unsafe-fixes") {
			t.Errorf("%q: error %v, stderr %q, stdout:\n%s\nwant flag.ErrHelp and the usage on stdout", args, err, stderr.String(), stdout.String())
		}
		// The set still prints to its own output afterwards.
		fs.Usage()
		if stderr.Len() == 0 {
			t.Errorf("%q: the usage no longer goes to the set's output after help", args)
		}
	}
	for arg, want := range map[string]bool{"-h": true, "-help": true, "--help": true, "--h": false, "help": false, "-H": false} {
		if IsHelp(arg) != want {
			t.Errorf("IsHelp(%q) = %v, want %v", arg, !want, want)
		}
	}
}

// FuzzParse: any arguments give an error or the arguments that are not
// flags, in order, a subsequence of what was given; never a panic.
func FuzzParse(f *testing.F) {
	f.Add("a\x00--fix\x00b")
	f.Add("--\x00-E\x00x")
	f.Add("-E\x00a,b\x00--format=--\x00--timeout=2m")
	f.Add("--fxi\x00-\x00--unsafe_fixes")
	f.Fuzz(func(t *testing.T, joined string) {
		args := strings.Split(joined, "\x00")
		var stderr bytes.Buffer
		fs, _, _, _ := testSet(&stderr)
		pos, err := Parse(fs, args, &bytes.Buffer{})
		if err != nil {
			if !errors.Is(err, flag.ErrHelp) && !strings.HasPrefix(stderr.String(), "prog: ") {
				t.Fatalf("%q: error %v printed as %q", args, err, stderr.String())
			}
			return
		}
		i := 0
		for _, p := range pos {
			for i < len(args) && args[i] != p {
				i++
			}
			if i == len(args) {
				t.Fatalf("%q: arguments %q are not a subsequence of the command line", args, pos)
			}
			i++
		}
	})
}
