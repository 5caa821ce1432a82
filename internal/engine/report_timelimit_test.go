package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/format"
	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/result"
)

// TestReportCountsWhatTheTimeLimitCost: a run the time limit cut short
// says how many files were checked and how many were not, and the text
// summary, the JSON summary and the errors agree: a file not checked is
// not counted as checked, nor as one that could not be read; the issues
// not reported and a search cut short are counted apart.
func TestReportCountsWhatTheTimeLimitCost(t *testing.T) {
	timeUp := func(p string) *lint.FileError {
		return &lint.FileError{Path: p, Kind: result.ErrNotChecked, Err: fmt.Errorf("not checked: the run reached its time limit (--timeout) (%w)", context.DeadlineExceeded)}
	}
	issue := func(p string) []result.Issue {
		return []result.Issue{{Rule: "unresolvable-label", Path: p, Message: "m", Severity: result.SeverityError, Pos: result.Position{Line: 1, Column: 1}}}
	}
	results := []lint.FileResult{
		{Path: "a.md", Src: []byte("x\n")},
		{Path: "b.md", Src: []byte("x\n"), Issues: issue("b.md")},
		{Path: "c.md", Err: &lint.FileError{Path: "c.md", Kind: result.ErrUnreadable, Err: fmt.Errorf("invalid UTF-8")}},
		{Path: "d.md", Err: timeUp("d.md")},
		{Path: "e.md", Err: timeUp("e.md")},
	}
	walkErrs := []lint.FileError{{Path: "docs", Kind: result.ErrSearchStopped, Err: fmt.Errorf("the search for documents stopped (%w)", context.DeadlineExceeded)}}
	for _, tc := range []struct {
		name    string
		cut     bool // the report's own time ends before b.md's issues are processed
		summary string
		want    format.JSONSummary
	}{
		{"lint cut short", false,
			"1 issue (1 error) in 1 file; 3 files checked; 2 files not checked (the run reached its time limit, --timeout); " +
				"the search for files stopped in 1 folder (time limit): files it did not reach are not counted; 1 file could not be read.",
			format.JSONSummary{Files: 3, NotChecked: 2, SearchStopped: 1}},
		{"report cut short too", true,
			"0 issues; 3 files checked; 2 files not checked (the run reached its time limit, --timeout); the issues of 1 file not reported (time limit); " +
				"the search for files stopped in 1 folder (time limit): files it did not reach are not counted; 1 file could not be read.",
			format.JSONSummary{Files: 3, NotChecked: 2, NotReported: 1, SearchStopped: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := cutEngine(t)
			ctx, cancel := context.WithCancel(context.Background())
			if tc.cut {
				cancel()
			}
			defer cancel()
			r := e.NewReport(ReportOptions{Context: ctx})
			r.AddAll(results)
			r.Finish(walkErrs, nil)
			rep := r.Output()
			rep.Context = nil // print the whole report
			var text, js bytes.Buffer
			for _, f := range []struct {
				name string
				w    *bytes.Buffer
			}{{"text", &text}, {"json", &js}} {
				p, err := format.New(f.name, format.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if err := p.Print(f.w, rep); err != nil {
					t.Fatal(err)
				}
			}
			lines := strings.Split(strings.TrimSpace(text.String()), "\n")
			if got := lines[len(lines)-1]; got != tc.summary {
				t.Errorf("text summary:\n%s\nwant:\n%s", got, tc.summary)
			}
			var got struct{ Summary format.JSONSummary }
			if err := json.Unmarshal(js.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			s := got.Summary
			if s.Files != tc.want.Files || s.NotChecked != tc.want.NotChecked || s.NotReported != tc.want.NotReported || s.SearchStopped != tc.want.SearchStopped {
				t.Errorf("JSON summary: files %d, not_checked %d, not_reported %d, search_stopped %d; want %d, %d, %d, %d",
					s.Files, s.NotChecked, s.NotReported, s.SearchStopped, tc.want.Files, tc.want.NotChecked, tc.want.NotReported, tc.want.SearchStopped)
			}
			// Every file is counted once: checked or not checked.
			if s.Files+s.NotChecked != len(results) {
				t.Errorf("files %d + not_checked %d != %d files found", s.Files, s.NotChecked, len(results))
			}
			// Each is named among the errors: c.md, d.md, e.md, docs and, cut, b.md.
			if wantErrs := 4 + tc.want.NotReported; len(s.Errors) != wantErrs {
				t.Errorf("%d errors, want %d: %+v", len(s.Errors), wantErrs, s.Errors)
			}
		})
	}
}
