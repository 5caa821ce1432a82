package score

import (
	"fmt"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// sameResult reports how a and b differ ("" when they are the same):
// floats bit for bit, so a NaN equals a NaN and 0.1+0.2 is not 0.3.
func sameResult(a, b Result) string {
	same := func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) }
	switch {
	case !same(a.Score, b.Score):
		return fmt.Sprintf("score %v, want %v", a.Score, b.Score)
	case a.Best != b.Best:
		return fmt.Sprintf("best %+v, want %+v", a.Best, b.Best)
	case a.Source != b.Source || a.Scorable != b.Scorable:
		return fmt.Sprintf("source %d scorable %v, want %d %v", a.Source, a.Scorable, b.Source, b.Scorable)
	case !slices.Equal(a.Missing, b.Missing):
		return fmt.Sprintf("missing %q, want %q", a.Missing, b.Missing)
	case !same(a.Coverage, b.Coverage) || !same(a.PassageCov, b.PassageCov):
		return fmt.Sprintf("coverage %v/%v, want %v/%v", a.Coverage, a.PassageCov, b.Coverage, b.PassageCov)
	case a.Negation != b.Negation:
		return fmt.Sprintf("negation %q, want %q", a.Negation, b.Negation)
	}
	return ""
}

// scorePreparedRef is ScorePrepared with its search off (exhaustive): the
// scan of every window of every source, with a scratch of its own. The
// scoring is the same code; what the tests hold to it is the search, which
// scores only the windows near sentences holding a claim's tokens and stops
// when no window can beat the best.
func (s *Scorer) scorePreparedRef(claimText string, srcs ...*Prepared) Result {
	r := &Scorer{opts: s.opts, exhaustive: true}
	r.pool.New = func() any { return &scratch{} }
	return r.ScorePrepared(claimText, srcs...)
}

// TestScorePreparedMatchesRefWiCE holds ScorePrepared, which scores only
// the windows near sentences holding a claim token, to the scan of every
// window it replaced (scorePreparedRef), result for result, on the WiCE
// dev pairs the defaults were tuned on: each claim against its page, the
// page cut in two sources, and every other claim's page (mostly
// unrelated text, where few sentences are touched).
func TestScorePreparedMatchesRefWiCE(t *testing.T) {
	items := loadWiCE(t)
	s := New(Options{})
	n := 0
	check := func(claim string, ps ...*Prepared) {
		t.Helper()
		n++
		got, want := s.ScorePrepared(claim, ps...), s.scorePreparedRef(claim, ps...)
		if d := sameResult(got, want); d != "" {
			t.Fatalf("claim %q: %s", claim, d)
		}
	}
	prepared := make([]*Prepared, len(items))
	for i, it := range items {
		prepared[i] = s.Prepare(it.source)
	}
	for i, it := range items {
		check(it.claim, prepared[i])
		half := len(it.source) / 2
		for half < len(it.source) && it.source[half] != '\n' {
			half++
		}
		check(it.claim, s.Prepare(it.source[:half]), s.Prepare(it.source[half:]))
		check(it.claim, prepared[(i+1)%len(items)], nil, prepared[i])
		for j := i + 7; j < len(items); j += 37 {
			check(it.claim, prepared[j])
		}
	}
	t.Logf("%d claims scored alike", n)
}

// TestScorePreparedMatchesRefRandom compares the two on random sources
// and claims from a small vocabulary, so that tokens repeat across
// sentences at every density (runs of touched sentences, long gaps,
// windows overlapping at the source's ends), with windows of 1 to 6
// sentences, several sources, empty ones, and tuning knobs that make
// weights zero or negative (where an empty window's value may beat a
// scored one).
func TestScorePreparedMatchesRefRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	vocab := strings.Fields("harbour town grain tonnes rose fell Smith Jones not never 1900 42 3.5 " +
		"percent ship port trade river Ab the of in was built")
	filler := strings.Fields("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor")
	sentence := func(density float64) string {
		n := 1 + rng.Intn(12)
		w := make([]string, n)
		for i := range w {
			if rng.Float64() < density {
				w[i] = vocab[rng.Intn(len(vocab))]
			} else {
				w[i] = filler[rng.Intn(len(filler))]
			}
		}
		w[0] = strings.ToUpper(w[0][:1]) + w[0][1:] // else no sentence ends before it
		return strings.Join(w, " ") + []string{". ", "! ", "? ", ".\n", ".\n\n"}[rng.Intn(5)]
	}
	source := func() string {
		var b strings.Builder
		n := rng.Intn(60)
		density := []float64{0, 0.02, 0.1, 0.5, 1}[rng.Intn(5)]
		for range n {
			b.WriteString(sentence(density))
		}
		return b.String()
	}
	knobs := []params{
		defaultParams(),
		{bigramWeight: 0, entityBoost: 0, numberBoost: 0, idfWeight: 0, set: true},
		{bigramWeight: 1, entityBoost: 3, numberBoost: 2, idfWeight: 0.5, set: true},
		{bigramWeight: 0.5, entityBoost: -1, numberBoost: -1, idfWeight: 2, set: true}, // weights may be 0 or negative
		{bigramWeight: -0.5, entityBoost: 1, numberBoost: 1, idfWeight: 1.5, set: true},
	}
	for round := range 4000 {
		opts := Options{Window: rng.Intn(7), PassageWeight: []float64{0, 0.5, 1, -1, 0.3}[rng.Intn(5)]}
		opts.p = knobs[rng.Intn(len(knobs))]
		s := New(opts)
		var ps []*Prepared
		for range 1 + rng.Intn(3) {
			if rng.Intn(8) == 0 {
				ps = append(ps, nil)
				continue
			}
			ps = append(ps, s.Prepare(source()))
		}
		for range 1 + rng.Intn(6) {
			claim := strings.TrimSpace(sentence(0.3 + 0.7*rng.Float64()))
			got, gotPanic := tryScore(s.ScorePrepared, claim, ps)
			want, wantPanic := tryScore(s.scorePreparedRef, claim, ps)
			if d := sameResult(got, want); d != "" || gotPanic != wantPanic {
				t.Fatalf("round %d, window %d, knobs %+v, claim %q: %s (panic %v, want %v)", round, opts.Window, opts.p, claim, d, gotPanic, wantPanic)
			}
		}
	}
}

// tryScore calls f, and reports whether it panicked: knobs that make every
// weight zero make every window's value NaN, and both versions then fail
// alike on a first source that is nil.
func tryScore(f func(string, ...*Prepared) Result, claim string, ps []*Prepared) (r Result, panicked bool) {
	defer func() { panicked = recover() != nil }()
	return f(claim, ps...), false
}

// TestScorePreparedClearsMasks checks that a claim scored after another
// against a larger source sees no masks the first left set: the pooled
// masks are cleared only where they were set.
func TestScorePreparedClearsMasks(t *testing.T) {
	s := New(Options{})
	big := s.Prepare(strings.Repeat("The harbour handled grain. Ships left the port. ", 200))
	small := s.Prepare("Ships left the port. The harbour handled grain.")
	for range 3 {
		for _, c := range []string{"The harbour handled grain.", "Ships left.", "Nothing matches here."} {
			for _, p := range []*Prepared{big, small} {
				if d := sameResult(s.ScorePrepared(c, p), s.scorePreparedRef(c, p)); d != "" {
					t.Fatalf("%q: %s", c, d)
				}
			}
		}
	}
}

// tinySentences is a source of 2n sentences "Ab." and n claims, none
// sharing a word with it ("Town 7 grew") or, with common, each holding its
// one word: every claim's work was every sentence of the source.
func tinySentences(n int, common bool) (source string, claims []string) {
	word := ""
	if common {
		word = " ab"
	}
	for i := range n {
		claims = append(claims, fmt.Sprintf("Town %d grew%s.", i, word))
	}
	return strings.Repeat("Ab. ", 2*n), claims
}

// TestScoreTinySentencesPathological checks the results on the shapes the
// benchmark times, against the scan of every window.
func TestScoreTinySentencesPathological(t *testing.T) {
	s := New(Options{})
	for _, common := range []bool{false, true} {
		src, claims := tinySentences(300, common)
		p := s.Prepare(src)
		for _, c := range claims {
			got := s.ScorePrepared(c, p)
			if d := sameResult(got, s.scorePreparedRef(c, p)); d != "" {
				t.Fatalf("%q: %s", c, d)
			}
			if !got.Scorable || common != (got.PassageCov > 0) || got.Best.Text != "Ab." {
				t.Fatalf("%q: %+v", c, got)
			}
		}
	}
}

// BenchmarkScoreTinySentences scores n claims against a source of 2n
// sentences, prepared once, as the low-overlap rule does for a document
// citing one source; ns/byte (of claims and source) stays flat when each
// claim's work does not grow with the source. With a word the claims
// share with every sentence, each claim still sets that word's postings
// (the best passage is then the first, and the scan stops there).
func BenchmarkScoreTinySentences(b *testing.B) {
	for _, common := range []bool{false, true} {
		for _, n := range []int{2500, 5000, 10000} {
			b.Run(fmt.Sprintf("common=%v/n=%d", common, n), func(b *testing.B) {
				s := New(Options{})
				src, claims := tinySentences(n, common)
				size := len(src)
				for _, c := range claims {
					size += len(c)
				}
				b.SetBytes(int64(size))
				for b.Loop() {
					p := s.Prepare(src)
					for _, c := range claims {
						s.ScorePrepared(c, p)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(size), "ns/byte")
			})
		}
	}
}

// FuzzScoreMatchesRef holds ScorePrepared to the scan of every window on
// claims and sources the fuzzer writes, with windows of 1 to 8 sentences.
func FuzzScoreMatchesRef(f *testing.F) {
	f.Add("The harbour handled 42 tonnes.", "Ab. The harbour of town 3 handled 42 tonnes of grain. Ab. Ships left.", uint8(4))
	f.Add("Smith did not find it.", "Smith found it. It was never found.\n\nNot here.", uint8(1))
	f.Add("ab ab ab", "Ab. Ab. Ab. Ab ab. Ab.", uint8(2))
	f.Fuzz(func(t *testing.T, claim, source string, window uint8) {
		s := New(Options{Window: 1 + int(window%8)})
		p, q := s.Prepare(source), s.Prepare(strings.ToUpper(source))
		for _, ps := range [][]*Prepared{{p}, {q, p}} {
			if d := sameResult(s.ScorePrepared(claim, ps...), s.scorePreparedRef(claim, ps...)); d != "" {
				t.Fatalf("claim %q, source %q, window %d: %s", claim, source, 1+window%8, d)
			}
		}
	})
}
