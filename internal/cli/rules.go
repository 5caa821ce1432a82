package cli

import (
	"fmt"

	"github.com/citelint/citelint/internal/cliflag"
	"github.com/citelint/citelint/internal/didyoumean"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/registry"
)

func rulesCmd(args []string, env Env) int {
	fs := newFlagSet("rules", env, "rules")
	if _, err := cliflag.Parse(fs, args, env.Stdout); err != nil {
		return flagExit(err)
	}
	rules.Table(env.Stdout, registry.All())
	return ExitOK
}

func ruleCmd(args []string, env Env) int {
	fs := newFlagSet("rule", env, "rule NAME")
	names, err := cliflag.Parse(fs, args, env.Stdout)
	if err != nil {
		return flagExit(err)
	}
	if len(names) != 1 {
		fmt.Fprintln(env.Stderr, "citelint: rule takes one rule name; `citelint rules` lists them")
		return ExitUsage
	}
	r, ok := registry.Lookup(names[0])
	if !ok {
		fmt.Fprintf(env.Stderr, "citelint: unknown rule %q%s; `citelint rules` lists them\n", names[0], didyoumean.Hint(names[0], registry.Names()))
		return ExitUsage
	}
	fmt.Fprint(env.Stdout, rules.Describe(r))
	return ExitOK
}
