package lint

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadFile: readFile returns what os.ReadFile returns for regular
// files of every size around the buffer's edges, and an error naming the
// problem, without blocking, for what is not a regular file.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{0, 1, 511, 512, 513, 4095, 4096, 4097, 1 << 20} {
		p := filepath.Join(dir, "f.md")
		want := bytes.Repeat([]byte("ab\ncd"), n/5+1)[:n]
		if err := os.WriteFile(p, want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readFile(p, nil)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%d bytes: got %d bytes, %v", n, len(got), err)
		}
	}

	if _, err := readFile(filepath.Join(dir, "missing.md"), nil); !os.IsNotExist(err) || !strings.Contains(err.Error(), "missing.md") {
		t.Errorf("missing file: %v", err)
	}
	sub := filepath.Join(dir, "folder.md")
	os.Mkdir(sub, 0o755)
	if _, err := readFile(sub, nil); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("folder: %v", err)
	}
}
