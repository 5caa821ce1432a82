//go:build unix

package safefile

import "syscall"

// openFlags make opening a FIFO return at once instead of waiting for a
// writer (the file is then rejected as not regular); they change nothing
// for regular files.
const openFlags = syscall.O_NONBLOCK
