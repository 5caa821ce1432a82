package rules_test

import (
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/registry"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite docs/rules.md")

// TestDocsCurrent keeps docs/rules.md in step with the code.
func TestDocsCurrent(t *testing.T) {
	want := rules.Markdown(registry.All())
	if *updateDocs {
		if err := os.WriteFile("../../docs/rules.md", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatalf("%v (run: go test ./internal/rules -update-docs)", err)
	}
	if string(got) != want {
		t.Error("docs/rules.md is stale: run go test ./internal/rules -update-docs")
	}
}

var kebab = regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)

// TestRuleMetadata checks every rule describes itself fully.
func TestRuleMetadata(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range registry.All() {
		if !kebab.MatchString(r.Name) || seen[r.Name] {
			t.Errorf("bad or duplicate rule name %q", r.Name)
		}
		seen[r.Name] = true
		if r.Summary == "" || strings.HasSuffix(r.Summary, ".") {
			t.Errorf("%s: summary must be one line without a final period", r.Name)
		}
		if !strings.Contains(r.Doc, "Bad:") || !strings.Contains(r.Doc, "Good:") {
			t.Errorf("%s: doc needs a Bad: and a Good: example", r.Name)
		}
		if r.Severity == 0 || len(r.Tags) == 0 || r.Check == nil {
			t.Errorf("%s: severity, tags and check are required", r.Name)
		}
		if got, want := r.HasTag(rules.TagNetwork), r.Needs&rules.NeedNetwork != 0; got != want {
			t.Errorf("%s: tagged network is %v but declares network needs %v: a network rule must declare its lookups in Needs", r.Name, got, want)
		}
		if got, want := r.HasTag(rules.TagSources), r.Needs.Has(rules.NeedSourceText); got != want {
			t.Errorf("%s: tagged sources is %v but declares rules.NeedSourceText %v", r.Name, got, want)
		}
		if r.NewSettings != nil && r.NewSettings() == r.NewSettings() {
			t.Errorf("%s: NewSettings must return a fresh value each call", r.Name)
		}
		if s := r.DefaultSettings(); (s == nil) != (r.NewSettings == nil) || s != nil && s == r.DefaultSettings() {
			t.Errorf("%s: DefaultSettings must be a fresh NewSettings value, or nil without NewSettings", r.Name)
		}
	}
}
