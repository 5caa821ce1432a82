package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// completionScript writes `citelint completion shell` to a file.
func completionScript(t *testing.T, shell string) string {
	t.Helper()
	code, out, errs := run(t, t.TempDir(), "", "completion", shell)
	if code != ExitOK || out == "" {
		t.Fatalf("completion %s: exit %d, %s", shell, code, errs)
	}
	p := filepath.Join(t.TempDir(), "citelint."+shell)
	if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// needShell returns the shell's path, or skips the test without it
// (fails under CI=true, where .ci/run puts zsh and fish on PATH).
func needShell(t *testing.T, shell string) string {
	t.Helper()
	p, err := exec.LookPath(shell)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not installed; CI=true requires it (.ci/run puts Debian's on PATH with .ci/debs)", shell)
		}
		t.Skipf("%s is not installed", shell)
	}
	return p
}

// TestCompletionSyntax: each script parses in its shell (bash -n,
// zsh -n, fish -n).
func TestCompletionSyntax(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish"} {
		t.Run(shell, func(t *testing.T) {
			sh := needShell(t, shell)
			script := completionScript(t, shell)
			if out, err := exec.Command(sh, "-n", script).CombinedOutput(); err != nil {
				t.Errorf("%s -n: %v\n%s", shell, err, out)
			}
		})
	}
}

// TestCompletionBash asks the bash function for completions as bash
// does on Tab.
func TestCompletionBash(t *testing.T) {
	sh := needShell(t, "bash")
	script := completionScript(t, "bash")
	tests := []struct {
		words string // the command line so far; the last word is completed
		want  []string
		not   string
	}{
		{"citelint comp", []string{"completion"}, ""},
		{"citelint run --for", []string{"--format"}, "--fix"},
		{"citelint run --format j", []string{"json", "junit-xml"}, "text"},
		{"citelint lint --shar", []string{"--shard"}, ""},
		{"citelint rule unres", []string{"unresolvable-label"}, ""},
		{"citelint run -E unres", []string{"unresolvable-label"}, ""},
		{"citelint run --disable dead-", []string{"dead-doi", "dead-link"}, "unresolvable-label"},
		{"citelint completion f", []string{"fish"}, ""},
	}
	for _, tc := range tests {
		words := strings.Fields(tc.words)
		prog := "source " + script + "; COMP_WORDS=(" + strings.Join(words, " ") + "); COMP_CWORD=" + itoa(len(words)-1) + `; _citelint; printf '%s\n' "${COMPREPLY[@]}"`
		out, err := exec.Command(sh, "-c", prog).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", tc.words, err, out)
		}
		got := strings.Fields(string(out))
		for _, w := range tc.want {
			if !contains(got, w) {
				t.Errorf("%q completes to %q, want %s among them", tc.words, got, w)
			}
		}
		if tc.not != "" && contains(got, tc.not) {
			t.Errorf("%q completes to %q, not want %s", tc.words, got, tc.not)
		}
	}
}

// TestCompletionFish asks fish for completions (complete -C).
func TestCompletionFish(t *testing.T) {
	sh := needShell(t, "fish")
	script := completionScript(t, "fish")
	tests := []struct{ line, want string }{
		{"citelint comp", "completion"},
		{"citelint run --for", "--format"},
		{"citelint run --color ", "never"},
		{"citelint rule unres", "unresolvable-label"},
	}
	for _, tc := range tests {
		out, err := exec.Command(sh, "--no-config", "-c", "source "+script+"; complete -C '"+tc.line+"'").CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", tc.line, err, out)
		}
		var got []string
		for _, l := range strings.Split(string(out), "\n") {
			got = append(got, strings.SplitN(l, "\t", 2)[0])
		}
		if !contains(got, tc.want) {
			t.Errorf("%q completes to %q, want %s among them", tc.line, got, tc.want)
		}
	}
}

func TestCompletionUsage(t *testing.T) {
	for _, args := range [][]string{{"completion"}, {"completion", "tcsh"}, {"completion", "bash", "zsh"}} {
		if code, _, errs := run(t, t.TempDir(), "", args...); code != ExitUsage || !strings.Contains(errs, "bash|zsh|fish") {
			t.Errorf("%v: exit %d, %s", args, code, errs)
		}
	}
}

func contains(list []string, s string) bool { return slices.Contains(list, s) }
