// Package registry lists citelint's rules: every rule the linter runs,
// documents and tests is one line of registry.go, and a rule missing from it
// never runs, which TestEveryRuleRegistered catches. The rules live in the
// packages under internal/rules by family; what a rule is (Rule, Pass, Env)
// is package rules, which they and this package import.
package registry

import (
	"sort"

	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/claims"
	"github.com/citelint/citelint/internal/rules/identifiers"
	"github.com/citelint/citelint/internal/rules/input"
	"github.com/citelint/citelint/internal/rules/references"
)

// list holds every rule. Each lives in its own file named after it.
var list = []*rules.Rule{
	references.UnresolvableLabel,
	references.UnusedReference,
	references.DuplicateReference,
	identifiers.MalformedIdentifier,
	identifiers.NonCanonicalDOI,
	claims.UncitedClaim,
	input.UnusedSuppression,
	input.InvalidSuppression,
	input.Document,
	input.UnreadableFile,
	identifiers.DeadDOI,
	identifiers.DeadArXiv,
	identifiers.DeadLink,
	identifiers.ReferenceMismatch,
	identifiers.RetractedSource,
	claims.LowOverlap,
	claims.NumberMismatch,
}

// All returns every rule, sorted by name.
func All() []*rules.Rule {
	out := append([]*rules.Rule(nil), list...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup finds a rule by name.
func Lookup(name string) (*rules.Rule, bool) {
	for _, r := range list {
		if r.Name == name {
			return r, true
		}
	}
	return nil, false
}

// Known reports whether a rule is named name: what suppression comments
// and configuration check their rule names against.
func Known(name string) bool {
	_, ok := Lookup(name)
	return ok
}

// Names returns all rule names, sorted.
func Names() []string {
	var out []string
	for _, r := range All() {
		out = append(out, r.Name)
	}
	return out
}

// NewSettings returns the named rule's settings with their defaults, or nil
// for an unknown rule or one without settings: config.Options.NewSettings,
// with which config checks every rules.settings entry when it loads a file.
func NewSettings(name string) any {
	if r, ok := Lookup(name); ok {
		return r.DefaultSettings()
	}
	return nil
}
