package claims

import (
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/score"
)

// keepScore records s in counts when the run keeps scores.
func keepScore(p *rules.Pass, counts *rules.SupportCounts, s rules.SentenceScore) {
	if p.Env.Support != nil && p.Env.Support.KeepScores {
		counts.Scores = append(counts.Scores, s)
	}
}

// sentenceScore is the SentenceScore of claim ci scored as res.
func sentenceScore(ci int, res score.Result, srcs []citedSource, threshold float64, supported bool) rules.SentenceScore {
	s := rules.SentenceScore{Claim: ci, Score: res.Score, Threshold: threshold, Supported: supported, Passage: res.Best.Text}
	if len(srcs) > 0 {
		src := &srcs[max(res.Source, 0)]
		s.From, s.FromTitle, s.FromLink = src.from, src.title, src.link
	}
	if !supported {
		s.Missing = res.Missing
	}
	return s
}
