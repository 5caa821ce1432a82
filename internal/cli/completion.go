package cli

import (
	"fmt"
	"io"
	"maps"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/cliflag"
	"github.com/citelint/citelint/internal/completion"
	"github.com/citelint/citelint/internal/format"
	"github.com/citelint/citelint/internal/rules/registry"
)

func init() {
	extraCommands["completion"] = completionCmd
	extraHelp["completion"] = "bash|zsh|fish: print a shell completion script"
}

func completionCmd(args []string, env Env) int {
	const usage = `usage: citelint completion bash|zsh|fish

  bash: source <(citelint completion bash)   (or save it in /etc/bash_completion.d/citelint)
  zsh:  citelint completion zsh > "${fpath[1]}/_citelint"   (or source <(citelint completion zsh))
  fish: citelint completion fish > ~/.config/fish/completions/citelint.fish`
	if len(args) == 1 && cliflag.IsHelp(args[0]) {
		fmt.Fprintln(env.Stdout, usage)
		return ExitOK
	}
	if len(args) != 1 || completion.Shells[args[0]] == nil {
		fmt.Fprintln(env.Stderr, usage)
		return ExitUsage
	}
	completion.Shells[args[0]](env.Stdout, newCompletionSpec(env))
	return ExitOK
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

// newCompletionSpec is what the scripts complete: the commands, run's
// flags (taken from its flag set, so they cannot drift) and the rule names.
func newCompletionSpec(env Env) completion.Spec {
	help := maps.Clone(builtinHelp)
	maps.Copy(help, extraHelp)
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
	return completion.Spec{Commands: completion.Commands(help), Flags: completion.Flags(fs, fileFlags, enums), Rules: registry.Names()}
}
