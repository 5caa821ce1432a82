package lint

import (
	"context"
	"errors"
	"testing"

	"github.com/citelint/citelint/internal/lint/project"
	"github.com/citelint/citelint/internal/rules"
)

// TestRuleStoppedByDeadline: a rule sees the run's context, and when the
// run ends while a rule is inside a file, the file is "not checked", not
// clean with the partial issues the rule found before it stopped.
func TestRuleStoppedByDeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var seen context.Context
	stops := &rules.Rule{Name: "stops", Check: func(p *rules.Pass) {
		seen = p.Ctx
		cancel() // the run ends while the rule is at work
		p.Report(0, 1, "partial")
	}}
	fr := lintSource(ctx, "a.md", []byte("Text.\n"), Options{Rules: []Enabled{{Rule: stops}}}, project.NewCache())
	if seen != ctx {
		t.Errorf("the rule did not get the run's context")
	}
	if fr.Err == nil || !errors.Is(fr.Err, context.Canceled) {
		t.Errorf("file error = %v, want not checked (context.Canceled)", fr.Err)
	}
}
