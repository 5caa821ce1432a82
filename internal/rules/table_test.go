package rules_test

import (
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/result"
)

// TestTable pins `citelint rules`: a header, then one row per rule in the
// order given, "on" or "off" by default, tags joined by commas, columns
// as wide as their longest cell plus two spaces.
func TestTable(t *testing.T) {
	a := &rules.Rule{Name: "dead-doi", Default: true, Severity: result.SeverityError, Tags: []string{"network", "identifiers"}, Summary: "DOI does not resolve"}
	b := &rules.Rule{Name: "uncited-claim", Severity: result.SeverityWarning, Summary: "a claim carries no citation"}
	for _, tc := range []struct {
		name string
		all  []*rules.Rule
		want string
	}{
		{"no rules", nil, "RULE  DEFAULT  SEVERITY  TAGS  SUMMARY\n"},
		{"on and off, in the order given", []*rules.Rule{b, a},
			"RULE           DEFAULT  SEVERITY  TAGS                 SUMMARY\n" +
				"uncited-claim  off      warning                        a claim carries no citation\n" +
				"dead-doi       on       error     network,identifiers  DOI does not resolve\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w strings.Builder
			rules.Table(&w, tc.all)
			if got := w.String(); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
