//go:build !unix

package score

import "time"

// cpuTime is not measured here (no getrusage): benchmarks report 0 for
// their per-CPU-second figures.
func cpuTime() time.Duration { return 0 }
