package lint

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadFile: readRegular returns what os.ReadFile returns for regular
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
		got, err := readRegular(p)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%d bytes: got %d bytes, %v", n, len(got), err)
		}
	}

	if _, err := readRegular(filepath.Join(dir, "missing.md")); !os.IsNotExist(err) || !strings.Contains(err.Error(), "missing.md") {
		t.Errorf("missing file: %v", err)
	}
	sub := filepath.Join(dir, "folder.md")
	os.Mkdir(sub, 0o755)
	if _, err := readRegular(sub); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("folder: %v", err)
	}
}

// TestReadInput: standard input is read whole up to the size limit a file
// on disk has, and over it is an error rather than a truncated document.
func TestReadInput(t *testing.T) {
	got, err := ReadInput(strings.NewReader("a [1].\n"))
	if err != nil || string(got) != "a [1].\n" {
		t.Errorf("got %q, %v", got, err)
	}
	if _, err := ReadInput(io.LimitReader(zeros{}, maxFileSize+1)); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("over the limit: %v", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }
