package lsp_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/citelint/citelint/internal/lsp"
)

// lintLog records the lints a server starts; block, when set, is called
// for each (with its context and rev) before the lint runs.
type lintLog struct {
	mu      sync.Mutex
	revs    []int
	started chan int
	block   func(ctx context.Context, rev int)
}

func newLintLog() *lintLog { return &lintLog{started: make(chan int, 10000)} }

func (l *lintLog) hook(ctx context.Context, rev int) {
	l.mu.Lock()
	l.revs = append(l.revs, rev)
	block := l.block
	l.mu.Unlock()
	l.started <- rev
	if block != nil {
		block(ctx, rev)
	}
}

func (l *lintLog) waitRev(t *testing.T, rev int) {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case r := <-l.started:
			if r == rev {
				return
			}
		case <-timeout:
			t.Fatalf("no lint of rev %d started", rev)
		}
	}
}

const cancelDoc = "A claim [1] and [2].\n\n## References\n\n[1] Smith. Title. 2020.\n"

// edit replaces line 0's first character, as version v.
func (c *testClient) edit(uri string, v int) {
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": v},
		"contentChanges": []any{map[string]any{"range": rng(0, 0, 0, 1), "text": "A"}},
	})
}

// hoverAsync sends a hover request as id and returns its waiter.
func (c *testClient) hoverAsync(uri string, id uint64) jsonrpc2.Waiter {
	c.t.Helper()
	w, err := c.conn.DispatchCall(context.Background(), "textDocument/hover", map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"position":     map[string]any{"line": 0, "character": 9},
	}, jsonrpc2.PickID(jsonrpc2.ID{Num: id}))
	if err != nil {
		c.t.Fatal(err)
	}
	return w
}

func replyCode(t *testing.T, w jsonrpc2.Waiter) (int64, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var res any
	err := w.Wait(ctx, &res)
	var je *jsonrpc2.Error
	if !errors.As(err, &je) {
		t.Fatalf("reply: %v (result %v), want a JSON-RPC error", err, res)
	}
	return je.Code, je.Message
}

// $/cancelRequest cancels the request it names while it lints: the lint
// sees its context end, and the request is answered RequestCancelled.
func TestCancelRequest(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.md")
	uri := fileURI(path)
	log := newLintLog()
	seen := make(chan error, 1)
	log.block = func(ctx context.Context, rev int) {
		if rev == 1 {
			<-ctx.Done()
			seen <- ctx.Err()
		}
	}
	// A debounce of an hour: the edit's lint waits, so the hover lints.
	c := startClient(t, dir, lsp.WithLintStarted(lsp.Options{Debounce: time.Hour}, log.hook))
	c.initialize(nil, nil)
	c.open(path, cancelDoc)
	c.edit(uri, 2)
	w := c.hoverAsync(uri, 77)
	log.waitRev(t, 1)
	c.notify("$/cancelRequest", map[string]any{"id": 77})
	if err := <-seen; !errors.Is(err, context.Canceled) {
		t.Errorf("the hover's lint ended with %v, want cancelled", err)
	}
	if code, msg := replyCode(t, w); code != -32800 {
		t.Errorf("cancelled hover answered %d %q, want -32800 (RequestCancelled)", code, msg)
	}
	// The session goes on: a hover after it is answered.
	log.mu.Lock()
	log.block = nil
	log.mu.Unlock()
	var res any
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": 0, "character": 9}}, &res)
	c.shutdown()
}

// A request that outlives Options.Timeout is answered with an error that
// names the limit, and a lint that does publishes one diagnostic saying
// the file was not linted.
func TestRequestTimeout(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.md")
	uri := fileURI(path)
	log := newLintLog()
	log.block = func(ctx context.Context, rev int) {
		if rev >= 1 {
			<-ctx.Done() // a lint that never ends on its own
		}
	}
	c := startClient(t, dir, lsp.WithLintStarted(lsp.Options{Debounce: time.Hour, Timeout: 50 * time.Millisecond}, log.hook))
	c.initialize(nil, nil)
	c.open(path, cancelDoc)
	c.edit(uri, 2)
	code, msg := replyCode(t, c.hoverAsync(uri, 5))
	if code != int64(jsonrpc2.CodeInternalError) || !strings.Contains(msg, "took longer than 50ms") {
		t.Errorf("hover past its deadline answered %d %q", code, msg)
	}

	c2 := startClient(t, dir, lsp.WithLintStarted(lsp.Options{Debounce: -1, Timeout: 50 * time.Millisecond}, log.hook))
	c2.initialize(nil, nil)
	c2.open(path, cancelDoc)
	c2.edit(uri, 2)
	p := c2.waitDiags(uri, 2)
	if len(p.Diagnostics) != 1 || !strings.Contains(p.Diagnostics[0].Message, "file not linted: linting it took longer than 50ms") {
		t.Errorf("diagnostics of a lint past its deadline: %+v", p.Diagnostics)
	}
}

// An edit cancels the lint of the text it supersedes, and the edits that
// come while that lint still runs (a parse does not look at its context)
// are linted once, when it ends: not a lint per edit side by side.
func TestEditsSupersedeLint(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.md")
	uri := fileURI(path)
	log := newLintLog()
	release := make(chan struct{})
	seen := make(chan error, 1)
	log.block = func(ctx context.Context, rev int) {
		if rev == 1 {
			<-ctx.Done()
			seen <- ctx.Err()
			<-release // the parse goes on after the cancellation
		}
	}
	c := startClient(t, dir, lsp.WithLintStarted(lsp.Options{Debounce: -1}, log.hook))
	c.initialize(nil, nil)
	c.open(path, cancelDoc)
	c.edit(uri, 2)
	log.waitRev(t, 1)
	const edits = 500
	for v := 3; v < 3+edits; v++ {
		c.edit(uri, v)
	}
	if err := <-seen; !errors.Is(err, context.Canceled) {
		t.Errorf("the superseded lint ended with %v, want cancelled", err)
	}
	// Every edit has been read once a request sent after them is answered.
	var res any
	if err := c.conn.Call(context.Background(), "citelint/none", nil, &res); err == nil {
		t.Fatal("an unknown method was answered without error")
	}
	close(release)
	last := 2 + edits
	got := c.waitDiags(uri, last)
	if len(got.Diagnostics) == 0 {
		t.Errorf("no diagnostics for the last version")
	}
	log.mu.Lock()
	defer log.mu.Unlock()
	if n := len(log.revs); n > 4 { // the open's, rev 1's, the last text's (twice at most)
		t.Errorf("%d edits started %d lints (revs %v), want one for the last text", edits, n, log.revs[:min(n, 20)])
	}
}
