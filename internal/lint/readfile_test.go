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
// The limit is lowered for the test: reading maxFileSize+1 bytes cost the
// suite 1.27 GB of memory.
func TestReadInput(t *testing.T) {
	if inputLimit != maxFileSize {
		t.Fatalf("standard input's limit is %d bytes, want a file's, %d", inputLimit, maxFileSize)
	}
	got, err := ReadInput(strings.NewReader("a [1].\n"))
	if err != nil || string(got) != "a [1].\n" {
		t.Errorf("got %q, %v", got, err)
	}

	defer func(n int) { inputLimit = n }(inputLimit)
	inputLimit = 4096
	got, err = ReadInput(io.LimitReader(zeros{}, int64(inputLimit)))
	if err != nil || len(got) != inputLimit {
		t.Errorf("at the limit: got %d bytes, %v", len(got), err)
	}
	if _, err := ReadInput(io.LimitReader(zeros{}, int64(inputLimit)+1)); err == nil || err.Error() != "input is over the 4096-byte limit" {
		t.Errorf("over the limit: %v", err)
	}
	if _, err := ReadInput(zeros{}); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("endless input: %v", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }
