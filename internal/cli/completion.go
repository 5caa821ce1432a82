package cli

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/format"
	"github.com/citelint/citelint/internal/rules/registry"
)

func init() {
	extraCommands["completion"] = completionCmd
	extraHelp["completion"] = "bash|zsh|fish: print a shell completion script"
}

// completionShells are the shells completionCmd writes scripts for.
var completionShells = map[string]func(io.Writer, completionSpec){
	"bash": writeBash,
	"zsh":  writeZsh,
	"fish": writeFish,
}

func completionCmd(args []string, env Env) int {
	const usage = `usage: citelint completion bash|zsh|fish

  bash: source <(citelint completion bash)   (or save it in /etc/bash_completion.d/citelint)
  zsh:  citelint completion zsh > "${fpath[1]}/_citelint"   (or source <(citelint completion zsh))
  fish: citelint completion fish > ~/.config/fish/completions/citelint.fish`
	if len(args) == 1 && isHelp(args[0]) {
		fmt.Fprintln(env.Stdout, usage)
		return ExitOK
	}
	if len(args) != 1 || completionShells[args[0]] == nil {
		fmt.Fprintln(env.Stderr, usage)
		return ExitUsage
	}
	completionShells[args[0]](env.Stdout, newCompletionSpec(env))
	return ExitOK
}

// completionSpec is what the scripts complete: the commands, run's flags
// (taken from its flag set, so they cannot drift) and the rule names.
type completionSpec struct {
	commands []completionItem
	flags    []completionFlag
	rules    []string
}

type completionItem struct{ name, help string }

// completionFlag is one of run's flags. Values lists what it takes when
// that is a fixed set; File says it takes a path.
type completionFlag struct {
	name, help string
	bool, file bool
	values     []string
}

// builtinHelp describes the commands Main dispatches itself.
var builtinHelp = map[string]string{
	"run": "lint files and directories", "lint": "lint files and directories (same as run)",
	"extract": "print every citation, claim and reference found", "rules": "list the rules",
	"rule": "explain a rule", "cache": "show or empty the resolver cache",
	"calibrate": "measure the support score on labelled pairs", "version": "print the version",
	"help": "help on a command",
}

// fileFlags take a path.
var fileFlags = map[string]bool{
	"c": true, "config": true, "sources": true, "bibliography": true, "baseline": true, "write-baseline": true,
	"stdin-filename": true, "new-from-patch": true, "cpu-profile-path": true, "mem-profile-path": true,
}

func newCompletionSpec(env Env) completionSpec {
	var s completionSpec
	help := maps.Clone(builtinHelp)
	maps.Copy(help, extraHelp)
	for _, name := range slices.Sorted(maps.Keys(help)) {
		s.commands = append(s.commands, completionItem{name, shellText(help[name])})
	}
	enums := map[string][]string{
		"format":     format.Names(),
		"color":      colorModes,
		"default":    config.RuleSets,
		"fail-level": config.SeverityNames,
	}
	for _, f := range []string{"E", "D", "enable", "disable", "enable-only"} {
		enums[f] = registry.Names() // the first of a comma-separated list
	}
	env.Stderr = io.Discard
	fs, _ := runFlagSet(env)
	fs.VisitAll(func(f *flag.Flag) {
		b, _ := f.Value.(interface{ IsBoolFlag() bool })
		s.flags = append(s.flags, completionFlag{name: f.Name, help: shellText(f.Usage), bool: b != nil && b.IsBoolFlag(),
			file: fileFlags[f.Name], values: enums[f.Name]})
	})
	s.rules = registry.Names()
	return s
}

// shellText is the first clause of a help text, without the characters
// the scripts' quoting and zsh's option specs give a meaning to.
func shellText(s string) string {
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

// dash is a flag as written on the command line: -c, --config.
func dash(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

func (s completionSpec) commandNames() string {
	var names []string
	for _, c := range s.commands {
		names = append(names, c.name)
	}
	return strings.Join(names, " ")
}

func writeBash(w io.Writer, s completionSpec) {
	var flags, files, values []string
	var enums strings.Builder
	for _, f := range s.flags {
		flags = append(flags, dash(f.name))
		switch {
		case f.values != nil:
			fmt.Fprintf(&enums, "        %s) COMPREPLY=($(compgen -W '%s' -- \"$cur\")); return ;;\n", dash(f.name), strings.Join(f.values, " "))
		case f.file:
			files = append(files, dash(f.name))
		case !f.bool:
			values = append(values, dash(f.name))
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
`, s.commandNames(), enums.String(), strings.Join(files, "|"), strings.Join(values, "|"), strings.Join(flags, " "), strings.Join(s.rules, " "))
}

func writeZsh(w io.Writer, s completionSpec) {
	fmt.Fprintln(w, `#compdef citelint
# zsh completion for citelint: save as _citelint in $fpath, or source <(citelint completion zsh)
_citelint() {
  local -a commands
  commands=(`)
	for _, c := range s.commands {
		fmt.Fprintf(w, "    '%s:%s'\n", c.name, c.help)
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
	for _, f := range s.flags {
		switch {
		case f.bool:
			fmt.Fprintf(w, "        '%s[%s]' \\\n", dash(f.name), f.help)
		case f.values != nil:
			fmt.Fprintf(w, "        '*%s=[%s]:%s:(%s)' \\\n", dash(f.name), f.help, f.name, strings.Join(f.values, " "))
		case f.file:
			fmt.Fprintf(w, "        '*%s=[%s]:file:_files' \\\n", dash(f.name), f.help)
		default:
			fmt.Fprintf(w, "        '*%s=[%s]:%s: ' \\\n", dash(f.name), f.help, f.name)
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
`, strings.Join(s.rules, " "))
}

func writeFish(w io.Writer, s completionSpec) {
	fmt.Fprintln(w, "# fish completion for citelint: citelint completion fish > ~/.config/fish/completions/citelint.fish")
	fmt.Fprintln(w, "complete -c citelint -f")
	for _, c := range s.commands {
		fmt.Fprintf(w, "complete -c citelint -n __fish_use_subcommand -a %s -d '%s'\n", c.name, c.help)
	}
	const run = "-n '__fish_seen_subcommand_from run lint'"
	for _, f := range s.flags {
		opt := "-l " + f.name
		if len(f.name) == 1 {
			opt = "-s " + f.name
		}
		switch {
		case f.bool:
			fmt.Fprintf(w, "complete -c citelint %s %s -d '%s'\n", run, opt, f.help)
		case f.values != nil:
			fmt.Fprintf(w, "complete -c citelint %s %s -x -a '%s' -d '%s'\n", run, opt, strings.Join(f.values, " "), f.help)
		case f.file:
			fmt.Fprintf(w, "complete -c citelint %s %s -r -F -d '%s'\n", run, opt, f.help)
		default:
			fmt.Fprintf(w, "complete -c citelint %s %s -x -d '%s'\n", run, opt, f.help)
		}
	}
	fmt.Fprintln(w, "complete -c citelint -n '__fish_seen_subcommand_from run lint extract' -F")
	fmt.Fprintf(w, "complete -c citelint -n '__fish_seen_subcommand_from rule' -x -a '%s'\n", strings.Join(s.rules, " "))
	fmt.Fprintln(w, "complete -c citelint -n '__fish_seen_subcommand_from completion' -x -a 'bash zsh fish'")
	fmt.Fprintln(w, "complete -c citelint -n '__fish_seen_subcommand_from cache' -x -a 'status clean path'")
	fmt.Fprintln(w, "complete -c citelint -n '__fish_seen_subcommand_from config' -x -a 'verify init path schema'")
}
