package cli

import (
	"fmt"
	"os"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/atomicfile"
	"github.com/citelint/citelint/internal/cliflag"
	"github.com/citelint/citelint/internal/engine"
)

func init() {
	extraCommands["config"] = configCmd
	extraHelp["config"] = "verify (check a config exactly as run loads it), init (write a starter .citelint.yaml), path"
}

func configCmd(args []string, env Env) int {
	const usage = "usage: citelint config verify [-c FILE] | init [-force] | path | schema"
	if len(args) == 0 {
		fmt.Fprintln(env.Stderr, usage)
		return ExitUsage
	}
	if cliflag.IsHelp(args[0]) {
		fmt.Fprintln(env.Stdout, usage)
		return ExitOK
	}
	sub, rest := args[0], args[1:]
	fs := newFlagSet("config "+sub, env, "config "+sub+" [flags]")
	var s setupFlags
	s.register(fs)
	force := fs.Bool("force", false, "init: overwrite an existing .citelint.yaml")
	if _, err := cliflag.Parse(fs, rest, env.Stdout); err != nil {
		return flagExit(err)
	}
	switch sub {
	case "verify":
		wd, _ := env.Getwd()
		path, errs, err := engine.VerifyConfig(wd, s.configPath)
		if err != nil {
			fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
			return ExitUsage
		}
		if path == "" {
			fmt.Fprintln(env.Stderr, "citelint: no .citelint.yaml found (walked up from the working directory)")
			return ExitUsage
		}
		for _, e := range errs {
			fmt.Fprintln(env.Stderr, e)
		}
		if len(errs) > 0 {
			return ExitUsage
		}
		fmt.Fprintf(env.Stdout, "%s: ok\n", path)
		return ExitOK
	case "init":
		const name = ".citelint.yaml"
		if _, err := os.Stat(name); err == nil && !*force {
			fmt.Fprintf(env.Stderr, "citelint: %s exists; use -force to overwrite\n", name)
			return ExitUsage
		}
		if err := atomicfile.WriteBytes(name, config.InitTemplate()); err != nil {
			fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
			return ExitFailure
		}
		fmt.Fprintf(env.Stdout, "wrote %s\n", name)
		return ExitOK
	case "path":
		cfg, err := s.loadConfig(env)
		if err != nil {
			fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
			return ExitUsage
		}
		if cfg.Path == "" {
			fmt.Fprintln(env.Stdout, "(no config file: defaults)")
		} else {
			fmt.Fprintln(env.Stdout, cfg.Path)
		}
		return ExitOK
	case "schema":
		env.Stdout.Write(config.Schema())
		return ExitOK
	}
	fmt.Fprintf(env.Stderr, "citelint: unknown config command %q (want verify, init, path or schema)\n", sub)
	return ExitUsage
}
