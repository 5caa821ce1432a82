package report

import (
	"os"
	"testing"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/rules/registry"
	"github.com/citelint/citelint/result"
)

// exclusionsAndSeverityYAML exercises every field of exclusions and
// severity; config's schema test validates the same file.
func exclusionsAndSeverityYAML(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../../../config/testdata/exclusions-severity.citelint.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestExclusionsAndSeverity(t *testing.T) {
	c, err := config.Parse(".citelint.yaml", exclusionsAndSeverityYAML(t), config.Options{Rules: registry.Names(), NewSettings: registry.NewSettings})
	if err != nil {
		t.Fatal(err)
	}
	ex := []struct {
		rule, rel, msg, src string
		want                bool
	}{
		{"dead-doi", "CHANGELOG.md", "x", "", true},
		{"uncited-claim", "drafts/a.md", "x", "", true},
		{"uncited-claim", "drafts/keep/a.md", "x", "", false},
		{"dead-doi", "drafts/a.md", "x", "", false},
		{"dead-link", "a.md", "link to https://example.com is dead", "", true},
		{"dead-link", "a.md", "link to https://exampleXcom is dead", "", false},
		{"dead-link", "a.md", "x", "> quoted", true},
	}
	for _, tt := range ex {
		if got := excluded(&c.Exclusions, tt.rule, tt.rel, tt.msg, sourceLine{text: tt.src}); got != tt.want {
			t.Errorf("excluded(%q, %q, %q, %q) = %v", tt.rule, tt.rel, tt.msg, tt.src, got)
		}
	}
	sev := []struct {
		rule, rel string
		def, want result.Severity
	}{
		{"uncited-claim", "blog/a.md", result.SeverityWarning, result.SeverityNote}, // first match wins
		{"dead-doi", "blog/a.md", result.SeverityError, result.SeverityWarning},
		{"dead-doi", "a.md", result.SeverityWarning, result.SeverityError}, // severity.default
	}
	for _, tt := range sev {
		if got := severityFor(&c.Severity, tt.rule, tt.rel, "", sourceLine{}, tt.def); got != tt.want {
			t.Errorf("severityFor(%q, %q) = %v, want %v", tt.rule, tt.rel, got, tt.want)
		}
	}
	if got := severityFor(&config.New(config.Options{}).Severity, "x", "a.md", "", sourceLine{}, result.SeverityNote); got != result.SeverityNote {
		t.Errorf("default severity = %v, want the rule's own", got)
	}
}
