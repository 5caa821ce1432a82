//go:build !unix

// Package cputime reads the CPU time this process has used, for
// benchmarks that report work per CPU-second, which a shared machine's
// load does not skew as it skews wall time.
package cputime

import "time"

// Used is 0 here (no getrusage): per-CPU-second figures are not measured.
func Used() time.Duration { return 0 }
