package fix

import (
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestDiffNames(t *testing.T) {
	wd := filepath.Join(string(filepath.Separator), "work", "project")
	abs := filepath.Join(wd, "docs", "a.md")
	outside := filepath.Join(string(filepath.Separator), "elsewhere", "b.md")
	for _, tc := range []struct {
		path, wd, old, new string
	}{
		{"docs/a.md", wd, "a/docs/a.md", "b/docs/a.md"},
		{abs, wd, "a/docs/a.md", "b/docs/a.md"}, // under wd: relative to it
		{outside, wd, filepath.ToSlash(outside), filepath.ToSlash(outside)},
		{"../up.md", wd, "a/../up.md", "b/../up.md"},          // relative, outside wd: as given
		{"docs/./a.md", "", "a/docs/./a.md", "b/docs/./a.md"}, // wd unknown: as given
		{abs, "", filepath.ToSlash(abs), filepath.ToSlash(abs)},
	} {
		if o, n := DiffNames(tc.path, tc.wd); o != tc.old || n != tc.new {
			t.Errorf("DiffNames(%q, %q) = %q, %q; want %q, %q", tc.path, tc.wd, o, n, tc.old, tc.new)
		}
	}
}

func TestUnified(t *testing.T) {
	tests := []struct {
		name, a, b, want string
	}{
		{"equal", "x\n", "x\n", ""},
		{"one line", "a\nb [1, 99]\nc\n", "a\nb [1]\nc\n",
			"--- a/f.md\n+++ b/f.md\n@@ -1,3 +1,3 @@\n a\n-b [1, 99]\n+b [1]\n c\n"},
		{"context is three lines", "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\nX\n6\n7\n8\n9\n",
			"--- a/f.md\n+++ b/f.md\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+X\n 6\n 7\n 8\n"},
		{"two hunks", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "X\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\nY\n",
			"--- a/f.md\n+++ b/f.md\n@@ -1,4 +1,4 @@\n-1\n+X\n 2\n 3\n 4\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+Y\n"},
		{"no final newline", "a\nb", "a\nc",
			"--- a/f.md\n+++ b/f.md\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"},
		{"CRLF kept", "a\r\nb [9]\r\n", "a\r\nb\r\n",
			"--- a/f.md\n+++ b/f.md\n@@ -1,2 +1,2 @@\n a\r\n-b [9]\r\n+b\r\n"},
		{"deleted line", "a\nb\n", "a\n",
			"--- a/f.md\n+++ b/f.md\n@@ -1,2 +1 @@\n a\n-b\n"},
	}
	for _, tt := range tests {
		if got := Unified("a/f.md", "b/f.md", []byte(tt.a), []byte(tt.b)); got != tt.want {
			t.Errorf("%s:\ngot\n%q\nwant\n%q", tt.name, got, tt.want)
		}
	}
}

// TestUnifiedApplies checks, with the system's patch(1), that the diff of
// random edits turns the old text into the new one.
func TestUnifiedApplies(t *testing.T) {
	patch, err := exec.LookPath("patch")
	if err != nil {
		t.Skip("patch(1) not installed")
	}
	rng := rand.New(rand.NewSource(1))
	dir := t.TempDir()
	for n := 0; n < 40; n++ {
		var a []string
		for i := 0; i < 5+rng.Intn(40); i++ {
			a = append(a, []string{"alpha", "beta", "[1]", "", "gamma [2, 3]"}[rng.Intn(5)]+"\n")
		}
		b := append([]string(nil), a...)
		for k := 0; k < 1+rng.Intn(4); k++ {
			i := rng.Intn(len(b))
			switch rng.Intn(3) {
			case 0:
				b[i] = "changed\n"
			case 1:
				b = append(b[:i], b[i+1:]...)
			default:
				b = append(b[:i], append([]string{"new\n"}, b[i:]...)...)
			}
		}
		as, bs := strings.Join(a, ""), strings.Join(b, "")
		d := Unified("a/f.md", "b/f.md", []byte(as), []byte(bs))
		if as == bs {
			continue
		}
		f := filepath.Join(dir, "f.md")
		os.WriteFile(f, []byte(as), 0o644)
		cmd := exec.Command(patch, "-s", "-p1", "-d", dir, "--no-backup-if-mismatch")
		cmd.Stdin = strings.NewReader(d)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("case %d: patch: %v\n%s\ndiff:\n%s", n, err, out, d)
		}
		got, _ := os.ReadFile(f)
		if string(got) != bs {
			t.Fatalf("case %d: patched text differs\ndiff:\n%s", n, d)
		}
	}
}
