package engine

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestInsideRoots(t *testing.T) {
	top := t.TempDir()
	write := func(dir, name string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("Fine.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	root := filepath.Join(top, "docs")
	in := write(root, "a.md")
	dots := write(root, "..b.md") // a name starting with "..", inside
	sibling := write(filepath.Join(top, "docs2"), "c.md")
	link := filepath.Join(root, "up.md")
	if err := os.Symlink(sibling, link); err != nil {
		t.Skip("no symlinks:", err)
	}
	roots := FixRoots([]string{root}, "")
	for _, tc := range []struct {
		path string
		ok   bool
	}{
		{in, true},
		{dots, true},
		{sibling, false}, // shares the prefix "docs" but not the folder
		{link, false},
	} {
		_, err := insideRoots(tc.path, roots)
		if tc.ok != (err == nil) || err != nil && !errors.Is(err, errOutsideTree) {
			t.Errorf("%s: %v", tc.path, err)
		}
	}
	// A file named on the command line: its folder is the root.
	if _, err := insideRoots(in, FixRoots([]string{in}, "")); err != nil {
		t.Errorf("file argument: %v", err)
	}
}
