package format

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// TestCodeClimateFingerprintsPinned pins code-climate's fingerprints as
// of commit 537a6cd: GitLab tracks an issue across pipelines by it, so a
// faster way of computing it must give the same bytes. Each issue comes
// twice: the second of two identical issues gets its own.
func TestCodeClimateFingerprintsPinned(t *testing.T) {
	lines := [][3]string{
		{"unresolvable-label", "docs/a.md", "A claim [7]."},
		{"uncited-claim", "reports/r.md", "\t Sales rose 40% in 2020 — a record 😀.  "},
		{"dead-link", "x/ü b.md", ""},
		{"unresolvable-label", "-", "   "},
		{"non-canonical-doi", "a.md", "See http://dx.doi.org/10.1000/x and [1].\r"},
	}
	want := []string{
		"db4cf8bd7be460738620954ebf583afd", "db759bf214bab8f7b14f2b8b62061818",
		"1ef8ee80ceb2f76390ea571dec3fab98", "e206ce7271629f22dacdfb8784f24c5e",
		"716b5625f00906680b9a88c43c702137", "effb2c7ab781c19683a6088720083a0e",
		"445b13f757b0418274602e7b114beedc", "3e86417e31f412bd2f69b58fb791ca3b",
		"71803661897bc569f09addb2822d1778", "6c9fa27da11d88456a37a0ab34709b8f",
	}
	var issues []result.Issue
	for i, c := range lines {
		iss := result.Issue{Rule: c[0], Path: c[1], SourceLine: c[2], Message: fmt.Sprintf("m%d", i%2), Pos: result.Position{Line: i + 1, Column: 1}}
		issues = append(issues, iss, iss)
	}
	var cc []codeClimateIssue
	if err := json.Unmarshal(render(t, "code-climate", &output.Report{Issues: issues}, Options{}), &cc); err != nil {
		t.Fatal(err)
	}
	if len(cc) != len(want) {
		t.Fatalf("%d issues, want %d", len(cc), len(want))
	}
	for i := range want {
		if cc[i].Fingerprint != want[i] {
			t.Errorf("issue %d: fingerprint %s, want %s", i, cc[i].Fingerprint, want[i])
		}
	}
}
