// Package profiling writes the CPU and allocation profiles (go tool pprof)
// of a run: golangci-lint's --cpu-profile-path and --mem-profile-path,
// what a user attaches to a report that citelint is slow on their files,
// and what bench/README.md uses to say where the time goes.
package profiling

import (
	"os"
	"runtime"
	"runtime/pprof"
)

// Start begins CPU profiling into cpuPath when it is not ""; the returned
// function stops it and writes the allocation profile to memPath when it
// is not "". Failing to profile is never fatal: failed hears of it, with
// cpu true for the CPU profile's file and false for the allocations'.
func Start(cpuPath, memPath string, failed func(cpu bool, err error)) (stop func()) {
	if memPath != "" && runtime.MemProfileRate == 0 {
		// cmd/citelint turns heap sampling off; this is runtime's default.
		runtime.MemProfileRate = 512 * 1024
	}
	var cpu *os.File
	if cpuPath != "" {
		f, err := os.Create(cpuPath)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			failed(true, err)
			if f != nil {
				f.Close()
			}
		} else {
			cpu = f
		}
	}
	return func() {
		if cpu != nil {
			pprof.StopCPUProfile()
			cpu.Close()
		}
		if memPath != "" {
			f, err := os.Create(memPath)
			if err == nil {
				runtime.GC() // up-to-date statistics, as pprof's docs advise
				err = pprof.Lookup("allocs").WriteTo(f, 0)
				if cerr := f.Close(); err == nil {
					err = cerr
				}
			}
			if err != nil {
				failed(false, err)
			}
		}
	}
}
