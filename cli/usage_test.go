package cli

import (
	"os"
	"path/filepath"
	"strings"
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
		{"color rejects an unknown mode", []string{"run", "--no-config", "--color", "bogus", ok},
			"citelint: --color \"bogus\": want one of auto, always, never\n"},
	}
	for _, tt := range tests {
		code, _, errs := run(t, dir, "", tt.args...)
		if code != ExitUsage || errs != tt.want {
			t.Errorf("%s: exit %d, stderr:\n%q\nwant exit %d, stderr:\n%q", tt.name, code, errs, ExitUsage, tt.want)
		}
	}
}

// TestHelpExitsZero: every command's -h and --help print its usage to
// stdout and exit 0, as flag-based tools conventionally do, while a bad
// flag still exits 2 with the usage on stderr.
func TestHelpExitsZero(t *testing.T) {
	dir := t.TempDir()
	commands := [][]string{
		{"run"}, {"lint"}, {"extract"}, {"rules"}, {"rule"}, {"cache"}, {"calibrate"},
		{"config"}, {"config", "verify"}, {"config", "init"}, {"config", "path"}, {"config", "schema"},
	}
	for _, cmd := range commands {
		for _, h := range []string{"-h", "--help", "-help"} {
			args := append(append([]string{}, cmd...), h)
			code, out, errs := run(t, dir, "", args...)
			if code != ExitOK || !strings.HasPrefix(strings.ToLower(out), "usage: citelint ") || errs != "" {
				t.Errorf("%v: exit %d, stdout %.60q, stderr %.60q; want exit 0 and the usage on stdout", args, code, out, errs)
			}
		}
	}
	code, out, errs := run(t, dir, "", "run", "--nope")
	if code != ExitUsage || out != "" || !strings.Contains(errs, "Usage: citelint run") {
		t.Errorf("run --nope: exit %d, stdout %q, stderr %q; want exit 2 and the usage on stderr", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, ".citelint.yaml")); err == nil {
		t.Error("config init --help wrote a config file")
	}
}
