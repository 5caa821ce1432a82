package rules_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citelint/citelint/bib"
	"github.com/citelint/citelint/evidence"
	"github.com/citelint/citelint/fix"
	"github.com/citelint/citelint/internal/registrystub"
	"github.com/citelint/citelint/internal/wanttest"
	"github.com/citelint/citelint/markdown"
	"github.com/citelint/citelint/resolve"
	"github.com/citelint/citelint/resolve/httpclient"
	"github.com/citelint/citelint/resolve/verify"
	"github.com/citelint/citelint/result"
	"github.com/citelint/citelint/rules"
	"github.com/citelint/citelint/sources"
	"github.com/citelint/citelint/suppress"
	"go.yaml.in/yaml/v3"
)

// TestRulesGolden runs each rule on testdata/<rule>/*.md and checks its
// issues against the <!-- want rule "message regexp" --> comments. A
// sources.jsonl or *.bib file in the folder is loaded as the source store or
// bibliography; FILE.settings.yaml overrides the rule's settings for FILE;
// FILE.fixed holds the expected result of applying the safe fixes.
func TestRulesGolden(t *testing.T) {
	for _, r := range rules.All() {
		t.Run(r.Name, func(t *testing.T) {
			dir := filepath.Join("testdata", r.Name)
			files, _ := filepath.Glob(filepath.Join(dir, "*.md"))
			if len(files) == 0 {
				t.Fatalf("rule %s has no golden tests in %s", r.Name, dir)
			}
			env := resolve.NewEnv(nil)
			if _, err := os.Stat(filepath.Join(dir, "sources.jsonl")); err == nil {
				st, err := sources.Load(filepath.Join(dir, "sources.jsonl"))
				if err != nil {
					t.Fatal(err)
				}
				env.Sources = st
			}
			bibs, _ := filepath.Glob(filepath.Join(dir, "*.bib"))
			for _, b := range bibs {
				entries, err := bib.Load(b)
				if err != nil {
					t.Fatal(err)
				}
				env.AddBibliography(b, entries)
			}
			var stub *registrystub.Server
			// Network rules run against one fake of every registry,
			// described in testdata/registry.json.
			if b, err := os.ReadFile(filepath.Join("testdata", "registry.json")); err == nil && r.Needs&rules.NeedNetwork != 0 {
				var reg registrystub.Registry
				if err := json.Unmarshal(b, &reg); err != nil {
					t.Fatal(err)
				}
				stub = registrystub.Start(reg)
				defer stub.Close()
			}
			for _, f := range files {
				runGolden(t, r, env, f, stub)
			}
		})
	}
}

func runGolden(t *testing.T, r *rules.Rule, env *resolve.Env, file string, stub *registrystub.Server) {
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if stub != nil {
		// Documents write the stub's address as http://STUB.
		raw = bytes.ReplaceAll(raw, []byte("http://STUB"), []byte(stub.URL))
	}
	wants, src, err := wanttest.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	settings := r.DefaultSettings()
	if settings != nil {
		if b, err := os.ReadFile(file + ".settings.yaml"); err == nil {
			if err := yaml.Unmarshal(b, settings); err != nil {
				t.Fatal(err)
			}
		}
	}
	doc := markdown.Parse(src, markdown.Options{KnownKey: env.KnownKey})
	resolve.Resolve(doc, env)
	ruleEnv := &rules.Env{}
	if stub != nil {
		// Only the lookups the rule declares are answered, as in a
		// run: a rule that forgets to declare one finds nothing.
		ruleEnv.Lookups = declaredOnly{lookupAll(t, stub, doc), r.Needs}
	}
	if r.Needs.Has(rules.NeedSourceText) {
		// Claim-support rules read the folder's sources.jsonl (the
		// store), bibliography abstracts and local files next to FILE.
		ruleEnv.Evidence = &evidence.Finder{ReadLocal: true}
		ruleEnv.Support = &rules.SupportStats{}
	}
	idx := result.NewLineIndex(src)
	var issues []result.Issue
	if r.Needs.Has(rules.NeedSuppressions) {
		// As in a run: the rule reads the outcome of suppression.
		sr := suppress.Apply(doc, idx, file, nil, rules.Known)
		issues, err = rules.RunPass(&rules.Pass{Rule: r, Path: file, Doc: doc, Settings: settings, Env: ruleEnv, Suppression: &sr})
	} else {
		issues, err = rules.Run(r, file, doc, settings, ruleEnv)
	}
	if err != nil {
		t.Fatal(err)
	}
	if !r.Needs.Has(rules.NeedSuppressions) {
		// Directive errors are invalid-suppression's to report.
		sr := suppress.Apply(doc, idx, file, issues, rules.Known)
		issues = nil
		for _, iss := range sr.Issues {
			if iss.Rule != suppress.DirectiveRule {
				issues = append(issues, iss)
			}
		}
	}
	var got []wanttest.Got
	var fixes []*result.Fix
	for _, iss := range issues {
		if iss.Suppressed {
			continue
		}
		if iss.Start < 0 || iss.End > len(src) || iss.Start > iss.End {
			t.Errorf("%s: issue span out of range: %+v", file, iss)
		}
		got = append(got, wanttest.Got{Line: idx.Position(iss.Start).Line, Key: iss.Rule, Msg: iss.Message})
		fixes = append(fixes, iss.Fix)
	}
	wanttest.Check(t, file, wants, got)

	want, err := os.ReadFile(file + ".fixed")
	if err != nil {
		return
	}
	_, wantClean, _ := wanttest.Parse(want)
	fixed, _ := fix.Apply(src, fixes, false)
	if normalise(string(fixed)) != normalise(string(wantClean)) {
		t.Errorf("%s: fixed output differs:\n%s\nwant:\n%s", file, fixed, wantClean)
	}
}

// lookupAll resolves every identifier of doc against the stub, through the
// same verify package the CLI uses.
func lookupAll(t *testing.T, stub *registrystub.Server, doc *markdown.Document) rules.Lookups {
	t.Helper()
	v := verify.New(verify.Options{
		Client: httpclient.Options{AllowPrivate: true, Retries: -1, OtherHosts: httpclient.HostLimit{Concurrency: 8}},
		DOIURL: stub.URL, CrossrefURL: stub.URL, DataCiteURL: stub.URL, ArXivURL: stub.URL,
		Needs: verify.Needs{DOI: true, Metadata: true, ArXiv: true, URL: true},
	})
	req := verify.NewRequest()
	req.Collect(doc)
	return v.Run(context.Background(), req)
}

// declaredOnly answers only the lookups of needs, as a run that derives
// its network plan from the enabled rules' declarations does.
type declaredOnly struct {
	l     rules.Lookups
	needs rules.Need
}

func (d declaredOnly) DOI(id string) (resolve.Lookup, bool) {
	if !d.needs.Has(rules.NeedDOI) {
		return resolve.Lookup{}, false
	}
	return d.l.DOI(id)
}

func (d declaredOnly) Metadata(id string) (resolve.Lookup, bool) {
	if !d.needs.Has(rules.NeedMetadata) {
		return resolve.Lookup{}, false
	}
	return d.l.Metadata(id)
}

func (d declaredOnly) ArXiv(id string) (resolve.Lookup, bool) {
	if !d.needs.Has(rules.NeedArXiv) {
		return resolve.Lookup{}, false
	}
	return d.l.ArXiv(id)
}

func (d declaredOnly) URL(u string) (resolve.Lookup, bool) {
	if !d.needs.Has(rules.NeedURL) {
		return resolve.Lookup{}, false
	}
	return d.l.URL(u)
}

// PageText is fetched for claim-support rules, which never run against
// the stub; no rule reads it directly.
func (d declaredOnly) PageText(u string) (resolve.Lookup, bool) {
	if !d.needs.Has(rules.NeedSourceText) {
		return resolve.Lookup{}, false
	}
	return d.l.PageText(u)
}

// normalise folds runs of spaces left where want comments were blanked.
func normalise(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}
