//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestReplaceKeepsOwner(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("only root can give a file to another user")
	}
	p := filepath.Join(t.TempDir(), "a.md")
	os.WriteFile(p, []byte("old"), 0o644)
	if err := os.Chown(p, 12345, 23456); err != nil {
		t.Skip("chown:", err)
	}
	if err := Replace(p, []byte("old"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(p)
	st := fi.Sys().(*syscall.Stat_t)
	if st.Uid != 12345 || st.Gid != 23456 {
		t.Errorf("owner %d:%d, want 12345:23456", st.Uid, st.Gid)
	}
}
