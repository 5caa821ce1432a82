package lint

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
)

// denseCitations is about n bytes of the densest citation text issue 37's
// attack run found, pandoc keys one after another ("[@k12] "), ending in a
// reference list: linting it peaks at about 30 bytes of memory per byte of
// it (docs/security.md).
func denseCitations(n int) []byte {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "[@k%d] ", i%100)
		if i%20 == 19 {
			b.WriteString("\n\n")
		}
	}
	b.WriteString("\n\n## References\n\n[1] Author. Title. https://doi.org/10.1000/r1\n")
	return []byte(b.String())
}

func runInputs(inputs map[string][]byte, max int) []FileResult {
	var files []string
	for p := range inputs {
		files = append(files, p)
	}
	return Run(context.Background(), files, Options{Inputs: inputs, Env: resolve.NewEnv(nil), RuleEnv: &rules.Env{}, MaxDocumentBytes: max})
}

// TestDocumentCap: a document over the cap is a file error that says
// why, and the other files are linted; a notebook's cap counts its
// Markdown cells, not its JSON.
func TestDocumentCap(t *testing.T) {
	const max = 4096
	cell := func(text string) string {
		return fmt.Sprintf(`{"cell_type": "markdown", "metadata": {}, "source": [%q]}`, text)
	}
	notebook := func(cells ...string) []byte {
		return []byte(`{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [` + strings.Join(cells, ",") + `]}`)
	}
	outputs := fmt.Sprintf(`{"cell_type": "code", "metadata": {}, "source": [], "execution_count": 1, "outputs": [{"output_type": "stream", "name": "stdout", "text": [%q]}]}`, strings.Repeat("y", 3*max))
	for _, tt := range []struct {
		name, path string
		src        []byte
		want       string // in the error; "" none
	}{
		{"at the cap", "a.md", denseCitations(max)[:max], ""},
		{"over the cap", "b.md", denseCitations(2 * max), "bytes of Markdown, over the 4096 bytes a document may have"},
		{"notebook with large outputs", "c.ipynb", []byte(notebook(cell("Text [@k1]."), outputs)), ""},
		{"notebook over the cap", "d.ipynb", []byte(notebook(cell(string(denseCitations(2 * max))))), "its Markdown cells hold"},
	} {
		res := runInputs(map[string][]byte{tt.path: tt.src, "ok.md": []byte("A claim [@k1].\n")}, max)
		for _, r := range res {
			if r.Path == "ok.md" {
				if r.Err != nil {
					t.Errorf("%s: the other file failed: %v", tt.name, r.Err)
				}
				continue
			}
			switch {
			case tt.want == "" && r.Err != nil:
				t.Errorf("%s: %v", tt.name, r.Err)
			case tt.want != "" && (r.Err == nil || !strings.Contains(r.Err.Error(), tt.want)):
				t.Errorf("%s: error %v, want %q", tt.name, r.Err, tt.want)
			}
		}
	}
	// The default cap.
	big := make([]byte, DefaultMaxDocumentBytes+1)
	for i := range big {
		big[i] = 'a'
	}
	if res := runInputs(map[string][]byte{"big.md": big}, 0); res[0].Err == nil || !strings.Contains(res[0].Err.Error(), "over the 8 MB") {
		t.Errorf("a document of %d bytes: %v", len(big), res[0].Err)
	}
}

// TestInFlightGate: documents are admitted while their bytes fit the
// budget, one at any size when none is in flight, and the others wait for
// a release.
func TestInFlightGate(t *testing.T) {
	g := newInFlight(100)
	g.acquire(60)
	g.acquire(40) // fits
	done := make(chan bool)
	go func() {
		g.acquire(50)
		done <- true
	}()
	for {
		g.mu.Lock()
		w := g.waiting
		g.mu.Unlock()
		if w == 1 {
			break
		}
		runtime.Gosched()
	}
	g.release(40) // 60 + 50 is over
	g.mu.Lock()
	if g.bytes != 60 {
		t.Errorf("in flight %d, want 60 while the third waits", g.bytes)
	}
	g.mu.Unlock()
	g.release(60)
	<-done
	g.release(50)
	g.acquire(1000) // alone: admitted whatever its size
	g.release(1000)
	if g.bytes != 0 || g.waiting != 0 {
		t.Errorf("in flight %d, waiting %d at the end", g.bytes, g.waiting)
	}
}

// BenchmarkDenseMemory lints citation-dense documents of n, 2n and 4n
// bytes and reports the bytes allocated per input byte (alloc-B/byte);
// peak RSS is measured on the binary with /usr/bin/time -v (docs/security.md).
func BenchmarkDenseMemory(b *testing.B) {
	for _, n := range []int{1 << 20, 2 << 20, 4 << 20} {
		src := denseCitations(n)
		b.Run(fmt.Sprintf("MB=%d", n>>20), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			for b.Loop() {
				runInputs(map[string][]byte{"-": src}, 0)
			}
			runtime.ReadMemStats(&m1)
			b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/float64(b.N)/float64(len(src)), "alloc-B/byte")
		})
	}
}
