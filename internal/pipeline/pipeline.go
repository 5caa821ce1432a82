// Package pipeline post-processes the issues rules report, as small ordered
// stages in the manner of golangci-lint's result processors: rules only
// produce issues; exclusions, severity, de-duplication, diff filtering,
// limits and sorting each live in one stage here. In-source suppression runs
// per file before this (package suppress), because it needs the document.
package pipeline

import (
	"cmp"
	"slices"
	"strings"

	"github.com/citelint/citelint/result"
)

// Stage transforms the list of issues. Stages may drop, change or reorder
// issues; they never add any.
type Stage interface {
	Name() string
	Process(issues []result.Issue) []result.Issue
}

// Pipeline runs stages in order.
type Pipeline []Stage

// Run applies every stage.
func (p Pipeline) Run(issues []result.Issue) []result.Issue {
	for _, s := range p {
		issues = s.Process(issues)
	}
	return issues
}

// Exclusions drops issues the configuration puts out of scope (excluded
// paths, exclusions.rules entries). Excluded issues are gone, unlike in-source
// suppressions, which SARIF keeps. Excluded holds the matching logic, which
// lives with the configuration that defines it.
type Exclusions struct {
	Excluded func(iss *result.Issue) bool
}

func (Exclusions) Name() string { return "exclusions" }

func (e Exclusions) Process(issues []result.Issue) []result.Issue {
	if e.Excluded == nil {
		return issues
	}
	out := issues[:0]
	for i := range issues {
		if !e.Excluded(&issues[i]) {
			out = append(out, issues[i])
		}
	}
	return out
}

// NewOnly keeps the issues on lines a change touched (diff-aware mode):
// Changed says whether an issue's lines are among them. The per-file line
// sets come from package gitdiff, widened by package lint to the sentences
// that cite a changed reference entry.
type NewOnly struct {
	Changed func(iss *result.Issue) bool
	// Dropped, when set, counts the issues dropped.
	Dropped *int
}

func (NewOnly) Name() string { return "new-only" }

func (n NewOnly) Process(issues []result.Issue) []result.Issue {
	if n.Changed == nil {
		return issues
	}
	out := issues[:0]
	for i := range issues {
		if n.Changed(&issues[i]) {
			out = append(out, issues[i])
		} else if n.Dropped != nil {
			*n.Dropped++
		}
	}
	return out
}

// Severity re-grades issues: For returns the severity an issue ends up with
// (configured overrides, else the rule's default the issue already carries).
type Severity struct {
	For func(iss *result.Issue) result.Severity
}

func (Severity) Name() string { return "severity" }

func (s Severity) Process(issues []result.Issue) []result.Issue {
	if s.For == nil {
		return issues
	}
	for i := range issues {
		issues[i].Severity = s.For(&issues[i])
	}
	return issues
}

// Dedup drops an issue identical (rule, path, span, message) to one before it.
type Dedup struct{}

func (Dedup) Name() string { return "dedup" }

func (Dedup) Process(issues []result.Issue) []result.Issue {
	type key struct {
		rule, path, msg string
		start, end      int
	}
	seen := make(map[key]bool, len(issues))
	out := issues[:0]
	for _, iss := range issues {
		k := key{iss.Rule, iss.Path, iss.Message, iss.Start, iss.End}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, iss)
	}
	return out
}

// Sort orders issues by path, line, column, rule and message, so output is
// the same whatever order files were processed in.
type Sort struct{}

func (Sort) Name() string { return "sort" }

func (Sort) Process(issues []result.Issue) []result.Issue {
	cmpIssues := func(a, b *result.Issue) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Start, b.Start); c != 0 {
			return c
		}
		if c := strings.Compare(a.Rule, b.Rule); c != 0 {
			return c
		}
		return strings.Compare(a.Message, b.Message)
	}
	// Sort indexes and move each issue once: a stable sort of the structs
	// themselves moves hundreds of bytes per step, on the goroutine that
	// also prints.
	order := make([]int32, len(issues))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return cmpIssues(&issues[a], &issues[b]) })
	out := make([]result.Issue, len(issues))
	for i, j := range order {
		out[i] = issues[j]
	}
	return out
}

// Limits caps issues per rule (MaxPerRule) and identical messages (MaxSame);
// 0 means unlimited, the default, because golangci-lint's non-zero defaults
// cause "push again to see more" loops. Suppressed issues do not count.
// It runs after Sort, so what is kept is the first in file order. The counts
// carry over from one Process call to the next, so a report printed file by
// file (in file order) is limited as the whole would be.
type Limits struct {
	MaxPerRule, MaxSame int
	// Dropped counts what was cut, for the summary.
	Dropped *int

	perRule, same map[string]int
}

func (*Limits) Name() string { return "limits" }

func (l *Limits) Process(issues []result.Issue) []result.Issue {
	if l.MaxPerRule <= 0 && l.MaxSame <= 0 {
		return issues
	}
	if l.perRule == nil {
		l.perRule, l.same = map[string]int{}, map[string]int{}
	}
	out := issues[:0]
	for _, iss := range issues {
		if !iss.Suppressed {
			if l.MaxPerRule > 0 && l.perRule[iss.Rule] >= l.MaxPerRule || l.MaxSame > 0 && l.same[iss.Rule+"\x00"+iss.Message] >= l.MaxSame {
				if l.Dropped != nil {
					*l.Dropped++
				}
				continue
			}
			l.perRule[iss.Rule]++
			l.same[iss.Rule+"\x00"+iss.Message]++
		}
		out = append(out, iss)
	}
	return out
}
