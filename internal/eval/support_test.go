package eval

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/score"
)

// TestChineseReportScores scores every cited sentence of the Chinese
// deep-research reports (reports/odr-drb-*) against the text of the
// reference entry it cites (title and URL: the only source text the corpus
// holds offline), and, as a control, against another entry of the same
// report. It checks that Chinese text is scored at all (no all-pass or
// all-fail artefact) and that a sentence's own reference scores above a
// random one. It logs the score distribution.
func TestChineseReportScores(t *testing.T) {
	root := corpus.Path(t, "reports")
	files, _ := filepath.Glob(filepath.Join(root, "odr-drb-*", "*.md"))
	s := score.New(score.Options{})
	rng := rand.New(rand.NewSource(1))
	var own, control []float64
	reports := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if han(src) < 0.3 {
			continue
		}
		reports++
		doc := markdown.Parse(src, markdown.Options{})
		resolve.Resolve(doc, resolve.NewEnv(nil))
		var entries []*markdown.Reference
		for i := range doc.References {
			if doc.References[i].Kind == markdown.RefEntry && strings.TrimSpace(doc.References[i].Text) != "" {
				entries = append(entries, &doc.References[i])
			}
		}
		if len(entries) < 2 {
			continue
		}
		for ci := range doc.Claims {
			cl := &doc.Claims[ci]
			for _, k := range cl.Citations {
				c := &doc.Citations[k]
				if c.Ref < 0 || c.InReferences || doc.References[c.Ref].Kind != markdown.RefEntry {
					continue
				}
				ref := &doc.References[c.Ref]
				text := string(src[cl.Start:cl.End])
				r := s.Score(text, ref.Text)
				other := entries[rng.Intn(len(entries))]
				if other == ref {
					continue
				}
				rc := s.Score(text, other.Text)
				if !r.Scorable || !rc.Scorable {
					continue
				}
				own = append(own, r.Score)
				control = append(control, rc.Score)
				break
			}
		}
	}
	t.Logf("context check (Chinese against Chinese): %s", contextCheck(t, files, s))
	if len(own) < 100 {
		t.Skipf("only %d scored Chinese sentences", len(own))
	}
	labels := make([]bool, 0, 2*len(own))
	scores := make([]float64, 0, 2*len(own))
	for i := range own {
		scores = append(scores, own[i], control[i])
		labels = append(labels, true, false)
	}
	auc := score.AUROC(scores, labels)
	t.Logf("%d Chinese reports, %d cited sentences scored against their reference entry's text", reports, len(own))
	t.Logf("score deciles, own reference:     %s", deciles(own))
	t.Logf("score deciles, random reference:  %s", deciles(control))
	t.Logf("own vs random reference AUROC %.3f; share scoring 0: own %.2f, random %.2f", auc, zeroShare(own), zeroShare(control))
	if auc < 0.6 {
		t.Errorf("own reference barely beats a random one (AUROC %.3f): is Chinese tokenised?", auc)
	}
	if zeroShare(own) > 0.9 || zeroShare(own) == 0 && slices.Min(own) > 0.99 {
		t.Errorf("degenerate scores: %s", deciles(own))
	}
}

func han(b []byte) float64 {
	n, h := 0, 0
	for _, r := range string(b) {
		if unicode.IsLetter(r) {
			n++
			if unicode.Is(unicode.Han, r) {
				h++
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(h) / float64(n)
}

func deciles(v []float64) string {
	s := append([]float64(nil), v...)
	slices.Sort(s)
	var parts []string
	for q := 0; q <= 10; q++ {
		parts = append(parts, fmt.Sprintf("%.2f", s[min(len(s)-1, q*len(s)/10)]))
	}
	return strings.Join(parts, " ")
}

func zeroShare(v []float64) float64 {
	z := 0
	for _, x := range v {
		if x == 0 {
			z++
		}
	}
	return float64(z) / float64(len(v))
}

// contextCheck scores Chinese sentences against the rest of their own
// paragraph (same topic, same language) and against a paragraph of another
// report: Chinese tokenisation must tell them apart.
func contextCheck(t *testing.T, files []string, s *score.Scorer) string {
	var paras [][]string // per report: paragraphs of Chinese sentences
	for _, f := range files {
		src, _ := os.ReadFile(f)
		if han(src) < 0.3 {
			continue
		}
		doc := markdown.Parse(src, markdown.Options{})
		byBlock := map[int][]string{}
		var order []int
		for _, cl := range doc.Claims {
			if _, ok := byBlock[cl.Block]; !ok {
				order = append(order, cl.Block)
			}
			byBlock[cl.Block] = append(byBlock[cl.Block], string(src[cl.Start:cl.End]))
		}
		var ps []string
		for _, b := range order {
			if len(byBlock[b]) >= 3 {
				ps = append(ps, strings.Join(byBlock[b], "\x00"))
			}
		}
		if len(ps) > 0 {
			paras = append(paras, ps)
		}
	}
	rng := rand.New(rand.NewSource(2))
	var scores []float64
	var labels []bool
	for ri, ps := range paras {
		for _, p := range ps {
			sents := strings.Split(p, "\x00")
			claim := sents[0]
			rest := strings.Join(sents[1:], "")
			oi := rng.Intn(len(paras))
			if oi == ri {
				continue
			}
			other := paras[oi][rng.Intn(len(paras[oi]))]
			a, b := s.Score(claim, rest), s.Score(claim, strings.ReplaceAll(other, "\x00", ""))
			scores = append(scores, a.Score, b.Score)
			labels = append(labels, true, false)
		}
	}
	if len(scores) == 0 {
		return "no paragraphs"
	}
	var own, other []float64
	for i := range scores {
		if labels[i] {
			own = append(own, scores[i])
		} else {
			other = append(other, scores[i])
		}
	}
	return fmt.Sprintf("%d sentences; AUROC own paragraph vs another report's %.3f; deciles own %s | other %s",
		len(own), score.AUROC(scores, labels), deciles(own), deciles(other))
}
