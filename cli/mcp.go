package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/citelint/citelint/mcpserver"
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
	fs.StringVar(&o.ConfigPath, "c", "", "config file (default: .citelint.yaml found by walking up from the working directory, re-read on every call)")
	fs.StringVar(&o.ConfigPath, "config", "", "same as -c")
	fs.BoolVar(&o.NoConfig, "no-config", false, "ignore any config file")
	fs.IntVar(&o.MaxBytes, "max-bytes", mcpserver.DefaultMaxBytes, "largest document (and total inline sources) a call may pass, in bytes")
	rest, err := parseInterleaved(fs, args, env.Stdout)
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
	o.WorkDir, o.Version = wd, Version
	in := io.NopCloser(env.Stdin)
	if err := mcpserver.Serve(context.Background(), o, in, nopWriteCloser{env.Stdout}); err != nil {
		fmt.Fprintf(env.Stderr, "citelint: mcp: %v\n", err)
		return ExitFailure
	}
	return ExitOK
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
