// Package rulestest runs rules in tests, as go/analysis's analysistest
// does analyzers: Golden runs a package's rules on their testdata/<rule>/
// files through the engine and checks the want comments there; Config,
// DeclaredOnly and StartRegistry are its parts, for the tests of one rule.
package rulestest

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/evidence"
	"github.com/citelint/citelint/internal/fix"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/registrystub"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/httpclient"
	"github.com/citelint/citelint/internal/resolve/verify"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/registry"
	"github.com/citelint/citelint/internal/wanttest"
	"github.com/citelint/citelint/result"
)

//go:embed registry.json
var registryJSON []byte

// StartRegistry starts one loopback fake of every registry (doi.org,
// Crossref, DataCite, arXiv), answering what registry.json describes: the
// identifiers the network rules' goldens and documented examples name.
func StartRegistry(t testing.TB) *registrystub.Server {
	t.Helper()
	var reg registrystub.Registry
	if err := json.Unmarshal(registryJSON, &reg); err != nil {
		t.Fatal(err)
	}
	return registrystub.Start(reg)
}

// Golden runs each rule of the calling test's package on its golden files,
// testdata/<rule>/*.md (and *.ipynb, whose want comments sit between JSON
// values or inside a cell's text, where their blanking keeps the JSON as
// it was), through the engine, as `citelint run -E <rule>` would, and
// checks its issues against the <!-- want rule "message regexp" -->
// comments. FILE.sources.jsonl, else a sources.jsonl in the folder, is
// loaded as the source store, and *.bib files in the folder as the
// bibliography; FILE.settings.yaml holds the rule's settings for FILE, as
// the config's rules.settings would; FILE.fixed holds the expected result
// of applying the safe fixes. Network rules run against one fake of every
// registry (registry.json, StartRegistry).
//
// The rules are the registered ones whose folder is in testdata/; a folder
// there that names no rule fails (a typo, or a rule since renamed). That
// every rule has goldens is registry's TestEveryRuleRegistered.
func Golden(t *testing.T) {
	t.Helper()
	dirs, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		if _, ok := registry.Lookup(d.Name()); !ok {
			t.Errorf("testdata/%s names no rule in registry.go", d.Name())
		}
	}
	for _, r := range registry.All() {
		dir := filepath.Join("testdata", r.Name)
		if _, err := os.Stat(dir); err != nil {
			continue // another package's rule
		}
		ran++
		t.Run(r.Name, func(t *testing.T) {
			files, _ := filepath.Glob(filepath.Join(dir, "*.md"))
			notebooks, _ := filepath.Glob(filepath.Join(dir, "*.ipynb"))
			files = append(files, notebooks...)
			if len(files) == 0 {
				t.Fatalf("rule %s has no golden tests in %s", r.Name, dir)
			}
			// Lean: sentences only for rules that declare NeedClaims, as
			// in a run that prints text.
			o := engine.Options{Lean: true}
			if _, err := os.Stat(filepath.Join(dir, "sources.jsonl")); err == nil {
				o.Sources = filepath.Join(dir, "sources.jsonl")
			}
			o.Bibliographies, _ = filepath.Glob(filepath.Join(dir, "*.bib"))
			if r.Needs.Has(rules.NeedSourceText) {
				// Claim-support rules read the folder's sources.jsonl (the
				// store), bibliography abstracts and local files next to FILE.
				o.Evidence = &evidence.Finder{ReadLocal: true}
			}
			var stub *registrystub.Server
			if r.Needs&rules.NeedNetwork != 0 {
				stub = StartRegistry(t)
				defer stub.Close()
			}
			for _, f := range files {
				fo := o
				if _, err := os.Stat(f + ".sources.jsonl"); err == nil {
					fo.Sources = f + ".sources.jsonl"
				}
				runGolden(t, r, fo, f, stub)
			}
		})
	}
	if ran == 0 {
		t.Error("no folder of testdata/ names a registered rule")
	}
}

func runGolden(t *testing.T, r *rules.Rule, o engine.Options, file string, stub *registrystub.Server) {
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
	if stub != nil {
		// Only the lookups the rule declares are answered, as in a
		// run: a rule that forgets to declare one finds nothing.
		o.Lookups = DeclaredOnly(lookupAll(t, stub, src), r.Needs)
	}
	eng, err := engine.New(Config(t, r.Name, file), o)
	if err != nil {
		t.Fatal(err)
	}
	report := eng.LintBytes(context.Background(), file, src)
	for _, e := range report.Summary.Errors {
		t.Fatalf("%s: %s", file, e.Msg)
	}
	idx := result.NewLineIndex(src)
	var got []wanttest.Got
	var fixes []*result.Fix
	for _, iss := range report.Issues {
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

// Config is the config that runs rule alone, with FILE.settings.yaml
// as its settings when there is one: the config package decodes and checks
// them as it does a .citelint.yaml's.
func Config(t *testing.T, rule, file string) *config.Config {
	t.Helper()
	y := "version: \"1\"\nrules:\n  default: none\n  enable: [" + rule + "]\n"
	if b, err := os.ReadFile(file + ".settings.yaml"); err == nil {
		y += "  settings:\n    " + rule + ":\n"
		for _, line := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
			y += "      " + line + "\n"
		}
	}
	cfg, err := config.Parse(file+".settings.yaml", []byte(y), engine.ConfigOptions())
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// lookupAll resolves every identifier of src against the stub, through the
// same verify package the CLI's network pass uses, which collects them from
// the parsed document before linting.
func lookupAll(t *testing.T, stub *registrystub.Server, src []byte) rules.Lookups {
	t.Helper()
	doc := markdown.Parse(src, markdown.Options{})
	resolve.Resolve(doc, resolve.NewEnv(nil)) // no network rule's folder has a bibliography
	v := verify.New(verify.Options{
		Client: httpclient.Options{AllowPrivate: true, Retries: -1, OtherHosts: httpclient.HostLimit{Concurrency: 8}},
		DOIURL: stub.URL, CrossrefURL: stub.URL, DataCiteURL: stub.URL, ArXivURL: stub.URL,
		Needs: verify.Needs{DOI: true, Metadata: true, ArXiv: true, URL: true},
	})
	req := verify.NewRequest()
	req.Collect(doc)
	return v.Run(context.Background(), req)
}

// DeclaredOnly answers only the lookups of needs from l, as a run that
// derives its network plan from the enabled rules' declarations does: a
// rule that forgets to declare one finds nothing.
func DeclaredOnly(l rules.Lookups, needs rules.Need) rules.Lookups {
	return declaredOnly{l, needs}
}

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
