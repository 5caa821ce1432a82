package cli

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
)

// profileFlags are golangci-lint's profiling flags: what a user attaches to
// a report that citelint is slow on their files, and what bench/README.md
// uses to say where the time goes.
type profileFlags struct {
	cpuPath, memPath string
}

// start begins CPU profiling when asked; the returned function stops it and
// writes the heap profile. Failing to profile is reported, never fatal.
func (p *profileFlags) start(stderr io.Writer) (stop func()) {
	if p.memPath != "" && runtime.MemProfileRate == 0 {
		// cmd/citelint turns heap sampling off; this is runtime's default.
		runtime.MemProfileRate = 512 * 1024
	}
	var cpu *os.File
	if p.cpuPath != "" {
		f, err := os.Create(p.cpuPath)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintf(stderr, "citelint: --cpu-profile-path: %v\n", err)
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
		if p.memPath != "" {
			f, err := os.Create(p.memPath)
			if err == nil {
				runtime.GC() // up-to-date statistics, as pprof's docs advise
				err = pprof.Lookup("allocs").WriteTo(f, 0)
				if cerr := f.Close(); err == nil {
					err = cerr
				}
			}
			if err != nil {
				fmt.Fprintf(stderr, "citelint: --mem-profile-path: %v\n", err)
			}
		}
	}
}
