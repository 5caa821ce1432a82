package rules

import "github.com/citelint/citelint/internal/score"

// SentenceScore is how the claim-support rules judged one cited sentence,
// kept (when SupportStats.KeepScores is set) for the review page, which
// shows supported sentences and their evidence too, not only the flagged.
type SentenceScore struct {
	// Claim indexes Document.Claims.
	Claim int
	// Unverified: the sentence cites sources none of which has text.
	Unverified bool
	// Score against Threshold; Supported is the final verdict (the
	// judge's when it decided).
	Score, Threshold float64
	Supported        bool
	// Passage is the closest passage of the source named From; Missing
	// the sentence's words the passage lacks. FromTitle and FromLink are
	// that source's title and address (Reference.Link), when it gives them.
	Passage, From       string
	FromTitle, FromLink string
	Missing             []string
}

// keepScore records s in counts when the run keeps scores.
func keepScore(p *Pass, counts *SupportCounts, s SentenceScore) {
	if p.Env.Support != nil && p.Env.Support.KeepScores {
		counts.Scores = append(counts.Scores, s)
	}
}

// sentenceScore is the SentenceScore of claim ci scored as res.
func sentenceScore(ci int, res score.Result, srcs []citedSource, threshold float64, supported bool) SentenceScore {
	s := SentenceScore{Claim: ci, Score: res.Score, Threshold: threshold, Supported: supported, Passage: res.Best.Text}
	if len(srcs) > 0 {
		src := &srcs[max(res.Source, 0)]
		s.From, s.FromTitle, s.FromLink = src.from, src.title, src.link
	}
	if !supported {
		s.Missing = res.Missing
	}
	return s
}
