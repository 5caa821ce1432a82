// Package progress draws the line "citelint: 1,234 of 5,000 files" on a
// terminal's standard error while a long run lints, and keeps a report
// streamed to the same terminal from being written through it.
package progress

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// Delay is how long a run goes before it shows progress: a run
// that ends sooner prints nothing more than its report.
const Delay = 3 * time.Second

// Line is the line "citelint: 1,234 of 5,000 files" on standard error
// while a long run lints, redrawn in place and erased at the end. It is
// shown only on a terminal and never in CI, whose logs keep every redraw.
type Line struct {
	w        io.Writer
	total    int
	done     atomic.Int64
	stop     chan struct{}
	finished sync.WaitGroup
	mu       sync.Mutex // held while the line is drawn or a report's lines are written
	shown    bool       // the line is on the screen
}

// For returns the progress line for a run of total files, or nil
// (which does nothing) when standard error is not a terminal or CI is set.
func For(stderr io.Writer, getenv func(string) string, total int) *Line {
	if !Want(getenv, IsTerminal(stderr)) {
		return nil
	}
	return Start(stderr, total, Delay, 250*time.Millisecond)
}

// Want says whether to show progress: on a terminal, outside CI
// (CI=true in GitHub Actions, GitLab, Buildkite, CircleCI...), not on a
// terminal that cannot redraw a line.
func Want(getenv func(string) string, terminal bool) bool {
	return terminal && getenv("CI") == "" && getenv("TERM") != "dumb"
}

// IsTerminal reports whether w is a character device (a terminal).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// Start draws the line on w after delay, then every interval.
func Start(w io.Writer, total int, delay, interval time.Duration) *Line {
	p := &Line{w: w, total: total, stop: make(chan struct{})}
	p.finished.Add(1)
	go p.run(delay, interval)
	return p
}

func (p *Line) run(delay, interval time.Duration) {
	defer p.finished.Done()
	t := time.NewTimer(delay)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.mu.Lock()
			fmt.Fprintf(p.w, "\rcitelint: %d of %d files", p.done.Load(), p.total)
			p.shown = true
			p.mu.Unlock()
			t.Reset(interval)
		}
	}
}

// FileDone counts one file linted.
func (p *Line) FileDone() {
	if p != nil {
		p.done.Add(1)
	}
}

func (p *Line) erase() {
	if p.shown {
		io.WriteString(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// End stops drawing and erases the line, before the report or the last
// messages are written.
func (p *Line) End() {
	if p == nil {
		return
	}
	close(p.stop)
	p.finished.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.erase()
}

// ReportWriter returns the writer a report streamed to w goes through while
// p is shown: w itself, unless w is a terminal, where the line must not be
// drawn inside a line of the report (printers buffer, and flush in the
// middle of lines).
func (p *Line) ReportWriter(w io.Writer) *LineWriter {
	lw := &LineWriter{w: w}
	if p != nil && IsTerminal(w) {
		lw.p = p
	}
	return lw
}

// LineWriter writes only whole lines, with the progress line erased
// first, so that the next redraw starts on an empty line; the rest of a
// line waits for its end (or flush).
type LineWriter struct {
	w    io.Writer
	p    *Line // nil: write through
	rest []byte
}

func (l *LineWriter) Write(b []byte) (int, error) {
	if l.p == nil {
		return l.w.Write(b)
	}
	i := bytes.LastIndexByte(b, '\n')
	if i < 0 {
		l.rest = append(l.rest, b...)
		return len(b), nil
	}
	l.p.mu.Lock()
	defer l.p.mu.Unlock()
	l.p.erase()
	if err := l.writeRest(); err != nil {
		return 0, err
	}
	if _, err := l.w.Write(b[:i+1]); err != nil {
		return 0, err
	}
	l.rest = append(l.rest, b[i+1:]...)
	return len(b), nil
}

// Flush writes what is held of an unfinished last line.
func (l *LineWriter) Flush() error { return l.writeRest() }

func (l *LineWriter) writeRest() error {
	if len(l.rest) == 0 {
		return nil
	}
	_, err := l.w.Write(l.rest)
	l.rest = l.rest[:0]
	return err
}
