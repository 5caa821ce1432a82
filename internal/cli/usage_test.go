package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/result"
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
			"citelint: --format: unknown format \"sarf\" (did you mean \"sarif\"?); want one of text, json, sarif, github-actions, checkstyle, junit-xml, code-climate, html\n"},
		{"fail-level lists what it accepts, info included", []string{"run", "--no-config", "--fail-level", "fatal", ok},
			"citelint: --fail-level \"fatal\": want one of note, warning, error, info\n"},
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
	if code != ExitUsage || out != "" || !strings.Contains(errs, "--nope") {
		t.Errorf("run --nope: exit %d, stdout %q, stderr %q; want exit 2 and the mistake on stderr", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, ".citelint.yaml")); err == nil {
		t.Error("config init --help wrote a config file")
	}
}

// TestSeverityNamesAreWhatParseSeverityAccepts keeps the lists the
// --fail-level and config errors print equal to what they accept.
func TestSeverityNamesAreWhatParseSeverityAccepts(t *testing.T) {
	for _, n := range config.SeverityNames {
		if _, ok := result.ParseSeverity(n); !ok {
			t.Errorf("config.SeverityNames lists %q, which result.ParseSeverity rejects", n)
		}
	}
	for _, n := range []string{"note", "info", "warning", "warn", "error", "err", "fatal", "critical", "Note", "ERROR", ""} {
		if _, ok := result.ParseSeverity(n); ok && !slices.Contains(config.SeverityNames, n) {
			t.Errorf("result.ParseSeverity accepts %q, which config.SeverityNames does not list", n)
		}
	}
	for n := result.SeverityNote; n <= result.SeverityError; n++ {
		if !slices.Contains(config.SeverityNames, n.String()) {
			t.Errorf("config.SeverityNames lacks %q", n.String())
		}
	}
}

// TestConfigElsewhereLintsWorkingDirectory: -c names a config, it does not
// move the run. With no paths on the command line, citelint lints the
// working directory unless the config names run.paths (relative to itself).
func TestConfigElsewhereLintsWorkingDirectory(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "top.md", broken)
	write(t, dir, "other/dir/inner.md", clean)
	write(t, dir, "other/dir/cfg.yaml", "version: \"1\"\n")
	write(t, dir, "other/dir/paths.yaml", "version: \"1\"\nrun:\n  paths: [\".\"]\n")
	t.Chdir(dir)
	tests := []struct {
		config    string
		wantCode  int
		wantFiles string
	}{
		{"other/dir/cfg.yaml", ExitIssues, "2 files checked"},
		{"other/dir/paths.yaml", ExitOK, "1 file checked"},
	}
	for _, tt := range tests {
		code, out, errs := run(t, dir, "", "run", "-c", tt.config)
		if code != tt.wantCode || !strings.Contains(out, tt.wantFiles) {
			t.Errorf("run -c %s: exit %d, stdout %q, stderr %q; want exit %d and %q", tt.config, code, out, errs, tt.wantCode, tt.wantFiles)
		}
	}
}

// TestCommandLineMistakes pins the whole of stderr for each kind of
// mistake: one line naming it (with the closest name, when one is close)
// and one pointing at the help, never the whole usage, and exit 2. How a
// flag's mistake is worded is cliflag's (TestMistakes there); here, that
// the pointer names the command typed.
func TestCommandLineMistakes(t *testing.T) {
	dir := t.TempDir()
	ok := write(t, dir, "ok.md", clean)
	runHelp := "Run \"citelint run --help\" for the list of flags.\n"
	tests := []struct {
		name string
		args []string
		want string // the whole of stderr
	}{
		{"unknown flag, a close one", []string{"run", "--fxi", ok},
			"citelint: unknown flag --fxi (did you mean --fix?)\n" + runHelp},
		{"another command's pointer", []string{"extract", "--enable-onyl", "x", ok},
			"citelint: unknown flag --enable-onyl (did you mean --enable-only?)\nRun \"citelint extract --help\" for the list of flags.\n"},
		{"a subcommand's pointer", []string{"config", "verify", "--no-confg"},
			"citelint: unknown flag --no-confg (did you mean --no-config?)\nRun \"citelint config verify --help\" for the list of flags.\n"},
		{"unknown command", []string{"rnu", ok},
			"citelint: unknown command \"rnu\" (did you mean \"run\"?)\nRun \"citelint --help\" for the list of commands.\n"},
		{"unknown command, nothing close", []string{"xyzzy"},
			"citelint: unknown command \"xyzzy\"\nRun \"citelint --help\" for the list of commands.\n"},
		{"unknown rule to explain", []string{"rule", "unresolvable-labl"},
			"citelint: unknown rule \"unresolvable-labl\" (did you mean \"unresolvable-label\"?); `citelint rules` lists them\n"},
		{"unknown rule to explain, nothing close", []string{"rule", "nope"},
			"citelint: unknown rule \"nope\"; `citelint rules` lists them\n"},
		{"unknown rules to enable and disable, each on its line", []string{"run", "-E", "nope,dead-lnk", "--disable", "unused-refrence", ok},
			"citelint: --enable: unknown rule \"nope\"\ncitelint: --enable: unknown rule \"dead-lnk\" (did you mean \"dead-link\"?)\n" +
				"citelint: --disable: unknown rule \"unused-refrence\" (did you mean \"unused-reference\"?)\n"},
		{"unknown rule to run alone", []string{"run", "--enable-only", "unresolvable-labl", ok},
			"citelint: --enable-only: unknown rule \"unresolvable-labl\" (did you mean \"unresolvable-label\"?)\n"},
	}
	for _, tt := range tests {
		code, out, errs := run(t, dir, "", tt.args...)
		if code != ExitUsage || out != "" || errs != tt.want {
			t.Errorf("%s: %v: exit %d, stdout %q, stderr:\n%q\nwant exit %d, stderr:\n%q", tt.name, tt.args, code, out, errs, ExitUsage, tt.want)
		}
	}
}
