package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestStdinFilename: standard input linted as the file at a path gets
// that path in the report and the config's exclusions, severities and
// run.exclude, as golangci-lint's and ruff's --stdin-filename.
func TestStdinFilename(t *testing.T) {
	const cfg = "version: \"1\"\nrun:\n  exclude: [\"vendor/**\"]\nseverity:\n  rules:\n    - path: \"notes/**\"\n      severity: note\nexclusions:\n  paths: [\"quiet/**\"]\n"
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  []string // substrings of standard output
		wantNot  string
	}{
		{"named", []string{"--stdin-filename", "docs/a.md", "-"}, ExitIssues, []string{"docs/a.md:1:17: citation [7]"}, "-:1"},
		{"no path means standard input", []string{"--stdin-filename", "docs/a.md"}, ExitIssues, []string{"docs/a.md:1:17"}, ""},
		{"severity by path", []string{"--stdin-filename", "notes/a.md"}, ExitOK, []string{"notes/a.md:1:17", "note"}, ""},
		{"exclusions.paths", []string{"--stdin-filename", "quiet/a.md"}, ExitOK, nil, "citation"},
		{"run.exclude", []string{"--stdin-filename", "vendor/lib/a.md"}, ExitOK, nil, "citation"},
		{"run.exclude, fix echoes the input", []string{"--fix", "--stdin-filename", "vendor/a.md"}, ExitOK, []string{broken}, ""},
		{"without -", []string{"--stdin-filename", "a.md", "other.md"}, ExitUsage, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, ".citelint.yaml", cfg)
			code, out, errs := run(t, dir, broken, append([]string{"run", "--color", "never"}, tc.args...)...)
			if code != tc.wantCode {
				t.Fatalf("exit %d, want %d\n%s%s", code, tc.wantCode, out, errs)
			}
			for _, w := range tc.wantOut {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			if tc.wantNot != "" && strings.Contains(out, tc.wantNot) {
				t.Errorf("output has %q:\n%s", tc.wantNot, out)
			}
		})
	}
}

// TestForceExclude: pre-commit names files one by one; with
// --force-exclude, run.exclude holds for them as for a directory walk,
// and a commit touching only excluded files passes.
func TestForceExclude(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".citelint.yaml", "version: \"1\"\nrun:\n  exclude: [\"vendor/**\", \"drafts\"]\n")
	a := write(t, dir, "a.md", broken)
	v := write(t, dir, "vendor/b.md", broken)
	d := write(t, dir, "drafts/sub/c.md", broken)
	tests := []struct {
		args     []string
		wantCode int
		want     []string
		wantNot  []string
	}{
		{[]string{a, v, d}, ExitIssues, []string{"a.md"}, []string{"b.md", "c.md"}},
		{[]string{v, d}, ExitOK, nil, []string{"b.md", "c.md"}},
	}
	for _, tc := range tests {
		code, out, errs := run(t, dir, "", append([]string{"run", "-c", dir + "/.citelint.yaml", "--force-exclude"}, tc.args...)...)
		if code != tc.wantCode {
			t.Errorf("%v: exit %d, want %d\n%s%s", tc.args, code, tc.wantCode, out, errs)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output lacks %s:\n%s", tc.args, w, out)
			}
		}
		for _, w := range tc.wantNot {
			if strings.Contains(out, w) {
				t.Errorf("%v: output has %s:\n%s", tc.args, w, out)
			}
		}
	}
	// Without the flag, a file named is linted whatever the globs say.
	if code, out, _ := run(t, dir, "", "run", "-c", dir+"/.citelint.yaml", v); code != ExitIssues || !strings.Contains(out, "b.md") {
		t.Errorf("without --force-exclude: exit %d\n%s", code, out)
	}
}

// TestGitignoreFlag: a directory walk skips what git ignores unless
// --no-gitignore.
func TestGitignoreFlag(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".git/HEAD", "ref: refs/heads/main\n")
	write(t, dir, ".gitignore", "site/\n")
	write(t, dir, "a.md", clean)
	write(t, dir, "site/gen.md", broken)
	if code, out, errs := run(t, dir, "", "run", "--no-config", dir); code != ExitOK {
		t.Errorf("exit %d, want the ignored file skipped\n%s%s", code, out, errs)
	}
	if code, out, _ := run(t, dir, "", "run", "--no-config", "--no-gitignore", dir); code != ExitIssues || !strings.Contains(out, "gen.md") {
		t.Errorf("--no-gitignore: exit %d\n%s", code, out)
	}
}

// TestStdinWithNetworkRules: the network pass reads every document before
// the lint; standard input is read once for both. (It was read by each:
// with a network rule on, the lint got an empty second read and reported
// 0 issues.)
func TestStdinWithNetworkRules(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	code, out, errs := run(t, dir, broken, "run", "--no-config", "-E", "dead-link", "--offline", "-")
	if code != ExitIssues || !strings.Contains(out, "-:1:17: citation [7]") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
}

// TestForceExcludeFromSubfolder: paths named relative to a subfolder
// match the config's globs as they do from the project root (pre-commit
// runs from the root, but people and editors do not).
func TestForceExcludeFromSubfolder(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".citelint.yaml", "version: \"1\"\nrun:\n  exclude: [\"vendor/**\"]\n")
	write(t, dir, "vendor/a.md", broken)
	write(t, dir, "docs/b.md", broken)
	cfg := filepath.Join(dir, ".citelint.yaml")
	if code, out, errs := run(t, filepath.Join(dir, "docs"), "", "run", "-c", cfg, "--force-exclude", "../vendor/a.md", filepath.Join(dir, "docs", "b.md")); code != ExitIssues ||
		strings.Contains(out, "vendor") || !strings.Contains(out, "b.md") {
		t.Errorf("--force-exclude ../vendor/a.md from docs/: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := run(t, filepath.Join(dir, "docs"), broken, "run", "-c", cfg, "--stdin-filename", "../vendor/z.md"); code != ExitOK || strings.Contains(out, "z.md:") {
		t.Errorf("--stdin-filename ../vendor/z.md from docs/: exit %d\n%s%s", code, out, errs)
	}
}

// TestStdinFrontMatterBibliography: standard input has no folder, so the
// bibliography its front matter names cannot be found; a warning says so
// and how to give it one (its keys are then unchecked, not errors). Named
// with --stdin-filename inside the project, the bibliography is read next
// to that path and its keys checked, as for the file itself.
func TestStdinFrontMatterBibliography(t *testing.T) {
	const doc = "---\nbibliography: refs.bib\n---\n\nAs shown [@smith2020] and [@nokey2021].\n"
	dir := t.TempDir()
	write(t, dir, "refs.bib", "@article{smith2020, title={A}, author={Smith}, year={2020}}\n")
	tests := []struct {
		args     []string
		wantCode int
		want     string
		wantNot  string
	}{
		{[]string{"-"}, ExitIssues, "-:1:1: bibliography not read, so its citations are not checked: standard input has no folder to find refs.bib in; name the file it stands for with --stdin-filename", "nokey2021"},
		// Absolute: the test's working directory is not dir.
		{[]string{"--stdin-filename", filepath.Join(dir, "doc.md")}, ExitIssues, `doc.md:5:27: citation key "nokey2021" has no bibliography entry`, "bibliography not read"},
	}
	for _, tc := range tests {
		code, out, errs := run(t, dir, doc, append([]string{"run", "--no-config", "--color", "never"}, tc.args...)...)
		if code != tc.wantCode || !strings.Contains(out, tc.want) || strings.Contains(out, tc.wantNot) {
			t.Errorf("%v: exit %d, want %d and %q without %q:\n%s%s", tc.args, code, tc.wantCode, tc.want, tc.wantNot, out, errs)
		}
	}
}
