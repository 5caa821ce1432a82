// Package parsed gives tests and benchmarks the shared corpus's Markdown
// files parsed and resolved once per test binary, as `citelint run
// --no-config` reads them (no bibliography), so that they time and check
// the rules alone.
package parsed

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

// Doc is one file of the corpus and its document.
type Doc struct {
	Path string
	Doc  *markdown.Document
}

var (
	once sync.Once
	docs []Doc
)

// Corpus returns every .md file of the shared corpus, parsed and resolved,
// or skips tb when there is none.
func Corpus(tb testing.TB) []Doc {
	dir := corpus.Path(tb)
	once.Do(func() {
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
			docs = append(docs, Doc{p, doc})
			return nil
		})
	})
	if len(docs) == 0 {
		tb.Skip("no Markdown files in the shared corpus")
	}
	return docs
}
