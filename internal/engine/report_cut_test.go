package engine

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/engine/report"
	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/internal/pipeline"
	"github.com/citelint/citelint/result"
)

// cutResults are lint results of several files, not in path order, one
// path twice, with issues that the limits, the baseline and the
// duplicate filter all have a say on.
func cutResults() []lint.FileResult {
	var out []lint.FileResult
	for _, p := range []string{"c.md", "a.md", "b.md", "a.md", "d.md"} {
		fr := lint.FileResult{Path: p, Src: []byte("x\n")}
		for i := range 6 {
			line := fmt.Sprintf("line %d of %s", i%3, p)
			fr.Issues = append(fr.Issues, result.Issue{Rule: []string{"r1", "r2"}[i%2], Path: p, Message: fmt.Sprintf("m%d", i%4),
				Start: 10 * (i % 4), End: 10*(i%4) + 3, SourceLine: line, Pos: result.Position{Line: i%3 + 1, Column: 1}})
		}
		if p == "d.md" {
			fr.Err = &lint.FileError{Path: p, Err: fmt.Errorf("unreadable")}
			fr.Issues = nil
		}
		out = append(out, fr)
	}
	return out
}

func cutEngine(t *testing.T) *Engine {
	t.Helper()
	cfg, err := config.Parse(".citelint.yaml", []byte("version: \"1\"\nissues:\n  max-per-rule: 7\n  max-same: 5\n"), ConfigOptions())
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(cfg, Options{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestAddAllPerFileEqualsWhole: AddAll, which processes a file at a time
// in path order, reports what processing every issue at once did.
func TestAddAllPerFileEqualsWhole(t *testing.T) {
	e := cutEngine(t)
	base := &pipeline.BaselineFile{Version: pipeline.BaselineVersion}
	for _, write := range []bool{false, true} {
		r := e.NewReport(ReportOptions{Baseline: base, WriteBaseline: write})
		r.AddAll(cutResults())
		whole := e.NewReport(ReportOptions{Baseline: base, WriteBaseline: write})
		var all []result.Issue
		for _, fr := range cutResults() {
			all = append(all, whole.Add(fr)...)
		}
		whole.SetIssues(whole.Process(all))
		r.Finish(nil, nil)
		whole.Finish(nil, nil)
		if !reflect.DeepEqual(r.Output().Issues, whole.Output().Issues) {
			t.Errorf("write baseline %v: per file\n%v\nwhole\n%v", write, r.Output().Issues, whole.Output().Issues)
		}
		if !reflect.DeepEqual(r.Output().Summary, whole.Output().Summary) {
			t.Errorf("write baseline %v: summary per file %+v, whole %+v", write, r.Output().Summary, whole.Output().Summary)
		}
		if write && !reflect.DeepEqual(r.NewBaseline(), whole.NewBaseline()) {
			t.Errorf("baselines differ: %+v, %+v", r.NewBaseline(), whole.NewBaseline())
		}
	}
}

// endedAfter is a context that ends after n calls of Err.
type endedAfter struct {
	context.Context
	n int
}

func (c *endedAfter) Err() error {
	if c.n <= 0 {
		return context.DeadlineExceeded
	}
	c.n--
	return nil
}

// TestReportCutAtTimeLimit: once the report's Context ends, the files
// whose issues are not processed yet are reported as not reported, and
// Cut counts them; those before are reported whole.
func TestReportCutAtTimeLimit(t *testing.T) {
	e := cutEngine(t)
	for calls, reported := range map[int][]string{0: nil, 1: {"a.md"}, 2: {"a.md", "b.md"}, 9: {"a.md", "b.md", "c.md"}} {
		r := e.NewReport(ReportOptions{Context: &endedAfter{context.Background(), calls}})
		r.AddAll(cutResults())
		got := map[string]bool{}
		for _, iss := range r.Output().Issues {
			got[iss.Path] = true
		}
		for _, p := range []string{"a.md", "b.md", "c.md"} {
			want := false
			for _, q := range reported {
				want = want || q == p
			}
			notReported := false
			for _, fe := range r.Output().Summary.Errors {
				if fe.Path == p && strings.Contains(fe.Msg, "not reported: "+report.TimeLimitReached) {
					notReported = true
				}
			}
			if got[p] != want || notReported == want {
				t.Errorf("Context ends after %d checks: %s reported %v, named not reported %v; want reported %v", calls, p, got[p], notReported, want)
			}
		}
		if r.Cut() != 3-len(reported) {
			t.Errorf("Context ends after %d checks: Cut = %d, want %d", calls, r.Cut(), 3-len(reported))
		}
	}
}
