package cli

import (
	"testing"
)

// TestBadFlagValues pins the exact message for each bad flag value: it
// names the flag once and lists exactly the values the flag accepts.
func TestBadFlagValues(t *testing.T) {
	dir := t.TempDir()
	ok := write(t, dir, "ok.md", clean)
	tests := []struct {
		name string
		args []string
		want string // the whole of stderr
	}{
		{"format names the flag once", []string{"run", "--no-config", "--format", "sarf", ok},
			"citelint: --format: unknown format \"sarf\" (did you mean \"sarif\"?); want one of text, json, sarif, github-actions, checkstyle, junit-xml, code-climate\n"},
	}
	for _, tt := range tests {
		code, _, errs := run(t, dir, "", tt.args...)
		if code != ExitUsage || errs != tt.want {
			t.Errorf("%s: exit %d, stderr:\n%q\nwant exit %d, stderr:\n%q", tt.name, code, errs, ExitUsage, tt.want)
		}
	}
}
