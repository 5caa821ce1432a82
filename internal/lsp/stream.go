package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
)

// The protocol's framing, read so that no message ends the session or
// grows the server without bound. jsonrpc2's VSCodeObjectCodec returned an
// error on any malformed frame (bad JSON, a header without CR), which
// closed the connection, and read a header line up to its CR however long
// (issue 37: a header line without CR was buffered without limit).
const (
	// maxHeaderLine is the longest header line read ("Content-Length:
	// 123", "Content-Type: application/vscode-jsonrpc; charset=utf-8").
	maxHeaderLine = 1024
	// maxHeaderLines is the most lines a frame's header may have.
	maxHeaderLines = 16
	// MaxMessage is the largest message body read: a document at lint's
	// cap, JSON-escaped, fits.
	MaxMessage = 64 << 20
)

// frameError is a malformed frame: answered with a JSON-RPC error (a
// parse error for a frame that could not be read, header or body; an
// invalid request for JSON that is no message), after which the stream
// reads on.
type frameError struct {
	code int64
	msg  string
	id   *jsonrpc2.ID // the request's, when the body named one
}

func (e *frameError) Error() string { return e.msg }

// frameStream is a jsonrpc2.ObjectStream over Content-Length frames.
type frameStream struct {
	max int // the largest body read (MaxMessage)
	r   *bufio.Reader
	w   io.Writer
	c   io.Closer
	wmu sync.Mutex
	// malformed, when set, is told of each frame answered with an error
	// (the server logs it).
	malformed func(error)
}

func newFrameStream(rwc io.ReadWriteCloser, max int) *frameStream {
	return &frameStream{max: max, r: bufio.NewReaderSize(rwc, 64<<10), w: rwc, c: rwc}
}

// WriteObject writes obj as one frame.
func (s *frameStream) WriteObject(obj any) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if _, err := fmt.Fprintf(s.w, "Content-Length: %d\r\n\r\n", len(data)); err != nil {
		return err
	}
	_, err = s.w.Write(data)
	return err
}

// ReadObject reads the next well-formed message into v. A malformed one
// is answered with a JSON-RPC error (id null unless the body named one)
// and skipped; only the stream's own errors (its end) are returned.
func (s *frameStream) ReadObject(v any) error {
	for {
		body, err := s.readFrame()
		if err == nil && body != nil {
			if err = decodeMessage(body, v); err == nil {
				return nil
			}
		}
		var fe *frameError
		if !errors.As(err, &fe) {
			return err
		}
		if err := s.reject(fe); err != nil {
			return err
		}
	}
}

// reject answers a malformed frame.
func (s *frameStream) reject(fe *frameError) error {
	if s.malformed != nil {
		s.malformed(fe)
	}
	resp := &jsonrpc2.Response{Error: &jsonrpc2.Error{Code: fe.code, Message: fe.msg}}
	if fe.id != nil {
		resp.ID = *fe.id
	}
	return s.WriteObject(errorResponse{resp})
}

func (s *frameStream) Close() error { return s.c.Close() }

// errorResponse is a Response whose id may be null, as JSON-RPC answers
// a message whose id could not be read (jsonrpc2's own writes the zero
// id).
type errorResponse struct{ *jsonrpc2.Response }

func (r errorResponse) MarshalJSON() ([]byte, error) {
	out := map[string]any{"jsonrpc": "2.0", "error": r.Error, "id": nil}
	if r.ID != (jsonrpc2.ID{}) {
		out["id"] = r.ID
	}
	return json.Marshal(out)
}

var contentLength = []byte("content-length:")

// readFrame reads one frame's header and body. A header line is read up
// to maxHeaderLine bytes and the rest of it skipped unread into memory;
// "\r\n" and a bare "\n" both end it. What is not a header line is
// rejected (an error is returned after the frame's body, if its header
// still has a Content-Length, has been handled), and a Content-Length
// found inside a line (a body whose header was bad, followed by the next
// frame's header) starts a frame again: one bad frame costs one error,
// not every frame after it.
func (s *frameStream) readFrame() ([]byte, error) {
	length, lines := -1, 0
	var bad *frameError
	fail := func(format string, args ...any) {
		if bad == nil {
			bad = &frameError{code: jsonrpc2.CodeParseError, msg: "malformed message header: " + fmt.Sprintf(format, args...)}
		}
	}
	for {
		line, long, err := s.readLine()
		if err != nil {
			return nil, err
		}
		if len(line) == 0 && !long {
			if lines == 0 {
				continue // a blank line between frames
			}
			break
		}
		lines++
		if long {
			fail("a line longer than %d bytes", maxHeaderLine)
			continue
		}
		if lines > maxHeaderLines {
			fail("more than %d lines", maxHeaderLines)
			continue
		}
		if i := bytes.Index(asciiLower(line), contentLength); i >= 0 {
			if i > 0 {
				fail("%q before Content-Length", clip(line[:i]))
			}
			value := bytes.TrimSpace(line[i+len(contentLength):])
			n, err := strconv.ParseUint(string(value), 10, 63)
			if err != nil {
				fail("bad Content-Length %q", clip(value))
				length = -1
				continue
			}
			length = int(min(n, 1<<62))
			continue
		}
		if name, _, ok := bytes.Cut(line, []byte(":")); !ok || !isToken(name) {
			fail("%q is no header", clip(line))
		}
	}
	if length < 0 {
		if bad == nil {
			bad = &frameError{code: jsonrpc2.CodeParseError, msg: "malformed message header: no Content-Length"}
		}
		return nil, bad
	}
	if length > s.max {
		if _, err := io.CopyN(io.Discard, s.r, int64(length)); err != nil {
			return nil, err
		}
		return nil, &frameError{code: jsonrpc2.CodeParseError, msg: fmt.Sprintf("message of %d bytes, over this server's limit of %d", length, s.max)}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(s.r, body); err != nil {
		return nil, err
	}
	if bad != nil {
		// The header had junk, but its Content-Length framed a body:
		// the junk is answered, the body read as the next message.
		if err := s.reject(bad); err != nil {
			return nil, err
		}
	}
	return body, nil
}

// asciiLower is b with its ASCII letters lowered, byte for byte (the
// offsets stay: bytes.ToLower turns an invalid byte into three).
func asciiLower(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// isToken reports whether b is a header name (RFC 7230's token).
func isToken(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if c <= ' ' || c >= 0x7f || bytes.IndexByte([]byte(`"(),/:;<=>?@[\]{}`), c) >= 0 {
			return false
		}
	}
	return true
}

// clip shortens what an error quotes.
func clip(b []byte) []byte {
	if len(b) > 40 {
		return append(b[:37:37], "..."...)
	}
	return b
}

// readLine reads one header line without its end, at most maxHeaderLine
// bytes of it: long says more followed, skipped.
func (s *frameStream) readLine() (line []byte, long bool, err error) {
	var buf []byte
	for {
		chunk, err := s.r.ReadSlice('\n')
		if len(buf)+len(chunk) <= maxHeaderLine+2 {
			buf = append(buf, chunk...)
		} else {
			long = true
		}
		switch {
		case err == nil:
			if long {
				return nil, true, nil
			}
			buf = bytes.TrimSuffix(bytes.TrimSuffix(buf, []byte("\n")), []byte("\r"))
			return buf, len(buf) > maxHeaderLine, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue // a line longer than the reader's buffer
		default:
			return nil, false, err
		}
	}
}

// decodeMessage decodes a frame's body into v (jsonrpc2's message type),
// as a parse error when it is not JSON and an invalid request when it is
// JSON but no request or response, naming the id when it has one.
func decodeMessage(body []byte, v any) error {
	if !json.Valid(body) {
		return &frameError{code: jsonrpc2.CodeParseError, msg: "message is not JSON"}
	}
	if err := json.Unmarshal(body, v); err != nil {
		fe := &frameError{code: jsonrpc2.CodeInvalidRequest, msg: "invalid message: " + err.Error()}
		var withID struct {
			ID *jsonrpc2.ID `json:"id"`
		}
		if json.Unmarshal(body, &withID) == nil && withID.ID != nil {
			fe.id = withID.ID
		}
		return fe
	}
	return nil
}
