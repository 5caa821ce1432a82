package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/gittest"
)

func gitIn(t *testing.T, dir string, args ...string) { gittest.Run(t, dir, args...) }

const newFromBase = `Old broken [9] stays unreported.
Cites entry one [1].
Cites entry two [2].

## References

1. First. https://example.org/1
2. Second. https://example.org/2
`

func TestNewFrom(t *testing.T) {
	gittest.Require(t)
	dir := t.TempDir()
	gitIn(t, dir, "init", "-q", "-b", "main")
	p := write(t, dir, "a.md", newFromBase)
	gitIn(t, dir, "add", ".")
	gitIn(t, dir, "commit", "-qm", "base")
	gitIn(t, dir, "checkout", "-qb", "topic")
	// Line 4 is new and broken, entry 2 (line 9) gets a malformed DOI.
	changedText := strings.Replace(newFromBase, "Cites entry two [2].\n", "Cites entry two [2].\nNew broken [8].\n", 1)
	changedText = strings.Replace(changedText, "2. Second. https://example.org/2", "2. Second. doi:10.1000", 1)
	write(t, dir, "a.md", changedText)
	gitIn(t, dir, "commit", "-qam", "topic")
	write(t, dir, "new.md", "Untracked broken [5], fine [1].\n\n[1]: https://example.org/1\n")

	for _, args := range [][]string{
		{"--new-from-rev", "main"},
		{"--new-from-merge-base", "main"},
	} {
		code, stdout, stderr := run(t, dir, "", append([]string{"run", "--no-config", "--format", "json"}, append(args, p, filepath.Join(dir, "new.md"))...)...)
		if code != ExitIssues {
			t.Fatalf("%v: exit %d\n%s", args, code, stderr)
		}
		got := issueLines(t, stdout)
		want := "a.md:4:unresolvable-label a.md:9:malformed-identifier new.md:1:unresolvable-label"
		if got != want {
			t.Errorf("%v: issues %s\nwant %s", args, got, want)
		}
	}

	// A patch file: only its added lines count.
	patch := write(t, dir, "x.patch", "--- a/a.md\n+++ b/a.md\n@@ -1 +1 @@\n-Old\n+Old broken [9] stays unreported.\n")
	code, stdout, stderr := run(t, dir, "", "run", "--no-config", "--format", "json", "--new-from-patch", patch, p)
	if code != ExitIssues || issueLines(t, stdout) != "a.md:1:unresolvable-label" {
		t.Errorf("patch: exit %d issues %s %s", code, issueLines(t, stdout), stderr)
	}

	// A fix in diff-aware mode touches only new issues.
	code, _, _ = run(t, dir, "", "run", "--no-config", "--fix", "--new-from-rev", "main", p)
	b, _ := os.ReadFile(p)
	if !strings.Contains(string(b), "Old broken [9]") || strings.Contains(string(b), "New broken [8]") {
		t.Errorf("--fix with --new-from-rev: exit %d\n%s", code, b)
	}

	errs := []struct {
		args []string
		want string
	}{
		{[]string{"--new-from-rev", "nope"}, `unknown git revision "nope"`},
		{[]string{"--new-from-merge-base", "nope"}, "--new-from-merge-base"},
		{[]string{"--new-from-patch", filepath.Join(dir, "missing.patch")}, "--new-from-patch"},
		{[]string{"--new-from-rev", "main", "--new-from-patch", patch}, "only one of"},
	}
	for _, e := range errs {
		code, _, stderr := run(t, dir, "", append([]string{"run", "--no-config"}, append(e.args, p)...)...)
		if code != ExitUsage || !strings.Contains(stderr, e.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", e.args, code, stderr, e.want)
		}
	}
	outside := t.TempDir()
	write(t, outside, "o.md", broken)
	if code, _, stderr := run(t, outside, "", "run", "--no-config", "--new-from-rev", "HEAD", filepath.Join(outside, "o.md")); code != ExitUsage || !strings.Contains(stderr, "cannot compute the changed lines") {
		t.Errorf("outside git: exit %d, %q", code, stderr)
	}
}

// issueLines summarises JSON output as "file:line:rule ..." in output order.
func issueLines(t *testing.T, out string) string {
	t.Helper()
	var r struct {
		Issues []struct {
			Rule string `json:"rule"`
			Path string `json:"path"`
			Line int    `json:"line"`
		} `json:"issues"`
	}
	if err := jsonUnmarshal(out, &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var parts []string
	for _, i := range r.Issues {
		parts = append(parts, filepath.Base(i.Path)+":"+itoa(i.Line)+":"+i.Rule)
	}
	return strings.Join(parts, " ")
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

func itoa(n int) string { return strconv.Itoa(n) }

func TestPatchPathsFromRepositoryRoot(t *testing.T) {
	gittest.Require(t)
	dir := t.TempDir()
	gitIn(t, dir, "init", "-q")
	p := write(t, dir, "docs/a.md", "Broken [9], fine [1].\nAlso [8].\n\n[1]: https://example.org/1\n")
	patch := write(t, dir, "pr.patch", "--- a/docs/a.md\n+++ b/docs/a.md\n@@ -2 +2 @@\n-x\n+Also [8].\n")
	// Run from docs/ with the repository-relative patch and a path prefix.
	code, stdout, stderr := run(t, filepath.Join(dir, "docs"), "", "run", "--no-config", "--format", "json", "--new-from-patch", patch, "--path-prefix", "docs", p)
	if code != ExitIssues || issueLines(t, stdout) != "a.md:2:unresolvable-label" {
		t.Errorf("exit %d, issues %q, %s", code, issueLines(t, stdout), stderr)
	}
}

func TestPathPrefix(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.md", broken)
	old, _ := os.Getwd()
	os.Chdir(dir)
	defer os.Chdir(old)
	_, stdout, _ := run(t, dir, "", "run", "--no-config", "--format", "github-actions", "--path-prefix", "docs/site", "a.md")
	if !strings.Contains(stdout, "file=docs/site/a.md,line=1") {
		t.Errorf("annotation path not prefixed:\n%s", stdout)
	}
}
