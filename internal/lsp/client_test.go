package lsp_test

import (
	"context"
	"encoding/json"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/citelint/citelint/internal/lsp"
)

// publishParams are publishDiagnostics' parameters; glsp's Diagnostic
// cannot decode its own code field (UnmarshalJSON on a value receiver).
type publishParams struct {
	URI         string     `json:"uri"`
	Version     *int       `json:"version"`
	Diagnostics []testDiag `json:"diagnostics"`
}

type testDiag struct {
	Range           protocol.Range `json:"range"`
	Severity        int            `json:"severity"`
	Code            string         `json:"code"`
	CodeDescription *struct {
		HRef string `json:"href"`
	} `json:"codeDescription,omitempty"`
	Source             string                                  `json:"source"`
	Message            string                                  `json:"message"`
	Tags               []int                                   `json:"tags,omitempty"`
	RelatedInformation []protocol.DiagnosticRelatedInformation `json:"relatedInformation,omitempty"`
	Data               json.RawMessage                         `json:"data,omitempty"`
}

// testAction is a code action as the client decodes it: the edit as a
// changes map or as versioned documentChanges.
type testAction struct {
	Title       string     `json:"title"`
	Kind        string     `json:"kind"`
	IsPreferred *bool      `json:"isPreferred"`
	Diagnostics []testDiag `json:"diagnostics"`
	Edit        struct {
		Changes         map[string][]protocol.TextEdit `json:"changes"`
		DocumentChanges []struct {
			TextDocument struct {
				URI     string `json:"uri"`
				Version *int   `json:"version"`
			} `json:"textDocument"`
			Edits []protocol.TextEdit `json:"edits"`
		} `json:"documentChanges"`
	} `json:"edit"`
}

// testClient is an editor speaking the protocol to a Server over io.Pipe.
type testClient struct {
	t        testing.TB
	conn     *jsonrpc2.Conn
	diags    chan publishParams
	messages chan protocol.ShowMessageParams
	regs     chan protocol.RegistrationParams
	served   chan error
	root     string
	// docChanges offers workspace.workspaceEdit.documentChanges.
	docChanges bool
}

type pipeRW struct {
	io.ReadCloser
	io.WriteCloser
}

func (p pipeRW) Close() error {
	p.ReadCloser.Close()
	return p.WriteCloser.Close()
}

// startClient starts a server with opts and a client connected to it; the
// server's work directory is root.
func startClient(t testing.TB, root string, opts lsp.Options) *testClient {
	t.Helper()
	sr, cw := io.Pipe() // client → server
	cr, sw := io.Pipe() // server → client
	opts.WorkDir = root
	srv := lsp.New(opts)
	c := &testClient{
		t: t, root: root, served: make(chan error, 1),
		diags:    make(chan publishParams, 100),
		messages: make(chan protocol.ShowMessageParams, 10),
		regs:     make(chan protocol.RegistrationParams, 10),
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { c.served <- srv.Serve(ctx, pipeRW{sr, sw}) }()
	// The client answers in goroutines: io.Pipe has no buffer, and two
	// readers each blocked writing to the other would never return.
	c.conn = jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(pipeRW{cr, cw}, jsonrpc2.VSCodeObjectCodec{}), jsonrpc2.AsyncHandler(jsonrpc2.HandlerWithError(c.handle)))
	t.Cleanup(func() {
		cancel()
		c.conn.Close()
	})
	return c
}

func (c *testClient) handle(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	switch req.Method {
	case "textDocument/publishDiagnostics":
		var p publishParams
		if err := json.Unmarshal(*req.Params, &p); err != nil {
			c.t.Errorf("publishDiagnostics: %v", err)
		}
		c.diags <- p
	case "window/showMessage":
		var p protocol.ShowMessageParams
		json.Unmarshal(*req.Params, &p)
		c.messages <- p
	case "client/registerCapability":
		var p protocol.RegistrationParams
		json.Unmarshal(*req.Params, &p)
		c.regs <- p
	}
	return nil, nil
}

func (c *testClient) call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := c.conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *testClient) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// initialize runs the handshake, offering the given position encodings
// (none: the protocol's default, UTF-16), and returns the server's answer.
func (c *testClient) initialize(encodings []string, initOpts map[string]any) map[string]any {
	c.t.Helper()
	params := map[string]any{
		"processId": nil,
		"rootUri":   fileURI(c.root),
		"capabilities": map[string]any{
			"general": map[string]any{"positionEncodings": encodings},
			"workspace": map[string]any{
				"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true},
				"workspaceEdit":         map[string]any{"documentChanges": c.docChanges},
			},
		},
		"initializationOptions": initOpts,
	}
	var res map[string]any
	c.call("initialize", params, &res)
	c.notify("initialized", map[string]any{})
	return res
}

// open sends didOpen and returns the first diagnostics published for it.
func (c *testClient) open(path, text string) publishParams {
	c.t.Helper()
	c.notify("textDocument/didOpen", protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: fileURI(path), LanguageID: "markdown", Version: 1, Text: text,
	}})
	return c.waitDiags(fileURI(path), 1)
}

// waitDiags waits for the diagnostics of uri at version (0: any).
func (c *testClient) waitDiags(uri string, version int) publishParams {
	c.t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case p := <-c.diags:
			if p.URI == uri && (version == 0 || p.Version != nil && *p.Version == version) {
				return p
			}
		case <-timeout:
			c.t.Fatalf("no diagnostics for %s version %d", uri, version)
		}
	}
}

func (c *testClient) shutdown() {
	c.t.Helper()
	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	select {
	case err := <-c.served:
		if err != nil {
			c.t.Errorf("Serve after shutdown and exit: %v", err)
		}
	case <-time.After(10 * time.Second):
		c.t.Fatal("server did not stop after exit")
	}
}

func fileURI(path string) string {
	abs, _ := filepath.Abs(path)
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

func readFixture(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
