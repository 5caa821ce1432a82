package score

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/score/tokenize"
)

// negationCue returns the first negation cue of text as written ("not",
// "never", "didn't", "fails to"), or "". Negation words are stopwords
// for the overlap score, so "X did not cause Y" covers the words of "X
// caused Y" exactly; the scorer compares the cues of a claim and of its
// closest source sentence instead. Cues within quotation marks are a
// title's or a quotation's, not the claim's. English cues only: the other
// languages' stopword lists hold theirs ("nicht", "pas", "no"), and
// flagging those needs their own evaluation data.
func negationCue(text string) string {
	quoted := false // inside "…" or “…”: a title or a quotation ("Highway Don't Care")
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '"':
			quoted = !quoted
			i++
			continue
		case c < utf8.RuneSelf && !isLetter(c):
			i++
			continue
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(text[i:])
			if r == '“' {
				quoted = true
			} else if r == '”' {
				quoted = false
			}
			i += size
			continue
		}
		j := i
		for j < len(text) {
			if isLetter(text[j]) || text[j] == '\'' {
				j++
			} else if strings.HasPrefix(text[j:], "’") {
				j += len("’")
			} else {
				break
			}
		}
		if word := text[i:j]; !quoted && isNegation(word, text[j:]) {
			if isFailWord(word) {
				return word + " to"
			}
			return word
		}
		i = j
	}
	return ""
}

func isFailWord(w string) bool {
	for _, f := range []string{"fail", "fails", "failed", "failing"} {
		if len(w) == len(f) && hasPrefixFold(w, f) {
			return true
		}
	}
	return false
}

// isNegation reports whether word (followed by rest) negates. It runs on
// every word of a claim and of its closest source sentence, so it does
// not allocate, and rejects most words by length.
func isNegation(word, rest string) bool {
	n := len(word)
	if n >= 3 && word[n-1]|0x20 == 't' && (hasPrefixFold(word[n-3:], "n't") || n >= 5 && hasPrefixFold(word[n-5:], "n’t")) {
		return true
	}
	if n > 7 { // the longest cue: "without", "nothing", "failing"
		return false
	}
	var buf [tokenize.MaxCachedWord]byte
	lower, ascii := tokenize.LowerASCII(&buf, word) // every cue is ASCII
	if !ascii {
		return false
	}
	switch string(lower) {
	case "no":
		// "No. 5", "no 7": a number sign.
		return !strings.HasPrefix(rest, ".") && !(len(rest) > 1 && rest[0] == ' ' && rest[1] >= '0' && rest[1] <= '9')
	case "not", "never", "neither", "nor", "none", "nobody", "nothing", "nowhere", "without", "cannot", "unable":
		return true
	case "fail", "fails", "failed", "failing":
		return hasWord(strings.TrimLeft(rest, " "), "to")
	}
	return false
}

// coreSentence returns the index of the sentence of p, among first..last,
// that holds the largest weight of the claim's tokens: the sentence that
// states what the passage says about the claim.
func coreSentence(p *Prepared, ids []int32, w []float64, first, last int) int {
	best, bestW := first, -1.0
	for s := first; s <= last; s++ {
		var sum float64
		for k, id := range ids {
			if id < 0 {
				continue
			}
			l := p.postings[id]
			if i := sort.Search(len(l), func(i int) bool { return l[i] >= int32(s) }); i < len(l) && l[i] == int32(s) {
				sum += w[k]
			}
		}
		if sum > bestW {
			best, bestW = s, sum
		}
	}
	return best
}
