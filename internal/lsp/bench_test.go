package lsp_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/lsp"
)

// typicalReport is an LLM-style research report of about size bytes:
// sections of paragraphs whose sentences cite a numbered reference list
// (some labels dangling, some entries unused, as real drafts have them).
func typicalReport(size int) string {
	var b strings.Builder
	b.WriteString("# A survey of coastal flooding\n\n")
	refs := 400
	for s := 0; b.Len() < size-refs*120; s++ {
		fmt.Fprintf(&b, "## Section %d\n\n", s+1)
		for p := 0; p < 4; p++ {
			for k := 0; k < 5; k++ {
				n := (s*20+p*5+k)%(refs+7) + 1
				fmt.Fprintf(&b, "Global mean sea level rose by about %d cm between 1901 and 2018 at station %d, with faster rise after 1990 [%d]. ", 10+k, s*10+p, n)
			}
			b.WriteString("\n\n")
		}
	}
	b.WriteString("## References\n\n")
	for i := 1; i <= refs; i++ {
		if i%50 == 0 {
			continue
		}
		fmt.Fprintf(&b, "[%d] Author %d et al. Sea level rise in region %d. Journal of Coasts. https://doi.org/10.1000/coast.%d\n", i, i, i, i)
	}
	return b.String()
}

// BenchmarkLSPChange measures the time from a didChange (one character
// typed) to the diagnostics of the new version, on a 1 MB report: with no
// debounce (the lint and the protocol); with the default debounce, one
// character typed after a pause (linted at once) and the last of a burst
// of five typed 10 ms apart (linted once the burst pauses).
func BenchmarkLSPChange(b *testing.B) {
	generated := typicalReport(1 << 20)
	cases := []struct {
		name     string
		text     string
		debounce int64
		burst    int
	}{
		{"1MB/debounce=none", generated, -1, 1},
		{"1MB/debounce=default/after-pause", generated, int64(lsp.DefaultDebounce), 1},
		{"1MB/debounce=default/burst", generated, int64(lsp.DefaultDebounce), 5},
	}
	// The largest LLM-written report of the shared corpus (about 110 KB),
	// when it is there: what a report's author waits for.
	if d := corpus.Dir(); d != "" {
		if b, err := os.ReadFile(filepath.Join(d, "reports", "gemini-style", "Inhibitory-Generative-Networks-Research.md")); err == nil {
			cases = append(cases, struct {
				name     string
				text     string
				debounce int64
				burst    int
			}{"corpus-report/debounce=default/after-pause", string(b), int64(lsp.DefaultDebounce), 1})
		}
	}
	for _, bc := range cases {
		text := bc.text
		b.Run(bc.name, func(b *testing.B) {
			dir := b.TempDir()
			path := filepath.Join(dir, "report.md")
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				b.Fatal(err)
			}
			uri := fileURI(path)
			c := startClient(b, dir, lsp.Options{Debounce: timeDuration(bc.debounce)})
			c.initialize(nil, nil)
			first := c.open(path, text)
			b.ReportMetric(float64(len(first.Diagnostics)), "diagnostics")
			b.SetBytes(int64(len(text)))
			b.ResetTimer()
			v := 1
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				time.Sleep(lsp.DefaultDebounce + 10*time.Millisecond)
				for k := 0; k < bc.burst-1; k++ {
					v++
					c.typeAt(uri, v)
					time.Sleep(10 * time.Millisecond)
				}
				b.StartTimer()
				v++
				c.typeAt(uri, v)
				c.waitDiags(uri, v)
			}
			b.StopTimer()
			c.shutdown()
		})
	}
}

func timeDuration(ns int64) time.Duration { return time.Duration(ns) }

// typeAt types one character at the start of line 4 as version v.
func (c *testClient) typeAt(uri string, v int) {
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": v},
		"contentChanges": []any{map[string]any{"range": rng(4, 0, 4, 0), "text": "x"}},
	})
}
