//go:build !unix

package lint

import "os"

// readRegular reads a regular file whole, after checking what it is.
func readRegular(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := checkSize(fi.Mode().IsRegular(), fi.Size()); err != nil {
		return nil, err
	}
	return os.ReadFile(path)
}
