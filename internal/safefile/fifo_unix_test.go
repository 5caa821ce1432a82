//go:build unix

package safefile

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFIFO: a FIFO is refused at once, not waited on for a writer, inside a
// root or not.
func TestFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "refs.bib")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	r, err := NewRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	for name, read := range map[string]func() error{
		"ReadFile":      func() error { _, err := ReadFile(fifo, MaxData); return err },
		"Root.ReadFile": func() error { _, err := r.ReadFile(fifo, MaxData); return err },
	} {
		done := make(chan error, 1)
		go func() { done <- read() }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "refs.bib: not a regular file") {
				t.Errorf("%s: %v", name, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s blocked on a FIFO with no writer", name)
		}
	}
}
