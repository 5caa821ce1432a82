package score

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
)

// Pair is one labelled example for calibration: a claim, the text of the
// source(s) it cites, and whether a human judged the claim supported.
type Pair struct {
	Claim     string
	Sources   []string
	Supported bool
}

// Metrics summarises how well scores separate supported from unsupported
// pairs. Precision and recall are those of flagging UNSUPPORTED pairs (the
// rule's job): a pair is flagged when its score is below Threshold, and the
// positive class is "not supported". Precision is 0 when nothing is flagged.
type Metrics struct {
	N                    int     `json:"n"`
	AUROC                float64 `json:"auroc"`
	Threshold            float64 `json:"threshold"`
	BalancedAccuracy     float64 `json:"balanced_accuracy"`
	Precision            float64 `json:"precision"`
	Recall               float64 `json:"recall"`
	BestThreshold        float64 `json:"best_threshold"`
	BestBalancedAccuracy float64 `json:"best_balanced_accuracy"`
	// Unscorable counts pairs whose claim had no content tokens. They are
	// kept in every figure with score 0 (flagged), never silently passed.
	Unscorable int `json:"unscorable"`
}

// Calibrate scores every pair with s (a default Scorer when nil) and
// measures the result at threshold. It is what `citelint calibrate` prints,
// so users can tune the low-overlap threshold on their own labelled data.
func Calibrate(pairs []Pair, threshold float64, s *Scorer) Metrics {
	return CalibrateScores(ScorePairs(pairs, s), threshold)
}

// PairScores are pairs' lexical scores, their labels (true = supported)
// and whether each could be scored at all (Result.Scorable).
type PairScores struct {
	Scores   []float64
	Labels   []bool
	Scorable []bool
}

// ScorePairs scores every pair with s (nil: the defaults). Pairs often
// share a source (several claims about one page): each is prepared once.
// Pairs are scored on every core; each writes only its own slots, so the
// scores do not depend on the order.
func ScorePairs(pairs []Pair, s *Scorer) PairScores {
	if s == nil {
		s = New(Options{})
	}
	ps := PairScores{Scores: make([]float64, len(pairs)), Labels: make([]bool, len(pairs)), Scorable: make([]bool, len(pairs))}
	cache := NewSourceCache(s, 0)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), len(pairs))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var srcs []*Prepared
			for i := int(next.Add(1) - 1); i < len(pairs); i = int(next.Add(1) - 1) {
				p := &pairs[i]
				srcs = srcs[:0]
				for _, src := range p.Sources {
					srcs = append(srcs, cache.Prepared(src))
				}
				r := s.ScorePrepared(p.Claim, srcs...)
				ps.Scores[i], ps.Scorable[i], ps.Labels[i] = r.Score, r.Scorable, p.Supported
			}
		}()
	}
	wg.Wait()
	return ps
}

// CalibrateScores is Calibrate for pairs already scored.
func CalibrateScores(ps PairScores, threshold float64) Metrics {
	m := Evaluate(ps.Scores, ps.Labels, threshold)
	for _, ok := range ps.Scorable {
		if !ok {
			m.Unscorable++
		}
	}
	return m
}

// Evaluate computes Metrics for precomputed scores (labels true =
// supported). It lets baselines and alternative scorers be measured with
// exactly the same arithmetic as Calibrate.
func Evaluate(scores []float64, supported []bool, threshold float64) Metrics {
	m := Metrics{N: len(scores), Threshold: threshold}
	if len(scores) == 0 || len(scores) != len(supported) {
		return m
	}
	m.AUROC = AUROC(scores, supported)
	m.BalancedAccuracy, m.Precision, m.Recall = flagStats(scores, supported, threshold)
	m.BestThreshold, m.BestBalancedAccuracy = BestThreshold(scores, supported)
	return m
}

// flagStats returns balanced accuracy, precision and recall of flagging
// score < threshold as unsupported.
func flagStats(scores []float64, supported []bool, threshold float64) (ba, precision, recall float64) {
	var tp, fp, tn, fn float64
	for i, sc := range scores {
		flagged := sc < threshold
		switch {
		case flagged && !supported[i]:
			tp++
		case flagged && supported[i]:
			fp++
		case !flagged && supported[i]:
			tn++
		default:
			fn++
		}
	}
	tpr, tnr := ratio(tp, tp+fn), ratio(tn, tn+fp)
	switch {
	case tp+fn == 0:
		ba = tnr
	case tn+fp == 0:
		ba = tpr
	default:
		ba = (tpr + tnr) / 2
	}
	return ba, ratio(tp, tp+fp), tpr
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// BestThreshold returns the threshold that maximises balanced accuracy of
// flagging score < threshold, and that accuracy. Candidates are the midpoints
// between consecutive distinct scores (plus one above the maximum), so the
// threshold does not sit on a data point; ties go to the lowest threshold,
// the one that flags least.
func BestThreshold(scores []float64, supported []bool) (threshold, ba float64) {
	if len(scores) == 0 || len(scores) != len(supported) {
		return 0, 0
	}
	idx := make([]int, len(scores))
	var pos, neg float64 // pos = unsupported (flag target)
	for i := range idx {
		idx[i] = i
		if supported[i] {
			neg++
		} else {
			pos++
		}
	}
	sort.Slice(idx, func(a, b int) bool { return scores[idx[a]] < scores[idx[b]] })
	best, bestT := -1.0, 0.0
	var tp, fp float64 // flagged so far (scores below the candidate)
	for k := 0; k <= len(idx); k++ {
		// Candidate threshold between idx[k-1] and idx[k].
		if k == 0 || k == len(idx) || scores[idx[k]] != scores[idx[k-1]] {
			var t float64
			switch {
			case k == 0:
				t = scores[idx[0]]
			case k == len(idx):
				t = math.Nextafter(scores[idx[k-1]], math.Inf(1))
			default:
				t = (scores[idx[k-1]] + scores[idx[k]]) / 2
			}
			b := balanced(tp, pos, neg-fp, neg)
			if b > best+1e-12 {
				best, bestT = b, t
			}
		}
		if k < len(idx) {
			if supported[idx[k]] {
				fp++
			} else {
				tp++
			}
		}
	}
	return bestT, best
}

func balanced(tp, pos, tn, neg float64) float64 {
	switch {
	case pos == 0:
		return ratio(tn, neg)
	case neg == 0:
		return ratio(tp, pos)
	}
	return (tp/pos + tn/neg) / 2
}

// AUROC is the area under the ROC curve: the probability that a randomly
// chosen positive has a higher score than a randomly chosen negative, ties
// counting one half (the Mann-Whitney U statistic divided by n₊·n₋). It
// returns 0.5 when either class is empty, and NaN scores rank lowest.
func AUROC(scores []float64, positive []bool) float64 {
	n := len(scores)
	if n == 0 || n != len(positive) {
		return 0.5
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	key := func(i int) float64 {
		if math.IsNaN(scores[i]) {
			return math.Inf(-1)
		}
		return scores[i]
	}
	sort.Slice(idx, func(a, b int) bool { return key(idx[a]) < key(idx[b]) })
	var rankSum, npos float64
	for i := 0; i < n; {
		j := i
		for j < n && key(idx[j]) == key(idx[i]) {
			j++
		}
		avg := float64(i+j+1) / 2 // mean of ranks i+1 … j
		for k := i; k < j; k++ {
			if positive[idx[k]] {
				rankSum += avg
				npos++
			}
		}
		i = j
	}
	nneg := float64(n) - npos
	if npos == 0 || nneg == 0 {
		return 0.5
	}
	return (rankSum - npos*(npos+1)/2) / (npos * nneg)
}

// pairLine is the JSONL form read by ReadPairs.
type pairLine struct {
	Claim     *string         `json:"claim"`
	Source    json.RawMessage `json:"source"`
	Supported *bool           `json:"supported"`
}

// maxLine bounds one JSONL line (a pair with its full source text).
const maxLine = 64 << 20

// ReadPairs reads calibration pairs, one JSON object per line:
// {"claim": str, "source": str or [str], "supported": bool}. Blank lines
// are skipped; every error names its 1-based line number so a user can fix
// the file.
func ReadPairs(r io.Reader) ([]Pair, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	var pairs []Pair
	for line := 1; ; line++ {
		b, err := readLine(br)
		if err != nil && !errors.Is(err, io.EOF) {
			return pairs, fmt.Errorf("line %d: %w", line, err)
		}
		if t := bytes.TrimSpace(b); len(t) > 0 {
			p, perr := parsePairLine(t)
			if perr != nil {
				return pairs, fmt.Errorf("line %d: %w", line, perr)
			}
			pairs = append(pairs, p)
		}
		if errors.Is(err, io.EOF) {
			return pairs, nil
		}
	}
}

func readLine(br *bufio.Reader) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		buf = append(buf, chunk...)
		if len(buf) > maxLine {
			return nil, fmt.Errorf("line longer than %d bytes", maxLine)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return buf, err
	}
}

func parsePairLine(b []byte) (Pair, error) {
	var pl pairLine
	if err := json.Unmarshal(b, &pl); err != nil {
		return Pair{}, fmt.Errorf("invalid JSON: %w", err)
	}
	if pl.Claim == nil {
		return Pair{}, errors.New(`missing "claim"`)
	}
	if pl.Supported == nil {
		return Pair{}, errors.New(`missing "supported" (true or false)`)
	}
	p := Pair{Claim: *pl.Claim, Supported: *pl.Supported}
	src := bytes.TrimSpace(pl.Source)
	switch {
	case len(src) == 0 || bytes.Equal(src, []byte("null")):
		return Pair{}, errors.New(`missing "source" (a string or an array of strings)`)
	case src[0] == '"':
		var s string
		if err := json.Unmarshal(src, &s); err != nil {
			return Pair{}, fmt.Errorf(`"source": %w`, err)
		}
		p.Sources = []string{s}
	case src[0] == '[':
		if err := json.Unmarshal(src, &p.Sources); err != nil {
			return Pair{}, fmt.Errorf(`"source" must be a string or an array of strings: %w`, err)
		}
	default:
		return Pair{}, errors.New(`"source" must be a string or an array of strings`)
	}
	return p, nil
}
