package claims

import (
	"math"

	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/score"
)

// How the claim-support rules ask the judge: which sentences go to it
// (wantsJudge), and what it reads (askJudge, through rules.AskJudge).

// wantsJudge reports whether a sentence scoring sc goes to the judge.
func wantsJudge(p *rules.Pass, sc, threshold, band float64) bool {
	return p.Env.Judge != nil && (p.Env.JudgePolicy.All || math.Abs(sc-threshold) < band)
}

// askJudge asks the run's judge whether srcs support claim.
func askJudge(p *rules.Pass, claim string, srcs []citedSource) (rules.JudgeVerdict, error) {
	docs := make([]score.Doc, len(srcs))
	for i, s := range srcs {
		title := s.title
		if title == "" {
			title = s.name
		}
		docs[i] = score.Doc{Title: title, Text: s.text}
	}
	return rules.AskJudge(p.Ctx, p.Env.Judge, claim, docs, p.Env.JudgePolicy.Evidence)
}
