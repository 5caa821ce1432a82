package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// oddFiles are the shapes a newcomer's repository holds that once made
// the whole run exit 3: each is now a finding on that file (want: rule,
// line, message start), and the run exits 1 (0 for a Git LFS pointer, a
// note).
var oddFiles = []struct {
	name, src      string
	rule           string
	line           int
	msg            string
	severity, exit string
}{
	{"empty.ipynb", "", "unreadable-file", 1, "not a Jupyter notebook: the file is empty", "error", "1"},
	{"truncated.ipynb", "{\n \"cells\": [\n  {\"cell_type\": \"markdown\", \"source\": [\"A cla", "unreadable-file", 3, "not a Jupyter notebook: the file ends before the notebook does", "error", "1"},
	{"lfs.ipynb", "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 82734\n", "unreadable-file", 1, "a Git LFS pointer", "note", "0"},
	{"nbformat3.ipynb", `{"nbformat": 3, "worksheets": [{"cells": [` + "\n" + `{"cell_type": "markdown", "source": ["Cited [4].\n", "\n", "[1]: https://example.org/1"]}]}]}`, "unresolvable-label", 2, "citation [4] has no entry", "error", "1"},
	{"cell5.ipynb", "{\"cells\": [\n{\"cell_type\": 5, \"source\": \"x\"}]}", "document", 2, `cell 1: "cell_type" is 5, not a string`, "warning", "1"},
	{"latin1.md", "# Caf\xe9\n\nNa\xefve [1].\n\n[1]: https://example.org/1\n", "document", 1, "not valid UTF-8 (byte 0xe9 on line 1, and 1 more): read as Windows-1252", "warning", "1"},
	{"utf16.md", utf16LE("A claim [1] and [3].\n\n[1]: https://example.org/1\n"), "unresolvable-label", 1, "citation [3] has no entry", "error", "1"},
	{"binary.md", "PK\x03\x04\x00\x00", "unreadable-file", 1, "binary file (contains NUL bytes)", "error", "1"},
}

// utf16LE is s in UTF-16, little-endian, with its byte order mark (ASCII
// only), as Windows Notepad saves "Unicode".
func utf16LE(s string) string {
	var b strings.Builder
	b.WriteString("\xff\xfe")
	for _, c := range []byte(s) {
		b.WriteByte(c)
		b.WriteByte(0)
	}
	return b.String()
}

// TestOddFileAmongGood: a tree with one odd file and one good file
// reports both, and no error of the run: a file citelint cannot read is a
// finding on that file (ruff's io-error model), and the exit code is 1 for
// findings, never 3. Before issue 37 every shape here exited 3.
func TestOddFileAmongGood(t *testing.T) {
	for _, tc := range oddFiles {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "good.md", clean)
			write(t, dir, "other.md", broken)
			write(t, dir, tc.name, tc.src)
			code, out, stderr := run(t, dir, "", "run", "--no-config", "--format", "json", dir)
			var rep struct {
				Issues []struct {
					Rule, Path, Message, Severity string
					Line                          int
				}
				Summary struct {
					Files  int
					Errors []any
					Extra  map[string]int
				}
			}
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			if code != ExitIssues || len(rep.Summary.Errors) != 0 || rep.Summary.Files != 3 {
				t.Errorf("exit %d, %d files, errors %v; want exit 1, 3 files, no error\n%s", code, rep.Summary.Files, rep.Summary.Errors, stderr)
			}
			var odd, other int
			for _, is := range rep.Issues {
				switch filepath.Base(is.Path) {
				case tc.name:
					if is.Rule == tc.rule && is.Line == tc.line && strings.HasPrefix(is.Message, tc.msg) && is.Severity == tc.severity {
						odd++
					}
				case "other.md":
					other++
				}
			}
			if odd != 1 || other != 1 {
				t.Errorf("want the odd file's %s at line %d (%q, %s) and other.md's finding; got\n%s", tc.rule, tc.line, tc.msg, tc.severity, out)
			}
			// Alone, its exit code is its finding's: 1, or 0 for a note.
			if code, out, stderr := run(t, dir, "", "run", "--no-config", filepath.Join(dir, tc.name)); fmt.Sprint(code) != tc.exit {
				t.Errorf("%s alone: exit %d, want %s\n%s%s", tc.name, code, tc.exit, out, stderr)
			}
		})
	}
}

// TestOddFileEveryFormat: the finding on a file citelint cannot read is in
// every report format, beside the good file's, and counts toward exit 1.
func TestOddFileEveryFormat(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "good.md", broken)
	write(t, dir, "nb/bad.ipynb", "{\n \"cells\": [\n  {oops}\n ]\n}\n")
	for _, format := range []string{"text", "json", "sarif", "github-actions", "junit-xml", "checkstyle", "code-climate"} {
		code, out, stderr := run(t, dir, "", "run", "--no-config", "--format", format, dir)
		if code != ExitIssues {
			t.Errorf("%s: exit %d, want %d\n%s", format, code, ExitIssues, stderr)
		}
		for _, want := range []string{"unreadable-file", "bad.ipynb", "not a Jupyter notebook: cell 1: invalid character", "good.md", "unresolvable-label"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: %q missing from\n%s", format, want, out)
			}
		}
	}
	// The line of the JSON error, where each format says it.
	_, out, _ := run(t, dir, "", "run", "--no-config", "--format", "github-actions", dir)
	if !strings.Contains(out, "bad.ipynb,line=3,") {
		t.Errorf("github-actions: no annotation at bad.ipynb line 3:\n%s", out)
	}
	_, out, _ = run(t, dir, "", "run", "--no-config", "--format", "text", dir)
	if !strings.Contains(out, "bad.ipynb:3:4: not a Jupyter notebook") || !strings.Contains(out, "1 not read (unreadable-file)") {
		t.Errorf("text:\n%s", out)
	}
}

// TestOddFileRuleDisabled: with unreadable-file disabled, a file that
// cannot be read is a warning on standard error and the summary's count,
// as ruff warns with E902 off; it changes no exit code.
func TestOddFileRuleDisabled(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "good.md", clean)
	write(t, dir, "bad.ipynb", "")
	code, out, stderr := run(t, dir, "", "run", "--no-config", "-D", "unreadable-file", dir)
	if code != ExitOK || !strings.Contains(stderr, "bad.ipynb: not read (unreadable-file is disabled): not a Jupyter notebook: the file is empty") ||
		!strings.Contains(out, "1 not read") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, stderr)
	}
}

// TestOddFileMessageClipped: a 1 MB number where a notebook's cells
// should be is quoted in a few dozen bytes, not whole.
func TestOddFileMessageClipped(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "big.ipynb", `{"cells": `+strings.Repeat("1", 1<<20)+`}`)
	write(t, dir, "cell.ipynb", `{"cells": [{"cell_type": `+strings.Repeat("2", 1<<20)+`}]}`)
	code, out, stderr := run(t, dir, "", "run", "--no-config", "--format", "json", dir)
	if code != ExitIssues || len(out) > 4000 {
		t.Fatalf("exit %d, %d bytes of report\n%.2000s\n%s", code, len(out), out, stderr)
	}
	for _, want := range []string{`found 11111111111111111111111111111111… (1048576 bytes)`, `\"cell_type\" is 22222222222222222222222222222222… (1048576 bytes), not a string`} {
		if !strings.Contains(out, want) {
			t.Errorf("%q missing from\n%s", want, out)
		}
	}
}

// TestDanglingLinkIsFinding: a dangling symbolic link with a document's
// name is a file citelint cannot read: a finding on it, exit 1, the other
// files linted. Before it was a walk error, exit 3.
func TestDanglingLinkIsFinding(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "good.md", clean)
	if err := os.Symlink("missing.md", filepath.Join(dir, "draft.md")); err != nil {
		t.Skip("no symlinks:", err)
	}
	code, out, stderr := run(t, dir, "", "run", "--no-config", dir)
	if code != ExitIssues || !strings.Contains(out, "draft.md:1:1: cannot open the file: no such file or directory (unreadable-file)") ||
		!strings.Contains(out, "2 files checked; 1 not read") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, stderr)
	}
}
