package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadBaselineCap: a baseline of MaxBaseline bytes is read, one a byte
// larger is refused with an error naming it (cli's TestBaselineCap runs
// --baseline and --write-baseline against the cap).
func TestReadBaselineCap(t *testing.T) {
	defer func(m int64) { MaxBaseline = m }(MaxBaseline)
	MaxBaseline = 100
	p := filepath.Join(t.TempDir(), "padded.json")
	if err := os.WriteFile(p, []byte(`{"version": 1, "entries": []}`+strings.Repeat(" ", 71)), 0o644); err != nil { // 100 bytes
		t.Fatal(err)
	}
	if _, err := ReadBaseline(p); err != nil {
		t.Errorf("at the cap: %v", err)
	}
	if err := os.WriteFile(p, []byte(`{"version": 1, "entries": []}`+strings.Repeat(" ", 72)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadBaseline(p); err == nil || !strings.Contains(err.Error(), "padded.json: file is larger than the 100-byte limit") {
		t.Errorf("a byte over the cap: %v", err)
	}
}
