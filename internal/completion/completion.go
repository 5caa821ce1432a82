// Package completion writes citelint's shell completion scripts (bash,
// zsh and fish) from a Spec: the commands, run's flags and the rule names,
// which the command line takes from its own flag set and the rule
// registry, so that the scripts cannot drift from them.
package completion

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// Shells are the shells a script is written for, by name.
var Shells = map[string]func(io.Writer, Spec){
	"bash": Bash,
	"zsh":  Zsh,
	"fish": Fish,
}

// Spec is what the scripts complete.
type Spec struct {
	Commands []Item
	Flags    []Flag // run's
	Rules    []string
}

// Item is a command and its help, as Text gives it.
type Item struct{ Name, Help string }

// Flag is one of run's flags. Values lists what it takes when that is a
// fixed set; File says it takes a path; Bool that it takes no value.
type Flag struct {
	Name, Help string
	Bool, File bool
	Values     []string
}

// Text is the first clause of a help text, without the characters
// the scripts' quoting and zsh's option specs give a meaning to.
func Text(s string) string {
	if i := strings.IndexAny(s, ":(;"); i > 0 {
		s = s[:i]
	}
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune("'\"`$\\[]:{}", r) {
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

// Commands lists the commands of help (a command's help by its name),
// sorted by name, each help as Text gives it.
func Commands(help map[string]string) []Item {
	var items []Item
	for _, name := range slices.Sorted(maps.Keys(help)) {
		items = append(items, Item{Name: name, Help: Text(help[name])})
	}
	return items
}

// Flags lists the flags of fs, taken from the flag set itself so that
// they cannot drift: files names those that take a path, values the fixed
// values of those that take one of a set.
func Flags(fs *flag.FlagSet, files map[string]bool, values map[string][]string) []Flag {
	var out []Flag
	fs.VisitAll(func(f *flag.Flag) {
		b, _ := f.Value.(interface{ IsBoolFlag() bool })
		out = append(out, Flag{Name: f.Name, Help: Text(f.Usage), Bool: b != nil && b.IsBoolFlag(), File: files[f.Name], Values: values[f.Name]})
	})
	return out
}

// dash is a flag as written on the command line: -c, --config.
func dash(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

func (s Spec) commandNames() string {
	var names []string
	for _, c := range s.Commands {
		names = append(names, c.Name)
	}
	return strings.Join(names, " ")
}

// Bash writes the bash script: source <(citelint completion bash).
func Bash(w io.Writer, s Spec) {
	var flags, files, values []string
	var enums strings.Builder
	for _, f := range s.Flags {
		flags = append(flags, dash(f.Name))
		switch {
		case f.Values != nil:
			fmt.Fprintf(&enums, "        %s) COMPREPLY=($(compgen -W '%s' -- \"$cur\")); return ;;\n", dash(f.Name), strings.Join(f.Values, " "))
		case f.File:
			files = append(files, dash(f.Name))
		case !f.Bool:
			values = append(values, dash(f.Name))
		}
	}
	fmt.Fprintf(w, `# bash completion for citelint: source <(citelint completion bash)
_citelint() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    COMPREPLY=()
    if [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=($(compgen -W '%s' -- "$cur"))
        return
    fi
    case ${COMP_WORDS[1]} in
    run|lint)
        case $prev in
%s        %s) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        %s) return ;;
        esac
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W '%s' -- "$cur"))
            return
        fi
        COMPREPLY=($(compgen -f -- "$cur")) ;;
    rule) COMPREPLY=($(compgen -W '%s' -- "$cur")) ;;
    completion) COMPREPLY=($(compgen -W 'bash zsh fish' -- "$cur")) ;;
    cache) COMPREPLY=($(compgen -W 'status clean path' -- "$cur")) ;;
    config) COMPREPLY=($(compgen -W 'verify init path schema' -- "$cur")) ;;
    *) COMPREPLY=($(compgen -f -- "$cur")) ;;
    esac
}
complete -o filenames -F _citelint citelint
`, s.commandNames(), enums.String(), strings.Join(files, "|"), strings.Join(values, "|"), strings.Join(flags, " "), strings.Join(s.Rules, " "))
}

// Zsh writes the zsh script, for $fpath or sourcing.
func Zsh(w io.Writer, s Spec) {
	fmt.Fprintln(w, `#compdef citelint
# zsh completion for citelint: save as _citelint in $fpath, or source <(citelint completion zsh)
_citelint() {
  local -a commands
  commands=(`)
	for _, c := range s.Commands {
		fmt.Fprintf(w, "    '%s:%s'\n", c.Name, c.Help)
	}
	fmt.Fprintln(w, `  )
  if (( CURRENT == 2 )); then
    _describe -t commands 'citelint command' commands
    return
  fi
  case ${words[2]} in
    run|lint)
      shift words
      (( CURRENT-- ))
      _arguments -s -S \`)
	for _, f := range s.Flags {
		switch {
		case f.Bool:
			fmt.Fprintf(w, "        '%s[%s]' \\\n", dash(f.Name), f.Help)
		case f.Values != nil:
			fmt.Fprintf(w, "        '*%s=[%s]:%s:(%s)' \\\n", dash(f.Name), f.Help, f.Name, strings.Join(f.Values, " "))
		case f.File:
			fmt.Fprintf(w, "        '*%s=[%s]:file:_files' \\\n", dash(f.Name), f.Help)
		default:
			fmt.Fprintf(w, "        '*%s=[%s]:%s: ' \\\n", dash(f.Name), f.Help, f.Name)
		}
	}
	fmt.Fprintf(w, `        '*:file:_files'
      ;;
    rule) _values 'rule' %s ;;
    completion) _values 'shell' bash zsh fish ;;
    cache) _values 'subcommand' status clean path ;;
    config) _values 'subcommand' verify init path schema ;;
    *) _files ;;
  esac
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _citelint "$@"
else
  compdef _citelint citelint
fi
`, strings.Join(s.Rules, " "))
}

// Fish writes the fish script, for ~/.config/fish/completions.
func Fish(w io.Writer, s Spec) {
	fmt.Fprintln(w, "# fish completion for citelint: citelint completion fish > ~/.config/fish/completions/citelint.fish")
	fmt.Fprintln(w, "complete -c citelint -f")
	for _, c := range s.Commands {
		fmt.Fprintf(w, "complete -c citelint -n __fish_use_subcommand -a %s -d '%s'\n", c.Name, c.Help)
	}
	const run = "-n '__fish_seen_subcommand_from run lint'"
	for _, f := range s.Flags {
		opt := "-l " + f.Name
		if len(f.Name) == 1 {
			opt = "-s " + f.Name
		}
		switch {
		case f.Bool:
			fmt.Fprintf(w, "complete -c citelint %s %s -d '%s'\n", run, opt, f.Help)
		case f.Values != nil:
			fmt.Fprintf(w, "complete -c citelint %s %s -x -a '%s' -d '%s'\n", run, opt, strings.Join(f.Values, " "), f.Help)
		case f.File:
			fmt.Fprintf(w, "complete -c citelint %s %s -r -F -d '%s'\n", run, opt, f.Help)
		default:
			fmt.Fprintf(w, "complete -c citelint %s %s -x -d '%s'\n", run, opt, f.Help)
		}
	}
	fmt.Fprintln(w, "complete -c citelint -n '__fish_seen_subcommand_from run lint extract' -F")
	fmt.Fprintf(w, "complete -c citelint -n '__fish_seen_subcommand_from rule' -x -a '%s'\n", strings.Join(s.Rules, " "))
	fmt.Fprintln(w, "complete -c citelint -n '__fish_seen_subcommand_from completion' -x -a 'bash zsh fish'")
	fmt.Fprintln(w, "complete -c citelint -n '__fish_seen_subcommand_from cache' -x -a 'status clean path'")
	fmt.Fprintln(w, "complete -c citelint -n '__fish_seen_subcommand_from config' -x -a 'verify init path schema'")
}
