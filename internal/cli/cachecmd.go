package cli

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/cliflag"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/format"
	"github.com/citelint/citelint/output"
)

// cacheCmd implements `citelint cache status|clean|path`.
func cacheCmd(args []string, env Env) int {
	fs := newFlagSet("cache", env, "cache status|clean|path [flags]")
	var s setupFlags
	s.register(fs)
	asJSON := fs.Bool("json", false, "print status as JSON")
	rest, err := cliflag.Parse(fs, args, env.Stdout)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) != 1 {
		fmt.Fprintln(env.Stderr, "citelint: cache: want one of status, clean, path")
		return ExitUsage
	}
	cfg, err := s.loadConfig(env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		return ExitUsage
	}
	c, err := engine.OpenCache(cfg)
	if ce := (*config.Error)(nil); errors.As(err, &ce) {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err) // it names the file and line
		return ExitUsage
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: resolver cache: %v\n", err)
		return ExitFailure
	}
	switch rest[0] {
	case "path":
		fmt.Fprintln(env.Stdout, c.Dir())
	case "status":
		st, err := c.Status()
		if err != nil {
			fmt.Fprintf(env.Stderr, "citelint: cache status: %v\n", err)
			return ExitFailure
		}
		if *asJSON {
			enc := json.NewEncoder(env.Stdout)
			enc.SetIndent("", "  ")
			enc.Encode(st)
			return ExitOK
		}
		format.CacheStatus(env.Stdout, st)
	case "clean":
		n, err := c.Clean()
		if err != nil {
			fmt.Fprintf(env.Stderr, "citelint: cache clean: %v\n", err)
			return ExitFailure
		}
		fmt.Fprintf(env.Stdout, "removed %d cached %s from %s\n", n, output.Plural(n, "answer"), c.Dir())
	default:
		fmt.Fprintf(env.Stderr, "citelint: cache: unknown subcommand %q; want status, clean or path\n", rest[0])
		return ExitUsage
	}
	return ExitOK
}
