// Package mcpserver is citelint's Model Context Protocol server: the tools
// an agent that writes reports calls to check a Markdown document's
// citations (issues, coverage, grounded fraction), to apply the safe
// fixes, and to read a rule's documentation. It is built on the official
// Go SDK (github.com/modelcontextprotocol/go-sdk) and lints through the
// engine, so a check reports what `citelint run --format json` reports
// for the same document (TestCheckIsRun).
//
// The server reads only what the agent sends and what lies inside the
// project. It is offline unless the config enables network rules: then
// the Network hook (the command line's consent around the engine's
// network pass, engine.LookUpBytes) looks up what the document cites, as
// `citelint run` would. Without the hook, network
// rules are not run and a check names them (network_rules_not_run) rather
// than letting an agent take their silence for a pass.
package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/safefile"
)

// DefaultMaxBytes caps a document (and, separately, the inline sources of
// one call). A report an agent writes is tens of kilobytes; the cap keeps
// one call's memory and time bounded whatever the client sends.
const DefaultMaxBytes = 4 << 20

// Options configure the server.
type Options struct {
	// WorkDir is where the server runs: documents' paths are relative to
	// it, and the config is found from it as `citelint run` finds it. ""
	// is os.Getwd. The project root (the Git work tree holding it) bounds
	// every path a call names.
	WorkDir string
	// ConfigPath is the config file (-c); "" finds .citelint.yaml from
	// WorkDir up, per call, so edits to it apply to the next call.
	ConfigPath string
	// NoConfig ignores any config file.
	NoConfig bool
	// MaxBytes caps a document and the inline sources; 0 is DefaultMaxBytes.
	MaxBytes int
	// Version is citelint's version, told to clients.
	Version string
	// Consent, when set, gives the network pass of a document whose config
	// enables network rules what the workflow consented to (flags and
	// environment, never the config alone: engine.NetworkOptions) under
	// the config cfg; nil leaves those rules unrun.
	Consent func(cfg *config.Config) (engine.NetworkOptions, error)
	// Timeout bounds each tool call, its network pass included (which
	// gets engine.NetworkShare of it, so the lint still runs); 0 is
	// DefaultTimeout. A call the client cancels (notifications/cancelled)
	// stops as soon as the lint's next step sees it.
	Timeout time.Duration

	// callStarted and callEnded, when set (tests), are called as a check
	// or fix starts linting, with its context, and as it returns.
	callStarted func(ctx context.Context)
	callEnded   func(err error)
}

// DefaultTimeout bounds one tool call: an offline check of a document at
// the size cap takes seconds; the rest is for the network pass a config
// may enable.
const DefaultTimeout = 5 * time.Minute

// server holds the options every tool call reads.
type server struct {
	o    Options
	root *safefile.Root
}

// New returns the MCP server with citelint's tools.
func New(o Options) (*mcp.Server, error) {
	if o.WorkDir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		o.WorkDir = wd
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	root, err := safefile.NewRoot(safefile.FindRoot(o.WorkDir))
	if err != nil {
		return nil, fmt.Errorf("project root: %w", err)
	}
	s := &server{o: o, root: root}
	srv := mcp.NewServer(&mcp.Implementation{Name: "citelint", Title: "citelint", Version: o.Version}, &mcp.ServerOptions{
		Instructions: instructions,
	})
	s.addTools(srv)
	return srv, nil
}

// instructions tell the agent when the tools help.
const instructions = `citelint checks the citations in Markdown documents: markers without a
reference entry, unused or duplicate references, malformed or non-canonical
DOIs and arXiv ids, sentences that state facts without a citation, and (with
sources) sentences their cited source does not support. Call check_citations
on a report before you hand it over, fix what it reports (fix_citations applies
the mechanical fixes), and call explain_rule when an issue's rule is unclear.`

// Serve runs the server over newline-delimited JSON-RPC on in and out (a
// client's pipes: standard input and output) until the client closes in
// or ctx ends.
func Serve(ctx context.Context, o Options, in io.ReadCloser, out io.WriteCloser) error {
	srv, err := New(o)
	if err != nil {
		return err
	}
	// A call carries a document JSON-escaped, up to about six bytes per
	// byte of text; the frame cap sits above what a capped document
	// needs so that the tool, not the transport, refuses a large one
	// with a message the agent can act on.
	max := o.MaxBytes
	if max <= 0 {
		max = DefaultMaxBytes
	}
	t := &mcp.IOTransport{Reader: in, Writer: out, MaxLineLength: 16*max + 1<<20}
	err = srv.Run(ctx, t)
	if errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// loadConfig finds and loads the config as `citelint run` does from the
// working directory.
func (s *server) loadConfig() (*config.Config, error) {
	cfg, _, err := engine.LoadConfig(s.o.WorkDir, s.o.ConfigPath, s.o.NoConfig)
	return cfg, err
}
