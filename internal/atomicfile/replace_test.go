package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestReplace(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.md")
	os.WriteFile(p, []byte("old"), 0o640)
	if err := Replace(p, []byte("old"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	fi, _ := os.Stat(p)
	if string(b) != "new" || fi.Mode().Perm() != 0o640 {
		t.Errorf("got %q mode %v", b, fi.Mode().Perm())
	}
}

// Each case sets up a file Replace must leave alone, and the error it must
// give; nothing is written and no temporary file is left.
func TestReplaceRefuses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, p string)
		read  string // what the caller read; "old" unless set
		want  error
	}{
		{"read-only", func(t *testing.T, p string) { os.Chmod(p, 0o444) }, "", ErrReadOnly},
		{"hard link", func(t *testing.T, p string) {
			if err := os.Link(p, p+".other"); err != nil {
				t.Skip("no hard links:", err)
			}
		}, "", ErrHardLinks},
		{"edited before the call", func(t *testing.T, p string) {}, "older", ErrChanged},
		{"edited during the call, same size", func(t *testing.T, p string) {
			beforeCompare = func(string) { os.WriteFile(p, []byte("OLD"), 0o644) }
		}, "", ErrChanged},
		{"edited during the call, longer", func(t *testing.T, p string) {
			beforeCompare = func(string) { os.WriteFile(p, []byte("old and more"), 0o644) }
		}, "", ErrChanged},
		{"replaced during the call", func(t *testing.T, p string) {
			beforeCompare = func(string) {
				q := p + ".tmp"
				os.WriteFile(q, []byte("old"), 0o644)
				os.Rename(q, p)
			}
		}, "", ErrChanged},
		{"removed during the call", func(t *testing.T, p string) {
			beforeCompare = func(string) { os.Remove(p) }
		}, "", ErrChanged},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "a.md")
			os.WriteFile(p, []byte("old"), 0o644)
			t.Cleanup(func() { beforeCompare = nil })
			tc.setup(t, p)
			before, _ := os.ReadFile(p)
			read := tc.read
			if read == "" {
				read = "old"
			}
			err := Replace(p, []byte(read), []byte("new"))
			if !errors.Is(err, tc.want) {
				t.Fatalf("err %v, want %v", err, tc.want)
			}
			if b, _ := os.ReadFile(p); string(b) == "new" {
				t.Errorf("file rewritten although refused (was %q)", before)
			}
			if left, _ := filepath.Glob(filepath.Join(dir, ".*citelint*")); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

func TestReplaceLongFileCompared(t *testing.T) {
	// Longer than one comparison chunk, differing only near the end.
	p := filepath.Join(t.TempDir(), "a.md")
	old := make([]byte, 200<<10)
	for i := range old {
		old[i] = 'a'
	}
	edited := append([]byte(nil), old...)
	edited[len(edited)-2] = 'b'
	os.WriteFile(p, edited, 0o644)
	if err := Replace(p, old, []byte("new")); !errors.Is(err, ErrChanged) {
		t.Errorf("err %v, want ErrChanged", err)
	}
	os.WriteFile(p, old, 0o644)
	if err := Replace(p, old, []byte("new")); err != nil {
		t.Errorf("unchanged long file: %v", err)
	}
}

func TestReplaceThroughSymlinkKeepsLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.md")
	link := filepath.Join(dir, "link.md")
	os.WriteFile(target, []byte("old"), 0o644)
	if err := os.Symlink("real.md", link); err != nil {
		t.Skip("no symlinks:", err)
	}
	if err := Replace(link, []byte("old"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("link replaced by a file")
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target %q", b)
	}
}
