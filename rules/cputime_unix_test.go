//go:build unix

package rules

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system) this process has used, for
// benchmarks that report work per CPU-second on a shared machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
