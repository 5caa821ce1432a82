package cli

import (
	"strings"
	"testing"
)

// pseudoDoc has one issue for each of the rules that used to live outside
// the registry: an invalid directive (invalid-suppression, line 1), a
// directive that suppresses nothing (unused-suppression, line 4) and a
// code fence never closed (document, line 7).
const pseudoDoc = "<!-- citelint-disable-next-line no-such-rule -->\nA sentence.\n\n" +
	"<!-- citelint-disable-next-line unresolvable-label -->\nA sentence.\n\n" +
	"```\nA claim [1].\n\n[1]: https://example.org/1\n"

// TestPseudoRulesAreRules: document, invalid-suppression and
// unused-suppression obey -E/-D, exclusions and severity like any rule.
// Before, -D document and exclusions.rules: [document] were rejected as
// unknown rules and invalid-suppression could not be excluded.
func TestPseudoRulesAreRules(t *testing.T) {
	for _, tc := range []struct {
		name, config string
		args         []string
		want         string
	}{
		{"default", "", nil, "a.md:1:invalid-suppression a.md:7:document"},
		{"-D document", "", []string{"-D", "document"}, "a.md:1:invalid-suppression"},
		{"-D invalid-suppression", "", []string{"-D", "invalid-suppression"}, "a.md:7:document"},
		{"-E unused-suppression", "", []string{"-E", "unused-suppression"}, "a.md:1:invalid-suppression a.md:4:unused-suppression a.md:7:document"},
		{"enable-only", "", []string{"--enable-only", "unused-suppression"}, "a.md:4:unused-suppression"},
		{"excluded", "exclusions:\n  rules:\n    - rules: [document, invalid-suppression]\n", nil, ""},
		{"disabled in config", "rules:\n  disable: [document]\n", nil, "a.md:1:invalid-suppression"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, ".citelint.yaml", "version: \"1\"\n"+tc.config)
			doc := write(t, dir, "a.md", pseudoDoc)
			args := append([]string{"run", "--format", "json"}, tc.args...)
			code, stdout, stderr := run(t, dir, "", append(args, doc)...)
			if code == ExitUsage {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if got := issueLines(t, stdout); got != tc.want {
				t.Errorf("issues %q, want %q", got, tc.want)
			}
		})
	}
}

// TestPseudoRuleSeverity: severity.rules re-severities them.
func TestPseudoRuleSeverity(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".citelint.yaml", "version: \"1\"\nseverity:\n  rules:\n    - rules: [document, invalid-suppression]\n      severity: note\n")
	doc := write(t, dir, "a.md", pseudoDoc)
	code, stdout, stderr := run(t, dir, "", "run", "--format", "json", doc)
	if code == ExitUsage {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if n := strings.Count(stdout, `"severity": "note"`); n != 2 {
		t.Errorf("%d issues at severity note, want 2:\n%s", n, stdout)
	}
}

// TestPseudoRulesListedAndExplained: `citelint rules` lists them and
// `citelint rule NAME` explains them.
func TestPseudoRulesListedAndExplained(t *testing.T) {
	dir := t.TempDir()
	_, list, _ := run(t, dir, "", "rules")
	for _, name := range []string{"document", "invalid-suppression", "unused-suppression"} {
		if !strings.Contains(list, "\n"+name+" ") {
			t.Errorf("citelint rules does not list %s:\n%s", name, list)
		}
		code, doc, stderr := run(t, dir, "", "rule", name)
		if code != ExitOK || !strings.Contains(doc, "Bad:") {
			t.Errorf("citelint rule %s: exit %d\n%s%s", name, code, doc, stderr)
		}
	}
}
