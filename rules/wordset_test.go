package rules

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// containsAnyScan is the definition wordSet.containsAny must match: any
// occurrence of a keyword that is a whole word (Latin keywords) or any
// occurrence at all (others).
func containsAnyScan(s string, list []string) bool {
	for _, w := range list {
		for off := 0; ; {
			i := strings.Index(s[off:], w)
			if i < 0 {
				break
			}
			i += off
			if w[0] < 0x80 && (i > 0 && isWordByte(s[i-1]) || i+len(w) < len(s) && isWordByte(s[i+len(w)]) && w != "%") {
				off = i + 1
				continue
			}
			return true
		}
	}
	return false
}

func TestWordSetMatchesScan(t *testing.T) {
	cases := []string{
		"", "%", "found", "foundation found", "the foundation", "we found it", "unfounded",
		"rose 5%", "5%x", "more than half", "more thanks", "according to the report", "据报道增长了",
		"it grew.", "outperformed", "the most", "almost", "最大的", "reports: rose, fell",
	}
	pieces := append(append([]string{" ", "x", "1", "%", ".", "-", "é", "的"}, findingWords...), comparisonWords...)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for j := rng.IntN(8); j >= 0; j-- {
			p := pieces[rng.IntN(len(pieces))]
			if rng.IntN(3) == 0 && len(p) > 1 {
				p = p[:1+rng.IntN(len(p)-1)] // partial words, cut UTF-8
			}
			b.WriteString(p)
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		for _, set := range []struct {
			ws   *wordSet
			list []string
		}{{findingSet, findingWords}, {comparisonSet, comparisonWords}} {
			if got, want := set.ws.containsAny(s), containsAnyScan(s, set.list); got != want {
				t.Fatalf("containsAny(%q) = %v, want %v", s, got, want)
			}
		}
	}
}

func TestWordSetLaterWholeWord(t *testing.T) {
	if !findingSet.containsAny("the foundation found that") {
		t.Error(`"found" after "foundation" not seen`)
	}
}
