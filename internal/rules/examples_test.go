package rules_test

import (
	"context"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/registrystub"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/httpclient"
	"github.com/citelint/citelint/internal/resolve/verify"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/registry"
	"github.com/citelint/citelint/internal/rules/rulestest"
)

// docExample is the example a rule's Doc gives after a line "Bad:" or
// "Good:": the indented block that follows, unindented ("" when the line
// has text after the colon, or no indented block follows).
func docExample(doc, label string) string {
	lines := strings.Split(doc, "\n")
	for i, l := range lines {
		if l != label+":" {
			continue
		}
		var block []string
		for _, b := range lines[i+1:] {
			if strings.TrimSpace(b) != "" && !strings.HasPrefix(b, "    ") {
				break
			}
			block = append(block, strings.TrimPrefix(b, "    "))
		}
		text := strings.Trim(strings.Join(block, "\n"), "\n")
		if text == "" {
			return ""
		}
		return text + "\n"
	}
	return ""
}

// TestDocExamples runs each rule's documented examples through the engine,
// as `citelint run -E <rule>` would: the Bad example must make the rule
// report, the Good one must not, so docs/rules.md shows what the rule does.
// Registry rules (DOIs, arXiv ids) are answered by the golden tests' stub
// (rulestest.StartRegistry, which knows the examples' identifiers). Rules
// that check web pages or read a source's text are left out: their
// examples name real pages and sources, which tests do not reach.
func TestDocExamples(t *testing.T) {
	stub := rulestest.StartRegistry(t)
	defer stub.Close()
	// Bad examples that do not make their rule report today: the Doc and
	// the rule disagree, a finding to settle (fix the example or the
	// rule), not to hide. The test fails when one starts to report, so
	// the list stays true.
	silentBad := map[string]string{}
	ran := 0
	for _, r := range registry.All() {
		if r.Needs.Has(rules.NeedURL) || r.Needs.Has(rules.NeedSourceText) {
			t.Logf("%s: examples not run (it checks web pages or reads sources)", r.Name)
			continue
		}
		t.Run(r.Name, func(t *testing.T) {
			for _, ex := range []struct {
				label string
				fires bool
			}{{"Bad", true}, {"Good", false}} {
				src := docExample(r.Doc, ex.label)
				if src == "" && !ex.fires && strings.Contains(r.Doc, "\nGood: ") {
					continue // the Good example is advice in prose (retracted-source)
				}
				if src == "" {
					t.Errorf("no %s example: the Doc needs an indented block after a line %q", ex.label, ex.label+":")
					continue
				}
				file := "example.md"
				if strings.HasPrefix(src, "{") {
					file = "example.ipynb" // a notebook's JSON
				}
				o := engine.Options{Lean: true}
				if r.Needs&rules.NeedNetwork != 0 {
					o.Lookups = rulestest.DeclaredOnly(registryLookups(stub, []byte(src)), r.Needs)
				}
				eng, err := engine.New(rulestest.Config(t, r.Name, file), o)
				if err != nil {
					t.Fatal(err)
				}
				report := eng.LintBytes(context.Background(), file, []byte(src))
				for _, e := range report.Summary.Errors {
					t.Fatalf("%s example: %s", ex.label, e.Msg)
				}
				var got []string
				for _, iss := range report.Issues {
					if iss.Rule == r.Name && !iss.Suppressed {
						got = append(got, iss.Message)
					}
				}
				if why, ok := silentBad[r.Name]; ok && ex.fires {
					if len(got) > 0 {
						t.Errorf("the Bad example now reports %q: take %s out of silentBad", got, r.Name)
					} else {
						t.Logf("Bad example does not report (known: %s)", why)
					}
					continue
				}
				if fired := len(got) > 0; fired != ex.fires {
					t.Errorf("%s example: reported %q, want a finding %v:\n%s", ex.label, got, ex.fires, src)
				}
				ran++
			}
		})
	}
	if ran == 0 {
		t.Error("no example ran")
	}
}

// registryLookups answers src's identifiers from the stub's
// registries (never a web page); the rule reads only what it declares
// (rulestest.DeclaredOnly, as in the golden tests).
func registryLookups(stub *registrystub.Server, src []byte) rules.Lookups {
	doc := markdown.Parse(src, markdown.Options{})
	resolve.Resolve(doc, resolve.NewEnv(nil))
	v := verify.New(verify.Options{
		Client: httpclient.Options{AllowPrivate: true, Retries: -1, OtherHosts: httpclient.HostLimit{Concurrency: 8}},
		DOIURL: stub.URL, CrossrefURL: stub.URL, DataCiteURL: stub.URL, ArXivURL: stub.URL,
		Needs: verify.Needs{DOI: true, Metadata: true, ArXiv: true}, // as the goldens, less the web pages
	})
	req := verify.NewRequest()
	req.Collect(doc)
	return v.Run(context.Background(), req)
}

// TestDocExample: how an example is read from a Doc.
func TestDocExample(t *testing.T) {
	doc := "Text.\n\nBad:\n\n    a [1].\n\n    ## References\n\nGood: say what happened.\n\nMore:\n"
	if got, want := docExample(doc, "Bad"), "a [1].\n\n## References\n"; got != want {
		t.Errorf("Bad: %q, want %q", got, want)
	}
	if got := docExample(doc, "Good"); got != "" {
		t.Errorf("Good (prose, no block): %q, want none", got)
	}
}
