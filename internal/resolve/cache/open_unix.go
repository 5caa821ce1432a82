//go:build unix

package cache

import (
	"os"
	"syscall"
)

// openNoFollow opens path in r for reading without following a symlink
// at its last component, and without blocking on a FIFO (whose open would
// wait for a writer forever).
func openNoFollow(r *os.Root, path string) (*os.File, error) {
	return r.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
}
