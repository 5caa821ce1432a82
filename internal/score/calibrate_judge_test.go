package score

import (
	"math"
	"testing"
)

func TestEvaluateJudge(t *testing.T) {
	sup := []bool{true, true, false, false}
	bin := []JudgeAnswer{{OK: true, Score: 1}, {OK: true, Score: 0}, {OK: true, Score: 0}, {}}
	m := EvaluateJudge(bin, sup)
	if m.N != 3 || m.Failed != 1 || m.Continuous || m.AUROC != nil || math.Abs(m.BalancedAccuracy-0.75) > 1e-9 {
		t.Errorf("binary: %+v", m)
	}
	cont := []JudgeAnswer{{OK: true, Score: 0.9, Continuous: true}, {OK: true, Score: 0.4, Continuous: true}, {OK: true, Score: 0.2, Continuous: true}, {OK: true, Score: 0.1, Continuous: true}}
	m = EvaluateJudge(cont, sup)
	if !m.Continuous || m.AUROC == nil || *m.AUROC != 1 || m.BalancedAccuracy != 0.75 || *m.BestBalancedAccuracy != 1 || math.Abs(*m.BestThreshold-0.3) > 1e-9 {
		t.Errorf("continuous: %+v", m)
	}
}

func TestEvaluateHybrid(t *testing.T) {
	// Lexical scores get pairs 1 and 2 wrong, both near the threshold;
	// the judge gets them right and pair 0 (far from it) wrong.
	lex := []float64{0.9, 0.45, 0.55, 0.1}
	sup := []bool{true, true, false, false}
	ans := []JudgeAnswer{{OK: true, Score: 0}, {OK: true, Score: 1}, {OK: true, Score: 0}, {OK: true, Score: 0}}
	for _, tt := range []struct {
		band    float64
		ba      float64
		judged  int
		failAll bool
	}{
		{0, 0.5, 0, false},
		{0.1, 1, 2, false},
		{1, 0.75, 4, false},
		{0.1, 0.5, 2, true}, // failures leave the lexical score
	} {
		a := ans
		if tt.failAll {
			a = make([]JudgeAnswer, 4)
		}
		m := EvaluateHybrid(lex, a, sup, 0.5, tt.band)
		if m.BalancedAccuracy != tt.ba || m.Judged != tt.judged {
			t.Errorf("band %v fail %v: %+v, want BA %v judged %d", tt.band, tt.failAll, m, tt.ba, tt.judged)
		}
	}
	m := EvaluateHybrid(lex, ans, sup, 0.5, 0)
	if m.BestBalancedAccuracy != 1 || m.BestBand == 0 || m.BestBand > 0.45 {
		t.Errorf("best: %+v", m)
	}
}
