package cli

import (
	"path/filepath"
	"testing"
)

// TestTextStreamedEqualsBatch checks that the text and JSON reports printed
// file by file as results come (one format) are the reports printed from the
// whole run (a second format makes run hold every result), with limits,
// exclusions, severity overrides, suppressions, a path prefix and a file
// that cannot be linted.
func TestTextStreamedEqualsBatch(t *testing.T) {
	dir := t.TempDir()
	doc := "# Report\n\nThe market grew 40% in 2023 [1][9]. Revenue reached $5 billion in 2024 [2].\n" +
		"Costs fell 12% between 2020 and 2022 while Acme and Globex expanded.\n\n" +
		"Sales rose 7% in 2021 [7]. <!-- citelint-disable-line unresolvable-label -->\n\n" +
		"## References\n\n1. A, https://example.org/a\n2. B, https://example.org/a\n3. C, https://example.org/c\n"
	for _, name := range []string{"a.md", "b/c.md", "b/d.md", "docs/e.md", "f.md"} {
		write(t, dir, name, doc)
	}
	write(t, dir, "bin.md", "PK\x03\x04\x00\x00binary")
	write(t, dir, ".citelint.yaml", `version: "1"
exclusions:
  rules:
    - path: "docs/**"
      rules: [uncited-claim]
severity:
  rules:
    - rules: [duplicate-reference]
      severity: note
issues:
  max-per-rule: 4
  max-same: 2
`)
	cfg := filepath.Join(dir, ".citelint.yaml")
	for _, format := range []string{"text", "json"} {
		// A second format, written to a file, makes run hold the whole run.
		other := "text:" + filepath.Join(dir, "report.txt")
		if format == "text" {
			other = "json:" + filepath.Join(dir, "report.json")
		}
		for _, extra := range [][]string{nil, {"--path-prefix", "sub"}, {"--fail-level", "error"}, {"--color", "always"}} {
			args := append([]string{"run", "--config", cfg}, extra...)
			code1, out1, err1 := run(t, dir, "", append(append(args, "--format", format), dir)...)
			code2, out2, err2 := run(t, dir, "", append(append(args, "--format", format, "--format", other), dir)...)
			if out1 != out2 || err1 != err2 || code1 != code2 {
				t.Errorf("%s %v: streamed (exit %d):\n%s%s\nbatch (exit %d):\n%s%s", format, extra, code1, out1, err1, code2, out2, err2)
			}
			if len(out1) < 200 {
				t.Errorf("%s %v: suspiciously short report:\n%s", format, extra, out1)
			}
		}
	}
}
