package uncited

import (
	"testing"

	"github.com/citelint/citelint/internal/corpus/parsed"
)

// BenchmarkUncitedClaimCorpus runs uncited-claim with its default settings
// over every document of the shared corpus, parsed beforehand.
func BenchmarkUncitedClaimCorpus(b *testing.B) {
	docs := parsed.Corpus(b)
	bytes := 0
	for _, d := range docs {
		bytes += len(d.Doc.Src)
	}
	settings := DefaultSettings()
	b.SetBytes(int64(bytes))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, d := range docs {
			Find(d.Doc, settings)
		}
	}
}
