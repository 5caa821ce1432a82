package lsp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/lsp"
)

// rawClient speaks bytes to a server over pipes, for frames no client
// library would send.
type rawClient struct {
	t  *testing.T
	w  io.Writer
	r  *bufio.Reader
	ok chan error
}

func startRaw(t *testing.T, opts lsp.Options) *rawClient {
	t.Helper()
	sr, cw := io.Pipe()
	cr, sw := io.Pipe()
	opts.WorkDir = t.TempDir()
	srv := lsp.New(opts)
	ctx, cancel := context.WithCancel(context.Background())
	c := &rawClient{t: t, w: cw, r: bufio.NewReader(cr), ok: make(chan error, 1)}
	go func() { c.ok <- srv.Serve(ctx, pipeRW{sr, sw}) }()
	t.Cleanup(func() {
		cancel()
		cw.Close()
		cr.Close()
	})
	return c
}

// send writes raw bytes in a goroutine: the server may answer before it
// has read them all, and io.Pipe has no buffer.
func (c *rawClient) send(b string) {
	go io.WriteString(c.w, b)
}

func frame(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

type rawReply struct {
	ID     *json.RawMessage `json:"id"`
	Result json.RawMessage  `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	Method string `json:"method"`
	raw    map[string]json.RawMessage
}

// reply reads the next message the server sends, skipping its
// notifications.
func (c *rawClient) reply() rawReply {
	c.t.Helper()
	for {
		n := -1
		for {
			line, err := c.r.ReadString('\n')
			if err != nil {
				c.t.Fatalf("reading the server's header: %v", err)
			}
			line = strings.TrimRight(line, "\r\n")
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				n, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(c.r, body); err != nil {
			c.t.Fatal(err)
		}
		var r rawReply
		if err := json.Unmarshal(body, &r); err != nil {
			c.t.Fatalf("server sent %q: %v", body, err)
		}
		json.Unmarshal(body, &r.raw)
		if r.Method == "" {
			return r
		}
	}
}

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`

// A malformed frame is answered with a JSON-RPC error and the session goes
// on: jsonrpc2's own codec ended the session on any of them, and buffered
// a header line without end for as long as it ran.
func TestMalformedFrames(t *testing.T) {
	for _, tt := range []struct {
		name, frame string
		code        int
		id          string // "null" when the frame's id could not be read
	}{
		{"body not JSON", frame(`{"jsonrpc":"2.0","id":7,"method":`), -32700, "null"},
		{"JSON but no message", frame(`{"jsonrpc":"2.0","id":8,"method":5}`), -32600, "8"},
		{"Content-Length not a number", "Content-Length: 12x\r\n\r\n", -32700, "null"},
		{"negative Content-Length", "Content-Length: -3\r\n\r\n", -32700, "null"},
		{"no Content-Length", "Content-Type: application/vscode-jsonrpc\r\n\r\n", -32700, "null"},
		{"header line not a header", "hello there\r\n" + frame(`{"jsonrpc":"2.0","method":"x/y"}`), -32700, "null"},
		{"header line without CR, 1 MB long", strings.Repeat("a", 1<<20) + "\n\r\n", -32700, "null"},
		{"body over the limit", "Content-Length: 5000\r\n\r\n" + strings.Repeat(" ", 5000), -32700, "null"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := startRaw(t, lsp.WithMaxMessage(lsp.Options{}, 4096))
			c.send(tt.frame)
			r := c.reply()
			if r.Error == nil || r.Error.Code != tt.code {
				t.Fatalf("reply to the malformed frame = %+v, want error %d", r, tt.code)
			}
			if id, ok := r.raw["id"]; !ok || string(id) != tt.id {
				t.Errorf("error's id = %s, want %s", id, tt.id)
			}
			c.send(frame(initBody))
			if r := c.reply(); r.Error != nil || string(*r.ID) != "1" || len(r.Result) == 0 {
				t.Fatalf("initialize after the malformed frame: %+v", r)
			}
			select {
			case err := <-c.ok:
				t.Fatalf("the session ended: %v", err)
			default:
			}
		})
	}
}
