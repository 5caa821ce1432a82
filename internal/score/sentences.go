package score

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/citelint/citelint/internal/sentence"
)

// span is a byte range [start, end) of a text.
type span struct{ start, end int }

// maxSentenceBytes caps one passage unit. Text without sentence punctuation
// (tables, scraped navigation, a wall of CJK without 。) would otherwise
// become one giant "sentence" whose coverage is the whole source's.
const maxSentenceBytes = 600

// splitSentences returns the passage units of a source text, without
// surrounding white space. What is specific to passages is here: every
// line break ends a unit (sources are often one paragraph or one
// extracted sentence per line), and an overlong unit is cut at white
// space near maxSentenceBytes. Within a line, sentences end where
// internal/sentence ends them for document prose, with the same
// abbreviation table: one splitter, so a fix to it serves both.
func splitSentences(text string) []span {
	var out []span
	var sents []sentence.Span
	// sentence reads bytes and never writes them: the source's bytes,
	// without a copy of each source (8 KB on average on WiCE).
	b := unsafe.Slice(unsafe.StringData(text), len(text))
	for start := 0; start < len(b); {
		end, next := lineEnd(b, start)
		sents = sentence.AppendSplit(sents[:0], b[start:end], nil)
		for _, sp := range sents {
			s, e := trimSpan(text, start+sp.Start, start+sp.End)
			if e > s {
				out = appendChunks(out, text, s, e)
			}
		}
		start = next
	}
	return out
}

// lineEnd returns the end of the line starting at i (at '\n', '\r', U+2028
// or U+2029) and where the next line starts.
func lineEnd(b []byte, i int) (end, next int) {
	lim := len(b)
	if k := bytes.IndexByte(b[i:], '\n'); k >= 0 {
		lim = i + k
	}
	if k := bytes.IndexByte(b[i:lim], '\r'); k >= 0 {
		lim = i + k
	}
	// U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
	for j := i; j < lim; {
		k := bytes.IndexByte(b[j:lim], 0xE2)
		if k < 0 {
			break
		}
		j += k
		if j+2 < len(b) && b[j+1] == 0x80 && (b[j+2] == 0xA8 || b[j+2] == 0xA9) {
			return j, j + 3
		}
		j++
	}
	if lim == len(b) {
		return lim, lim
	}
	return lim, lim + 1
}

// trimSpan trims white space the sentence splitter leaves (it trims ASCII
// white space only): a no-break or ideographic space at a unit's edge.
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
