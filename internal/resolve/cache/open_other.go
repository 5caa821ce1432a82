//go:build !unix

package cache

import (
	"os"
)

// openNoFollow opens path in r for reading if it is a regular file; Lstat
// first so a symlink or a device is never opened.
func openNoFollow(r *os.Root, path string) (*os.File, error) {
	fi, err := r.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errNotRegular
	}
	return r.Open(path)
}
