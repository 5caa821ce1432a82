package cli

import (
	"bytes"
	"context"
	"io"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/version"
	"github.com/sourcegraph/jsonrpc2"
)

type lspPipe struct {
	io.ReadCloser
	io.WriteCloser
}

func (p lspPipe) Close() error { p.ReadCloser.Close(); return p.WriteCloser.Close() }

// `citelint lsp` speaks the protocol on the command's standard input and
// output and exits 0 after shutdown and exit.
func TestLSPCommand(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var stderr bytes.Buffer
	code := make(chan int, 1)
	dir := t.TempDir()
	go func() {
		code <- Main([]string{"lsp", "--stdio"}, Env{Stdin: inR, Stdout: outW, Stderr: &stderr, Getwd: func() (string, error) { return dir, nil }})
		outW.Close()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn := jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(lspPipe{outR, inW}, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.AsyncHandler(jsonrpc2.HandlerWithError(func(context.Context, *jsonrpc2.Conn, *jsonrpc2.Request) (any, error) { return nil, nil })))
	defer conn.Close()
	var init struct {
		ServerInfo struct{ Name, Version string } `json:"serverInfo"`
	}
	if err := conn.Call(ctx, "initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}, &init); err != nil {
		t.Fatal(err)
	}
	if init.ServerInfo.Name != "citelint" || init.ServerInfo.Version != version.Version {
		t.Errorf("serverInfo: %+v", init.ServerInfo)
	}
	if err := conn.Call(ctx, "shutdown", nil, nil); err != nil {
		t.Fatal(err)
	}
	conn.Notify(ctx, "exit", nil)
	select {
	case c := <-code:
		if c != ExitOK {
			t.Errorf("exit code %d, want 0; stderr: %s", c, stderr.String())
		}
	case <-ctx.Done():
		t.Fatal("citelint lsp did not exit")
	}
}

func TestLSPCommandFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want int
	}{
		{[]string{"lsp", "--help"}, ExitOK},
		{[]string{"lsp", "extra"}, ExitUsage},
		{[]string{"lsp", "--no-such-flag"}, ExitUsage},
	} {
		var out, errb bytes.Buffer
		if got := Main(tt.args, Env{Stdout: &out, Stderr: &errb}); got != tt.want {
			t.Errorf("%v: exit %d, want %d (%s)", tt.args, got, tt.want, errb.String())
		}
	}
}
