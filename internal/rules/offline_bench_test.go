package rules_test

import (
	"testing"

	"github.com/citelint/citelint/internal/corpus/parsed"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/registry"
)

// BenchmarkOfflineRulesCorpus runs each default offline rule, with its
// default settings, over every document of the shared corpus, parsed
// beforehand: one sub-benchmark per rule.
func BenchmarkOfflineRulesCorpus(b *testing.B) {
	docs := parsed.Corpus(b)
	bytes := 0
	for _, d := range docs {
		bytes += len(d.Doc.Src)
	}
	for _, r := range registry.All() {
		if !r.Default || !r.HasTag(rules.TagOffline) {
			continue
		}
		settings := r.DefaultSettings()
		b.Run(r.Name, func(b *testing.B) {
			b.SetBytes(int64(bytes))
			b.ReportAllocs()
			for b.Loop() {
				for _, d := range docs {
					if _, err := rules.Run(r, d.Path, d.Doc, settings, nil); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
