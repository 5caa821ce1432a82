package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/citelint/citelint/internal/cliflag"
	"github.com/citelint/citelint/internal/lsp"
	"github.com/citelint/citelint/internal/version"
)

func init() {
	extraCommands["lsp"] = lspCmd
	extraHelp["lsp"] = "run the Language Server Protocol server on stdio (editors)"
}

// lspCmd serves the editor protocol on standard input and output until
// the client exits; logs go to standard error.
func lspCmd(args []string, env Env) int {
	fs := newFlagSet("lsp", env, "lsp [flags]")
	var configPath string
	var noConfig bool
	var debounce, timeout time.Duration
	fs.StringVar(&configPath, "c", "", "config file (default: .citelint.yaml found from the workspace root)")
	fs.StringVar(&configPath, "config", "", "same as -c")
	fs.BoolVar(&noConfig, "no-config", false, "ignore any config file")
	fs.DurationVar(&debounce, "debounce", lsp.DefaultDebounce, "during a burst of changes, lint this long after the last one (0: lint every change)")
	fs.DurationVar(&timeout, "timeout", lsp.DefaultTimeout, "bound each request and each lint of a document")
	fs.Bool("stdio", true, "speak the protocol on standard input and output (the only transport; editors pass it)")
	pos, err := cliflag.Parse(fs, args, env.Stdout)
	if err != nil {
		return flagExit(err)
	}
	if len(pos) > 0 {
		fmt.Fprintf(env.Stderr, "citelint lsp: unexpected argument %q\n", pos[0])
		return ExitUsage
	}
	if debounce == 0 {
		debounce = -1 // the flag's 0 means none; Options' 0 means the default
	}
	wd, err := env.Getwd()
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint lsp: %v\n", err)
		return ExitFailure
	}
	srv := lsp.New(lsp.Options{Debounce: debounce, Timeout: timeout, WorkDir: wd, ConfigPath: configPath, NoConfig: noConfig, Version: version.Version, Log: env.Stderr})
	err = srv.Serve(context.Background(), stdio{env.Stdin, env.Stdout})
	if errors.Is(err, lsp.ErrNoShutdown) {
		return 1 // the protocol's exit code for exit without shutdown
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "citelint lsp: %v\n", err)
		return ExitFailure
	}
	return ExitOK
}

// stdio joins standard input and output into the stream the server reads
// and writes; closing it closes neither (the process ends soon after).
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }
