package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/hangguard"
	"github.com/citelint/citelint/result"
)

// oneLine is n issues on one line of about 14n bytes, sharing its text
// as package lint's issues do (the probe's #14).
func oneLine(n int) ([]result.Issue, int) {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "Claim.[^x%d] ", i)
	}
	line := b.String()
	issues := make([]result.Issue, n)
	for i := range issues {
		issues[i] = result.Issue{Rule: "unresolvable-label", Path: "r.md", Pos: result.Position{Line: 1, Column: 14*i + 1}, Start: 14 * i,
			SourceLine: line, Message: fmt.Sprintf("footnote x%d has no definition", i)}
	}
	return issues, len(line)
}

// TestBaselineOneLine: thousands of issues on one line are recorded with
// the line's fingerprint, each its own number, and a run against that
// baseline drops them all.
func TestBaselineOneLine(t *testing.T) {
	issues, _ := oneLine(20000)
	hangguard.Run(t, "a baseline of 20,000 issues on one line", func() {
		f := baselineOf(t, issues)
		if len(f.Entries) != len(issues) {
			t.Errorf("%d entries, want %d", len(f.Entries), len(issues))
		}
		fp := result.LineFingerprint("unresolvable-label", "r.md", issues[0].SourceLine)
		seen := map[string]bool{}
		for _, e := range f.Entries {
			if !strings.HasPrefix(e.Fingerprint, fp+":") || seen[e.Fingerprint] {
				t.Errorf("entry %+v: not the line's fingerprint, or not its own", e)
				return
			}
			seen[e.Fingerprint] = true
		}
		if out := NewBaseline(f, slashPath, false).Process(append([]result.Issue(nil), issues...)); len(out) != 0 {
			t.Errorf("%d issues reported against their own baseline, want none", len(out))
		}
	})
}

// BenchmarkBaselineOneLine records and then checks n, 2n and 4n issues on
// one line: ns/byte must stay flat (it grew with the line: every issue
// hashed it).
func BenchmarkBaselineOneLine(b *testing.B) {
	for _, n := range []int{20000, 40000, 80000} {
		issues, size := oneLine(n)
		b.Run(fmt.Sprintf("issues=%d", n), func(b *testing.B) {
			for b.Loop() {
				rec := NewBaseline(nil, slashPath, true)
				rec.Process(append([]result.Issue(nil), issues...))
				NewBaseline(rec.Recorded(), slashPath, false).Process(append([]result.Issue(nil), issues...))
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(size), "ns/byte")
		})
	}
}
