package cli

import (
	"context"
	"fmt"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/cliflag"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/mcpserver"
	"github.com/citelint/citelint/internal/version"
)

func init() {
	extraCommands["mcp"] = mcpCmd
	extraHelp["mcp"] = "serve the agent tools (check, fix, explain a rule) over the Model Context Protocol on stdio"
}

// mcpCmd serves the agent tools on standard input and output until the
// client closes them; diagnostics go to standard error, which MCP clients
// show in their logs.
func mcpCmd(args []string, env Env) int {
	fs := newFlagSet("mcp", env, "mcp [flags]\n\nServes citelint's agent tools over the Model Context Protocol (stdio).\nSee docs/agents.md for client configuration.")
	var o mcpserver.Options
	var tf trustFlags
	fs.StringVar(&o.ConfigPath, "c", "", "config file (default: .citelint.yaml found by walking up from the working directory, re-read on every call)")
	fs.StringVar(&o.ConfigPath, "config", "", "same as -c")
	fs.BoolVar(&o.NoConfig, "no-config", false, "ignore any config file")
	fs.IntVar(&o.MaxBytes, "max-bytes", mcpserver.DefaultMaxBytes, "largest document (and total inline sources) a call may pass, in bytes")
	fs.DurationVar(&o.Timeout, "timeout", mcpserver.DefaultTimeout, "bound each tool call, its network lookups included")
	tf.register(fs)
	rest, err := cliflag.Parse(fs, args, env.Stdout)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) > 0 {
		fmt.Fprintf(env.Stderr, "citelint: mcp takes no arguments (got %q); the client sends documents over the protocol\n", rest)
		return ExitUsage
	}
	wd, err := env.Getwd()
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
		return ExitFailure
	}
	o.WorkDir, o.Version = wd, version.Version
	o.Consent = mcpConsent(tf, env)
	rw := stdio{env.Stdin, env.Stdout} // lsp.go
	if err := mcpserver.Serve(context.Background(), o, rw, rw); err != nil {
		fmt.Fprintf(env.Stderr, "citelint: mcp: %v\n", err)
		return ExitFailure
	}
	return ExitOK
}

// mcpConsent is the consent the workflow gave (flags and environment,
// never the config alone) for the agent tool's network pass, which runs a
// config's network rules as run does. The tool asks no judge.
func mcpConsent(tf trustFlags, env Env) func(*config.Config) (engine.NetworkOptions, error) {
	return func(cfg *config.Config) (engine.NetworkOptions, error) {
		tr, err := tf.consent(cfg, env)
		return tr.networkOptions(false, false, engine.JudgePlan{Off: true}, env), err
	}
}
