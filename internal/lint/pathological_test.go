package lint

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/gitdiff"
	"github.com/citelint/citelint/internal/hangguard"
)

// changedEntryReport is one paragraph of n lines, each citing [1] with no
// full stop (one sentence over n lines), then the list; the change adds
// the list's entry, so every line of the paragraph becomes changed. The
// paragraph's lines were marked once per citation: n².
func changedEntryReport(n int) (src string, entryLine int) {
	var b strings.Builder
	b.WriteString("# T\n\n")
	b.WriteString(strings.Repeat("Output rose [1]\n", n))
	b.WriteString("\n## References\n\n")
	entryLine = 2 + n + 3 + 1
	b.WriteString("[1] Author. Title. https://example.org/1\n")
	return b.String(), entryLine
}

func lintChanged(tb testing.TB, src string, line int) FileResult {
	opts := offlineOptions(defaultRules())
	opts.Inputs = map[string][]byte{"-": []byte(src)}
	opts.Changed = func(string) *gitdiff.File { return &gitdiff.File{Lines: map[int]bool{line: true}} }
	res := Run(context.Background(), []string{"-"}, opts)
	if res[0].Err != nil {
		tb.Fatal(res[0].Err)
	}
	return res[0]
}

// TestChangedEntryPathological checks the changed lines of the report at
// a small size; its time bound only catches hangs.
func TestChangedEntryPathological(t *testing.T) {
	for _, n := range []int{300, 600} {
		src, line := changedEntryReport(n)
		var fr FileResult
		hangguard.Run(t, fmt.Sprintf("n=%d", n), func() { fr = lintChanged(t, src, line) })
		// The entry's line, and the paragraph's n lines (3..n+2).
		if len(fr.Changed.Lines) != n+1 || !fr.Changed.Lines[line] || !fr.Changed.Lines[3] || !fr.Changed.Lines[n+2] || fr.Changed.Lines[n+3] {
			t.Errorf("n=%d: %d changed lines, want %d (the paragraph's and line %d)", n, len(fr.Changed.Lines), n+1, line)
		}
	}
}

func BenchmarkChangedEntryPathological(b *testing.B) {
	for _, n := range []int{20000, 40000, 80000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			src, line := changedEntryReport(n)
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				lintChanged(b, src, line)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(src)), "ns/byte")
		})
	}
}
