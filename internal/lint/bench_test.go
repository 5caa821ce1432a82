package lint

import (
	"context"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/rules/registry"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// BenchmarkLintCorpus and BenchmarkFloorCorpus are bench/run's citelint
// and goldmark rows in one process: the same files, already in memory, on
// one goroutine, without start-up, reading or output. Their ratio is the
// per-file CPU that citelint adds to the floor, and benchstat resolves a
// change of 1% in it, where whole runs on a shared machine move by ±15%.

// corpusSources reads every file citelint would lint in the shared corpus.
func corpusSources(b *testing.B) [][]byte { return corpus.Files(b, hasExt) }

// defaultRules are the rules `citelint run --no-config` runs.
func defaultRules() []Enabled {
	var out []Enabled
	for _, r := range registry.All() {
		if r.Default {
			out = append(out, Enabled{Rule: r, Settings: r.DefaultSettings()})
		}
	}
	return out
}

func BenchmarkLintCorpus(b *testing.B) {
	opts := offlineOptions(defaultRules())
	ctx := context.Background()
	corpus.Bench(b, corpusSources(b), func(src []byte) {
		if _, err := checkText(src); err == nil {
			lintSource(ctx, "-", src, opts, nil)
		}
	})
}

// BenchmarkFloorCorpus is bench/goldmark-walk's parse and walk.
func BenchmarkFloorCorpus(b *testing.B) {
	md := goldmark.New(
		goldmark.WithExtensions(extension.Table),
		goldmark.WithParserOptions(parser.WithBlockParsers(
			util.Prioritized(extension.NewFootnoteBlockParser(), 999),
		)),
	)
	corpus.Bench(b, corpusSources(b), func(src []byte) {
		doc := md.Parser().Parse(text.NewReader(src), parser.WithContext(parser.NewContext()))
		ast.Walk(doc, func(ast.Node, bool) (ast.WalkStatus, error) { return ast.WalkContinue, nil })
	})
}
