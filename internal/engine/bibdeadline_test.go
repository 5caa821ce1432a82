package engine_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/engine"
)

// TestNewDeadline: the bibliographies New reads stop at Options.Context's
// deadline (the run's --timeout), with an error naming the file that
// wraps the context's error; without a deadline they are read.
func TestNewDeadline(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "refs.bib")
	if err := os.WriteFile(p, []byte(strings.Repeat("@misc{k, title = {T}}\n", 1000)), 0o644); err != nil {
		t.Fatal(err)
	}
	expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	cfg := config.New(engine.ConfigOptions())
	_, err := engine.New(cfg, engine.Options{WorkDir: dir, Bibliographies: []string{p}, Context: expired})
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "bibliography: "+p+": not read: the run reached its time limit (--timeout)") {
		t.Errorf("expired: %v", err)
	}
	if _, err := engine.New(cfg, engine.Options{WorkDir: dir, Bibliographies: []string{p}, Context: context.Background()}); err != nil {
		t.Errorf("no deadline: %v", err)
	}
	if _, err := engine.New(cfg, engine.Options{WorkDir: dir, Bibliographies: []string{p}}); err != nil {
		t.Errorf("nil Context: %v", err)
	}
}
