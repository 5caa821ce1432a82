package score

import "math"

// JudgeAnswer is a judge's answer about one pair: OK false when it gave
// none (a failure, counted, and left to the lexical score in the hybrid).
type JudgeAnswer struct {
	OK bool
	// Score is P(supported): continuous from log-probabilities, else 0 or 1.
	Score      float64
	Continuous bool
}

// JudgeMetrics measure a judge alone on the pairs it answered.
type JudgeMetrics struct {
	N      int `json:"n"`      // pairs answered
	Failed int `json:"failed"` // pairs with no usable answer
	// Calls and Cached count questions sent to the model and answered from
	// the cache (several per pair when evidence is chunked).
	Calls  int `json:"calls"`
	Cached int `json:"cached"`
	// Continuous: every answer carried P(Yes); AUROC is only given then.
	Continuous       bool     `json:"continuous"`
	AUROC            *float64 `json:"auroc,omitempty"`
	BalancedAccuracy float64  `json:"balanced_accuracy"` // at P(supported) 0.5
	Precision        float64  `json:"precision"`
	Recall           float64  `json:"recall"`
	// BestThreshold on P(supported), when continuous.
	BestThreshold        *float64 `json:"best_threshold,omitempty"`
	BestBalancedAccuracy *float64 `json:"best_balanced_accuracy,omitempty"`
}

// HybridMetrics measure what low-overlap does with a judge: the lexical
// score decides outside a band around the threshold, the judge inside it
// (its failures leave the lexical score).
type HybridMetrics struct {
	Threshold        float64 `json:"threshold"`
	Band             float64 `json:"band"`
	Judged           int     `json:"judged"` // pairs in the band: the questions a lint would ask
	AUROC            float64 `json:"auroc"`
	BalancedAccuracy float64 `json:"balanced_accuracy"`
	Precision        float64 `json:"precision"`
	Recall           float64 `json:"recall"`
	// The band and threshold with the best balanced accuracy (ties: the
	// narrower band, which asks fewer questions), and how many pairs it
	// sends to the judge.
	BestThreshold        float64 `json:"best_threshold"`
	BestBand             float64 `json:"best_band"`
	BestBalancedAccuracy float64 `json:"best_balanced_accuracy"`
	BestJudged           int     `json:"best_judged"`
}

// EvaluateJudge measures the judge's answers alone (labels true =
// supported), with the same arithmetic as Evaluate.
func EvaluateJudge(answers []JudgeAnswer, supported []bool) JudgeMetrics {
	var m JudgeMetrics
	var scores []float64
	var labels []bool
	m.Continuous = true
	for i, a := range answers {
		if !a.OK {
			m.Failed++
			continue
		}
		m.Continuous = m.Continuous && a.Continuous
		scores = append(scores, a.Score)
		labels = append(labels, supported[i])
	}
	m.N = len(scores)
	if m.N == 0 {
		m.Continuous = false
		return m
	}
	e := Evaluate(scores, labels, 0.5)
	m.BalancedAccuracy, m.Precision, m.Recall = e.BalancedAccuracy, e.Precision, e.Recall
	if m.Continuous {
		m.AUROC, m.BestThreshold, m.BestBalancedAccuracy = &e.AUROC, &e.BestThreshold, &e.BestBalancedAccuracy
	}
	return m
}

// hybridScore is the score the hybrid ranks by: the lexical score outside
// the band, and inside it the judge's P(supported) mapped onto the band,
// so that flagging (below the threshold) is exactly the judge's "no".
func hybridScore(lex float64, a JudgeAnswer, threshold, band float64) (float64, bool) {
	if !a.OK || math.Abs(lex-threshold) >= band {
		return lex, false
	}
	// P = 0.5 maps onto the threshold itself: not flagged, as the judge
	// counts 0.5 supported.
	return threshold - band + 2*band*a.Score, true
}

// hybridBands and hybridThresholds are the grid EvaluateHybrid searches.
var (
	hybridBands      = grid(0, 0.5, 0.025)
	hybridThresholds = grid(0.1, 0.9, 0.01)
)

func grid(from, to, step float64) []float64 {
	var out []float64
	for i := 0; from+float64(i)*step <= to+1e-9; i++ {
		out = append(out, math.Round((from+float64(i)*step)*1000)/1000)
	}
	return out
}

// EvaluateHybrid measures lexical + judge at threshold and band, and
// searches the grid of bands and thresholds for the best.
func EvaluateHybrid(lexical []float64, answers []JudgeAnswer, supported []bool, threshold, band float64) HybridMetrics {
	m := HybridMetrics{Threshold: threshold, Band: band, BestBalancedAccuracy: -1}
	at := func(t, b float64) ([]float64, int) {
		scores := make([]float64, len(lexical))
		judged := 0
		for i, s := range lexical {
			scores[i], _ = hybridScore(s, answers[i], t, b)
			if math.Abs(s-t) < b {
				judged++
			}
		}
		return scores, judged
	}
	scores, judged := at(threshold, band)
	e := Evaluate(scores, supported, threshold)
	m.Judged, m.AUROC, m.BalancedAccuracy, m.Precision, m.Recall = judged, e.AUROC, e.BalancedAccuracy, e.Precision, e.Recall
	for _, b := range hybridBands {
		for _, t := range hybridThresholds {
			s, j := at(t, b)
			ba, _, _ := flagStats(s, supported, t)
			if ba > m.BestBalancedAccuracy+1e-12 {
				m.BestBalancedAccuracy, m.BestBand, m.BestThreshold, m.BestJudged = ba, b, t, j
			}
		}
	}
	return m
}
