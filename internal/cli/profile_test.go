package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestProfileFlags checks that both profiles are written as pprof files
// (gzip-compressed protobuf) and that a profile that cannot be written is
// reported without failing the lint.
func TestProfileFlags(t *testing.T) {
	dir := t.TempDir()
	doc := write(t, dir, "a.md", "# T\n\nA claim [1].\n\n## References\n\n1. Source, https://example.org/\n")
	cpu, mem := filepath.Join(dir, "cpu.prof"), filepath.Join(dir, "mem.prof")
	code, _, stderr := run(t, dir, "", "run", "--no-config", "--cpu-profile-path", cpu, "--mem-profile-path", mem, doc)
	if code != ExitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, p := range []string{cpu, mem} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
			t.Errorf("%s: not a gzip-compressed pprof profile (% x...)", filepath.Base(p), b[:min(len(b), 4)])
		}
	}
	// cmd/citelint turns heap sampling off; --mem-profile-path must turn it
	// back on, or the heap profile would be empty.
	defer func(rate int) { runtime.MemProfileRate = rate }(runtime.MemProfileRate)
	runtime.MemProfileRate = 0
	if code, _, stderr := run(t, dir, "", "run", "--no-config", "--mem-profile-path", mem, doc); code != ExitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if runtime.MemProfileRate == 0 {
		t.Error("--mem-profile-path left heap sampling off")
	}
	bad := filepath.Join(dir, "no", "such", "dir", "cpu.prof")
	code, _, stderr = run(t, dir, "", "run", "--no-config", "--cpu-profile-path", bad, doc)
	if code != ExitOK || !strings.Contains(stderr, "--cpu-profile-path") {
		t.Errorf("unwritable profile: exit %d, stderr %q; want exit 0 and the flag named", code, stderr)
	}
}
