// Package eval measures citelint on the shared real-world corpus
// (../shared/corpus). The tests skip when the corpus is absent; run them with
// -v to see the tables the closing notes quote.
package eval

import (
	"bufio"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
)

func parseFile(t testing.TB, path string) *markdown.Document {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := markdown.Parse(src, markdown.Options{})
	resolve.Resolve(doc, nil)
	return doc
}

// TestManubotGold compares the pandoc keys citelint extracts from the
// manuscript's content/*.md with the gold list of every cited id that
// manubot itself produced (output/citations.tsv, column input_id).
func TestManubotGold(t *testing.T) {
	dir := corpus.Path(t, "docs", "manubot-deep-review")
	gold := map[string]bool{}
	f, err := os.Open(filepath.Join(dir, "output", "citations.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		if id := strings.SplitN(sc.Text(), "\t", 2)[0]; id != "" {
			gold[id] = true
		}
	}
	f.Close()
	files, _ := filepath.Glob(filepath.Join(dir, "content", "*.md"))
	got := map[string]bool{}
	for _, p := range files {
		if strings.Contains(p, "response-to-reviewers") {
			continue // not part of the manuscript manubot compiled
		}
		for _, c := range parseFile(t, p).Citations {
			if c.Kind == markdown.KindPandoc {
				got[c.Label] = true
			}
		}
	}
	tp := 0
	var missed, extra []string
	for id := range gold {
		if got[id] {
			tp++
		} else {
			missed = append(missed, id)
		}
	}
	for id := range got {
		if !gold[id] {
			extra = append(extra, id)
		}
	}
	sort.Strings(missed)
	sort.Strings(extra)
	recall := float64(tp) / float64(len(gold))
	precision := float64(tp) / float64(len(got))
	t.Logf("manubot gold: %d ids; extracted %d distinct keys; recall %.4f precision %.4f", len(gold), len(got), recall, precision)
	t.Logf("missed (%d): %v", len(missed), head(missed, 10))
	t.Logf("extra (%d): %v", len(extra), head(extra, 10))
	if recall < 0.99 || precision < 0.99 {
		t.Errorf("recall %.4f precision %.4f, want both >= 0.99", recall, precision)
	}
}

func head(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// TestMdcitefix compares, for each of the 60 fixtures, the set of URLs the
// input's citations resolve to with the set the fixer's expected output
// cites. The fixer renumbers and de-duplicates, which keeps the cited URLs;
// where the sets differ the log says which, for adjudication by hand.
func TestMdcitefix(t *testing.T) {
	dir := corpus.Path(t, "edge-cases", "mdcitefix", "tests", "fixtures")
	fixtures, _ := filepath.Glob(filepath.Join(dir, "*"))
	agree, total := 0, 0
	for _, fx := range fixtures {
		in, exp := filepath.Join(fx, "input.md"), filepath.Join(fx, "expected.md")
		if _, err := os.Stat(exp); err != nil {
			continue
		}
		total++
		a, b := targets(parseFile(t, in)), targets(parseFile(t, exp))
		if a == b {
			agree++
			continue
		}
		t.Logf("%s:\n  input    %s\n  expected %s", filepath.Base(fx), a, b)
	}
	t.Logf("mdcitefix: cited URL sets agree on %d of %d fixtures", agree, total)
}

// targets lists the distinct URLs that a document's numeric citations
// (outside reference lists) resolve to.
func targets(doc *markdown.Document) string {
	set := map[string]bool{}
	for _, c := range doc.Citations {
		if c.InReferences || c.Kind != markdown.KindNumeric {
			continue
		}
		if c.Status == markdown.Unresolved {
			// mdcitefix writes a MISSING_URL placeholder definition for
			// a label that resolves to nothing.
			set["MISSING_URL"] = true
			continue
		}
		if c.Status != markdown.Resolved || c.Target == "" {
			continue
		}
		set[fixerKey(c.Target)] = true
	}
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// reportsCensus is what the extractor found in each LLM report folder of
// the shared corpus, measured on 2026-11-25 (commit ed1c247): citations
// outside the reference list, claims with at least one citation, reference
// entries, and citations whose label has no entry.
var reportsCensus = []struct {
	dir                                      string
	files, cites, cited, entries, unresolved int
}{
	{"odr-drb-claude4-sonnet", 98, 5388, 2985, 2768, 0},
	{"odr-drb-gpt-4.1", 100, 4733, 2449, 2004, 21},
	{"odr-drb-gpt-5", 100, 8177, 3460, 3963, 552},
	{"drb-claude37/raw", 100, 3564, 3491, 1758, 39},
	{"drb-claude37/cleaned", 100, 18, 16, 0, 0},
	{"optillm/sample_reports", 48, 568, 480, 1957, 0},
	{"gemini-style", 53, 2695, 2623, 1424, 0},
}

// TestReportsCensus extracts every report folder and checks the counts
// against reportsCensus: at least 95% of the citations, cited claims and
// entries measured (a parser change that loses citations fails), and at
// most 10% (plus 5) more unresolved citations (one that stops resolving
// labels fails). Gains pass; record them in the table.
func TestReportsCensus(t *testing.T) {
	root := corpus.Path(t, "reports")
	atLeast := func(n int) int { return n * 95 / 100 }
	for _, want := range reportsCensus {
		d := want.dir
		files, _ := filepath.Glob(filepath.Join(root, d, "*.md"))
		kinds := map[markdown.CitationKind]int{}
		cites, unresolved, entries, claims, cited := 0, 0, 0, 0, 0
		for _, f := range files {
			doc := parseFile(t, f)
			for _, c := range doc.Citations {
				if c.InReferences {
					continue
				}
				cites++
				kinds[c.Kind]++
				if c.Status == markdown.Unresolved {
					unresolved++
				}
			}
			for _, r := range doc.References {
				if r.Kind == markdown.RefEntry {
					entries++
				}
			}
			for _, cl := range doc.Claims {
				claims++
				if len(cl.Citations) > 0 {
					cited++
				}
			}
		}
		var ks []string
		for k, n := range kinds {
			ks = append(ks, k.String()+"="+strconv.Itoa(n))
		}
		sort.Strings(ks)
		t.Logf("%-24s %3d files  claims %6d (cited %5d)  entries %5d  unresolved %4d  %s", d, len(files), claims, cited, entries, unresolved, strings.Join(ks, " "))
		checks := []struct {
			what      string
			got, want int
			ok        bool
		}{
			{"files", len(files), want.files, len(files) == want.files},
			{"citations", cites, want.cites, cites >= atLeast(want.cites)},
			{"cited claims", cited, want.cited, cited >= atLeast(want.cited)},
			{"reference entries", entries, want.entries, entries >= atLeast(want.entries)},
			{"unresolved citations", unresolved, want.unresolved, unresolved <= want.unresolved*110/100+5},
		}
		for _, c := range checks {
			if !c.ok {
				t.Errorf("%s: %d %s, measured %d", d, c.got, c.what, c.want)
			}
		}
	}
}

// fixerKey normalises a URL the way mdcitefix does before it de-duplicates
// references (tracking parameters, fragments, host case and a trailing slash
// do not make a different source), so that its renumbered output can be
// compared with what the input cites.
func fixerKey(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return strings.TrimSuffix(u, "/")
	}
	p.Scheme = strings.ToLower(p.Scheme)
	p.Host = strings.ToLower(p.Host)
	p.Fragment = ""
	q := p.Query()
	for k := range q {
		if strings.HasPrefix(k, "utm_") || k == "fbclid" || k == "gclid" {
			q.Del(k)
		}
	}
	p.RawQuery = q.Encode()
	return strings.TrimSuffix(p.String(), "/")
}
