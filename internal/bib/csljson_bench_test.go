package bib

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkCSLJSONCorpus parses the largest CSL-JSON bibliography of the
// shared corpus (manubot's deep review, 855 KB, 602 items with long
// author lists), which a run over the corpus loads once.
func BenchmarkCSLJSONCorpus(b *testing.B) {
	path := filepath.Join("..", "..", "..", "shared", "corpus", "docs", "manubot-deep-review", "content", "manual-references-2020-01-29.json")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skip("shared corpus not present:", err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(path, data); err != nil {
			b.Fatal(err)
		}
	}
}
