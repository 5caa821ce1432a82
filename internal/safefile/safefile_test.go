package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links:", err)
	}
}

// TestReadFile: regular files are read whole up to the cap; what is over
// it, missing or not a regular file is an error naming the file.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "refs.bib")
	write(t, p, "0123456789")
	big := filepath.Join(dir, "big.json") // more than one buffer of io.ReadAll's
	bigText := strings.Repeat("0123456789", 500)
	write(t, big, bigText)
	empty := filepath.Join(dir, "empty.bib")
	write(t, empty, "")
	for _, tt := range []struct {
		path  string
		limit int64
		want  string // content, or an error fragment after "ERR "
	}{
		{p, 10, "0123456789"},
		{p, 100, "0123456789"},
		{p, 9, "ERR refs.bib: file is larger than the 9-byte limit"},
		{big, 5000, bigText},
		{big, 4999, "ERR big.json: file is larger than the 4999-byte limit"},
		{empty, 10, ""},
		{filepath.Join(dir, "nope.bib"), 10, "ERR nope.bib: no such file"},
		{dir, 10, "ERR " + filepath.Base(dir) + ": not a regular file"},
	} {
		b, err := ReadFile(tt.path, tt.limit)
		got := string(b)
		if err != nil {
			got = "ERR " + err.Error()
		}
		if !strings.HasPrefix(tt.want, "ERR ") && got != tt.want || strings.HasPrefix(tt.want, "ERR ") && !strings.Contains(got, strings.TrimPrefix(tt.want, "ERR ")) {
			t.Errorf("ReadFile(%s, %d) = %q, want %q", tt.path, tt.limit, got, tt.want)
		}
	}
}

// TestReadFileDevZero: a device that never ends is refused at once, not
// read until memory runs out (issue 20, defect 2).
func TestReadFileDevZero(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	if _, err := ReadFile("/dev/zero", MaxData); err == nil || !strings.Contains(err.Error(), "/dev/zero: not a regular file") {
		t.Errorf("/dev/zero: %v", err)
	}
}

// TestRoot: reads stay inside the root after symbolic links are resolved,
// and never under .git (issue 20, defect 1).
func TestRoot(t *testing.T) {
	outside := t.TempDir()
	write(t, filepath.Join(outside, "secret.txt"), "token")
	dir := t.TempDir()
	write(t, filepath.Join(dir, "docs", "a.txt"), "inside")
	write(t, filepath.Join(dir, ".git", "config"), "[http] extraheader = AUTHORIZATION: basic x")
	write(t, filepath.Join(dir, "sub", ".GIT", "config"), "x")
	symlink(t, filepath.Join(outside, "secret.txt"), filepath.Join(dir, "docs", "out.txt"))
	symlink(t, "../.git/config", filepath.Join(dir, "docs", "git.txt"))
	symlink(t, "a.txt", filepath.Join(dir, "docs", "in.txt"))
	symlink(t, "missing.txt", filepath.Join(dir, "docs", "dangling.txt"))
	symlink(t, outside, filepath.Join(dir, "docs", "outdir"))
	r, err := NewRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	d := filepath.Join(dir, "docs")
	for _, tt := range []struct{ path, want string }{
		{filepath.Join(d, "a.txt"), "inside"},
		{filepath.Join(d, "in.txt"), "inside"},
		{filepath.Join(d, "..", "docs", "a.txt"), "inside"},
		{filepath.Join(d, "out.txt"), "ERR out.txt: resolves outside"},
		{filepath.Join(d, "outdir", "secret.txt"), "ERR secret.txt: resolves outside"},
		{filepath.Join(d, "..", "..", filepath.Base(outside), "secret.txt"), "ERR secret.txt: resolves outside"},
		{filepath.Join(d, "git.txt"), "ERR git.txt: inside a .git directory"},
		{filepath.Join(dir, ".git", "config"), "ERR config: inside a .git directory"},
		{filepath.Join(dir, "sub", ".GIT", "config"), "ERR config: inside a .git directory"},
		{filepath.Join(d, "dangling.txt"), "ERR dangling.txt: no such file"},
		{"/proc/self/environ", "ERR environ: resolves outside"},
	} {
		b, err := r.ReadFile(tt.path, 100)
		got := string(b)
		if err != nil {
			got = "ERR " + err.Error()
		}
		if !strings.HasPrefix(tt.want, "ERR ") && got != tt.want || strings.HasPrefix(tt.want, "ERR ") && !strings.Contains(got, strings.TrimPrefix(tt.want, "ERR ")) {
			t.Errorf("ReadFile(%s) = %q, want %q", tt.path, got, tt.want)
		}
		if err != nil && !strings.Contains(err.Error(), tt.path) {
			t.Errorf("error %q does not name %s", err, tt.path)
		}
	}
	// A nil Root confines nothing but still reads regular files only.
	var none *Root
	if b, err := none.ReadFile(filepath.Join(d, "out.txt"), 100); err != nil || string(b) != "token" {
		t.Errorf("nil root: %q, %v", b, err)
	}
	if _, err := r.ReadFile(filepath.Join(d, "missing.txt"), 100); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v, want ErrNotExist", err)
	}
}

func TestFindRoot(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := FindRoot(sub); got != sub {
		// t.TempDir is not inside a Git work tree on any machine we test on.
		t.Errorf("no .git: FindRoot = %s, want %s", got, sub)
	}
	write(t, filepath.Join(dir, "a", ".git"), "gitdir: elsewhere\n") // a worktree's .git is a file
	if got, want := FindRoot(sub), filepath.Join(dir, "a"); got != want {
		t.Errorf("FindRoot = %s, want %s", got, want)
	}
}

// TestHolds: paths that need not exist yet (an unsaved buffer) are inside
// when the part that exists resolves inside and the rest does not climb.
func TestHolds(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "out")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	r, err := NewRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	for path, inside := range map[string]bool{
		filepath.Join(dir, "docs", "a.md"):            true,
		filepath.Join(dir, "new", "deeper", "a.md"):   true,
		filepath.Join(dir, "out", "a.md"):             false,
		filepath.Join(dir, "out", "new", "a.md"):      false,
		filepath.Join(outside, "a.md"):                false,
		filepath.Join(dir, ".git", "a.md"):            false,
		filepath.Join(dir, "new", "..", "..", "x.md"): false,
	} {
		if err := r.Holds(path); (err == nil) != inside {
			t.Errorf("Holds(%s) = %v, want inside %v", path, err, inside)
		}
	}
}

// TestReadFileSizeUnknown: a file whose size the system reports as 0 while
// it has content (Linux's /proc) is still read whole.
func TestReadFileSizeUnknown(t *testing.T) {
	const p = "/proc/self/status"
	if fi, err := os.Stat(p); err != nil || fi.Size() != 0 {
		t.Skip("no /proc file of size 0")
	}
	b, err := ReadFile(p, MaxData)
	if err != nil || !strings.Contains(string(b), "\nPid:") {
		t.Errorf("%s: %d bytes, %v", p, len(b), err)
	}
}
