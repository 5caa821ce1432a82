// Package corpus locates the shared real-world corpus (../shared/corpus beside
// the repository) for evaluation tests and benchmarks. A user's fresh clone has
// no such folder, so callers skip rather than fail when it is absent.
package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns the corpus folder: $CITELINT_CORPUS if set, otherwise
// ../shared/corpus relative to the module root (the folder holding go.mod,
// found by walking up from the working directory). It returns "" if neither exists.
func Dir() string {
	if d := os.Getenv("CITELINT_CORPUS"); d != "" {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			return d
		}
		return ""
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			c := filepath.Join(dir, "..", "shared", "corpus")
			if fi, err := os.Stat(c); err == nil && fi.IsDir() {
				return c
			}
			return ""
		}
		if filepath.Dir(dir) == dir {
			return ""
		}
	}
}

// Path returns Dir()/elem..., or skips the test or benchmark when the corpus
// (or that part of it) is absent.
func Path(tb testing.TB, elem ...string) string {
	tb.Helper()
	d := Dir()
	if d == "" {
		tb.Skip("shared corpus not found (set CITELINT_CORPUS or put it at ../shared/corpus)")
	}
	p := filepath.Join(append([]string{d}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("corpus path %s not found", p)
	}
	return p
}

// Files reads the files under Path(tb, elem...) whose names keep accepts,
// in walk order, for benchmarks that hold them in memory. Files it cannot
// read are left out.
func Files(tb testing.TB, keep func(name string) bool, elem ...string) [][]byte {
	tb.Helper()
	var files [][]byte
	filepath.WalkDir(Path(tb, elem...), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && keep(d.Name()) {
			if src, err := os.ReadFile(p); err == nil {
				files = append(files, src)
			}
		}
		return nil
	})
	return files
}

// Bench runs f over every file in files once per iteration, reporting
// throughput over their total size and allocations, for benchmarks that
// compare pipelines on the same files held in memory.
func Bench(b *testing.B, files [][]byte, f func(src []byte)) {
	total := 0
	for _, src := range files {
		total += len(src)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range files {
			f(src)
		}
	}
}
