package engine

import (
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/internal/resolve/verify"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/claims"
	"github.com/citelint/citelint/internal/rules/identifiers"
	"github.com/citelint/citelint/internal/rules/references"
)

// TestNetworkNeedsFromDeclarations: the network plan is the union of what
// the enabled rules declare. A rule the engine has never heard of (here
// one made up for the test, as a new rule added only to the registry
// would be) gets its lookups with no edit here.
func TestNetworkNeedsFromDeclarations(t *testing.T) {
	newRule := &rules.Rule{Name: "made-up", Tags: []string{rules.TagNetwork}, Needs: rules.NeedArXiv | rules.NeedURL}
	for _, tc := range []struct {
		name    string
		enabled []*rules.Rule
		want    verify.Needs
	}{
		{"none", nil, verify.Needs{}},
		{"offline", []*rules.Rule{references.UnresolvableLabel}, verify.Needs{}},
		{"dead-doi", []*rules.Rule{identifiers.DeadDOI}, verify.Needs{DOI: true}},
		{"reference-mismatch", []*rules.Rule{identifiers.ReferenceMismatch}, verify.Needs{Metadata: true, ArXiv: true}},
		{"retracted-source", []*rules.Rule{identifiers.RetractedSource}, verify.Needs{Metadata: true}},
		// Source text is fetched only with the consent a network rule gives.
		{"sources alone", []*rules.Rule{claims.LowOverlap}, verify.Needs{}},
		{"sources and dead-link", []*rules.Rule{claims.LowOverlap, identifiers.DeadLink}, verify.Needs{URL: true, Text: true}},
		{"new rule", []*rules.Rule{newRule}, verify.Needs{ArXiv: true, URL: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var enabled []lint.Enabled
			for _, r := range tc.enabled {
				enabled = append(enabled, lint.Enabled{Rule: r})
			}
			if got := networkNeeds(enabled); got != tc.want {
				t.Errorf("networkNeeds = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestRefusalsNote: one line, sorted, at most five URLs named.
func TestRefusalsNote(t *testing.T) {
	for _, tc := range []struct {
		urls []string
		want string // "" for no note
	}{
		{nil, ""},
		{[]string{"http://b/", "http://a/", "http://a/"}, "2 requests not checked, private address refused: http://a/, http://b/ (links need the workflow's --allow-private"},
		{[]string{"http://1/", "http://2/", "http://3/", "http://4/", "http://5/", "http://6/", "http://7/"}, "refused: http://1/, http://2/, http://3/, http://4/, http://5/ and 2 more ("},
	} {
		var r refusals
		for _, u := range tc.urls {
			r.add(u, nil)
		}
		var b strings.Builder
		r.report(&b)
		got := b.String()
		if tc.want == "" && got != "" || tc.want != "" && (!strings.Contains(got, tc.want) || strings.Count(got, "\n") != 1) {
			t.Errorf("%v: note %q, want %q", tc.urls, got, tc.want)
		}
	}
}
