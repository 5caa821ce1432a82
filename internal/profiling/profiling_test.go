package profiling

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestStart checks that each profile asked for is written as a pprof file
// (gzip-compressed protobuf), that one that cannot be written is reported
// as the CPU's or the allocations' without stopping the other, and that an
// allocation profile turns heap sampling back on.
func TestStart(t *testing.T) {
	defer func(rate int) { runtime.MemProfileRate = rate }(runtime.MemProfileRate)
	dir := t.TempDir()
	bad := filepath.Join(dir, "no", "such", "dir", "x.prof")
	tests := []struct {
		name             string
		cpu, mem         string
		wantCPU, wantMem bool // a profile written
		failCPU, failMem bool // a failure reported
	}{
		{"none", "", "", false, false, false, false},
		{"both", "cpu.prof", "mem.prof", true, true, false, false},
		{"cpu only", "cpu.prof", "", true, false, false, false},
		{"mem only", "", "mem.prof", false, true, false, false},
		{"cpu unwritable", bad, "mem.prof", false, true, true, false},
		{"mem unwritable", "cpu.prof", bad, true, false, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sub := t.TempDir()
			path := func(p string) string {
				if p == "" || filepath.IsAbs(p) {
					return p
				}
				return filepath.Join(sub, p)
			}
			runtime.MemProfileRate = 0 // as cmd/citelint leaves it
			var failCPU, failMem bool
			stop := Start(path(tt.cpu), path(tt.mem), func(cpu bool, err error) {
				if err == nil {
					t.Error("failed called with a nil error")
				}
				if cpu {
					failCPU = true
				} else {
					failMem = true
				}
			})
			if tt.mem != "" && runtime.MemProfileRate == 0 {
				t.Error("an allocation profile left heap sampling off")
			}
			stop()
			if failCPU != tt.failCPU || failMem != tt.failMem {
				t.Errorf("failures reported: cpu %v mem %v, want cpu %v mem %v", failCPU, failMem, tt.failCPU, tt.failMem)
			}
			for _, p := range []struct {
				name string
				want bool
			}{{"cpu.prof", tt.wantCPU}, {"mem.prof", tt.wantMem}} {
				b, err := os.ReadFile(filepath.Join(sub, p.name))
				if got := err == nil; got != p.want {
					t.Fatalf("%s written: %v, want %v", p.name, got, p.want)
				}
				if p.want && !bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
					t.Errorf("%s: not a gzip-compressed pprof profile (% x...)", p.name, b[:min(len(b), 4)])
				}
			}
		})
	}
}
