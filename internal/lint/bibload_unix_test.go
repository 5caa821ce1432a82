//go:build unix

package lint

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFrontMatterBibliographyFIFO: a FIFO named as a bibliography is a
// diagnostic at once, not a worker blocked waiting for a writer.
func TestFrontMatterBibliographyFIFO(t *testing.T) {
	root := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(root, "refs.bib"), 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	doc := filepath.Join(root, "a.md")
	if err := os.WriteFile(doc, []byte("---\nbibliography: refs.bib\n---\nText [@x].\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan []string, 1)
	go func() { done <- lintWithRoot(t, root, doc) }()
	select {
	case got := <-done:
		if !strings.Contains(strings.Join(got, "\n"), "refs.bib: not a regular file") {
			t.Errorf("FIFO bibliography: %q", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a FIFO bibliography blocked the run")
	}
}
