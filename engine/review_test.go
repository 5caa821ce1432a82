package engine

import (
	"strings"
	"testing"

	"github.com/citelint/citelint/markdown"
	"github.com/citelint/citelint/resolve"
	"github.com/citelint/citelint/rules"
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
