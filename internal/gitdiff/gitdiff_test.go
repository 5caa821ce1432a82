package gitdiff

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/gittest"
)

func lines(f *File) []int {
	if f == nil {
		return nil
	}
	var out []int
	for l := range f.Lines {
		out = append(out, l)
	}
	sort.Ints(out)
	return out
}

func TestParsePatch(t *testing.T) {
	tests := []struct {
		name  string
		patch string
		want  map[string][]int // relative path -> changed lines
		err   string
	}{
		{"git -U0", "diff --git a/d.md b/d.md\nindex 1..2 100644\n--- a/d.md\n+++ b/d.md\n@@ -2 +2 @@\n-old\n+new\n@@ -5,0 +6,2 @@\n+x\n+y\n",
			map[string][]int{"d.md": {2, 6, 7}}, ""},
		{"with context", "--- a/d.md\n+++ b/d.md\n@@ -1,4 +1,4 @@\n a\n-b\n+B\n c\n d\n",
			map[string][]int{"d.md": {2}}, ""},
		{"deletion only", "--- a/d.md\n+++ b/d.md\n@@ -3,2 +2,0 @@\n-gone\n-gone\n",
			map[string][]int{"d.md": nil}, ""},
		{"deleted file", "--- a/d.md\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n", map[string][]int{}, ""},
		{"diff -u timestamps, no prefix", "--- d.md\t2026-01-01\n+++ docs/d.md\t2026-01-02\n@@ -1 +1 @@\n-a\n+b\n",
			map[string][]int{"docs/d.md": {1}}, ""},
		{"quoted path", "--- \"a/caf\\303\\251.md\"\n+++ \"b/caf\\303\\251.md\"\n@@ -1 +1 @@\n-a\n+b\n",
			map[string][]int{"café.md": {1}}, ""},
		{"no newline marker", "--- a/d.md\n+++ b/d.md\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n",
			map[string][]int{"d.md": {1}}, ""},
		{"line that looks like a header inside a hunk", "--- a/d.md\n+++ b/d.md\n@@ -1 +1,2 @@\n-a\n+++ b\n+--- c\n",
			map[string][]int{"d.md": {1, 2}}, ""},
		{"two files", "--- a/x.md\n+++ b/x.md\n@@ -1 +1 @@\n-a\n+b\n--- a/y.md\n+++ b/y.md\n@@ -9 +9 @@\n-a\n+b\n",
			map[string][]int{"x.md": {1}, "y.md": {9}}, ""},
		{"bad header", "--- a/d.md\n+++ b/d.md\n@@ -x +1 @@\n", nil, "line 3: bad hunk header"},
		{"truncated", "--- a/d.md\n+++ b/d.md\n@@ -1,3 +1,3 @@\n a\n", nil, "patch ends inside a hunk"},
		{"garbage in hunk", "--- a/d.md\n+++ b/d.md\n@@ -1,2 +1,2 @@\n a\n?x\n", nil, "line 5: unexpected line"},
	}
	root := t.TempDir()
	for _, tt := range tests {
		s, err := ParsePatch(strings.NewReader(tt.patch), root)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if s.Len() != len(tt.want) {
			t.Errorf("%s: %d files, want %d", tt.name, s.Len(), len(tt.want))
		}
		for p, want := range tt.want {
			f := s.File(filepath.Join(root, p))
			if f == nil {
				t.Errorf("%s: %s missing", tt.name, p)
				continue
			}
			if got := lines(f); !equal(got, want) {
				t.Errorf("%s: %s lines %v, want %v", tt.name, p, got, want)
			}
		}
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func FuzzParsePatch(f *testing.F) {
	f.Add("--- a/d.md\n+++ b/d.md\n@@ -1,4 +1,4 @@\n a\n-b\n+B\n c\n d\n")
	f.Add("--- a/d.md\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n")
	f.Add("+++ \"b/\\x\"\n@@ -0,0 +1,99999999 @@\n")
	f.Fuzz(func(t *testing.T, patch string) {
		s, err := ParsePatch(strings.NewReader(patch), "/r")
		if err == nil && s == nil {
			t.Fatal("nil set without error")
		}
	})
}

func gitRepo(t *testing.T) (string, func(args ...string)) {
	t.Helper()
	gittest.Require(t)
	dir := t.TempDir()
	g := func(args ...string) {
		t.Helper()
		gittest.Run(t, dir, args...)
	}
	g("init", "-q", "-b", "main")
	return dir, g
}

func TestFromRevAndMergeBase(t *testing.T) {
	dir, g := gitRepo(t)
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("one\ntwo\nthree\n"), 0o644)
	os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("ignored.md\n"), 0o644)
	g("add", ".")
	g("commit", "-qm", "base")
	g("checkout", "-qb", "topic")
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("one\nTWO\nthree\nfour\n"), 0o644)
	g("commit", "-qam", "change")
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("ONE\nTWO\nthree\nfour\n"), 0o644) // uncommitted
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "new.md"), []byte("x\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "ignored.md"), []byte("x\n"), 0o644)

	ctx := context.Background()
	base, err := MergeBase(ctx, filepath.Join(dir, "sub"), "main")
	if err != nil {
		t.Fatal(err)
	}
	s, err := FromRev(ctx, filepath.Join(dir, "sub"), base)
	if err != nil {
		t.Fatal(err)
	}
	if got := lines(s.File(filepath.Join(dir, "a.md"))); !equal(got, []int{1, 2, 4}) {
		t.Errorf("a.md lines %v, want [1 2 4] (committed and uncommitted changes)", got)
	}
	if f := s.File(filepath.Join(dir, "sub", "new.md")); f == nil || !f.All {
		t.Errorf("untracked file not all changed: %+v", f)
	}
	if f := s.File(filepath.Join(dir, "ignored.md")); f != nil {
		t.Error("ignored file counted as changed")
	}

	if _, err := FromRev(ctx, dir, "no-such-rev"); err == nil || !strings.Contains(err.Error(), `unknown git revision "no-such-rev"`) {
		t.Errorf("bad rev: %v", err)
	}
	if _, err := FromRev(ctx, dir, "--output=/tmp/x"); err == nil {
		t.Error("option-looking revision accepted")
	}
	if _, err := MergeBase(ctx, dir, "nope"); err == nil {
		t.Error("merge base of unknown ref")
	}
	if _, err := FromRev(ctx, t.TempDir(), "HEAD"); err == nil || !strings.Contains(err.Error(), "git") {
		t.Errorf("outside a repository: %v", err)
	}
}

// TestChangedIn: whichever way it searches, ChangedIn is Changed asked of
// every line of the range.
func TestChangedIn(t *testing.T) {
	files := []*File{nil, {All: true}, {Lines: map[int]bool{}}, {Lines: map[int]bool{3: true, 9: true, 10: true}}}
	for _, f := range files {
		for first := 0; first <= 12; first++ {
			for last := first - 1; last <= 14; last++ {
				want := false
				for l := first; l <= last; l++ {
					want = want || f.Changed(l)
				}
				if got := f.ChangedIn(first, last); got != want {
					t.Errorf("%+v: ChangedIn(%d, %d) = %v, want %v", f, first, last, got, want)
				}
			}
		}
	}
}
