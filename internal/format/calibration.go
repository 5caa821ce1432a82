package format

import (
	"fmt"
	"io"

	"github.com/citelint/citelint/internal/score"
)

// Calibration writes `citelint calibrate`'s text: how well the support
// score separates the labelled pairs m was measured on, at the threshold
// asked for and at the best one.
func Calibration(w io.Writer, m score.Metrics) {
	fmt.Fprintf(w, `pairs                  %d (%d not scorable: no content words)
AUROC                  %.3f
at threshold %.2f:     balanced accuracy %.3f, precision %.3f, recall %.3f (of flagging unsupported pairs)
best threshold         %.3f (balanced accuracy %.3f)
`, m.N, m.Unscorable, m.AUROC, m.Threshold, m.BalancedAccuracy, m.Precision, m.Recall, m.BestThreshold, m.BestBalancedAccuracy)
}

// JudgeCalibration writes `citelint calibrate --judge`'s text: the
// lexical score's lines (Calibration), then the judge alone (its AUROC and
// best threshold only when its answers carried P(Yes)) and the hybrid, the
// judge deciding within a band of the threshold.
func JudgeCalibration(w io.Writer, m score.Metrics, j score.JudgeMetrics, h score.HybridMetrics) {
	Calibration(w, m)
	fmt.Fprintf(w, "judge alone            %d pairs answered, %d failed; %d calls, %d cached\n", j.N, j.Failed, j.Calls, j.Cached)
	if j.AUROC != nil {
		fmt.Fprintf(w, "  AUROC                %.3f (P(Yes) from log-probabilities)\n", *j.AUROC)
	}
	fmt.Fprintf(w, "  at P(supported) 0.5  balanced accuracy %.3f, precision %.3f, recall %.3f\n", j.BalancedAccuracy, j.Precision, j.Recall)
	if j.BestThreshold != nil {
		fmt.Fprintf(w, "  best threshold       %.3f (balanced accuracy %.3f)\n", *j.BestThreshold, *j.BestBalancedAccuracy)
	}
	fmt.Fprintf(w, `hybrid                 lexical, and the judge within %.3f of threshold %.2f (%d pairs judged)
  AUROC                %.3f
  balanced accuracy    %.3f, precision %.3f, recall %.3f
  best band            %.3f at threshold %.2f (balanced accuracy %.3f, %d pairs judged)
`, h.Band, h.Threshold, h.Judged, h.AUROC, h.BalancedAccuracy, h.Precision, h.Recall, h.BestBand, h.BestThreshold, h.BestBalancedAccuracy, h.BestJudged)
}
