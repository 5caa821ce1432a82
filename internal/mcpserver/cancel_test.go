package mcpserver_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/citelint/citelint/internal/mcpserver"
)

// waitFor receives from ch, failing after a minute (a hang, not a speed
// check).
func waitFor[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(time.Minute):
		t.Fatalf("no %s", what)
		panic("unreachable")
	}
}

// A call the client cancels (the SDK sends notifications/cancelled) ends
// the lint's context, and the call returns without linting on: the lint
// looks at its context between its steps.
func TestCallCancelled(t *testing.T) {
	dir := project(t, map[string]string{"report.md": report})
	started := make(chan struct{}, 1)
	seen := make(chan error, 1)
	ended := make(chan error, 2)
	var calls atomic.Int32
	o := mcpserver.WithHooks(mcpserver.Options{WorkDir: dir, NoConfig: true},
		func(ctx context.Context) {
			if calls.Add(1) > 1 {
				return // the call after the cancelled one
			}
			started <- struct{}{}
			<-ctx.Done()
			seen <- ctx.Err()
		},
		func(err error) { ended <- err })
	cs := connect(t, o)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: mcpserver.ToolCheck, Arguments: map[string]any{"text": report}})
		done <- err
	}()
	waitFor(t, started, "lint started")
	cancel()
	if err := waitFor(t, done, "return from the cancelled call"); !errors.Is(err, context.Canceled) {
		t.Errorf("client's call = %v, want cancelled", err)
	}
	if err := waitFor(t, seen, "end of the call's context"); !errors.Is(err, context.Canceled) {
		t.Errorf("the server's call context ended with %v, want cancelled", err)
	}
	if err := waitFor(t, ended, "end of the server's call"); err == nil || !strings.Contains(err.Error(), "cancelled") {
		t.Errorf("the cancelled call ended with %v, want an error saying it was cancelled", err)
	}
	// The session goes on.
	if res := call(t, cs, mcpserver.ToolCheck, map[string]any{"text": report}); res.IsError {
		t.Errorf("a check after the cancelled one failed: %v", res.Content)
	}
}

// A call that outlives Options.Timeout is a tool error naming the limit,
// never a partial check passed off as complete.
func TestCallDeadline(t *testing.T) {
	dir := project(t, map[string]string{"report.md": report})
	o := mcpserver.WithHooks(mcpserver.Options{WorkDir: dir, NoConfig: true, Timeout: 50 * time.Millisecond},
		func(ctx context.Context) {
			if _, ok := ctx.Deadline(); !ok {
				t.Error("the call's context has no deadline")
			}
			<-ctx.Done() // a lint that never ends on its own
		}, nil)
	cs := connect(t, o)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: mcpserver.ToolFix, Arguments: map[string]any{"text": report}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError || !strings.Contains(textOf(res), "took longer than this server's limit of 50ms") {
		t.Errorf("a call past its deadline: error=%v %q", res.IsError, textOf(res))
	}
}

func textOf(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// A request line longer than the transport's cap (16 × --max-bytes + 1
// MB) ends the read with an error: it is never buffered whole.
func TestRequestLineBounded(t *testing.T) {
	dir := project(t, nil)
	in, w := io.Pipe()
	r, out := io.Pipe()
	go io.Copy(io.Discard, r)
	served := make(chan error, 1)
	go func() {
		served <- mcpserver.Serve(context.Background(), mcpserver.Options{WorkDir: dir, NoConfig: true, MaxBytes: 1000}, in, out)
	}()
	go func() {
		io.WriteString(w, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"check_citations","arguments":{"text":"`)
		chunk := strings.Repeat("a", 1<<16)
		for i := 0; i < 64; i++ { // 4 MB, over the 1,016,000-byte cap
			if _, err := io.WriteString(w, chunk); err != nil {
				return
			}
		}
		w.Close()
	}()
	if err := waitFor(t, served, "end of Serve"); err == nil {
		t.Error("Serve read a 4 MB line without error")
	}
	in.Close()
	out.Close()
}
