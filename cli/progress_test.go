package cli

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the drawing goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestProgressLine: once shown, the line counts files, redraws in place,
// and is erased at the end.
func TestProgressLine(t *testing.T) {
	var w syncBuffer
	p := startProgress(&w, 3, 0, time.Millisecond)
	p.fileDone()
	p.fileDone()
	// Wait for a drawing that has seen both files (no timing asserted:
	// the loop ends when it appears).
	for !strings.Contains(w.String(), "2 of 3 files") {
		time.Sleep(time.Millisecond)
	}
	p.end()
	out := w.String()
	if !strings.HasPrefix(out, "\rcitelint: ") {
		t.Errorf("the line is not drawn from the start of the line: %q", out)
	}
	if !strings.HasSuffix(out, "files\r\x1b[K") {
		t.Errorf("the line is left on the screen at the end: %q", out)
	}
}

// TestProgressQuiet: a run that ends before the delay prints nothing, and
// no progress is shown when standard error is not a terminal or in CI.
func TestProgressQuiet(t *testing.T) {
	var w syncBuffer
	p := startProgress(&w, 3, time.Hour, time.Millisecond)
	p.fileDone()
	p.end()
	if w.String() != "" {
		t.Errorf("a short run wrote %q", w.String())
	}

	env := Env{Stderr: &bytes.Buffer{}, Getenv: func(string) string { return "" }}
	if progressFor(env, 10, nil) != nil {
		t.Error("progress on a standard error that is not a terminal")
	}
	for _, tc := range []struct {
		env      map[string]string
		terminal bool
		want     bool
	}{
		{nil, true, true},
		{nil, false, false},
		{map[string]string{"CI": "true"}, true, false},
		{map[string]string{"TERM": "dumb"}, true, false},
	} {
		if got := wantProgress(func(k string) string { return tc.env[k] }, tc.terminal); got != tc.want {
			t.Errorf("env %v, terminal %v: progress %v, want %v", tc.env, tc.terminal, got, tc.want)
		}
	}
}

// TestRunNoProgressWhenPiped: a whole run with standard error not a
// terminal writes nothing to it but its messages.
func TestRunNoProgressWhenPiped(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.md", broken)
	_, _, errs := run(t, dir, "", "run", "--no-config", dir)
	if strings.Contains(errs, "files") || strings.Contains(errs, "\r") {
		t.Errorf("standard error: %q", errs)
	}
}
