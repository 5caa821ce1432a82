package engine

import (
	"context"

	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/output"
)

// LintDocument is LintBytes that also returns the parsed and resolved
// document (nil when the file could not be linted), for callers that show
// what a citation resolves to (the editor server's hover and
// go-to-definition) without parsing the text a second time.
func (e *Engine) LintDocument(ctx context.Context, path string, src []byte) (*output.Report, *markdown.Document) {
	opts := e.LintOptions(nil)
	opts.KeepDocs = true
	fr := lint.Source(ctx, path, src, opts)
	r := e.NewReport(ReportOptions{})
	r.SetIssues(r.Process(r.Add(fr)))
	r.Finish(nil, nil)
	return r.Output(), fr.Doc
}
