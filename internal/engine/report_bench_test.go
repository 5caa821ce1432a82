package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/result"
)

// oneLineIssues is n issues on one line of about 14n bytes, sharing its
// text as package lint's issues do.
func oneLineIssues(n int) ([]result.Issue, int) {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "Claim.[^x%d] ", i)
	}
	line := b.String()
	issues := make([]result.Issue, n)
	for i := range issues {
		issues[i] = result.Issue{Rule: "unresolvable-label", Path: "r.md", Message: "no definition", Start: 14 * i, End: 14*i + 5,
			SourceLine: line, Pos: result.Position{Line: 1, Column: 14*i + 1}}
	}
	return issues, len(line)
}

// BenchmarkPipelineSourceExclusion runs a report's pipeline, with a
// source: exclusion and severity rule that match nothing and a baseline
// being written, over n, 2n and 4n issues on one line: ns/byte must stay
// flat (the probe's #14 and #15).
func BenchmarkPipelineSourceExclusion(b *testing.B) {
	cfg, err := config.Parse(".citelint.yaml", []byte("version: \"1\"\nexclusions:\n  rules:\n    - source: \"(?i)zz.z\"\nseverity:\n  rules:\n    - source: \"qq.q\"\n      severity: note\n"), ConfigOptions())
	if err != nil {
		b.Fatal(err)
	}
	e, err := New(cfg, Options{WorkDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{10000, 20000, 40000} {
		issues, size := oneLineIssues(n)
		b.Run(fmt.Sprintf("issues=%d", n), func(b *testing.B) {
			for b.Loop() {
				r := e.NewReport(ReportOptions{WriteBaseline: true})
				if got := r.Process(append([]result.Issue(nil), issues...)); len(got) != 0 {
					b.Fatalf("%d issues reported, want all recorded in the baseline", len(got))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(size), "ns/byte")
		})
	}
}
