package project

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRootForRemembersFoldersNotLinks: rootFor answers once per folder for
// regular files, but a symbolic link beside them is resolved on its own
// (it may lead out of the project, where its reads get its own folder).
func TestRootForRemembersFoldersNotLinks(t *testing.T) {
	base := t.TempDir()
	project := filepath.Join(base, "project")
	outside := filepath.Join(base, "outside")
	for _, d := range []string{filepath.Join(project, ".git"), filepath.Join(project, "docs"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	a := filepath.Join(project, "docs", "a.md")
	b := filepath.Join(project, "docs", "b.md")
	far := filepath.Join(outside, "far.md")
	for _, f := range []string{a, b, far} {
		if err := os.WriteFile(f, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(project, "docs", "link.md")
	if err := os.Symlink(far, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	c := &Cache{}
	opts := Options{Root: project}
	ra, err := c.rootFor(opts, a)
	if err != nil {
		t.Fatal(err)
	}
	rb, _ := c.rootFor(opts, b)
	if ra != rb || len(c.dirRoots) != 1 {
		t.Errorf("two files of one folder: roots %v and %v, %d folders remembered", ra.Dir(), rb.Dir(), len(c.dirRoots))
	}
	rl, err := c.rootFor(opts, link)
	if err != nil {
		t.Fatal(err)
	}
	if rl == ra {
		t.Errorf("the link to %s got the project's root %s", far, ra.Dir())
	}
}
