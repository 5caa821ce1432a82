package markdown_test

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// The extraction benchmarks run beside a bare goldmark parse-and-walk of the
// same bytes (BenchmarkGoldmark*), so the closing note can compare MB/s and
// allocations measured in the same run. Target: extraction at ≥ 50% of the
// bare parse's throughput and ≤ 2x its allocation.

// generatedReport is an LLM-style report of about 2 MB (see llmReport).
func generatedReport() []byte {
	return llmReport("# Report", func(sections, _ int) bool { return sections == 400 })
}

// llmReport writes an LLM-style report: sections of paragraphs with numeric
// citations, author-year citations, links, DOIs and a footnote each, and a
// table, until done says so, then a 100-entry reference list.
func llmReport(title string, done func(sections, size int) bool) []byte {
	var b bytes.Buffer
	b.WriteString(title + "\n\n")
	for s := 0; !done(s, b.Len()); s++ {
		fmt.Fprintf(&b, "## Section %d\n\n", s)
		for p := 0; p < 4; p++ {
			fmt.Fprintf(&b, "Global output rose by %d.5%% between 2001 and 2019 [%d], while Smith et al. (2020) found the opposite [%d, %d]. ", p, s%90+1, s%90+2, s%90+3)
			fmt.Fprintf(&b, "See the [survey](https://example.org/s/%d) and doi:10.1000/x%d for details.[^n%d] ", s, s, s)
			b.WriteString("The effect is strongest in coastal cities, e.g. Miami, and weakest inland.\n\n")
		}
		b.WriteString("| year | value |\n|---|---|\n| 2020 | 3.1 [4] |\n| 2021 | 3.4 [5] |\n\n")
		fmt.Fprintf(&b, "[^n%d]: A note on section %d.\n\n", s, s)
	}
	b.WriteString("## References\n\n")
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&b, "[%d] Author %d. A title of work %d. Journal, 2020. https://doi.org/10.1000/ref%d\n", i, i, i, i)
	}
	return b.Bytes()
}

// corpusFiles returns the Markdown files of the shared corpus's reports,
// to be parsed one by one, as citelint does, not concatenated.
func corpusFiles(b *testing.B) [][]byte {
	return corpus.Files(b, func(name string) bool { return strings.HasSuffix(name, ".md") }, "reports")
}

func bareParse(md goldmark.Markdown, src []byte) int {
	n := 0
	doc := md.Parser().Parse(text.NewReader(src))
	ast.Walk(doc, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			n++
		}
		return ast.WalkContinue, nil
	})
	return n
}

func newBare() goldmark.Markdown {
	return goldmark.New(goldmark.WithExtensions(extension.Table, extension.Footnote))
}

func extract(src []byte) int {
	doc := markdown.Parse(src, markdown.Options{})
	resolve.Resolve(doc, nil)
	return len(doc.Citations)
}

// benchFiles is corpus.Bench for functions that return a count, which the
// benchmarks discard.
func benchFiles(b *testing.B, files [][]byte, f func([]byte) int) {
	corpus.Bench(b, files, func(src []byte) { f(src) })
}

func BenchmarkExtractGenerated(b *testing.B) {
	benchFiles(b, [][]byte{generatedReport()}, extract)
}

func BenchmarkGoldmarkGenerated(b *testing.B) {
	md := newBare()
	benchFiles(b, [][]byte{generatedReport()}, func(src []byte) int { return bareParse(md, src) })
}

func BenchmarkExtractCorpus(b *testing.B) {
	benchFiles(b, corpusFiles(b), extract)
}

func BenchmarkGoldmarkCorpus(b *testing.B) {
	md := newBare()
	benchFiles(b, corpusFiles(b), func(src []byte) int { return bareParse(md, src) })
}

// denseDoc repeats unit up to n bytes, a blank line after every 20: the
// citation-dense shapes of docs/security.md's memory figures.
func denseDoc(n int, unit func(i int) string) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		b.WriteString(unit(i))
		if i%20 == 19 {
			b.WriteString("\n\n")
		}
	}
	return b.Bytes()
}

// BenchmarkParseDense parses citation-dense documents (one citation per
// ten bytes) and reports the bytes allocated per input byte (alloc-B/byte)
// and the bytes the parsed Document holds per input byte (doc-B/byte),
// which bound the peak memory of linting them (docs/security.md). Peak RSS
// is measured on the binary.
func BenchmarkParseDense(b *testing.B) {
	shapes := []struct {
		name string
		unit func(i int) string
	}{
		{"pandoc", func(i int) string { return fmt.Sprintf("[@key%d] ", i%500) }},
		{"numeric", func(int) string { return "Claim [1]. " }},
	}
	for _, s := range shapes {
		src := denseDoc(1<<20, s.unit)
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			var m0, m1 runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&m0)
			doc := markdown.Parse(src, markdown.Options{})
			runtime.GC()
			runtime.ReadMemStats(&m1)
			held := float64(m1.HeapAlloc) - float64(m0.HeapAlloc)
			runtime.KeepAlive(doc)
			runtime.ReadMemStats(&m0)
			for b.Loop() {
				markdown.Parse(src, markdown.Options{})
			}
			runtime.ReadMemStats(&m1)
			b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/float64(b.N)/float64(len(src)), "alloc-B/byte")
			b.ReportMetric(held/float64(len(src)), "doc-B/byte")
		})
	}
}
