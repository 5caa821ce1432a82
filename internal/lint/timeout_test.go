package lint

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/citelint/citelint/internal/hangguard"
	"github.com/citelint/citelint/internal/markdown"
)

// TestRunEachTimeout: when the run's time is up, RunEach returns without
// waiting for a file stuck in a worker, emits every file that finished
// with its result, and reports the others as not checked, in order.
func TestRunEachTimeout(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, name := range []string{"a.md", "stuck.md", "c.md"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("A claim [1].\n\n[1]: https://example.org/1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	release := make(chan struct{})
	defer close(release)
	// The run's time is up when c.md starts: one worker is stuck, so the
	// other has finished a.md by then. A timer instead would decide, on a
	// loaded machine, whether a.md finished in time.
	ctx := newDeadlineOnCue()
	opts := Options{Concurrency: 2, Visit: func(path string, _ *markdown.Document) {
		switch filepath.Base(path) {
		case "stuck.md":
			<-release // a file that takes longer than the run may
		case "c.md":
			ctx.expire()
		}
	}}
	var res []FileResult
	hangguard.Run(t, "Run, with a file stuck past the time limit", func() { res = Run(ctx, files, opts) })
	if len(res) != 3 {
		t.Fatalf("%d results, want 3", len(res))
	}
	for i, r := range res {
		if r.Path != files[i] {
			t.Errorf("result %d is %s, want %s", i, r.Path, files[i])
		}
	}
	if res[0].Err != nil {
		t.Errorf("a.md: %v, want its result", res[0].Err)
	}
	if err := res[1].Err; err == nil || !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "not checked") {
		t.Errorf("stuck.md: %v, want a not-checked timeout error", err)
	}
}

// deadlineOnCue is a context whose deadline passes when the test says:
// then it is done and its Err is context.DeadlineExceeded, as a timer's
// would be.
type deadlineOnCue struct {
	context.Context
	cue  chan struct{}
	once sync.Once
}

func newDeadlineOnCue() *deadlineOnCue {
	return &deadlineOnCue{Context: context.Background(), cue: make(chan struct{})}
}

func (c *deadlineOnCue) expire()               { c.once.Do(func() { close(c.cue) }) }
func (c *deadlineOnCue) Done() <-chan struct{} { return c.cue }

func (c *deadlineOnCue) Err() error {
	select {
	case <-c.cue:
		return context.DeadlineExceeded
	default:
		return nil
	}
}
