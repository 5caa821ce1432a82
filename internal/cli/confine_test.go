package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLocalEvidenceConfined reproduces issue 20, defect 1: with
// low-overlap on, a document's link to a symbolic link out of the project
// (or into .git) was read and its closest passage quoted in the message.
// Now such a link has no source text: the sentence is counted as
// unverified and nothing of the file reaches the output. A file inside
// the project is still quoted, so the test can tell the two apart.
func TestLocalEvidenceConfined(t *testing.T) {
	const secret = "GITHUB_TOKEN=ghs_FAKE penguins glaciers volcanoes"
	outside := t.TempDir()
	write(t, outside, "env.txt", secret)
	dir := t.TempDir()
	write(t, dir, ".git/config", "[http]\n\textraheader = AUTHORIZATION: basic "+secret+"\n")
	write(t, dir, "docs/inside.txt", secret)
	if err := os.Symlink(filepath.Join(outside, "env.txt"), filepath.Join(dir, "docs", "env.txt")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	if err := os.Symlink("../.git/config", filepath.Join(dir, "docs", "git.txt")); err != nil {
		t.Fatal(err)
	}
	rel, _ := filepath.Rel(filepath.Join(dir, "docs"), filepath.Join(outside, "env.txt"))
	for _, tt := range []struct {
		link  string
		leaks bool
	}{
		{"inside.txt", true},
		{"env.txt", false},
		{"git.txt", false},
		{filepath.ToSlash(rel), false},
	} {
		doc := write(t, dir, "docs/a.md", "The runner stores zebras in the cloud [1].\n\n[1]: "+tt.link+"\n")
		_, stdout, stderr := run(t, dir, "", "run", "--no-config", "--enable-only", "low-overlap", doc)
		if got := strings.Contains(stdout+stderr, "ghs_FAKE"); got != tt.leaks {
			t.Errorf("link %s: output quotes the file = %v, want %v:\n%s%s", tt.link, got, tt.leaks, stdout, stderr)
		}
		if !tt.leaks && !strings.Contains(stdout, "1 without source text") {
			t.Errorf("link %s: the sentence is not counted as unverified:\n%s", tt.link, stdout)
		}
	}
}

// TestBibliographyAndConfigReads reproduces issue 20, defects 2 and 11: a
// bibliography or config of /dev/zero ran out of memory, a config in the
// project could name a bibliography anywhere, a missing front-matter
// bibliography was silent, and a dangling manuscript.pdf link failed the
// run with exit 3.
func TestBibliographyAndConfigReads(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	write(t, outside, "refs.bib", "@misc{x, title = {T}}\n")
	doc := write(t, dir, "docs/m.md", "---\nbibliography: nope.bib\n---\nText [@x].\n")
	if err := os.Symlink("build/manuscript.pdf", filepath.Join(dir, "docs", "manuscript.pdf")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	code, stdout, stderr := run(t, dir, "", "run", "--no-config", filepath.Join(dir, "docs"))
	if code != ExitIssues || !strings.Contains(stdout, "bibliography not read, so its citations are not checked: open "+filepath.Join(dir, "docs", "nope.bib")) {
		t.Errorf("missing bibliography: exit %d\n%s%s", code, stdout, stderr)
	}
	if strings.Contains(stdout+stderr, "manuscript.pdf") {
		t.Errorf("dangling manuscript.pdf reported:\n%s%s", stdout, stderr)
	}

	write(t, dir, ".citelint.yaml", "version: \"1\"\nbibliography: ["+filepath.Join(outside, "refs.bib")+"]\n")
	code, _, stderr = run(t, dir, "", "run", doc)
	if code != ExitUsage || !strings.Contains(stderr, "refs.bib: resolves outside") {
		t.Errorf("config bibliography outside the project: exit %d, %s", code, stderr)
	}
	// The same file named on the command line is the workflow's choice.
	code, _, stderr = run(t, dir, "", "run", "--no-config", "--bibliography", filepath.Join(outside, "refs.bib"), doc)
	if code == ExitUsage {
		t.Errorf("--bibliography outside the project refused: %s", stderr)
	}

	if _, err := os.Stat("/dev/zero"); err != nil {
		return
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.bib")); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-c", "/dev/zero"},
		{"--no-config", "--bibliography", filepath.Join(dir, "zero.bib")},
		{"--no-config", "--sources", filepath.Join(dir, "zero.bib")},
	} {
		code, _, stderr := run(t, dir, "", append(append([]string{"run"}, args...), doc)...)
		if code != ExitUsage || !strings.Contains(stderr, "not a regular file") {
			t.Errorf("%q: exit %d, %s", args, code, stderr)
		}
	}
}
