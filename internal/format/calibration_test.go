package format

import (
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/score"
)

// TestCalibration pins `calibrate`'s text: figures to three places,
// thresholds to two, and the unscorable pairs named.
func TestCalibration(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    score.Metrics
		want string
	}{
		{"separable", score.Metrics{N: 4, AUROC: 1, Threshold: 0.5, BalancedAccuracy: 1, Precision: 1, Recall: 1, BestThreshold: 0.25, BestBalancedAccuracy: 1},
			"pairs                  4 (0 not scorable: no content words)\n" +
				"AUROC                  1.000\n" +
				"at threshold 0.50:     balanced accuracy 1.000, precision 1.000, recall 1.000 (of flagging unsupported pairs)\n" +
				"best threshold         0.250 (balanced accuracy 1.000)\n"},
		{"rounded, some unscorable", score.Metrics{N: 158, Unscorable: 3, AUROC: 0.94866, Threshold: 0.125, BalancedAccuracy: 0.9066, Precision: 0.8264, Recall: 0.8837, BestThreshold: 0.4991, BestBalancedAccuracy: 0.90749},
			"pairs                  158 (3 not scorable: no content words)\n" +
				"AUROC                  0.949\n" +
				"at threshold 0.12:     balanced accuracy 0.907, precision 0.826, recall 0.884 (of flagging unsupported pairs)\n" +
				"best threshold         0.499 (balanced accuracy 0.907)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			Calibration(&b, tc.m)
			if got := b.String(); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestJudgeCalibration pins `calibrate --judge`'s text: the lexical lines,
// the judge alone (AUROC and best threshold only when its answers carried
// P(Yes)), then the hybrid.
func TestJudgeCalibration(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	m := score.Metrics{N: 10, AUROC: 0.8, Threshold: 0.5, BalancedAccuracy: 0.7, Precision: 0.6, Recall: 0.9, BestThreshold: 0.4, BestBalancedAccuracy: 0.75}
	const lexical = "pairs                  10 (0 not scorable: no content words)\n" +
		"AUROC                  0.800\n" +
		"at threshold 0.50:     balanced accuracy 0.700, precision 0.600, recall 0.900 (of flagging unsupported pairs)\n" +
		"best threshold         0.400 (balanced accuracy 0.750)\n"
	h := score.HybridMetrics{Threshold: 0.5, Band: 0.15, Judged: 4, AUROC: 0.85, BalancedAccuracy: 0.8, Precision: 0.7, Recall: 0.95, BestThreshold: 0.45, BestBand: 0.2, BestBalancedAccuracy: 0.9, BestJudged: 6}
	const hybrid = "hybrid                 lexical, and the judge within 0.150 of threshold 0.50 (4 pairs judged)\n" +
		"  AUROC                0.850\n" +
		"  balanced accuracy    0.800, precision 0.700, recall 0.950\n" +
		"  best band            0.200 at threshold 0.45 (balanced accuracy 0.900, 6 pairs judged)\n"
	for _, tc := range []struct {
		name string
		j    score.JudgeMetrics
		want string
	}{
		{"yes or no answers", score.JudgeMetrics{N: 9, Failed: 1, Calls: 12, Cached: 3, BalancedAccuracy: 0.8, Precision: 0.75, Recall: 1},
			lexical +
				"judge alone            9 pairs answered, 1 failed; 12 calls, 3 cached\n" +
				"  at P(supported) 0.5  balanced accuracy 0.800, precision 0.750, recall 1.000\n" +
				hybrid},
		{"P(Yes) from log-probabilities", score.JudgeMetrics{N: 10, Calls: 10, Continuous: true, AUROC: f(0.987), BalancedAccuracy: 0.9, Precision: 0.85, Recall: 0.95, BestThreshold: f(0.3), BestBalancedAccuracy: f(0.95)},
			lexical +
				"judge alone            10 pairs answered, 0 failed; 10 calls, 0 cached\n" +
				"  AUROC                0.987 (P(Yes) from log-probabilities)\n" +
				"  at P(supported) 0.5  balanced accuracy 0.900, precision 0.850, recall 0.950\n" +
				"  best threshold       0.300 (balanced accuracy 0.950)\n" +
				hybrid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			JudgeCalibration(&b, m, tc.j, h)
			if got := b.String(); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
