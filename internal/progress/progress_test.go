package progress

import (
	"bytes"
	"strconv"
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
	p := Start(&w, 3, 0, time.Millisecond)
	p.FileDone()
	p.FileDone()
	// Wait for a drawing that has seen both files (no timing asserted:
	// the loop ends when it appears; the minute only turns a regression
	// into a failure instead of a hang).
	for deadline := time.Now().Add(time.Minute); !strings.Contains(w.String(), "2 of 3 files"); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no drawing counted 2 of 3 files: %q", w.String())
		}
	}
	p.End()
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
	p := Start(&w, 3, time.Hour, time.Millisecond)
	p.FileDone()
	p.End()
	if w.String() != "" {
		t.Errorf("a short run wrote %q", w.String())
	}

	if For(&bytes.Buffer{}, func(string) string { return "" }, 10) != nil {
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
		if got := Want(func(k string) string { return tc.env[k] }, tc.terminal); got != tc.want {
			t.Errorf("env %v, terminal %v: progress %v, want %v", tc.env, tc.terminal, got, tc.want)
		}
	}
}

// TestProgressBesideReport: a report streamed to the same terminal as the
// line (one buffer here) comes out whole, and the line is only ever drawn
// at the start of a line of it, however the printer splits its writes.
func TestProgressBesideReport(t *testing.T) {
	var screen syncBuffer
	p := Start(&screen, 100, 0, time.Microsecond)
	lw := &LineWriter{w: &screen, p: p}
	var report strings.Builder
	for i := range 300 {
		chunk := "a.md:" + strconv.Itoa(i) + ":1: an issue that is long enough to be split\n"
		report.WriteString(chunk)
		// Write it in two pieces, the first ending mid-line, as a buffered
		// printer does; now and then a redraw comes in between.
		lw.Write([]byte(chunk[:7]))
		if i%50 == 0 {
			for n := strings.Count(screen.String(), "\rcitelint"); strings.Count(screen.String(), "\rcitelint") == n; {
				time.Sleep(time.Microsecond)
			}
		}
		lw.Write([]byte(chunk[7:]))
		p.FileDone()
	}
	lw.Write([]byte("summary without newline"))
	report.WriteString("summary without newline")
	p.End()
	lw.Flush()

	out := screen.String()
	var text strings.Builder
	draws := 0
	for i := 0; i < len(out); {
		rest := out[i:]
		switch {
		case strings.HasPrefix(rest, "\r\x1b[K"):
			i += len("\r\x1b[K")
		case strings.HasPrefix(rest, "\rcitelint: "):
			if s := text.String(); s != "" && !strings.HasSuffix(s, "\n") {
				t.Fatalf("line drawn inside a report line, after %q", s[max(0, len(s)-40):])
			}
			draws++
			i += strings.Index(rest, " files") + len(" files")
		default:
			text.WriteByte(out[i])
			i++
		}
	}
	if text.String() != report.String() {
		t.Errorf("the report came out changed:\n%q\nwant\n%q", text.String(), report.String())
	}
	if draws == 0 {
		t.Error("the line was never drawn; the test checks nothing")
	}
}
