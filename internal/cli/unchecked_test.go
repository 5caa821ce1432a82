package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestUncheckedKeysInSummary: keys nothing can check (no bibliography for
// [@key] and {cite}, no source store for [id:x]) are not reported, and the
// summary counts them, in text and JSON, with how to have them checked
// (issue 37: docs/rules.md said so, the summary did not). A bibliography
// named in .citelint.yaml checks them, and a typo is then reported.
func TestUncheckedKeysInSummary(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".git/HEAD", "")
	write(t, dir, "refs.bib", "@article{smith2020, title = {A title}, year = {2020}}\n")
	docs := filepath.Dir(write(t, dir, "docs/a.md", "Pandoc [@smith2020], a typo [@smtih2020] and MyST {cite}`smith2020`.\n\nA RAG key [id:doc1].\n"))
	code, stdout, stderr := run(t, dir, "", "run", "--no-config", docs)
	if code != ExitOK {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	const keys = "4 citation keys unchecked (no bibliography read could check [@key] and {cite} keys: set bibliography: in .citelint.yaml or pass --bibliography FILE; no source store for RAG keys: pass --sources FILE|DIR)"
	if !strings.Contains(stdout, "0 issues; 1 file checked; "+keys+".") {
		t.Errorf("text summary:\n%s", stdout)
	}
	_, stdout, _ = run(t, dir, "", "run", "--no-config", "--format", "json", docs)
	var rep struct {
		Summary struct {
			Unchecked     *int   `json:"unchecked"`
			UncheckedHint string `json:"unchecked_hint"`
		} `json:"summary"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err, stdout)
	}
	if rep.Summary.Unchecked == nil || *rep.Summary.Unchecked != 4 || !strings.Contains(rep.Summary.UncheckedHint, "--bibliography FILE") || !strings.Contains(rep.Summary.UncheckedHint, "--sources") {
		t.Errorf("JSON summary: %s", stdout)
	}

	write(t, dir, ".citelint.yaml", "version: \"1\"\nbibliography: refs.bib\n")
	code, stdout, stderr = run(t, dir, "", "run", docs)
	if code != ExitIssues || !strings.Contains(stdout, `citation key "smtih2020" has no bibliography entry`) ||
		!strings.Contains(stdout, "1 file checked; 1 citation key unchecked (no source store for RAG keys: pass --sources FILE|DIR).") {
		t.Errorf("with the config's bibliography: exit %d\n%s%s", code, stdout, stderr)
	}
	_, stdout, _ = run(t, dir, "", "run", "--format", "json", "--sources", docs, docs)
	if !strings.Contains(stdout, `"unchecked": 0,`) || strings.Contains(stdout, "unchecked_hint") {
		t.Errorf("nothing unchecked: %s", stdout)
	}
}
