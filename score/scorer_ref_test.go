package score

import (
	"math"
	"math/bits"
)

// scorePreparedRef is ScorePrepared as it was before it searched only the
// sentences holding the claim's tokens (commit 537a6cd): every window of
// every source, every sentence's masks cleared per claim. Kept as the
// reference the fast path must equal exactly (TestScorePreparedMatchesRef):
// the claim-support figures in the README depend on the scores.
func (s *Scorer) scorePreparedRef(claimText string, srcs ...*Prepared) Result {
	res := Result{Source: -1}
	sc := &scratch{} // its own: it leaves masks dirty, which the fast path's pooled scratch must not be
	c := analyseClaim(sc, claimText, s.opts.Language)
	if len(c.toks) == 0 {
		return res
	}
	nonEmpty := false
	for _, p := range srcs {
		if p != nil && len(p.sents) > 0 {
			nonEmpty = true
		}
	}
	if !nonEmpty {
		res.Missing = rawTexts(c.toks, 0)
		return res
	}
	res.Scorable = true

	pr := s.opts.p
	n := len(c.toks)
	// Weights: 1 for an ordinary word, boosted for names and numbers, then
	// scaled by an IDF fitted on the source sentences, so that words found
	// in every sentence (the page's topic) count less than specific ones.
	// A claim token absent from the source gets the highest IDF: it is the
	// most specific word of all, and its absence is the strongest evidence.
	var w [maxClaimTokens]float64
	var union uint64
	type best struct {
		score, cov  float64
		mask        uint64
		src         int
		sp          span
		first, last int // sentence indices of sp
	}
	bestP := best{score: -1}
	var total float64
	for k, t := range c.toks {
		w[k] = 1
		if t.entity {
			w[k] += pr.entityBoost
		}
		if t.number {
			w[k] += pr.numberBoost
		}
	}
	// IDF per source; for several sources use the maximum (most specific).
	var idf [maxClaimTokens]float64
	// The claim's token ids in each source, looked up once: the IDF, the
	// masks and the negation check all need them.
	for len(sc.srcIDs) < len(srcs) {
		sc.srcIDs = append(sc.srcIDs, nil)
	}
	for si, p := range srcs {
		if p == nil || len(p.sents) == 0 {
			continue
		}
		N := float64(len(p.sents))
		maxIDF := math.Log(1 + (N+0.5)/0.5)
		ids := sc.srcIDs[si][:0]
		for k, t := range c.toks {
			id, ok := p.vocab[t.text]
			if !ok {
				id = -1
			}
			ids = append(ids, id)
			v := maxIDF
			if ok {
				df := float64(len(p.postings[id]))
				v = math.Log(1 + (N-df+0.5)/(df+0.5))
				union |= 1 << k
			}
			v /= maxIDF // 0..1
			if si == 0 || v > idf[k] {
				idf[k] = v
			}
		}
		sc.srcIDs[si] = ids
	}
	for k := 0; k < n; k++ {
		w[k] *= (1 - pr.idfWeight) + pr.idfWeight*(0.2+0.8*idf[k])
		total += w[k]
	}
	cover := func(mask uint64) float64 {
		var sum float64
		for m := mask; m != 0; m &= m - 1 {
			sum += w[bits.TrailingZeros64(m)]
		}
		return sum / total
	}
	nb := len(c.bigrams)
	for si, p := range srcs {
		if p == nil || len(p.sents) == 0 {
			continue
		}
		ns := len(p.sents)
		sc.masks = growMasksRef(sc.masks, ns)
		sc.bmasks = growMasksRef(sc.bmasks, ns)
		ids := sc.srcIDs[si]
		for k, id := range ids {
			if id < 0 {
				continue
			}
			for _, s := range p.postings[id] {
				sc.masks[s] |= 1 << k
			}
		}
		for b, bg := range c.bigrams {
			a, z := ids[bg[0]], ids[bg[1]]
			if a < 0 || z < 0 {
				continue
			}
			for _, e := range p.pairSentences(uint64(a)<<32 | uint64(z)) {
				sc.bmasks[e.sent] |= 1 << b
			}
		}
		W := s.opts.Window
		for i := 0; i < ns; i++ {
			var m, bm uint64
			for j := i; j < ns && j < i+W; j++ {
				if j > i && sc.masks[j]&^m == 0 && sc.bmasks[j]&^bm == 0 {
					continue // adds nothing: the same score, never strictly greater
				}
				m |= sc.masks[j]
				bm |= sc.bmasks[j]
				cv := cover(m)
				v := cv
				if nb > 0 {
					v = (1-pr.bigramWeight)*cv + pr.bigramWeight*float64(bits.OnesCount64(bm))/float64(nb)
				}
				// Strictly greater keeps the shortest, earliest window on ties.
				if v > bestP.score+1e-12 {
					bestP = best{score: v, cov: cv, mask: m, src: si, sp: span{p.sents[i].start, p.sents[j].end}, first: i, last: j}
				}
			}
		}
	}
	docCov := cover(union)
	a := s.opts.PassageWeight
	res.Score = clamp01(a*bestP.score + (1-a)*docCov)
	res.Coverage = docCov
	res.PassageCov = bestP.cov
	res.Source = bestP.src
	p := srcs[bestP.src]
	res.Best = Passage{Start: bestP.sp.start, End: bestP.sp.end, Text: p.text[bestP.sp.start:bestP.sp.end]}
	res.Missing = missingTokens(c.toks, bestP.mask, w[:n])
	res.Negation = negationDiffers(claimText, sc.srcIDs[bestP.src], p, w[:n], bestP.first, bestP.last)
	return res
}

func growMasksRef(m []uint64, n int) []uint64 {
	if cap(m) < n {
		return make([]uint64, n)
	}
	m = m[:n]
	clear(m)
	return m
}
