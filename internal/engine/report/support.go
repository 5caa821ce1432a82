package report

import (
	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/output"
)

// supportSummary gathers the claim-support metrics of the files at paths,
// overall and per file, or nil when no claim-support rule collected any.
func supportSummary(paths []string, stats *rules.SupportStats) (*output.SupportMetrics, []output.FileSupport) {
	var total output.SupportMetrics
	var files []output.FileSupport
	for _, p := range paths {
		c, ok := stats.Get(p)
		if !ok {
			continue
		}
		m := output.SupportMetrics{Claims: c.Claims, CitedClaims: c.Cited, Scored: c.Scored, Supported: c.Supported, Unverified: c.Unverified}
		files = append(files, output.FileSupport{Path: p, SupportMetrics: m})
		total.Claims += m.Claims
		total.CitedClaims += m.CitedClaims
		total.Scored += m.Scored
		total.Supported += m.Supported
		total.Unverified += m.Unverified
	}
	if files == nil {
		return nil, nil
	}
	return &total, files
}

// SetSupport puts the claim-support metrics stats tallied for results in
// the report's summary, overall and per file (nothing when no
// claim-support rule ran).
func (r *Report) SetSupport(results []lint.FileResult, stats *rules.SupportStats) {
	if stats == nil {
		return
	}
	paths := make([]string, len(results))
	for i := range results {
		paths[i] = results[i].Path
	}
	r.SetSupportOf(paths, stats)
}

// SetSupportOf is SetSupport for the results at paths.
func (r *Report) SetSupportOf(paths []string, stats *rules.SupportStats) {
	if stats == nil {
		return
	}
	s := &r.report.Summary
	s.Support, s.SupportFiles = supportSummary(paths, stats)
}
