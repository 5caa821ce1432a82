//go:build unix

package atomicfile

import (
	"errors"
	"os"
	"syscall"
)

func linkCount(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// writable asks the kernel whether this process may write path (for root,
// always when the file is writable by anyone).
func writable(path string) bool {
	const wOK = 2
	return syscall.Access(path, wOK) == nil
}

// keepOwner gives the new file the old one's owner and group. A new file
// belongs to the process; when that differs and cannot be changed (not
// root), rewriting would quietly take the file from its owner.
func keepOwner(tmp *os.File, old os.FileInfo) error {
	st, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	fi, err := tmp.Stat()
	if err != nil {
		return err
	}
	cur, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || cur.Uid == st.Uid && cur.Gid == st.Gid {
		return nil
	}
	if err := tmp.Chown(int(st.Uid), int(st.Gid)); err != nil {
		if errors.Is(err, os.ErrPermission) {
			return ErrOwner
		}
		return err
	}
	return nil
}
