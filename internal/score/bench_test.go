package score

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/cputime"
)

// BenchmarkScoreClaims scores claims against 10 KB sources, each source
// prepared once and scored against many claims (as a report citing one
// source from several sentences does). Issue 5's target: ≥ 20,000 claims/s
// on one core.
func BenchmarkScoreClaims(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	words := strings.Fields("sea level rose centimetres since ocean warming ice sheet glacier melt " +
		"thermal expansion satellite altimetry tide gauge decade century acceleration rate " +
		"coastal flooding storm surge projection scenario emissions greenhouse temperature " +
		"Greenland Antarctica measured estimated reported increased doubled percent million")
	sentence := func(n int) string {
		var s []string
		for range n {
			s = append(s, words[rng.Intn(len(words))])
		}
		// A capital after the full stop, as in prose: the splitter ends
		// no sentence before a lower-case word.
		s[0] = strings.ToUpper(s[0][:1]) + s[0][1:]
		if rng.Intn(3) == 0 {
			s = append(s, fmt.Sprint(rng.Intn(3000)))
		}
		return strings.Join(s, " ") + "."
	}
	var src strings.Builder
	for src.Len() < 10<<10 {
		src.WriteString(sentence(8 + rng.Intn(12)))
		src.WriteByte(' ')
	}
	claims := make([]string, 256)
	for i := range claims {
		claims[i] = sentence(10 + rng.Intn(15))
	}
	s := New(Options{})
	p := s.Prepare(src.String())
	b.ResetTimer()
	i := 0
	for b.Loop() {
		s.ScorePrepared(claims[i%len(claims)], p)
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "claims/s")
}

// BenchmarkCalibrateWiCE runs Calibrate over the 349 WiCE dev pairs (each
// a claim and the page it cites, 8.4 KB on average) and reports pairs per
// second. Issue 21 measured 1,340 pairs/s on one thread, 70% of it
// tokenising the sources.
func BenchmarkCalibrateWiCE(b *testing.B) {
	pairs := wicePairs(loadWiCE(b), partialUnsupported, -1)
	b.ReportAllocs()
	cpu0 := cputime.Used()
	for b.Loop() {
		Calibrate(pairs, DefaultThreshold, nil)
	}
	n := float64(b.N * len(pairs))
	b.ReportMetric(n/b.Elapsed().Seconds(), "pairs/s")
	// Calibrate uses every core: per CPU-second is the figure per core.
	b.ReportMetric(n/(cputime.Used()-cpu0).Seconds(), "pairs/cpu-s")
}
