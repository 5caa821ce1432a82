package eval

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/registrystub"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/httpclient"
	"github.com/citelint/citelint/internal/resolve/verify"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/identifiers"
)

type hallmarkEntry struct {
	Label    string            `json:"label"`
	Type     string            `json:"hallucination_type"`
	Fields   map[string]string `json:"fields"`
	Subtests map[string]*bool  `json:"subtests"`
}

func loadHallmark(t *testing.T) []hallmarkEntry {
	dir := corpus.Path(t, "labelled", "hallmark")
	var out []hallmarkEntry
	for _, name := range []string{"dev_public.jsonl", "journal_articles.jsonl"} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var e hallmarkEntry
			if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
				t.Fatal(err)
			}
			if e.Fields["title"] != "" && !strings.HasPrefix(e.Fields["title"], "HALLMARK BENCHMARK") {
				out = append(out, e)
			}
		}
		f.Close()
	}
	return out
}

// render writes an entry the way a reference list in Markdown would.
func (e hallmarkEntry) render() string {
	f := e.Fields
	authors := strings.ReplaceAll(f["author"], " and ", ", ")
	s := fmt.Sprintf("%s (%s). %s.", authors, f["year"], f["title"])
	if v := f["journal"] + f["booktitle"]; v != "" {
		s += " " + v + "."
	}
	switch {
	case f["doi"] != "":
		s += " https://doi.org/" + f["doi"]
	case f["url"] != "":
		s += " " + f["url"]
	}
	return s
}

// TestHallmark measures, on HALLMARK's labelled BibTeX entries (real and
// fabricated references) rendered as a Markdown reference list:
//   - the offline malformed-identifier rule;
//   - dead-doi and reference-mismatch against a stub registry built from
//     the labels: VALID entries' DOIs resolve to their own metadata; a
//     fabricated entry's DOI resolves when HALLMARK's doi_resolves subtest
//     says it does, to the VALID entry's record when the dataset has one.
//
// It reports catches per hallucination type and false positives on VALID
// entries. Only counts are logged; the test fails on a false positive
// ratio above 2% so regressions show.
func TestHallmark(t *testing.T) {
	entries := loadHallmark(t)
	reg := registrystub.Registry{DOIs: map[string]*registrystub.Work{}}
	work := func(e hallmarkEntry) *registrystub.Work {
		var y int
		fmt.Sscan(e.Fields["year"], &y)
		return &registrystub.Work{Title: e.Fields["title"], Authors: strings.Split(e.Fields["author"], " and "), Year: y}
	}
	for _, e := range entries {
		if d := strings.ToLower(e.Fields["doi"]); d != "" && e.Label == "VALID" {
			reg.DOIs[d] = work(e)
		}
	}
	for _, e := range entries {
		d := strings.ToLower(e.Fields["doi"])
		if d == "" || e.Label == "VALID" {
			continue
		}
		if r := e.Subtests["doi_resolves"]; r != nil && *r {
			if _, ok := reg.DOIs[d]; !ok {
				reg.DOIs[d] = nil // exists; the dataset does not say whose it is
			}
		}
	}
	stub := registrystub.Start(reg)
	defer stub.Close()

	var b strings.Builder
	b.WriteString("A claim.\n\n## References\n\n")
	for i, e := range entries {
		fmt.Fprintf(&b, "%d. %s\n", i+1, e.render())
	}
	src := []byte(b.String())
	doc := markdown.Parse(src, markdown.Options{})
	resolve.Resolve(doc, resolve.NewEnv(nil))
	entryOfLine := func(line int) int { return line - 5 } // "1." is on line 5

	v := verify.New(verify.Options{
		Client: httpclient.Options{AllowPrivate: true, OtherHosts: httpclient.HostLimit{Concurrency: 16}},
		DOIURL: stub.URL, CrossrefURL: stub.URL, DataCiteURL: stub.URL, ArXivURL: stub.URL,
		Needs: verify.Needs{DOI: true, Metadata: true, ArXiv: true},
	})
	req := verify.NewRequest()
	req.Collect(doc)
	env := &rules.Env{Lookups: v.Run(context.Background(), req)}

	type tally struct{ n, malformed, dead, mismatch, any int }
	byType := map[string]*tally{}
	flagged := map[string]map[int]bool{}
	for _, r := range []*rules.Rule{identifiers.MalformedIdentifier, identifiers.DeadDOI, identifiers.ReferenceMismatch} {
		issues, err := rules.Run(r, "hallmark.md", doc, nil, env)
		if err != nil {
			t.Fatal(err)
		}
		flagged[r.Name] = map[int]bool{}
		for _, iss := range issues {
			line := 1 + strings.Count(string(src[:iss.Start]), "\n")
			flagged[r.Name][entryOfLine(line)] = true
		}
	}
	for i, e := range entries {
		key := e.Type
		if e.Label == "VALID" {
			key = "VALID"
		}
		tl := byType[key]
		if tl == nil {
			tl = &tally{}
			byType[key] = tl
		}
		tl.n++
		m, d, x := flagged["malformed-identifier"][i], flagged["dead-doi"][i], flagged["reference-mismatch"][i]
		if m {
			tl.malformed++
		}
		if d {
			tl.dead++
		}
		if x {
			tl.mismatch++
		}
		if m || d || x {
			tl.any++
		}
	}
	var keys []string
	for k := range byType {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	total := tally{}
	t.Logf("%-24s %5s %9s %8s %8s %8s", "type", "n", "malformed", "dead-doi", "mismatch", "caught")
	for _, k := range keys {
		tl := byType[k]
		t.Logf("%-24s %5d %9d %8d %8d %8d", k, tl.n, tl.malformed, tl.dead, tl.mismatch, tl.any)
		if k != "VALID" {
			total.n += tl.n
			total.malformed += tl.malformed
			total.dead += tl.dead
			total.mismatch += tl.mismatch
			total.any += tl.any
		}
	}
	t.Logf("%-24s %5d %9d %8d %8d %8d", "all fabricated", total.n, total.malformed, total.dead, total.mismatch, total.any)
	if fp := byType["VALID"]; fp != nil && fp.any*50 > fp.n {
		t.Errorf("false positives on VALID entries: %d of %d", fp.any, fp.n)
	}
}
