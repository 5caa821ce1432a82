package cli

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestInsideRoots(t *testing.T) {
	top := t.TempDir()
	root := filepath.Join(top, "docs")
	in := write(t, root, "a.md", clean)
	dots := write(t, root, "..b.md", clean) // a name starting with "..", inside
	sibling := write(t, top, "docs2/c.md", clean)
	link := filepath.Join(root, "up.md")
	if err := os.Symlink(sibling, link); err != nil {
		t.Skip("no symlinks:", err)
	}
	roots := fixRoots([]string{root}, "", "")
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
	if _, err := insideRoots(in, fixRoots([]string{in}, "", "")); err != nil {
		t.Errorf("file argument: %v", err)
	}
}
