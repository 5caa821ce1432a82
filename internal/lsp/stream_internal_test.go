package lsp

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
)

type readWriteNop struct {
	io.Reader
	io.Writer
}

func (readWriteNop) Close() error { return nil }

// A header line without an end is read in the reader's buffer, never
// gathered: 32 MB of it allocate what one buffer does.
func TestLongHeaderLineBounded(t *testing.T) {
	const n = 32 << 20
	src := io.MultiReader(io.LimitReader(repeatReader('a'), n), strings.NewReader("\r\n\r\n"+"Content-Length: 2\r\n\r\n{}"))
	var out bytes.Buffer
	s := newFrameStream(readWriteNop{src, &out}, MaxMessage)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var msg jsonrpc2.Request
	err := s.ReadObject(&msg)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(out.String(), "longer than 1024 bytes") {
		t.Fatalf("ReadObject = %v, answered %q; want the long line answered as an error", err, out.String())
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("reading a %d-byte header line allocated %d bytes", n, got)
	}
}

type repeatReader byte

func (r repeatReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}

// FuzzFrameStream: whatever the client sends, the stream answers or
// reads it, and only its end ends the reading; nothing panics.
func FuzzFrameStream(f *testing.F) {
	for _, s := range []string{
		"Content-Length: 2\r\n\r\n{}",
		"Content-Length: 60\r\n\r\n" + `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}  `,
		"Content-Length: 12x\r\n\r\n",
		"content-length:3\n\n[1]",
		"junk\r\nContent-Length: 4\r\n\r\nnull",
		"Content-Length: 99999999999999999999\r\n\r\n",
		"\r\n\r\nX-A: b\r\nContent-Length: 1\r\n\r\n1",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := newFrameStream(readWriteNop{bytes.NewReader(data), io.Discard}, 1<<16)
		for i := 0; ; i++ {
			var msg jsonrpc2.Request
			err := s.ReadObject(&msg)
			if err != nil {
				if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
					t.Fatalf("ReadObject: %v, want only the stream's end", err)
				}
				return
			}
			if i > len(data) {
				t.Fatal("more messages than bytes")
			}
		}
	})
}
