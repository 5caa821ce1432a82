package lsp_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/citelint/citelint/internal/lsp"
)

// TestDiagnosticDetails: every diagnostic links to its rule's section of
// docs/rules.md (codeDescription, SARIF's helpUri); a duplicate points at
// the first entry (relatedInformation); the rules that report unused text
// tag it Unnecessary and no other does, and nothing is tagged Deprecated;
// each carries the version it was computed for (data).
func TestDiagnosticDetails(t *testing.T) {
	const text = "Cited [1] and [2] and [9].\n\n## References\n\n[1] Smith. Title. https://doi.org/10.1000/a\n[2] Jones. Other. https://doi.org/10.1000/b\n[3] Smith. Title again. https://doi.org/10.1000/a\n[2] Lee. Third. 2022.\n\n<!-- citelint-disable-next-line uncited-claim -->\nNo claim here.\n"
	type related struct {
		line, col int
		msg       string
	}
	for _, tt := range []struct {
		rule     string
		line     int
		unneeded bool
		related  []related
	}{
		{rule: "unresolvable-label", line: 0},
		{rule: "duplicate-reference", line: 6, related: []related{{4, 1, "the first entry of doi:10.1000/a"}}},
		{rule: "duplicate-reference", line: 7, related: []related{{5, 1, "the first definition, which wins"}}},
		{rule: "unused-reference", line: 6, unneeded: true},
		{rule: "unused-suppression", line: 9, unneeded: true},
	} {
		t.Run(tt.rule, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "d.md")
			if err := os.WriteFile(filepath.Join(dir, ".citelint.yaml"), []byte("version: \"1\"\nrules:\n  enable: [unused-suppression]\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			c := startClient(t, dir, lsp.Options{Debounce: -1})
			c.initialize(nil, nil)
			var found *testDiag
			got := c.open(path, text)
			for i, d := range got.Diagnostics {
				if d.Code == tt.rule && int(d.Range.Start.Line) == tt.line {
					found = &got.Diagnostics[i]
				}
			}
			if found == nil {
				t.Fatalf("no %s on line %d: %v", tt.rule, tt.line, diagKeys(got.Diagnostics))
			}
			if want := "https://github.com/citelint/citelint/blob/main/docs/rules.md#" + tt.rule; found.CodeDescription == nil || found.CodeDescription.HRef != want {
				t.Errorf("codeDescription %+v, want %s", found.CodeDescription, want)
			}
			wantTags := "[]"
			if tt.unneeded {
				wantTags = "[1]" // DiagnosticTag.Unnecessary
			}
			if b, _ := json.Marshal(append([]int{}, found.Tags...)); string(b) != wantTags {
				t.Errorf("tags %s, want %s", b, wantTags)
			}
			var rel []related
			for _, r := range found.RelatedInformation {
				if r.Location.URI != fileURI(path) {
					t.Errorf("related location in %s", r.Location.URI)
				}
				rel = append(rel, related{int(r.Location.Range.Start.Line), int(r.Location.Range.Start.Character), r.Message})
			}
			if b, w := jsonOf(rel), jsonOf(tt.related); b != w {
				t.Errorf("relatedInformation %s, want %s", b, w)
			}
			var data struct{ Version int }
			if json.Unmarshal(found.Data, &data) != nil || data.Version != 1 {
				t.Errorf("data %s, want version 1", found.Data)
			}
			c.shutdown()
		})
	}
}

func jsonOf(v any) string {
	s := fmt.Sprintf("%+v", v)
	if s == "[]" || s == "<nil>" {
		return "[]"
	}
	return s
}
