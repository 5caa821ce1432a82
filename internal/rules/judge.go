package rules

import (
	"context"

	"github.com/citelint/citelint/internal/score"
)

// The judge's vocabulary: which sentences go to it (JudgePolicy) and how a
// claim and its sources are put to it (AskJudge), for the claim-support
// rules (internal/rules/claims) and `citelint calibrate --judge`.

// JudgePolicy says which sentences go to the judge and what it reads.
type JudgePolicy struct {
	// All sends every scored cited sentence (judge.mode: all); otherwise
	// only those scoring within low-overlap's judge-band of its threshold.
	All bool
	// Evidence bounds the passages sent (score.SelectEvidence).
	Evidence score.SelectOptions
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
