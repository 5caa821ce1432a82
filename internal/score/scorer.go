package score

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/score/tokenize"
)

// Passage is a span of a source: the text quoted as evidence.
type Passage struct {
	Start int    `json:"start"` // byte offset in the source
	End   int    `json:"end"`
	Text  string `json:"text"`
}

// Result is the support score of a claim against its source(s).
type Result struct {
	// Score is in [0, 1]; higher means better supported. Compare it with
	// DefaultThreshold (or a calibrated threshold).
	Score float64 `json:"score"`
	// Best is the passage that supports the claim best, to quote as evidence.
	Best Passage `json:"best"`
	// Source is the index (into the sources given) of Best's source; -1 when
	// there was no source text.
	Source int `json:"source"`
	// Scorable is false when the claim has no content tokens (or no source
	// text was given): the caller must then report "not scorable", never a
	// silent pass or fail.
	Scorable bool `json:"scorable"`
	// Missing lists the claim's content words and numbers (as written in the
	// claim) that do not occur in the best passage, most informative first:
	// the evidence a reviewer checks first.
	Missing []string `json:"missing,omitempty"`
	// Coverage is the weighted fraction of the claim's content tokens found
	// anywhere in the sources; Passage is the same fraction within Best.
	Coverage   float64 `json:"coverage"`
	PassageCov float64 `json:"passage_coverage"`
	// Negation is set when the claim and the sentence of Best that
	// matches it most differ in negation ("did not cause" against
	// "caused"): it names the cue and where it stands, for the message.
	// It does not lower the score: on the tuning half of WiCE dev a
	// penalty of 0.2 lowered AUROC from 0.888 to 0.875. Most differences
	// there are a cue elsewhere in the sentence ("was unable to attend"),
	// and the three claims whose closest source sentence covered more
	// than half of them yet differed in negation were all labelled
	// supported.
	Negation string `json:"negation,omitempty"`
}

// Options configures a Scorer. The zero value gives the documented defaults,
// which were tuned on half of the WiCE dev set and checked on the other half
// (see TestWiCE).
type Options struct {
	// Language selects the Snowball stemmer for Latin-script words (English,
	// German, French, Spanish, Swedish, Norwegian, Hungarian or NoStemming).
	// Default English. Claim and source are always stemmed alike.
	Language string
	// Window is the largest passage, in sentences. Default 4: most supported
	// claims are backed by one to three neighbouring sentences, and wider
	// windows let unrelated sentences add spurious coverage.
	Window int
	// PassageWeight blends the best passage's coverage with the coverage
	// over the whole source: Score = PassageWeight·passage +
	// (1−PassageWeight)·source. Whole-source coverage matters because
	// human-labelled support is often spread over non-adjacent sentences
	// (WiCE marks sentence 5 with sentence 15); the passage term rewards
	// claims that one place in the source states. Default 0.5. Set it
	// negative to use the source term alone.
	PassageWeight float64
	// MaxSourceBytes truncates longer sources (default 1 MiB) so one huge
	// page cannot stall a lint run.
	MaxSourceBytes int

	// tuning knobs not yet exposed; zero means the default.
	p params
}

// params are the internal weights of the scoring function.
type params struct {
	bigramWeight float64 // share of the passage term given to claim bigrams found in order
	entityBoost  float64 // extra weight of capitalised claim words (names)
	numberBoost  float64 // extra weight of numbers
	idfWeight    float64 // how much the source-fitted IDF shapes token weights
	set          bool
}

func defaultParams() params {
	return params{bigramWeight: 0.2, entityBoost: 1, numberBoost: 1, idfWeight: 1, set: true}
}

// Scorer scores claims against sources. It is safe for concurrent use.
type Scorer struct {
	opts Options
	pool sync.Pool // *scratch
	// exhaustive turns the search off: every window of every source is
	// scored and none is skipped (tests: the plain scan the search must
	// equal, result for result).
	exhaustive bool
}

// New returns a Scorer with opts, defaults filled in.
func New(opts Options) *Scorer {
	if opts.Language == "" {
		opts.Language = tokenize.English
	}
	if opts.Window <= 0 {
		opts.Window = 4
	}
	if opts.PassageWeight == 0 {
		opts.PassageWeight = 0.5
	} else if opts.PassageWeight < 0 {
		opts.PassageWeight = 0
	}
	if opts.PassageWeight > 1 {
		opts.PassageWeight = 1
	}
	if opts.MaxSourceBytes <= 0 {
		opts.MaxSourceBytes = 1 << 20
	}
	if !opts.p.set {
		opts.p = defaultParams()
	}
	s := &Scorer{opts: opts}
	s.pool.New = func() any { return &scratch{} }
	return s
}

// Prepared is a source tokenised once, so that the many claims citing the
// same source (a rule caches it per document) do not repeat the work.
type Prepared struct {
	text     string
	sents    []span
	vocab    map[string]int32
	postings [][]int32 // token id → sentence indices (ascending, unique)
	// pairs are the adjacent token ids of each sentence, a<<32|b, sorted
	// by key then sentence, without duplicates: a sorted array, because a
	// map of slices was a third of the time of preparing a source.
	pairs []pairAt
	lang  string
}

// Len returns the number of passage units (sentences) of the source.
func (p *Prepared) Len() int { return len(p.sents) }

// Prepare tokenises a source for ScorePrepared.
func (s *Scorer) Prepare(source string) *Prepared {
	if len(source) > s.opts.MaxSourceBytes {
		cut := s.opts.MaxSourceBytes
		for cut > 0 && !utf8.RuneStart(source[cut]) {
			cut--
		}
		source = source[:cut]
	}
	// About one distinct token per 16 bytes of prose: sized so the
	// vocabulary rarely grows.
	p := &Prepared{text: source, lang: s.opts.Language, vocab: make(map[string]int32, len(source)/16)}
	p.sents = splitSentences(source)
	var toks []tokenize.Token
	for si, sp := range p.sents {
		toks = tokenize.Append(toks[:0], source[sp.start:sp.end], s.opts.Language)
		prev := int32(-1)
		for _, t := range toks {
			id, ok := p.vocab[t.Text]
			if !ok {
				id = int32(len(p.postings))
				p.vocab[t.Text] = id
				p.postings = append(p.postings, nil)
			}
			if l := p.postings[id]; len(l) == 0 || l[len(l)-1] != int32(si) {
				p.postings[id] = append(l, int32(si))
			}
			if prev >= 0 && prev != id {
				p.pairs = append(p.pairs, pairAt{uint64(prev)<<32 | uint64(id), int32(si)})
			}
			prev = id
		}
	}
	slices.SortFunc(p.pairs, func(a, b pairAt) int {
		if c := cmp.Compare(a.key, b.key); c != 0 {
			return c
		}
		return cmp.Compare(a.sent, b.sent)
	})
	p.pairs = slices.Compact(p.pairs)
	return p
}

// pairAt is one pair of adjacent tokens in sentence sent.
type pairAt struct {
	key  uint64
	sent int32
}

// pairSentences returns the entries of the pair a<<32|b, one per
// sentence that holds it.
func (p *Prepared) pairSentences(key uint64) []pairAt {
	i, _ := slices.BinarySearchFunc(p.pairs, key, func(e pairAt, k uint64) int { return cmp.Compare(e.key, k) })
	j := i
	for j < len(p.pairs) && p.pairs[j].key == key {
		j++
	}
	return p.pairs[i:j]
}

// maxClaimTokens bounds the claim tokens considered (one bit each in a
// 64-bit mask). A claim sentence longer than that keeps its 64 most
// informative tokens.
const maxClaimTokens = 64

// claimToken is one distinct content token of a claim.
type claimToken struct {
	text   string
	raw    string // as written in the claim, for Missing
	number bool
	entity bool
}

// claim is an analysed claim.
type claim struct {
	toks    []claimToken
	bigrams [][2]int // indices into toks of consecutive content tokens
}

// analyseClaim analyses text into sc's buffers: the claim it returns
// lives until sc is reused.
func analyseClaim(sc *scratch, text, language string) claim {
	sc.raw = tokenize.Append(sc.raw[:0], text, language)
	raw := sc.raw
	c := claim{toks: sc.toks[:0], bigrams: sc.bigrams[:0]}
	defer func() { sc.toks, sc.bigrams = c.toks, c.bigrams }()
	prev := -1
	for i, t := range raw {
		// Claims are short: a linear search beats building a map.
		k, ok := -1, false
		for j := range c.toks {
			if c.toks[j].text == t.Text {
				k, ok = j, true
				break
			}
		}
		if !ok {
			if len(c.toks) == maxClaimTokens {
				prev = -1
				continue
			}
			k = len(c.toks)
			r, _ := utf8.DecodeRuneInString(text[t.Start:])
			c.toks = append(c.toks, claimToken{
				text:   t.Text,
				raw:    text[t.Start:t.End],
				number: r >= '0' && r <= '9' || unicode.IsDigit(r),
				entity: i > 0 && unicode.IsUpper(r),
			})
		}
		if prev >= 0 && prev != k && len(c.bigrams) < maxClaimTokens {
			c.bigrams = append(c.bigrams, [2]int{prev, k})
		}
		prev = k
	}
	return c
}

// scratch holds per-call buffers, pooled to keep the hot loop allocation-free.
type scratch struct {
	raw     []tokenize.Token
	toks    []claimToken
	bigrams [][2]int
	srcIDs  [][]int32 // per source, the claim tokens' ids (-1: absent)
	masks   []uint64  // per sentence of a source, the claim tokens it holds; zero between uses
	bmasks  []uint64  // the same for the claim's bigrams
	touched []int32   // the sentences whose masks are set
}

// Score scores claim against the given source texts. Prepare the sources
// and use ScorePrepared when the same source is cited more than once.
func (s *Scorer) Score(claim string, sources ...string) Result {
	ps := make([]*Prepared, len(sources))
	for i, src := range sources {
		ps[i] = s.Prepare(src)
	}
	return s.ScorePrepared(claim, ps...)
}

// ScorePrepared scores claim against prepared sources. With several sources
// the whole-source term uses their union (a claim citing [1][2] may draw on
// both) and the best passage is the best over all of them.
func (s *Scorer) ScorePrepared(claimText string, srcs ...*Prepared) Result {
	res := Result{Source: -1}
	sc := s.pool.Get().(*scratch)
	defer s.pool.Put(sc)
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
	value := func(m, bm uint64) (v, cv float64) {
		cv = cover(m)
		v = cv
		if nb > 0 {
			v = (1-pr.bigramWeight)*cv + pr.bigramWeight*float64(bits.OnesCount64(bm))/float64(nb)
		}
		return v, cv
	}
	// The passages are windows of up to Window sentences. Only sentences
	// holding a claim token (touched: found through the tokens' postings)
	// add to a window, so only windows starting within Window-1 sentences
	// before a touched one are scored. Every other start's window is
	// empty, and of a run of such starts only the first could matter:
	// its value, that of an empty mask, beats the best so far only when
	// nothing was scored yet. The order of the windows scored and their
	// values are those of a scan of every window (exhaustive, which the
	// tests compare with), so the result is the same; the masks of the touched
	// sentences alone are set and cleared, not the source's every
	// sentence per claim.
	W := s.opts.Window
	monotone := !s.exhaustive && total > 0 && pr.bigramWeight >= 0 && pr.bigramWeight <= 1
	for k := range n {
		monotone = monotone && w[k] >= 0
	}
	for si, p := range srcs {
		if p == nil || len(p.sents) == 0 {
			continue
		}
		ns := len(p.sents)
		sc.masks = zeroMasks(sc.masks, ns)
		sc.bmasks = zeroMasks(sc.bmasks, ns)
		touched := sc.touched[:0]
		var all, ball uint64 // the tokens and bigrams of the claim the source holds
		ids := sc.srcIDs[si]
		for k, id := range ids {
			if id < 0 {
				continue
			}
			all |= 1 << k
			for _, s := range p.postings[id] {
				if sc.masks[s] == 0 && sc.bmasks[s] == 0 {
					touched = append(touched, s)
				}
				sc.masks[s] |= 1 << k
			}
		}
		for b, bg := range c.bigrams {
			a, z := ids[bg[0]], ids[bg[1]]
			if a < 0 || z < 0 {
				continue
			}
			at := p.pairSentences(uint64(a)<<32 | uint64(z))
			if len(at) > 0 {
				ball |= 1 << b
			}
			for _, e := range at {
				if sc.masks[e.sent] == 0 && sc.bmasks[e.sent] == 0 {
					touched = append(touched, e.sent)
				}
				sc.bmasks[e.sent] |= 1 << b
			}
		}
		switch {
		case s.exhaustive:
			touched = touched[:0]
			for i := range ns {
				touched = append(touched, int32(i))
			}
		case len(touched) > ns/8:
			// Most sentences are touched: reading them in order is
			// cheaper than sorting.
			touched = touched[:0]
			for i := range ns {
				if sc.masks[i]|sc.bmasks[i] != 0 {
					touched = append(touched, int32(i))
				}
			}
		default:
			slices.Sort(touched)
		}
		// With weights that are not negative a window's value grows with
		// what it holds, in floating point too (each sum, product and
		// quotient rounds monotonically), so none of this source exceeds
		// that of everything it holds; once the best reaches it, the rest
		// of the source cannot change the result, and is not scored.
		ceiling := math.Inf(1)
		if monotone {
			ceiling, _ = value(all, ball)
		}
		full := func() bool { return !(ceiling > bestP.score+1e-12) }
		window := func(i int) { // every window starting at sentence i
			var m, bm uint64
			for j := i; j < ns && j < i+W; j++ {
				if j > i && sc.masks[j]&^m == 0 && sc.bmasks[j]&^bm == 0 {
					continue // adds nothing: the same score, never strictly greater
				}
				m |= sc.masks[j]
				bm |= sc.bmasks[j]
				v, cv := value(m, bm)
				// Strictly greater keeps the shortest, earliest window on ties.
				if v > bestP.score+1e-12 {
					bestP = best{score: v, cov: cv, mask: m, src: si, sp: span{p.sents[i].start, p.sents[j].end}, first: i, last: j}
				}
			}
		}
		empty := func(i int) { // the starts from i on whose windows touch nothing
			if v, cv := value(0, 0); v > bestP.score+1e-12 {
				bestP = best{score: v, cov: cv, src: si, sp: span{p.sents[i].start, p.sents[i].end}, first: i, last: i}
			}
		}
		next := 0 // the first start not yet scored
	scan:
		for _, t := range touched {
			t := int(t)
			if from := max(next, t-W+1); from > next {
				empty(next)
				next = from
			}
			for ; next <= t; next++ {
				if full() {
					break scan
				}
				window(next)
			}
		}
		if next < ns && !full() {
			empty(next)
		}
		for _, t := range touched {
			sc.masks[t], sc.bmasks[t] = 0, 0
		}
		sc.touched = touched
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

// negationDiffers compares the negation of the claim with that of the
// sentence of p's passage first..last that matches the claim most, and
// describes the difference ("" when both negate or neither does).
func negationDiffers(claimText string, ids []int32, p *Prepared, w []float64, first, last int) string {
	core := coreSentence(p, ids, w, first, last)
	sent := p.text[p.sents[core].start:p.sents[core].end]
	inClaim, inSource := negationCue(claimText), negationCue(sent)
	switch {
	case inClaim != "" && inSource == "":
		return fmt.Sprintf("the sentence says %q where the source does not negate", inClaim)
	case inClaim == "" && inSource != "":
		return fmt.Sprintf("the source says %q where the sentence does not negate", inSource)
	}
	return ""
}

// zeroMasks returns m resized to n. Its entries are zero: ScorePrepared
// clears those it set before it returns the scratch to the pool.
func zeroMasks(m []uint64, n int) []uint64 {
	if cap(m) < n {
		return make([]uint64, n)
	}
	return m[:n]
}

func clamp01(x float64) float64 {
	switch {
	case x < 0 || math.IsNaN(x):
		return 0
	case x > 1:
		return 1
	}
	return x
}

// missingTokens lists the raw forms of claim tokens not in mask, heaviest first.
func missingTokens(toks []claimToken, mask uint64, w []float64) []string {
	var idx []int
	for k := range toks {
		if mask&(1<<k) == 0 {
			idx = append(idx, k)
		}
	}
	// insertion sort by weight (claims are short)
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && w[idx[j]] > w[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	out := make([]string, 0, len(idx))
	for _, k := range idx {
		// Claims are short: a linear search beats building a map.
		if !slices.Contains(out, toks[k].raw) {
			out = append(out, toks[k].raw)
		}
	}
	return out
}

func rawTexts(toks []claimToken, mask uint64) []string {
	w := make([]float64, len(toks))
	return missingTokens(toks, mask, w)
}

// DefaultThreshold is the score below which the low-overlap rule flags a
// claim.
const DefaultThreshold = 0.5
