package uncited

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/markdown"
)

// BenchmarkFactScore scores every sentence of the ODR reports, the
// uncited-claim rule's inner loop and its largest cost on real documents.
func BenchmarkFactScore(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(corpus.Path(b, "reports"), "odr-drb-gpt-5", "*.md"))
	var sents []string
	bytes := 0
	for _, f := range files {
		src, _ := os.ReadFile(f)
		doc := markdown.Parse(src, markdown.Options{})
		for _, c := range doc.Claims {
			sents = append(sents, string(src[c.Start:c.End]))
			bytes += c.End - c.Start
		}
	}
	b.SetBytes(int64(bytes))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range sents {
			FactScore(s)
		}
	}
}
