//go:build !unix

package cache

import (
	"os"
)

// openNoFollow opens path for reading if it is a regular file; Lstat first
// so a symlink or a device is never opened.
func openNoFollow(path string) (*os.File, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errNotRegular
	}
	return os.Open(path)
}
