package completion

import (
	"flag"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestText: a help text becomes its first clause, without what the
// scripts' quoting and zsh's option specs give a meaning to.
func TestText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"config file (default: .citelint.yaml)", "config file"},
		{"output format NAME[:PATH] (repeatable): [text json]", "output format NAME"},
		{"exit 1 when there are any; see --diff", "exit 1 when there are any"},
		{"a 'quoted' $VAR `cmd` \\ {x}", "a quoted VAR cmd  x"},
		{"  plain  ", "plain"},
	} {
		if got := Text(tc.in); got != tc.want {
			t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestScripts: each shell's script offers the commands, the flags with
// their values and the rule names it is given.
func TestScripts(t *testing.T) {
	s := Spec{
		Commands: []Item{{"run", "lint files"}, {"rules", "list the rules"}},
		Flags: []Flag{{Name: "fix", Help: "apply fixes", Bool: true}, {Name: "color", Help: "colour", Values: []string{"auto", "never"}},
			{Name: "c", Help: "config file", File: true}, {Name: "timeout", Help: "stop after"}},
		Rules: []string{"dead-link", "uncited-claim"},
	}
	for name, write := range Shells {
		var b strings.Builder
		write(&b, s)
		for _, want := range []string{"rules", "fix", "auto never", "dead-link uncited-claim", "timeout"} {
			if !strings.Contains(b.String(), want) {
				t.Errorf("%s script lacks %q:\n%s", name, want, b.String())
			}
		}
	}
}

// TestCommands: sorted by name, each help its first clause.
func TestCommands(t *testing.T) {
	got := Commands(map[string]string{"run": "lint files: the paths", "cache": "show the cache", "lsp": "serve (editors)"})
	want := []Item{{"cache", "show the cache"}, {"lsp", "serve"}, {"run", "lint files"}}
	if !slices.Equal(got, want) {
		t.Errorf("Commands = %v, want %v", got, want)
	}
}

// TestFlags: every flag of the set, in its order, told bool, file or
// fixed values as the set and the maps say.
func TestFlags(t *testing.T) {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.Bool("fix", false, "apply fixes")
	fs.String("c", "", "config file (default: found)")
	fs.String("color", "auto", "colour: auto or never")
	fs.Duration("timeout", 0, "stop after")
	got := Flags(fs, map[string]bool{"c": true}, map[string][]string{"color": {"auto", "never"}})
	want := []Flag{
		{Name: "c", Help: "config file", File: true},
		{Name: "color", Help: "colour", Values: []string{"auto", "never"}},
		{Name: "fix", Help: "apply fixes", Bool: true},
		{Name: "timeout", Help: "stop after"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Flags =\n%+v\nwant\n%+v", got, want)
	}
}
