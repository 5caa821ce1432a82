package evidence

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/markdown"
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

// TestLocalConfined: a document's relative links are read as evidence only
// when they resolve inside the project root, to a regular file not under
// .git. Before issue 20 (defect 1), ../ and symbolic links led anywhere, and
// low-overlap quoted the closest passage of .git/config or
// /proc/self/environ in its message.
func TestLocalConfined(t *testing.T) {
	outside := t.TempDir()
	write(t, filepath.Join(outside, "secret.txt"), "The runner stores zebras: ghs_FAKE")
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	write(t, filepath.Join(docs, "notes.txt"), "Zebras are striped.")
	write(t, filepath.Join(root, "top.md"), "Top of the tree.")
	write(t, filepath.Join(root, ".git", "config"), "[http] extraheader = AUTHORIZATION: basic ghs_FAKE")
	write(t, filepath.Join(docs, "big.txt"), strings.Repeat("z", maxLocal+10))
	links := map[string]string{
		"secret.txt": filepath.Join(outside, "secret.txt"),
		"env.txt":    "/proc/self/environ",
		"git.txt":    "../.git/config",
		"zero.txt":   "/dev/zero",
		"loop.txt":   "loop.txt",
		"alias.txt":  "notes.txt",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(docs, name)); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	rel, err := filepath.Rel(docs, filepath.Join(outside, "secret.txt"))
	if err != nil {
		t.Fatal(err)
	}
	f := &Finder{ReadLocal: true, Root: root}
	doc := filepath.Join(docs, "a.md")
	for _, tt := range []struct{ link, want string }{
		{"notes.txt", "Zebras are striped."},
		{"alias.txt", "Zebras are striped."},
		{"../top.md", "Top of the tree."},
		{"notes.txt#part", "Zebras are striped."},
		{filepath.ToSlash(rel), ""},
		{"secret.txt", ""},
		{"env.txt", ""},
		{"git.txt", ""},
		{"../.git/config.txt", ""},
		{"zero.txt", ""},
		{"loop.txt", ""},
		{"missing.txt", ""},
	} {
		got, _ := f.Text(doc, &markdown.Reference{URL: tt.link})
		if got != tt.want {
			t.Errorf("link %s: got %.60q, want %q", tt.link, got, tt.want)
		}
	}
	if got, _ := f.Text(doc, &markdown.Reference{URL: "big.txt"}); len(got) != maxLocal {
		t.Errorf("big.txt: read %d bytes, want the first %d", len(got), maxLocal)
	}
	// Without a root of its own, the finder confines reads to the working
	// directory's project, which t.TempDir is not part of.
	wd := &Finder{ReadLocal: true}
	if got, _ := wd.Text(filepath.Join(outside, "a.md"), &markdown.Reference{URL: "secret.txt"}); got != "" {
		t.Errorf("default root read %q outside the working directory's project", got)
	}
}
