package engine

import (
	"context"

	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/sources"
	"github.com/citelint/citelint/output"
)

// CheckOptions are what Check adds to LintBytes: what `citelint run` adds
// around the engine for one document, for callers without a command line
// (the agent tool).
type CheckOptions struct {
	// Evidence finds the text a reference stands for; when set, the
	// claim-support rules score sentences against it and the report's
	// summary carries the support metrics (coverage, grounded), as run's
	// does. nil: the claim-support rules have no source text.
	Evidence rules.Evidence
	// Fix applies fixes (safe ones; unsafe too with Unsafe) until the
	// text is stable, skipping issues the config excludes, as run --fix.
	Fix    bool
	Unsafe bool
	// Lookups are the network answers for the document (LookUpBytes'),
	// Unverified the lookups without a definite answer by kind; nil: the
	// network rules have no answers and report nothing, as offline.
	Lookups    rules.Lookups
	Unverified map[string]int
	// Judge, when set, decides the claim-support scores the lexical
	// score cannot settle, with the config's judge policy (mode and
	// evidence budget): an agent server's host model, for example
	// (judge.Sampled). Its failures leave the lexical verdict.
	Judge rules.Judge
}

// Checked is what Check found.
type Checked struct {
	// Report is what `citelint run --format json` reports for the
	// document (after fixes, with Fix: the issues left).
	Report *output.Report
	// Text is the document after fixes (the input when none applied);
	// Fixed counts the fixes applied. Set only with Fix.
	Text  []byte
	Fixed int
}

// AddSources adds st to the engine's source store, after the config's or
// Options.Sources' (an agent hands its retrieved sources inline). Call it
// before linting: it changes what every later lint resolves against.
func (e *Engine) AddSources(st *sources.Store) {
	if st == nil {
		return
	}
	if e.env.Sources == nil {
		e.env.Sources = &sources.Store{}
	}
	e.env.Sources.Merge(st)
	e.ruleEnv.HasSources, e.ruleEnv.Sources = true, e.env.Sources.Len()
	if e.finder != nil {
		e.finder.Store = e.env.Sources
	}
}

// Check lints one document held in memory as the file at path, as
// LintBytes does, with the evidence and fixes of o. The rule environment
// is copied per call, so Check may run concurrently with other lints.
func (e *Engine) Check(ctx context.Context, path string, src []byte, o CheckOptions) Checked {
	opts := e.LintOptions(nil)
	env := *e.ruleEnv
	opts.RuleEnv = &env
	if o.Lookups != nil {
		env.Lookups = o.Lookups
	}
	if o.Evidence != nil && usesSourceText(e.rules) {
		env.Evidence = o.Evidence
		env.Support = &rules.SupportStats{}
	}
	if o.Judge != nil {
		env.Judge, env.JudgePolicy = o.Judge, JudgePolicy(e.cfg.Judge)
	}
	if o.Fix {
		opts.Fix = &lint.FixOptions{Unsafe: o.Unsafe, Skip: e.proj.Excluded}
	}
	fr := lint.Source(ctx, path, src, opts)
	r := e.NewReport(ReportOptions{})
	out := r.Output()
	if o.Fix && fr.Fixed > 0 {
		out.Summary.Extra = map[string]int{"fixed": fr.Fixed}
	}
	r.SetSupport([]lint.FileResult{fr}, env.Support)
	text := fr.Src
	if o.Fix && fr.Original == nil {
		text = src
	}
	r.AddAll([]lint.FileResult{fr})
	r.Finish(nil, o.Unverified)
	ch := Checked{Report: out}
	if o.Fix {
		ch.Text, ch.Fixed = text, fr.Fixed
	}
	return ch
}

// usesSourceText reports whether a claim-support rule is enabled: only
// then does run hand the rules evidence and report support metrics.
func usesSourceText(enabled []lint.Enabled) bool {
	for _, e := range enabled {
		if e.Rule.Needs.Has(rules.NeedSourceText) {
			return true
		}
	}
	return false
}
