package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// progressDelay is how long a run goes before it shows progress: a run
// that ends sooner prints nothing more than its report.
const progressDelay = 3 * time.Second

// progress is the line "citelint: 1,234 of 5,000 files" on standard error
// while a long run lints, redrawn in place and erased at the end. It is
// shown only on a terminal and never in CI, whose logs keep every redraw.
type progress struct {
	w        io.Writer
	total    int
	done     atomic.Int64
	stop     chan struct{}
	finished sync.WaitGroup
	mu       sync.Mutex // held while the line is drawn or a report's lines are written
	shown    bool       // the line is on the screen
}

// progressFor returns the progress line for a run of total files, or nil
// (which does nothing) when standard error is not a terminal or CI is set.
func progressFor(env Env, total int) *progress {
	if !wantProgress(env.Getenv, isTerminal(env.Stderr)) {
		return nil
	}
	return startProgress(env.Stderr, total, progressDelay, 250*time.Millisecond)
}

// wantProgress says whether to show progress: on a terminal, outside CI
// (CI=true in GitHub Actions, GitLab, Buildkite, CircleCI...), not on a
// terminal that cannot redraw a line.
func wantProgress(getenv func(string) string, terminal bool) bool {
	return terminal && getenv("CI") == "" && getenv("TERM") != "dumb"
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// startProgress draws the line on w after delay, then every interval.
func startProgress(w io.Writer, total int, delay, interval time.Duration) *progress {
	p := &progress{w: w, total: total, stop: make(chan struct{})}
	p.finished.Add(1)
	go p.run(delay, interval)
	return p
}

func (p *progress) run(delay, interval time.Duration) {
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

// fileDone counts one file linted.
func (p *progress) fileDone() {
	if p != nil {
		p.done.Add(1)
	}
}

func (p *progress) erase() {
	if p.shown {
		io.WriteString(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// end stops drawing and erases the line, before the report or the last
// messages are written.
func (p *progress) end() {
	if p == nil {
		return
	}
	close(p.stop)
	p.finished.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.erase()
}

// reportWriter returns the writer a report streamed to w goes through while
// p is shown: w itself, unless w is a terminal, where the line must not be
// drawn inside a line of the report (printers buffer, and flush in the
// middle of lines).
func (p *progress) reportWriter(w io.Writer) *lineWriter {
	lw := &lineWriter{w: w}
	if p != nil && isTerminal(w) {
		lw.p = p
	}
	return lw
}

// lineWriter writes only whole lines, with the progress line erased
// first, so that the next redraw starts on an empty line; the rest of a
// line waits for its end (or flush).
type lineWriter struct {
	w    io.Writer
	p    *progress // nil: write through
	rest []byte
}

func (l *lineWriter) Write(b []byte) (int, error) {
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

// flush writes what is held of an unfinished last line.
func (l *lineWriter) flush() error { return l.writeRest() }

func (l *lineWriter) writeRest() error {
	if len(l.rest) == 0 {
		return nil
	}
	_, err := l.w.Write(l.rest)
	l.rest = l.rest[:0]
	return err
}
