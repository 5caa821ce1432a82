package score

// Re-implementations of the two published heuristics that citelint's
// low-overlap rule must beat, written from their documented behaviour (no
// code copied). They are measured on the same pairs as citelint in TestWiCE.

import (
	"math"
	"strings"
	"unicode/utf8"
)

// Defaults of the published heuristics: a pair counts as supported when its
// score is at least the threshold (so it is flagged when score < threshold,
// the same convention as citelint).
const (
	overlapBaselineThreshold = 0.2 // citation-integrity-check support_threshold
	tfidfBaselineThreshold   = 0.3 // pydantic-ai-provenance keep threshold
)

// overlapStopwords is citation-integrity-check's 28-word stopword list.
var overlapStopwords = map[string]bool{
	"a": true, "an": true, "and": true, "are": true, "as": true, "at": true, "be": true,
	"but": true, "by": true, "for": true, "from": true, "has": true, "have": true, "in": true,
	"is": true, "it": true, "its": true, "of": true, "on": true, "or": true, "that": true,
	"the": true, "this": true, "to": true, "was": true, "were": true, "will": true, "with": true,
}

// asciiAlnumTokens returns the `[a-z0-9]+` tokens of lower-cased text.
func asciiAlnumTokens(text string) []string {
	text = strings.ToLower(text)
	var out []string
	start := -1
	for i := 0; i <= len(text); i++ {
		alnum := i < len(text) && (text[i] >= 'a' && text[i] <= 'z' || text[i] >= '0' && text[i] <= '9')
		if alnum && start < 0 {
			start = i
		} else if !alnum && start >= 0 {
			out = append(out, text[start:i])
			start = -1
		}
	}
	return out
}

// overlapBaseline is citation-integrity-check's support score:
// |claim tokens ∩ source tokens| / |claim tokens| over token sets, stopwords
// removed from the claim. An empty claim token set is "trivially supported"
// (score 1), as in the original. Several sources: the best one.
func overlapBaseline(claim string, sources []string) float64 {
	ct := map[string]bool{}
	for _, t := range asciiAlnumTokens(claim) {
		if !overlapStopwords[t] {
			ct[t] = true
		}
	}
	if len(ct) == 0 {
		return 1
	}
	best := 0.0
	for _, src := range sources {
		if src == "" {
			continue
		}
		st := map[string]bool{}
		for _, t := range asciiAlnumTokens(src) {
			st[t] = true
		}
		n := 0
		for t := range ct {
			if st[t] {
				n++
			}
		}
		best = math.Max(best, float64(n)/float64(len(ct)))
	}
	return best
}

// tfidfBaseline is pydantic-ai-provenance's claim_source_tfidf_cosine: text
// lower-cased with white space collapsed, the source cut to 96,000
// characters and split into 1,200-character windows with stride 600 (at most
// 400, plus the tail window), a TF-IDF model (raw counts, smooth IDF
// ln((1+n)/(1+df))+1, l2 norm, tokens `[a-z0-9]+`) fitted on the claim plus
// the windows, and the maximum cosine between the claim and a window. The
// claim is its last 720 characters, the extractor's limit. Several sources:
// the best one.
func tfidfBaseline(claim string, sources []string) float64 {
	best := 0.0
	for _, src := range sources {
		best = math.Max(best, tfidfOne(claim, src))
	}
	return best
}

func tfidfOne(claim, source string) float64 {
	cr := []rune(claim)
	if len(cr) > 720 {
		claim = string(cr[len(cr)-720:])
	}
	if utf8.RuneCountInString(source) > 96000 {
		source = string([]rune(source)[:96000])
	}
	claim = collapseLower(claim)
	source = collapseLower(source)
	if strings.TrimSpace(claim) == "" || strings.TrimSpace(source) == "" {
		return 0
	}
	sr := []rune(source)
	var chunks []string
	const window, stride, maxChunks = 1200, 600, 400
	if len(sr) <= window {
		chunks = []string{source}
	} else {
		end := len(sr) - window
		for i := 0; i <= end && len(chunks) < maxChunks; i += stride {
			chunks = append(chunks, string(sr[i:i+window]))
		}
		if tail := string(sr[len(sr)-window:]); tail != chunks[len(chunks)-1] && len(chunks) < maxChunks {
			chunks = append(chunks, tail)
		}
	}
	docs := append([]string{claim}, chunks...)
	tfs := make([]map[string]float64, len(docs))
	df := map[string]float64{}
	for i, d := range docs {
		tf := map[string]float64{}
		for _, t := range asciiAlnumTokens(d) {
			tf[t]++
		}
		for t := range tf {
			df[t]++
		}
		tfs[i] = tf
	}
	if len(df) == 0 {
		return 0
	}
	n := float64(len(docs))
	vec := func(tf map[string]float64) map[string]float64 {
		v := make(map[string]float64, len(tf))
		var norm float64
		for t, c := range tf {
			x := c * (math.Log((1+n)/(1+df[t])) + 1)
			v[t] = x
			norm += x * x
		}
		norm = math.Sqrt(norm)
		for t := range v {
			v[t] /= norm
		}
		return v
	}
	cv := vec(tfs[0])
	if len(cv) == 0 {
		return 0
	}
	best := 0.0
	for _, tf := range tfs[1:] {
		if len(tf) == 0 {
			continue
		}
		wv := vec(tf)
		var dot float64
		for t, x := range cv {
			dot += x * wv[t]
		}
		best = math.Max(best, dot)
	}
	return math.Min(1, math.Max(0, best))
}

func collapseLower(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}
