//go:build !unix

package cache

import (
	"os"
	"path/filepath"
)

// mkfifo stands in a directory where FIFOs do not exist: another file
// that is not regular.
func mkfifo(path string) error { return os.Mkdir(path+string(filepath.Separator), 0o755) }
