package report

import (
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/registry"
	"github.com/citelint/citelint/internal/sources"
)

// TestReviewDoc: a document's review holds its sentences (not headings),
// its citations with what they resolved to, its link definitions, and the
// verdicts the claim-support rules kept, each on its own sentence.
func TestReviewDoc(t *testing.T) {
	src := "# Title\n\nSea level rose [1]. Penguins fly [2]. Nothing cited here.\n\n[1]: https://e.org/sea \"Sea\"\n"
	doc := markdown.Parse([]byte(src), markdown.Options{})
	resolve.Resolve(doc, resolve.NewEnv(nil))
	scores := []rules.SentenceScore{{Claim: 1, Score: 0.9, Threshold: 0.5, Supported: true, Passage: "p", From: "f"}}
	rd := ReviewDoc(doc, scores)
	var sentences []string
	for _, s := range rd.Sentences {
		sentences = append(sentences, strings.TrimSpace(src[s.Start:s.End]))
	}
	if got := strings.Join(sentences, "|"); got != "Sea level rose [1].|Penguins fly [2].|Nothing cited here." {
		t.Fatalf("sentences %q", got)
	}
	if len(rd.Citations) != 2 || rd.Citations[0].Status != "resolved" || !strings.Contains(rd.Citations[0].Entry, "https://e.org/sea") ||
		rd.Citations[1].Status != "unresolved" || src[rd.Citations[1].Start:rd.Citations[1].End] != "[2]" {
		t.Errorf("citations %+v", rd.Citations)
	}
	if s := rd.Sentences[0]; len(s.Cites) != 1 || s.Cites[0] != 0 || !s.Scored || s.Score != 0.9 || !s.Supported || s.Passage != "p" {
		t.Errorf("sentence 0 %+v", s)
	}
	if rd.Sentences[1].Scored || rd.Sentences[2].Scored || len(rd.Sentences[2].Cites) != 0 {
		t.Errorf("unscored sentences %+v", rd.Sentences[1:])
	}
	if len(rd.Definitions) != 1 || !strings.HasPrefix(src[rd.Definitions[0].Start:], "[1]: https://e.org/sea") {
		t.Errorf("definitions %+v", rd.Definitions)
	}
}

// TestReviewDocSources: each citation carries its work's title and where
// a reader finds it: a list entry's URL, a DOI at doi.org, an arXiv id at
// arxiv.org, a source store record's title and URL, an identifier written
// in the text; and a verdict, its passage's source.
func TestReviewDocSources(t *testing.T) {
	src := "Sea level rose [1]. Ice melted [2]. Models agree [3]. Penguins swim [REF|d_1]. " +
		"Corals bleach (doi:10.1038/nature21707). Nothing [4].\n\n## References\n\n" +
		"1. Sea Level Rise Report. https://e.org/sea\n" +
		"2. Ice sheets in decline. doi:10.1038/s41586-018-0179-y\n" +
		"3. Climate models compared. arXiv:2101.00001v2\n"
	store := &sources.Store{}
	store.Add(sources.Source{ID: "d_1", Title: "Penguin Facts", URL: "https://p.example/facts", Text: "Penguins swim."})
	doc := markdown.Parse([]byte(src), markdown.Options{})
	resolve.Resolve(doc, resolve.NewEnv(store))
	scores := []rules.SentenceScore{{Claim: 3, Score: 0.9, Threshold: 0.5, Supported: true, Passage: "p", From: "source store", FromTitle: "Penguin Facts", FromLink: "https://p.example/facts"}}
	rd := ReviewDoc(doc, scores)
	got := map[string][2]string{}
	for _, c := range rd.Citations {
		got[src[c.Start:c.End]+" "+c.Label] = [2]string{c.Title, c.Link}
	}
	for marker, want := range map[string][2]string{
		"[1] 1":         {"Sea Level Rise Report", "https://e.org/sea"},
		"[2] 2":         {"Ice sheets in decline", "https://doi.org/10.1038/s41586-018-0179-y"},
		"[3] 3":         {"Climate models compared", "https://arxiv.org/abs/2101.00001v2"},
		"[REF|d_1] d_1": {"Penguin Facts", "https://p.example/facts"},
		"doi:10.1038/nature21707 doi:10.1038/nature21707": {"", "https://doi.org/10.1038/nature21707"},
		"[4] 4": {"", ""},
	} {
		g, ok := got[marker]
		if !ok {
			t.Errorf("no citation %q in %v", marker, got)
			continue
		}
		if g[1] != want[1] || !strings.HasPrefix(g[0], want[0]) || (want[0] == "") != (g[0] == "") {
			t.Errorf("%s: title %q, link %q; want %q, %q", marker, g[0], g[1], want[0], want[1])
		}
	}
	if s := rd.Sentences[3]; s.FromTitle != "Penguin Facts" || s.FromLink != "https://p.example/facts" {
		t.Errorf("scored sentence's source: %+v", s)
	}
}

// TestRuleInfoMarks: the review page learns from each rule what its
// issues say of their sentence, so output keeps no table of rule names.
func TestRuleInfoMarks(t *testing.T) {
	want := map[string]string{"unresolvable-label": "missing", "dead-link": "missing", "low-overlap": "weak", "uncited-claim": "uncited", "unused-reference": ""}
	seen := 0
	for _, r := range registry.All() {
		if m, ok := want[r.Name]; ok {
			seen++
			if got := RuleInfo(r).Marks; got != m {
				t.Errorf("%s: Marks %q, want %q", r.Name, got, m)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("found %d of the %d rules", seen, len(want))
	}
}
