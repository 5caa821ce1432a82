package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteKeepsModeAndReplaces(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.md")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteBytes(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	fi, _ := os.Stat(p)
	if string(b) != "new" || fi.Mode().Perm() != 0o600 {
		t.Errorf("got %q mode %v", b, fi.Mode().Perm())
	}
}

func TestWriteFailureLeavesOriginal(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.md")
	os.WriteFile(p, []byte("old"), 0o644)
	err := Write(p, func(w io.Writer) error { w.Write([]byte("partial")); return errors.New("boom") })
	if err == nil {
		t.Fatal("want error")
	}
	b, _ := os.ReadFile(p)
	ents, _ := os.ReadDir(dir)
	if string(b) != "old" || len(ents) != 1 {
		t.Errorf("original changed or temp left: %q, %d entries", b, len(ents))
	}
}

func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.md")
	link := filepath.Join(dir, "link.md")
	os.WriteFile(target, []byte("old"), 0o640)
	if err := os.Symlink("real.md", link); err != nil {
		t.Skip("no symlinks:", err)
	}
	if err := WriteBytes(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("link replaced by a file: %v %v", fi.Mode(), err)
	}
	b, _ := os.ReadFile(target)
	fi, _ := os.Stat(target)
	if string(b) != "new" || fi.Mode().Perm() != 0o640 {
		t.Errorf("target %q mode %v", b, fi.Mode().Perm())
	}
}

// TestWriteUnsynced: without the sync, a write still replaces the file
// whole, keeps its mode, and leaves the original and no temporary file
// when it fails.
func TestWriteUnsynced(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.html")
	os.WriteFile(p, []byte("old"), 0o600)
	if err := WriteUnsynced(p, bytesFill([]byte("new"))); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	fi, _ := os.Stat(p)
	if string(b) != "new" || fi.Mode().Perm() != 0o600 {
		t.Errorf("got %q mode %v", b, fi.Mode().Perm())
	}
	err := WriteUnsynced(p, func(w io.Writer) error { w.Write([]byte("partial")); return errors.New("boom") })
	b, _ = os.ReadFile(p)
	ents, _ := os.ReadDir(dir)
	if err == nil || string(b) != "new" || len(ents) != 1 {
		t.Errorf("failed write: %v, file %q, %d entries", err, b, len(ents))
	}
}
