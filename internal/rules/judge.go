package rules

import (
	"context"
	"math"

	"github.com/citelint/citelint/internal/score"
)

// This file holds how the claim-support rules ask the judge: which
// sentences, and what the model reads.

// JudgePolicy says which sentences go to the judge and what it reads.
type JudgePolicy struct {
	// All sends every scored cited sentence (judge.mode: all); otherwise
	// only those scoring within low-overlap's judge-band of its threshold.
	All bool
	// Evidence bounds the passages sent (score.SelectEvidence).
	Evidence score.SelectOptions
}

// wantsJudge reports whether a sentence scoring sc goes to the judge.
func wantsJudge(p *Pass, sc, threshold, band float64) bool {
	return p.Env.Judge != nil && (p.Env.JudgePolicy.All || math.Abs(sc-threshold) < band)
}

// askJudge asks the run's judge whether srcs support claim.
func askJudge(p *Pass, claim string, srcs []citedSource) (JudgeVerdict, error) {
	docs := make([]score.Doc, len(srcs))
	for i, s := range srcs {
		title := s.title
		if title == "" {
			title = s.name
		}
		docs[i] = score.Doc{Title: title, Text: s.text}
	}
	return AskJudge(p.Ctx, p.Env.Judge, claim, docs, p.Env.JudgePolicy.Evidence)
}

// AskJudge asks j whether docs support claim, sending the passages
// score.SelectEvidence picks, chunk by chunk: supported as soon as one
// chunk supports it (MiniCheck's rule for long documents), else the
// highest chunk score. Any chunk's failure is the answer's failure: a
// "no" from the chunks that answered proves nothing about the others.
// `citelint calibrate --judge` measures through the same path.
func AskJudge(ctx context.Context, j Judge, claim string, docs []score.Doc, opt score.SelectOptions) (JudgeVerdict, error) {
	var best JudgeVerdict
	for i, chunk := range score.SelectEvidence(claim, docs, opt) {
		v, err := j.Judge(ctx, claim, chunk)
		if err != nil {
			return JudgeVerdict{}, err
		}
		if v.Supported {
			return v, nil
		}
		if i == 0 || v.Score > best.Score {
			best = v
		}
	}
	return best, nil
}
