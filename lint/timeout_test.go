package lint

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/citelint/citelint/markdown"
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
	opts := Options{Concurrency: 2, Visit: func(path string, _ *markdown.Document) {
		if strings.HasSuffix(path, "stuck.md") {
			<-release // a file that takes longer than the run may
		}
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	done := make(chan []FileResult)
	go func() { done <- Run(ctx, files, opts) }()
	var res []FileResult
	select {
	case res = <-done:
	case <-time.After(time.Minute): // not a timing assertion: a hang
		t.Fatal("Run waited for the stuck file past the timeout")
	}
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
