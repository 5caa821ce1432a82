package uncited

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
)

type corpusDoc struct {
	path string
	doc  *markdown.Document
}

var (
	corpusOnce sync.Once
	corpusDocs []corpusDoc
)

// parsedCorpus parses and resolves every Markdown file of the shared corpus
// once per test binary, as `citelint run --no-config` does (no
// bibliography), so benchmarks and tests time and check only the rule.
func parsedCorpus(tb testing.TB) []corpusDoc {
	dir := corpus.Path(tb)
	corpusOnce.Do(func() {
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
				return nil
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			env := resolve.NewEnv(nil)
			doc := markdown.Parse(src, markdown.Options{KnownKey: env.KnownKey})
			resolve.Resolve(doc, env)
			corpusDocs = append(corpusDocs, corpusDoc{p, doc})
			return nil
		})
	})
	if len(corpusDocs) == 0 {
		tb.Skip("no Markdown files in the shared corpus")
	}
	return corpusDocs
}

// BenchmarkUncitedClaimCorpus runs uncited-claim with its default settings
// over every document of the shared corpus, parsed beforehand.
func BenchmarkUncitedClaimCorpus(b *testing.B) {
	docs := parsedCorpus(b)
	bytes := 0
	for _, d := range docs {
		bytes += len(d.doc.Src)
	}
	settings := DefaultSettings()
	b.SetBytes(int64(bytes))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, d := range docs {
			Find(d.doc, settings)
		}
	}
}
