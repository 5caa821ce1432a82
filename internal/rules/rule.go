// Package rules is what a citelint rule is, in the manner of
// golang.org/x/tools/go/analysis: a Rule describes itself (name, summary,
// documentation with a bad and a good example, default severity, tags,
// settings) and its Check function only reports issues through a Pass.
// Suppression, exclusions, severity overrides, limits and sorting happen
// later, in package pipeline. The rules themselves live in the packages
// under it by family (references, identifiers, claims, input), one rule a
// file; internal/rules/registry lists them. What more than one family uses
// is here too: the bracket evidence (evidence.go), removing a marker
// (removal.go), the wording of messages (messages.go) and the judge's
// vocabulary (judge.go).
//
// A rule also declares what it reads beyond the document (Needs: network
// lookups, source text, the outcome of suppression), and the driver
// derives its plan from the enabled rules' declarations. Adding a rule,
// offline or network, therefore touches its file in a family's package,
// one line of registry/registry.go and the family's testdata/<name>/;
// TestRuleMetadata, the golden harness (rulestest, which answers only the
// declared lookups) and docs/rules.md (regenerated with
// `go test ./internal/rules -update-docs`) check the rest. Issues about the
// document itself (document) and about suppression comments
// (invalid-suppression, unused-suppression) are rules like the others.
package rules

import (
	"context"
	"fmt"
	"sync"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/suppress"
	"github.com/citelint/citelint/result"
)

// Tags group rules by what they need.
const (
	TagOffline = "offline" // needs nothing but the files
	TagNetwork = "network" // asks registries (doi.org, Crossref, arXiv) or fetches URLs
	TagSources = "sources" // needs the cited source's text
)

// Need is an input a rule reads beyond its document, declared on the
// rule as go/analysis's Requires: the driver derives from the enabled
// rules' needs which lookups to make and which services to set up, so a
// new rule needs no edit outside its file and the registry.
type Need uint

const (
	NeedDOI      Need = 1 << iota // Env.Lookups.DOI: existence at doi.org
	NeedMetadata                  // Env.Lookups.Metadata: Crossref, then DataCite, records
	NeedArXiv                     // Env.Lookups.ArXiv: arXiv records
	NeedURL                       // Env.Lookups.URL: web pages' status
	// NeedSourceText is Env.Evidence, the cited source's text: the source
	// store, bibliography abstracts and, when some rule needs a network
	// lookup (the user's consent to network access), fetched abstracts
	// and pages.
	NeedSourceText
	// NeedSuppressions is Pass.Suppression: the rule runs after in-source
	// suppression, on its outcome, and its issues cannot be suppressed.
	NeedSuppressions
	// NeedClaims is Pass.Doc.Claims, the document's sentences (and each
	// citation's Claim). A run none of whose rules and outputs reads them
	// skips splitting prose (lint.Options.SkipClaims), and the golden
	// harness runs each rule so: a rule that reads sentences without
	// declaring it finds none there.
	NeedClaims
)

// NeedNetwork is every need answered by asking a registry or a web server.
const NeedNetwork = NeedDOI | NeedMetadata | NeedArXiv | NeedURL

// Has reports whether n includes every need of m.
func (n Need) Has(m Need) bool { return n&m == m }

// Mark is what an issue says of its sentence (Rule.Marks).
type Mark string

// The marks an issue can give its sentence on the review page.
const (
	MarkMissing Mark = "missing"
	MarkWeak    Mark = "weak"
	MarkUncited Mark = "uncited"
)

// Rule is one check.
type Rule struct {
	// Name is stable, kebab-case, and what users write in config and in
	// suppression comments.
	Name string
	// Summary is one line; Doc is the full documentation in Markdown, with a
	// "Bad" and a "Good" example.
	Summary string
	Doc     string
	// Severity is the default severity of the rule's issues.
	Severity result.Severity
	// Tags group rules for users (TagOffline, TagNetwork, TagSources);
	// they must agree with Needs (TestRuleMetadata).
	Tags []string
	// Needs declares what the rule reads beyond the document: the
	// network lookups made and the services set up for a run are those
	// the enabled rules declare, and nothing else.
	Needs Need
	// Default says whether the rule is on under `rules.default: standard`.
	Default bool
	// Reports says the rule is also on under `rules.default: reports`
	// (`--default reports`): checks that suit LLM-written reports but
	// whose findings on human prose are mostly noise.
	Reports bool
	// Fixable says whether some of its issues carry a fix.
	Fixable bool
	// Marks is what an issue of the rule says of the sentence it is in, on
	// the review page: MarkMissing (it cites something that does not
	// exist), MarkWeak (cited, its source barely supports it), MarkUncited
	// (a checkable claim citing nothing), or "" (nothing about the
	// sentence).
	Marks Mark
	// NewSettings returns a pointer to the rule's settings with their
	// defaults; nil when the rule has none. Config decodes over it.
	NewSettings func() any
	// ReportsSettings, when set, changes the defaults NewSettings returns
	// under `rules.default: reports`, before the config's settings are
	// decoded over them: what an LLM-written report means by a form can
	// differ from what human documentation means by it.
	ReportsSettings func(settings any)
	// Check inspects one document.
	Check func(p *Pass)
}

// Pass is what a rule sees of one document.
type Pass struct {
	// Ctx is the run's context: a rule that may take long (asks a judge,
	// scores many sentences) stops when it is done.
	Ctx      context.Context
	Rule     *Rule
	Path     string
	Doc      *markdown.Document
	Settings any // the value NewSettings returned, decoded from config

	// Env gives rules access to things beyond the document (source text,
	// network verdicts). Offline rules do not use it.
	Env *Env

	// Suppression is the outcome of in-source suppression, for the rules
	// that declare NeedSuppressions; nil for the others.
	Suppression *suppress.Result

	issues []result.Issue
}

// Env carries run-wide services for rules that need more than the document.
// Fields are nil when the service is off; rules must then skip quietly and,
// where it matters, count the citation as unverified.
type Env struct {
	// HasSources is true when a source store or bibliography is configured,
	// so unchecked keys can be told apart from keys nobody can check.
	HasSources bool
	// Sources counts the source store's sources (--sources, or an
	// agent's): numbered markers resolve against them by id, else by
	// position, when the document's lists lack the label.
	Sources int
	// Lookups holds the network answers of this run (package
	// resolve/verify); nil when no network rule is enabled.
	Lookups Lookups
	// Evidence finds the text of what a reference stands for (package
	// evidence); nil when no claim-support rule is enabled.
	Evidence Evidence
	// Support collects per-file claim-support counts for the report.
	Support *SupportStats
	// Judge, when set, decides borderline claim-support scores with a
	// model (package resolve/judge); its failures leave the lexical verdict.
	Judge Judge
	// JudgePolicy says which sentences go to the judge and what it reads.
	JudgePolicy JudgePolicy
	// NumbersDecide is set when number-mismatch runs: a sentence stating a
	// number its sources do not is then not counted as supported in the
	// grounded share, whatever its overlap or the judge says. Partial
	// support is unsupported in the framing the judge is measured in
	// (WiCE), and on held-out WiCE this lifts the lexical verdict's
	// balanced accuracy from 0.643 to 0.693.
	NumbersDecide bool
}

// Judge asks a model whether source supports claim. Package
// resolve/judge implements it over a chat-completions endpoint.
type Judge interface {
	Judge(ctx context.Context, claim, source string) (JudgeVerdict, error)
}

// JudgeVerdict is a judge's answer. It belongs to the rules' vocabulary,
// not to the client that asks the model, so that rules need no I/O package.
type JudgeVerdict struct {
	Supported bool
	// Score is the model's P(supported): from token log-probabilities
	// when Continuous, else 1 or 0 from its text answer.
	Score      float64
	Continuous bool
	// Quote is the passage of the source the model rests its answer on.
	Quote string
}

// Evidence finds source text for a reference: see package evidence.
type Evidence interface {
	Text(docPath string, r *markdown.Reference) (text, from string)
}

// SupportCounts are one file's claim-support figures.
type SupportCounts struct {
	// Claims sentences (headings out), Cited of them citing a source;
	// Scored cited sentences, of which Supported scored at or above the
	// threshold; Unverified cited sentences had no obtainable source text.
	Claims, Cited, Scored, Supported, Unverified int
	// Scores holds each cited sentence's verdict when KeepScores is set.
	Scores []SentenceScore
}

// SupportStats gathers SupportCounts by file; safe for concurrent use.
type SupportStats struct {
	// KeepScores keeps each sentence's verdict (the review page shows them).
	KeepScores bool

	mu sync.Mutex
	m  map[string]SupportCounts
}

// Set records a file's counts.
func (s *SupportStats) Set(path string, c SupportCounts) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]SupportCounts{}
	}
	s.m[path] = c
}

// Get returns a file's counts.
func (s *SupportStats) Get(path string) (SupportCounts, bool) {
	if s == nil {
		return SupportCounts{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.m[path]
	return c, ok
}

// Lookups are registry and web answers, keyed by identifier. ok is false
// when the identifier was not looked up.
type Lookups interface {
	DOI(doi string) (l resolve.Lookup, ok bool)
	Metadata(doi string) (l resolve.Lookup, ok bool)
	ArXiv(id string) (l resolve.Lookup, ok bool)
	URL(url string) (l resolve.Lookup, ok bool)
	PageText(url string) (l resolve.Lookup, ok bool)
}

// Report records an issue over [start, end) of the document.
func (p *Pass) Report(start, end int, msg string) *result.Issue {
	p.issues = append(p.issues, result.Issue{
		Rule:     p.Rule.Name,
		Severity: p.Rule.Severity,
		Message:  msg,
		Path:     p.Path,
		Start:    start,
		End:      end,
	})
	return &p.issues[len(p.issues)-1]
}

// Reportf is Report with formatting.
func (p *Pass) Reportf(start, end int, format string, args ...any) *result.Issue {
	return p.Report(start, end, fmt.Sprintf(format, args...))
}

// Issues returns what the rule reported.
func (p *Pass) Issues() []result.Issue { return p.issues }

// Run runs rule r on doc, with no deadline, and returns its issues.
func Run(r *Rule, path string, doc *markdown.Document, settings any, env *Env) (issues []result.Issue, err error) {
	return RunPass(&Pass{Rule: r, Path: path, Doc: doc, Settings: settings, Env: env})
}

// RunPass runs p.Rule on p and returns its issues: what the linter calls,
// with the run's context in p.Ctx (nil means none) and, for rules that
// declare NeedSuppressions, p.Suppression. A rule that panics
// yields an error instead of taking the whole run down.
func RunPass(p *Pass) (issues []result.Issue, err error) {
	r, path := p.Rule, p.Path
	if p.Ctx == nil {
		p.Ctx = context.Background()
	}
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("rule %s panicked on %s: %v", r.Name, path, v)
		}
	}()
	r.Check(p)
	return p.issues, nil
}

// DefaultSettings returns a new value of r's settings with their defaults,
// or nil when r has none.
func (r *Rule) DefaultSettings() any {
	if r.NewSettings == nil {
		return nil
	}
	return r.NewSettings()
}

// HasTag reports whether r carries tag.
func (r *Rule) HasTag(tag string) bool {
	for _, t := range r.Tags {
		if t == tag {
			return true
		}
	}
	return false
}

// SentenceScore is how the claim-support rules judged one cited sentence,
// kept (when SupportStats.KeepScores is set) for the review page, which
// shows supported sentences and their evidence too, not only the flagged.
type SentenceScore struct {
	// Claim indexes Document.Claims.
	Claim int
	// Unverified: the sentence cites sources none of which has text.
	Unverified bool
	// Score against Threshold; Supported is the final verdict (the
	// judge's when it decided).
	Score, Threshold float64
	Supported        bool
	// Passage is the closest passage of the source named From; Missing
	// the sentence's words the passage lacks. FromTitle and FromLink are
	// that source's title and address (Reference.Link), when it gives them.
	Passage, From       string
	FromTitle, FromLink string
	Missing             []string
}
