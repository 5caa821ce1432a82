package cli

import (
	"strings"
	"testing"
)

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
