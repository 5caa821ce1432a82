package guard

import (
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
)

// BenchmarkFindGuards measures the input guard's pre-scan over the shared
// corpus: its share of a parse.
func BenchmarkFindGuards(b *testing.B) {
	files := corpus.Files(b, func(n string) bool { return strings.HasSuffix(n, ".md") })
	size := 0
	for _, f := range files {
		size += len(f)
	}
	b.SetBytes(int64(size))
	scanned := 0
	for _, f := range files {
		if mayNeedGuard(f) {
			scanned++
		}
	}
	b.ReportMetric(float64(scanned), "files-scanned")
	for b.Loop() {
		for _, f := range files {
			findGuards(f)
		}
	}
}
