package engine

import (
	"context"
	"sync"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/score"
)

// JudgeCalibration is `citelint calibrate --judge`'s JSON: the lexical
// metrics as without the judge, plus the judge alone and the hybrid (the
// lexical score, and the judge within a band of its threshold).
type JudgeCalibration struct {
	score.Metrics
	Judge  score.JudgeMetrics  `json:"judge"`
	Hybrid score.HybridMetrics `json:"hybrid"`
}

// CalibrateJudge asks the judge o allows for cfg's judge section about
// every pair (no per-run cap: calibration asks about each on purpose),
// through the path low-overlap takes, and measures it alone and within
// band of m's threshold beside the pairs' lexical scores. It returns nil
// when there is no judge to ask, and the judge's counts. When ctx ends,
// the pairs not answered count as failed.
func CalibrateJudge(ctx context.Context, cfg *config.Config, o NetworkOptions, pairs []score.Pair, lexical score.PairScores, m score.Metrics, band float64) (*JudgeCalibration, string) {
	s := NewJudge(cfg, o)
	if s == nil {
		return nil, ""
	}
	s.MaxCalls = 0
	answers := askAll(ctx, s, pairs, JudgePolicy(cfg.Judge).Evidence, max(cfg.Judge.Concurrency, 4))
	st := s.Stats()
	out := &JudgeCalibration{Metrics: m, Judge: score.EvaluateJudge(answers, lexical.Labels),
		Hybrid: score.EvaluateHybrid(lexical.Scores, answers, lexical.Labels, m.Threshold, band)}
	out.Judge.Calls, out.Judge.Cached = st.Asked, st.Cached
	return out, st.String()
}

// askAll asks the judge about every pair through the same path as
// low-overlap (rules.AskJudge), a few at a time.
func askAll(ctx context.Context, j rules.Judge, pairs []score.Pair, opt score.SelectOptions, workers int) []score.JudgeAnswer {
	answers := make([]score.JudgeAnswer, len(pairs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				docs := make([]score.Doc, len(pairs[i].Sources))
				for k, src := range pairs[i].Sources {
					docs[k] = score.Doc{Text: src}
				}
				if v, err := rules.AskJudge(ctx, j, pairs[i].Claim, docs, opt); err == nil {
					answers[i] = score.JudgeAnswer{OK: true, Score: v.Score, Continuous: v.Continuous}
				}
			}
		}()
	}
	for i := range pairs {
		next <- i
	}
	close(next)
	wg.Wait()
	return answers
}
