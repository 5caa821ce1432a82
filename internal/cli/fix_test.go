package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFix(t *testing.T) {
	const in = "\ufeffDrop one [1, 99] and keep one.\r\nAll gone [98].\r\nOld http://dx.doi.org/10.1000/xyz.\r\n\r\n[1]: https://example.org/1\r\n"
	const want = "\ufeffDrop one [1] and keep one.\r\nAll gone.\r\nOld https://doi.org/10.1000/xyz.\r\n\r\n[1]: https://example.org/1\r\n"
	dir := t.TempDir()
	p := write(t, dir, "a.md", in)
	os.Chmod(p, 0o600)
	untouched := write(t, dir, "b.md", clean)
	before, _ := os.Stat(untouched)

	code, stdout, stderr := run(t, dir, "", "run", "--no-config", "-E", "non-canonical-doi", "--fix", dir)
	if code != ExitOK {
		t.Errorf("--fix: exit %d, want 0 (nothing remains)\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "3 fixed") {
		t.Errorf("summary does not count fixes: %q", stdout)
	}
	got, _ := os.ReadFile(p)
	if string(got) != want {
		t.Errorf("fixed file:\n%q\nwant\n%q", got, want)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
		t.Errorf("permissions changed to %v", fi.Mode().Perm())
	}
	if after, _ := os.Stat(untouched); !after.ModTime().Equal(before.ModTime()) {
		t.Error("a file with nothing to fix was rewritten")
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".*citelint*")); len(leftovers) > 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}

	// A second run changes nothing.
	run(t, dir, "", "run", "--no-config", "-E", "non-canonical-doi", "--fix", dir)
	if again, _ := os.ReadFile(p); string(again) != want {
		t.Errorf("second --fix changed the file:\n%q", again)
	}
}

func TestFixReportsWhatRemains(t *testing.T) {
	dir := t.TempDir()
	// [1-3] is a range: no safe fix, so [2] and [3] remain and fail the run.
	p := write(t, dir, "a.md", "One [1, 9]. Range [1-3].\n\n[1]: https://example.org/1\n")
	code, stdout, _ := run(t, dir, "", "run", "--no-config", "--fix", p)
	if code != ExitIssues || !strings.Contains(stdout, "[3]") || strings.Contains(stdout, "[9]") {
		t.Errorf("exit %d, output:\n%s", code, stdout)
	}
	got, _ := os.ReadFile(p)
	if !strings.HasPrefix(string(got), "One [1]. Range [1-3].") {
		t.Errorf("fixed: %q", got)
	}
}

func TestFixRespectsSuppressionsAndExclusions(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".citelint.yaml", "version: \"1\"\nexclusions:\n  rules:\n    - path: keep/**\n      rules: [unresolvable-label]\n")
	sup := write(t, dir, "s.md", "Kept [1, 9]. <!-- citelint-disable-line unresolvable-label -->\n\n[1]: https://example.org/1\n")
	exc := write(t, dir, "keep/e.md", "Kept [1, 9].\n\n[1]: https://example.org/1\n")
	run(t, dir, "", "run", "--fix", sup, exc)
	for _, p := range []string{sup, exc} {
		if b, _ := os.ReadFile(p); !strings.Contains(string(b), "[1, 9]") {
			t.Errorf("%s: a suppressed or excluded issue was fixed: %q", p, b)
		}
	}
}

func TestDiff(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "a.md", "Drop [1, 99].\n\n[1]: https://example.org/1\n")
	code, stdout, stderr := run(t, dir, "", "run", "--no-config", "--diff", p)
	want := "--- a/a.md\n+++ b/a.md\n@@ -1,3 +1,3 @@\n-Drop [1, 99].\n+Drop [1].\n \n [1]: https://example.org/1\n"
	if code != ExitIssues || stdout != want || !strings.Contains(stderr, "would fix 1 issue in 1 file") {
		t.Errorf("exit %d\nstdout %q\nwant   %q\nstderr %q", code, stdout, want, stderr)
	}
	if b, _ := os.ReadFile(p); !strings.Contains(string(b), "[1, 99]") {
		t.Error("--diff wrote the file")
	}
	ok := write(t, dir, "ok.md", clean)
	if code, stdout, _ := run(t, dir, "", "run", "--no-config", "--diff", ok); code != ExitOK || stdout != "" {
		t.Errorf("nothing to fix: exit %d, %q", code, stdout)
	}
	// A file outside the working directory keeps its absolute path, with
	// no "a/" before it ("a//tmp/x"): patch -p0 applies that.
	_, stdout, _ = run(t, t.TempDir(), "", "run", "--no-config", "--diff", p)
	abs := filepath.ToSlash(p)
	if !strings.HasPrefix(stdout, "--- "+abs+"\n+++ "+abs+"\n") {
		t.Errorf("outside the working directory: %q", stdout)
	}
}

func TestFixStdin(t *testing.T) {
	code, stdout, stderr := run(t, t.TempDir(), "x [1, 7].\n\n[1]: https://e.org\n", "run", "--no-config", "--fix", "-")
	if code != ExitOK || stdout != "x [1].\n\n[1]: https://e.org\n" || !strings.Contains(stderr, "1 fixed") {
		t.Errorf("exit %d\nstdout %q\nstderr %q", code, stdout, stderr)
	}
	// Nothing to fix: the document is echoed unchanged.
	if _, stdout, _ := run(t, t.TempDir(), clean, "run", "--no-config", "--fix", "-"); stdout != clean {
		t.Errorf("unchanged stdin not echoed: %q", stdout)
	}
}

func TestUnsafeFixesNeedsFix(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "a.md", clean)
	if code, _, _ := run(t, dir, "", "run", "--no-config", "--unsafe-fixes", p); code != ExitUsage {
		t.Errorf("exit %d, want usage error", code)
	}
}

func TestFixWriteFailureKeepsOthers(t *testing.T) {
	if os.Getuid() == 0 {
		t.Skip("root can write into read-only folders")
	}
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro")
	p := write(t, dir, "ro/a.md", "Drop [1, 99].\n\n[1]: https://example.org/1\n")
	q := write(t, dir, "b.md", "Drop [1, 99].\n\n[1]: https://example.org/1\n")
	os.Chmod(ro, 0o555)
	defer os.Chmod(ro, 0o755)
	code, _, _ := run(t, dir, "", "run", "--no-config", "--fix", p, q)
	if code != ExitFailure {
		t.Errorf("exit %d, want %d", code, ExitFailure)
	}
	if b, _ := os.ReadFile(q); strings.Contains(string(b), "99") {
		t.Error("the writable file was not fixed")
	}
}

// TestFixRespectsFileSystem pins defect 9 of issue 20: --fix overwrote
// edits made during the run, rewrote read-only files, broke hard links and
// followed symlinks out of the tree. Each refused file is named with the
// reason and left as it was; the other file of the run is still fixed.
func TestFixRespectsFileSystem(t *testing.T) {
	const doc = "Drop [1, 99].\n\n[1]: https://example.org/1\n"
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, root, p string) (check string) // check: the file that must keep doc
		want  string
	}{
		{"read-only", func(t *testing.T, root, p string) string {
			os.Chmod(p, 0o444)
			return p
		}, "read-only"},
		{"hard link", func(t *testing.T, root, p string) string {
			if err := os.Link(p, filepath.Join(root, "..", "twin.md")); err != nil {
				t.Skip("no hard links:", err)
			}
			return p
		}, "hard links"},
		{"symlink out of the tree", func(t *testing.T, root, p string) string {
			outside := filepath.Join(root, "..", "outside.md")
			os.Rename(p, outside)
			if err := os.Symlink(outside, p); err != nil {
				t.Skip("no symlinks:", err)
			}
			return outside
		}, "outside the folders being linted"},
		{"edited during the run", func(t *testing.T, root, p string) string {
			beforeFixWrite = func(path string) {
				if path == p {
					os.WriteFile(p, []byte(doc+"A line the user added.\n"), 0o644)
				}
			}
			return ""
		}, "changed since it was read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Cleanup(func() { beforeFixWrite = nil })
			top := t.TempDir()
			root := filepath.Join(top, "docs")
			p := write(t, root, "a.md", doc)
			other := write(t, root, "b.md", doc)
			check := tc.setup(t, root, p)
			before := ""
			if check != "" {
				b, _ := os.ReadFile(check)
				before = string(b)
			} else {
				check = p
			}
			code, stdout, stderr := run(t, top, "", "run", "--no-config", "--fix", root)
			if code != ExitFailure || !strings.Contains(stdout+stderr, "a.md") || !strings.Contains(stdout+stderr, tc.want) {
				t.Errorf("exit %d, want %d naming a.md and %q\n%s%s", code, ExitFailure, tc.want, stdout, stderr)
			}
			got, _ := os.ReadFile(check)
			if before != "" && string(got) != before || strings.Contains(string(got), "Drop [1].") {
				t.Errorf("refused file rewritten: %q", got)
			}
			if b, _ := os.ReadFile(other); string(b) == doc {
				t.Error("the other file was not fixed")
			}
		})
	}
}

func TestFixFollowsSymlinkInsideTree(t *testing.T) {
	root := t.TempDir()
	real := write(t, root, "real/a.md", "Drop [1, 99].\n\n[1]: https://example.org/1\n")
	link := filepath.Join(root, "link.md")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symlinks:", err)
	}
	if code, stdout, stderr := run(t, root, "", "run", "--no-config", "--fix", link); code != ExitOK {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
	if b, _ := os.ReadFile(real); !strings.HasPrefix(string(b), "Drop [1].") {
		t.Errorf("target not fixed: %q", b)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("link replaced by a file")
	}
}

// TestDiffPausesWorkflowCommands: --diff prints document lines as they are,
// so in GitHub Actions a context line " ::add-mask::x" would be executed;
// the diff is printed between stop-commands and a random resume token.
func TestDiffPausesWorkflowCommands(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "a.md", "::add-mask::x\nDrop [1, 99].\n\n[1]: https://example.org/1\n")
	var out, errb bytes.Buffer
	code := Main([]string{"run", "--no-config", "--diff", p}, Env{
		Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
		Getenv: func(k string) string {
			if k == "GITHUB_ACTIONS" {
				return "true"
			}
			return ""
		},
		Getwd: func() (string, error) { return dir, nil },
	})
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	first, last := lines[0], lines[len(lines)-1]
	token := strings.TrimPrefix(first, "::stop-commands::")
	if code != ExitIssues || len(token) != 32 || last != "::"+token+"::" || !strings.Contains(out.String(), "\n ::add-mask::x\n") {
		t.Errorf("exit %d, output:\n%s", code, out.String())
	}
}
