package lsp_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/citelint/citelint/internal/lsp"
)

// The protocol's edges: requests before initialize fail, an unknown
// method is "method not found", requests about a document never opened
// answer null, closing a document clears its diagnostics, and exit
// without shutdown is the server's error (exit code 1 for the command).
func TestProtocolEdges(t *testing.T) {
	dir := t.TempDir()
	c := startClient(t, dir, lsp.Options{Debounce: -1})
	ctx := context.Background()
	var res any
	if err := c.conn.Call(ctx, "textDocument/hover", pos(fileURI(filepath.Join(dir, "x.md")), 0, 0), &res); err == nil || !strings.Contains(err.Error(), "not initialized") {
		t.Errorf("hover before initialize: %v", err)
	}
	c.initialize(nil, nil)
	var rpcErr *jsonrpc2.Error
	if err := c.conn.Call(ctx, "textDocument/formatting", map[string]any{}, &res); !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc2.CodeMethodNotFound {
		t.Errorf("unsupported method: %v", err)
	}
	for _, m := range []string{"textDocument/hover", "textDocument/definition"} {
		res = "unset"
		c.call(m, pos(fileURI(filepath.Join(dir, "never-opened.md")), 0, 0), &res)
		if res != nil {
			t.Errorf("%s on a document never opened: %v, want null", m, res)
		}
	}
	path := filepath.Join(dir, "a.md")
	if got := c.open(path, "A claim [3].\n\n## References\n\n[1] One.\n"); len(got.Diagnostics) == 0 {
		t.Fatal("no diagnostics for a dangling [3]")
	}
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": fileURI(path)}})
	if got := c.waitDiags(fileURI(path), 0); len(got.Diagnostics) != 0 {
		t.Errorf("after close: %v", got.Diagnostics)
	}

	c.notify("exit", nil)
	select {
	case err := <-c.served:
		if !errors.Is(err, lsp.ErrNoShutdown) {
			t.Errorf("exit without shutdown: Serve returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not stop on exit")
	}
}
