package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// run executes citelint in-process in dir and returns the exit code, stdout and stderr.
func run(t *testing.T, dir string, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(args, Env{
		Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb,
		Getenv: func(string) string { return "" },
		Getwd:  func() (string, error) { return dir, nil },
	})
	return code, out.String(), errb.String()
}

func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const clean = "A claim [1].\n\n[1]: https://example.org/1\n"
const broken = "A claim [1] and [7].\n\n[1]: https://example.org/1\n"

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	ok := write(t, dir, "ok.md", clean)
	bad := write(t, dir, "bad.md", broken)
	bin := write(t, dir, "bin.md", "abc\x00def")
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"clean", []string{"run", "--no-config", ok}, ExitOK},
		{"issues", []string{"run", "--no-config", bad}, ExitIssues},
		{"issues exit code", []string{"run", "--no-config", "--issues-exit-code", "0", bad}, ExitOK},
		{"fail level above the issue", []string{"run", "--no-config", "--fail-level", "error", "-D", "unresolvable-label", bad}, ExitOK},
		{"flags after paths", []string{"run", bad, "--no-config", "--enable-only", "unused-reference"}, ExitOK},
		{"unknown rule", []string{"run", "--no-config", "-E", "nope", ok}, ExitUsage},
		{"unknown flag", []string{"run", "--nope", ok}, ExitUsage},
		{"unknown command", []string{"frobnicate"}, ExitUsage},
		{"binary file is a finding, others still linted", []string{"run", "--no-config", ok, bin}, ExitIssues},
		{"binary file, its rule disabled", []string{"run", "--no-config", "-D", "unreadable-file", ok, bin}, ExitOK},
		{"missing path", []string{"run", "--no-config", filepath.Join(dir, "missing.md")}, ExitFailure},
		{"no files", []string{"run", "--no-config", t.TempDir()}, ExitNoFiles},
		{"bad fail level", []string{"run", "--no-config", "--fail-level", "fatal", ok}, ExitUsage},
		{"version", []string{"version"}, ExitOK},
		{"rules", []string{"rules"}, ExitOK},
		{"rule", []string{"rule", "unresolvable-label"}, ExitOK},
		{"unknown rule doc", []string{"rule", "nope"}, ExitUsage},
	}
	for _, tt := range tests {
		code, out, errs := run(t, dir, "", tt.args...)
		if code != tt.want {
			t.Errorf("%s: exit %d, want %d\nstdout: %s\nstderr: %s", tt.name, code, tt.want, out, errs)
		}
	}
}

func TestRunTextOutputAndStdin(t *testing.T) {
	dir := t.TempDir()
	code, out, _ := run(t, dir, broken, "run", "--no-config", "-")
	if code != ExitIssues || !strings.Contains(out, "-:1:17: citation [7]") || !strings.Contains(out, "(unresolvable-label)") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
}

func TestRunJSON(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "bad.md", broken)
	_, out, _ := run(t, dir, "", "run", "--no-config", "--format", "json", p)
	var doc struct {
		Issues []struct {
			Rule           string `json:"rule"`
			Line, Column   int
			EndLine        int `json:"end_line"`
			EndColumn      int `json:"end_column"`
			Severity, Path string
		} `json:"issues"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if len(doc.Issues) != 1 || doc.Issues[0].Rule != "unresolvable-label" || doc.Issues[0].Line != 1 || doc.Issues[0].Column != 17 || doc.Issues[0].EndColumn != 20 || doc.Issues[0].Severity != "error" {
		t.Errorf("issues = %+v", doc.Issues)
	}
}

func TestConfigFileIsFoundAndValidated(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "docs/bad.md", broken)
	write(t, dir, ".citelint.yaml", "version: \"1\"\nrules:\n  disable: [unresolvable-label]\n")
	if code, out, errs := run(t, dir, "", "run", p); code != ExitOK {
		t.Errorf("config not applied: exit %d\n%s%s", code, out, errs)
	}
	write(t, dir, ".citelint.yaml", "version: \"1\"\nrules:\n  enabel: [x]\n")
	code, _, errs := run(t, dir, "", "run", p)
	if code != ExitUsage || !strings.Contains(errs, ".citelint.yaml:3:3") || !strings.Contains(errs, `did you mean "enable"`) {
		t.Errorf("exit %d, stderr: %s", code, errs)
	}
	if code, _, _ := run(t, dir, "", "config", "verify"); code != ExitUsage {
		t.Errorf("config verify accepted a bad file")
	}
}

func TestExtractJSON(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "r.md", "Claim [1, 2]. Next (Smith, 2020).\n\n## References\n\n[1] A, https://doi.org/10.1000/A\n[2] B, arXiv:2411.04368\n")
	code, out, errs := run(t, dir, "", "extract", "--no-config", "--format", "json", p)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var doc struct {
		Files []struct {
			Summary   map[string]int
			Citations []map[string]any
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	f := doc.Files[0]
	if f.Summary["claims"] != 2 || f.Summary["citations"] != 3 || f.Summary["references"] != 2 {
		t.Errorf("summary = %v", f.Summary)
	}
	c := f.Citations[1]
	if c["kind"] != "numeric" || c["raw"] != "[1, 2]" || c["label"] != "2" || c["target"] != "arxiv:2411.04368" || c["column"].(float64) != 11 || c["claim"].(float64) != 0 {
		t.Errorf("citation = %v", c)
	}
}
