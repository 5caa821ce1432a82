package engine

import "github.com/citelint/citelint/internal/engine/report"

// A Report turns lint results into what a run prints, through the
// config's issue pipeline (package report); ReportOptions configure it.
type (
	Report        = report.Report
	ReportOptions = report.Options
)

// NewReport starts a report with the config's issue pipeline.
func (e *Engine) NewReport(o ReportOptions) *Report { return report.New(e.proj, o) }
