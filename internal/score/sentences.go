package score

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// span is a byte range [start, end) of a text.
type span struct{ start, end int }

// maxSentenceBytes caps one passage unit. Text without sentence punctuation
// (tables, scraped navigation, a wall of CJK without 。) would otherwise
// become one giant "sentence" whose coverage is the whole source's.
const maxSentenceBytes = 600

// splitSentences returns the sentence spans of text, without surrounding
// white space. It splits at line breaks (sources are often one paragraph or
// one extracted sentence per line), after CJK full stops, and after '.', '!'
// or '?' followed by white space, unless the period ends a known
// abbreviation, an initial ("K. Arnold") or a decimal. Overlong sentences are
// cut at white space near maxSentenceBytes.
func splitSentences(text string) []span {
	var out []span
	start := 0
	emit := func(end int) {
		s, e := trimSpan(text, start, end)
		if e > s {
			out = appendChunks(out, text, s, e)
		}
		start = end
	}
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch r {
		case '\n', '\r', '\u2028', '\u2029':
			emit(i)
			start = i + size
		case '。', '！', '？', '；':
			emit(i + size)
		case '.', '!', '?':
			j := i + size
			// Absorb closing quotes/brackets and repeated punctuation.
			for j < len(text) && strings.IndexByte(`"')]”’.!?`, text[j]) >= 0 {
				j++
			}
			for j < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[j:])
				if r2 == '”' || r2 == '’' || r2 == '»' {
					j += s2
					continue
				}
				break
			}
			if j >= len(text) {
				emit(j)
				i = j
				continue
			}
			r2, _ := utf8.DecodeRuneInString(text[j:])
			if (r2 == ' ' || r2 == '\t' || r2 == '\u00a0') && (r != '.' || !isAbbrev(text[start:i])) {
				emit(j)
			}
			i = j
			continue
		}
		i += size
	}
	emit(len(text))
	return out
}

func trimSpan(text string, s, e int) (int, int) {
	for s < e {
		r, size := utf8.DecodeRuneInString(text[s:e])
		if !unicode.IsSpace(r) {
			break
		}
		s += size
	}
	for e > s {
		r, size := utf8.DecodeLastRuneInString(text[s:e])
		if !unicode.IsSpace(r) {
			break
		}
		e -= size
	}
	return s, e
}

// appendChunks appends [s, e), cut into pieces of at most about
// maxSentenceBytes at white space (or at a rune boundary when there is none).
func appendChunks(out []span, text string, s, e int) []span {
	for e-s > maxSentenceBytes {
		cut := s + maxSentenceBytes
		for cut > s && !utf8.RuneStart(text[cut]) {
			cut--
		}
		if cut <= s+maxSentenceBytes/2 {
			// Invalid UTF-8 (a run of continuation bytes): no rune
			// boundary to cut at, so cut at the byte.
			cut = s + maxSentenceBytes
		} else if k := strings.LastIndexAny(text[s+maxSentenceBytes/2:cut], " \t"); k >= 0 {
			cut = s + maxSentenceBytes/2 + k
		}
		out = append(out, span{s, cut})
		s = cut
		for s < e && (text[s] == ' ' || text[s] == '\t') {
			s++
		}
	}
	if e > s {
		out = append(out, span{s, e})
	}
	return out
}

// abbreviations that end with a period without ending a sentence.
var abbreviations = map[string]bool{
	"mr": true, "mrs": true, "ms": true, "dr": true, "prof": true, "sr": true, "jr": true,
	"st": true, "mt": true, "vs": true, "etc": true, "inc": true, "ltd": true, "co": true,
	"corp": true, "no": true, "nos": true, "vol": true, "pp": true, "p": true, "fig": true,
	"eq": true, "al": true, "gen": true, "col": true, "lt": true, "sgt": true, "capt": true,
	"gov": true, "sen": true, "rep": true, "rev": true, "jan": true, "feb": true, "mar": true,
	"apr": true, "jun": true, "jul": true, "aug": true, "sep": true, "sept": true, "oct": true,
	"nov": true, "dec": true, "approx": true, "e.g": true, "i.e": true, "u.s": true, "u.k": true,
	"ca": true, "cf": true, "ed": true, "eds": true, "est": true, "dept": true, "univ": true,
}

// isAbbrev reports whether the text before a period ends in an abbreviation
// or a single-letter initial.
func isAbbrev(before string) bool {
	k := len(before)
	for k > 0 {
		r, size := utf8.DecodeLastRuneInString(before[:k])
		if !unicode.IsLetter(r) && r != '.' {
			break
		}
		k -= size
	}
	word := before[k:]
	if word == "" {
		return false
	}
	if n := utf8.RuneCountInString(word); n == 1 {
		r, _ := utf8.DecodeRuneInString(word)
		return unicode.IsUpper(r)
	}
	return abbreviations[strings.ToLower(word)]
}
