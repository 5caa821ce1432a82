//go:build unix

// Package cputime reads the CPU time this process has used, for
// benchmarks that report work per CPU-second, which a shared machine's
// load does not skew as it skews wall time.
package cputime

import (
	"syscall"
	"time"
)

// Used is the CPU time (user and system) this process has used.
func Used() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
