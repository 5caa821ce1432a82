// Package sentence splits the prose of one Markdown block into sentences with
// exact byte spans. Each sentence becomes a claim whose citations are checked.
// It is also the splitter, and its table the abbreviations, that
// internal/score cuts a source's text with (into passage units, per line).
//
// It is rule-based rather than a Unicode UAX #29 segmenter because UAX #29
// breaks after "e.g." and "et al." and inside citation markers, and it does
// not know that a marker written after the full stop ("claim. [2] Next")
// belongs to the sentence before it. The caller blanks Markdown syntax with
// spaces of the same length, so spans index the original file.
//
// Split is one pass with no allocation beyond the result: it runs over every
// paragraph of every file.
package sentence

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode"
	"unicode/utf8"
)

// Span is a sentence: text[Start:End], trimmed of surrounding white space.
type Span struct{ Start, End int }

// Split returns the sentences of text. glue lists citation-marker spans,
// sorted and non-overlapping: a marker right after a sentence terminator
// belongs to the sentence before it, and no sentence ends inside a marker.
func Split(text []byte, glue []Span) []Span { return AppendSplit(nil, text, glue) }

// AppendSplit appends the sentences of text to dst (callers reuse buffers).
//
// A hard line break (two spaces or a backslash before a line ending) ends
// a sentence as a full stop does: it separates what are lines on the page
// ("Version: 1.0.0", "Status: Draft"; a numbered label above its text in
// a list item), and markers at the start of the next line join the
// sentence before it.
func AppendSplit(dst []Span, text []byte, glue []Span) []Span {
	start := 0
	g := 0 // first glue span that may still matter
	hb, hbNext := nextHardBreak(text, 0)
	for i := 0; i < len(text); {
		if hb >= 0 && hb < i {
			hb, hbNext = nextHardBreak(text, i)
		}
		// Only the bytes in mayEnd can start a terminator: skip the rest
		// without looking at the glue (a marker that covers the next
		// terminator is found from it just below). The search stops at
		// the next hard break: past it, lines of breaks with no full stop
		// would each rescan the rest of the paragraph.
		lim := len(text)
		if hb >= 0 {
			lim = hb
		}
		i = nextMayEnd(text[:lim], i)
		hard := hb >= 0 && i == hb
		if !hard && i == len(text) {
			break
		}
		for g < len(glue) && glue[g].End <= i {
			g++
		}
		if g < len(glue) && glue[g].Start <= i {
			i = glue[g].End // terminators inside a marker never end a sentence
			continue
		}
		if hard {
			// Markers on the next line join this sentence only when a
			// sentence starts after them: "[2] reports that..." is the
			// next sentence's.
			end := joinMarkers(text, glue, g, hb)
			if end > hb && !nextStartsSentence(text, end) {
				end = hb
			}
			dst = appendTrimmed(dst, text, start, end)
			start = end
			i = max(end, hbNext)
			continue
		}
		c := text[i]
		var n int // width of the terminator at i
		cjk := false
		switch {
		case c == '.' || c == '!' || c == '?':
			n = 1
		case c >= utf8.RuneSelf:
			r, w := utf8.DecodeRune(text[i:])
			switch r {
			case '…':
				n = w
			case '。', '！', '？', '．':
				n, cjk = w, true
			default:
				i += w
				continue
			}
		default:
			i++
			continue
		}
		// A run of terminators ("?!", "...") and closing quotes/brackets.
		j := i + n
		for j < len(text) {
			if k := terminatorOrCloser(text, j); k > 0 {
				j += k
				continue
			}
			break
		}
		// Markers after the terminator join this sentence: "x. [2][3] Next",
		// "brain.13 Next", "text.1, 2 Next".
		end := joinMarkers(text, glue, g, j)
		switch {
		case cjk:
		case end > j:
			if !nextStartsSentence(text, end) {
				i = end
				continue
			}
		case !breakAfter(text, start, i, j) || !nextStartsSentence(text, j):
			i = j
			continue
		}
		dst = appendTrimmed(dst, text, start, end)
		start = end
		i = end
	}
	return appendTrimmed(dst, text, start, len(text))
}

// joinMarkers returns where a sentence ending at end (before white space)
// ends once the markers that follow it, from glue[g] on, separated by
// white space, commas or semicolons only, have joined it.
func joinMarkers(text []byte, glue []Span, g, end int) int {
	for ; g < len(glue); g++ {
		k := end
		for k < glue[g].Start && (isSpace(text[k]) || text[k] == ',' || text[k] == ';') {
			k++
		}
		if k != glue[g].Start {
			break
		}
		end = glue[g].End
	}
	return end
}

// nextHardBreak finds the first hard line break at or after byte i: it
// returns where the sentence before it ends (before the break's spaces,
// after its backslash) and the offset after its line ending, or -1, -1. It reads
// each line ending once per call, so the splitter stays linear.
func nextHardBreak(text []byte, from int) (at, next int) {
	for i := from; i < len(text); {
		k := bytes.IndexByte(text[i:], '\n')
		if k < 0 {
			break
		}
		nl := i + k
		e := nl
		if e > i && text[e-1] == '\r' {
			e--
		}
		s := e
		for s > 0 && text[s-1] == ' ' {
			s--
		}
		if e-s >= 2 {
			return max(s, from), nl + 1 // never before from: the caller has read past it
		}
		if b := e; b > 0 && text[b-1] == '\\' {
			n := 0
			for b > 0 && text[b-1] == '\\' {
				b--
				n++
			}
			if n%2 == 1 {
				return e, nl + 1 // the backslash stays with the text it breaks
			}
		}
		i = nl + 1
	}
	return -1, -1
}

// nextMayEnd returns the offset of the first byte in mayEnd at or after i,
// or len(text). It tests eight bytes at a time: the loop over the table
// took eight instructions a byte, and sentence splitting reads every byte
// of prose. In a word x of eight bytes, y = x ^ c·ones is zero where x
// holds c, and (y - ones) &^ y has the high bit set of its lowest zero
// byte and of no byte below it: a byte borrows only from a zero byte
// below it. So the lowest high bit of the union over the bytes sought is
// the first of them. The lead bytes E2 and E3 differ only in the lowest
// bit, so one test of x with that bit cleared finds both.
func nextMayEnd(text []byte, i int) int {
	const high = 0x80 * ones
	for ; i+8 <= len(text); i += 8 {
		x := binary.LittleEndian.Uint64(text[i:])
		dot, bang, ques := x^('.'*ones), x^('!'*ones), x^('?'*ones)
		m := (dot-ones)&^dot | (bang-ones)&^bang | (ques-ones)&^ques
		if x&high != 0 { // the lead bytes only where a byte is not ASCII
			e2, ef := x&^ones^(0xE2*ones), x^(0xEF*ones)
			m |= (e2-ones)&^e2 | (ef-ones)&^ef
		}
		if m &= high; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for i < len(text) && !mayEnd[text[i]] {
		i++
	}
	return i
}

// ones has a 1 in each byte.
const ones = 0x0101010101010101

// mayEnd marks the bytes a terminator starts with: '.', '!', '?' and the
// lead bytes of '…' (E2), '。' (E3) and '！', '？', '．' (EF).
var mayEnd = [256]bool{'.': true, '!': true, '?': true, 0xE2: true, 0xE3: true, 0xEF: true}

// terminatorOrCloser returns the width of a terminator or closing quote or
// bracket at j, or 0.
func terminatorOrCloser(text []byte, j int) int {
	c := text[j]
	switch c {
	case '.', '!', '?', '"', '\'', ')', ']':
		return 1
	}
	if c < utf8.RuneSelf {
		return 0
	}
	r, w := utf8.DecodeRune(text[j:])
	switch r {
	case '…', '”', '’', '»', '」', '』', '）', '】', '。', '！', '？':
		return w
	}
	return 0
}

// nextStartsSentence reports whether, after the terminator run ending at j,
// white space follows and then something that can start a sentence, or the
// text ends.
func nextStartsSentence(text []byte, j int) bool {
	if j >= len(text) {
		return true
	}
	if !isSpace(text[j]) {
		return false
	}
	for j < len(text) && isSpace(text[j]) {
		j++
	}
	if j >= len(text) {
		return true
	}
	c := text[j]
	switch {
	case 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	case c == '"' || c == '\'' || c == '(' || c == '[' || c == '*' || c == '_' || c == '`':
		return true
	case c >= utf8.RuneSelf:
		r, _ := utf8.DecodeRune(text[j:])
		return unicode.IsUpper(r) || unicode.IsTitle(r) || isCJK(r) || caseless(r) || r == '“' || r == '‘' || r == '«' || r == '¿' || r == '¡'
	}
	return false
}

// caseless reports whether r is a letter of a script without case
// (Hebrew, Arabic, Devanagari, Thai...): any of them can start a sentence.
func caseless(r rune) bool {
	return unicode.IsLetter(r) && !unicode.IsLower(r) && unicode.ToUpper(r) == r && unicode.ToLower(r) == r
}

// breakAfter decides whether the terminator at text[i] (run ending at j) can
// end a sentence, looking at the word before it: abbreviations, initials,
// decimals, and terminators glued to a following letter do not.
func breakAfter(text []byte, start, i, j int) bool {
	if text[i] != '.' {
		return true
	}
	if j > i+1 {
		return true // "...", ".)" and the like: decided by what follows
	}
	// "73.0", "v1.2", "example.com", "e.g.the": no space after the dot.
	if j < len(text) && !isSpace(text[j]) {
		return false
	}
	// The word before the dot.
	w := i
	for w > start && !isSpace(text[w-1]) && text[w-1] != '(' && text[w-1] != '"' && text[w-1] != '[' {
		w--
	}
	word := text[w:i]
	if len(word) == 0 {
		return true
	}
	switch abbreviationClass(word) {
	case neverEnds:
		return false
	case endsBeforeStarter:
		return followedByStarter(text, j)
	case endsUnlessNumber:
		return !followedByDigit(text, j)
	}
	// A single capital initial ("J. Smith", "A. B. Smith") or a dotted
	// abbreviation ("U.S.", "Ph.D."): a sentence ends there only when a
	// common sentence opener follows ("... vitamin D. The ...").
	if len(word) == 1 && 'A' <= word[0] && word[0] <= 'Z' || dotted(word) {
		return followedByStarter(text, j)
	}
	return true
}

func followedByDigit(text []byte, j int) bool {
	for j < len(text) && isSpace(text[j]) {
		j++
	}
	return j < len(text) && '0' <= text[j] && text[j] <= '9'
}

// followedByStarter reports whether the next word is one that commonly opens
// an English sentence, or the text ends.
func followedByStarter(text []byte, j int) bool {
	for j < len(text) && isSpace(text[j]) {
		j++
	}
	if j >= len(text) {
		return true
	}
	k := j
	for k < len(text) && ('a' <= text[k] && text[k] <= 'z' || 'A' <= text[k] && text[k] <= 'Z') {
		k++
	}
	w := text[j:k]
	if len(w) == 0 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for _, s := range starters {
		if string(w) == s {
			return true
		}
	}
	return false
}

// starters are words that open sentences far more often than they follow
// an abbreviation or initial inside one.
var starters = []string{
	"The", "This", "These", "That", "Those", "It", "Its", "In", "On", "At", "As", "A", "An",
	"However", "We", "Our", "They", "Their", "He", "She", "His", "Her", "There", "Here",
	"For", "From", "With", "By", "But", "And", "Also", "Moreover", "Furthermore",
	"Additionally", "Thus", "Therefore", "Hence", "Similarly", "Meanwhile", "Finally",
	"First", "Second", "Third", "Such", "Some", "Many", "Most", "All", "Both", "Each",
	"While", "When", "Although", "Despite", "After", "Before", "Since", "If", "Unlike",
	"According", "Other", "Another", "One", "Overall", "Recent", "Studies", "Research",
}

type abbrevClass int

const (
	notAbbreviation   abbrevClass = iota
	neverEnds                     // "e.g.", "Dr.": a sentence never ends here
	endsBeforeStarter             // "et al.", "Inc.": ends before "The", not before "(2020)"
	endsUnlessNumber              // "Fig. 2", "No. 5", "Jan. 2020"

	// notInCapitals marks a word that is an acronym when written in
	// capitals: "ED." is not "ed.".
	notInCapitals abbrevClass = 8
)

var abbreviations = map[string]abbrevClass{
	"e.g": neverEnds, "i.e": neverEnds, "vs": neverEnds, "cf": neverEnds, "viz": neverEnds,
	"dr": neverEnds, "mr": neverEnds, "mrs": neverEnds, "ms": neverEnds, "prof": neverEnds,
	"resp": neverEnds, "approx": neverEnds, "ca": neverEnds, "sr": endsBeforeStarter,
	"al": endsBeforeStarter, "etc": endsBeforeStarter, "inc": endsBeforeStarter,
	"ltd": endsBeforeStarter, "corp": endsBeforeStarter, "co": endsBeforeStarter,
	"jr": endsBeforeStarter, "st": endsBeforeStarter, "u.s": endsBeforeStarter,
	"bros": endsBeforeStarter, "messrs": neverEnds, "gen": neverEnds, "gov": neverEnds, "sen": neverEnds,
	"rep": neverEnds, "capt": neverEnds, "lt": neverEnds, "sgt": neverEnds, "dept": endsBeforeStarter,
	"u.k": endsBeforeStarter, "ph.d": endsBeforeStarter, "ibid": endsBeforeStarter,
	"no": endsUnlessNumber, "nos": endsUnlessNumber, "fig": endsUnlessNumber,
	"figs": endsUnlessNumber, "eq": endsUnlessNumber, "eqs": endsUnlessNumber,
	"tab": endsUnlessNumber, "vol": endsUnlessNumber, "vols": endsUnlessNumber,
	"pp": endsUnlessNumber, "p": endsUnlessNumber, "ch": endsUnlessNumber,
	"sec": endsUnlessNumber, "secs": endsUnlessNumber, "ref": endsUnlessNumber,
	"refs": endsUnlessNumber, "art": endsUnlessNumber, "jan": endsUnlessNumber,
	"feb": endsUnlessNumber, "mar": endsUnlessNumber, "apr": endsUnlessNumber,
	"jun": endsUnlessNumber, "jul": endsUnlessNumber, "aug": endsUnlessNumber,
	"sep": endsUnlessNumber, "sept": endsUnlessNumber, "oct": endsUnlessNumber,
	"nov": endsUnlessNumber, "dec": endsUnlessNumber, "para": endsUnlessNumber,
	// Written in capitals these are acronyms (MT, ED, EDS, EST), so they
	// count only in lower case or capitalised. The titles are ordinary
	// words too ("Mt. Fuji" but "37 Mt. The"); the rest end a sentence
	// unless a number follows ("rev. 1607", "2nd ed. 2021", "est. 1850").
	"mt": endsBeforeStarter | notInCapitals, "col": endsBeforeStarter | notInCapitals,
	"univ": endsBeforeStarter | notInCapitals, "rev": endsUnlessNumber | notInCapitals,
	"ed": endsUnlessNumber | notInCapitals, "eds": endsUnlessNumber | notInCapitals,
	"est": endsUnlessNumber | notInCapitals,
}

func abbreviationClass(word []byte) abbrevClass {
	if len(word) > 6 {
		return notAbbreviation
	}
	var buf [6]byte
	caps := 0
	for k, c := range word {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
			caps++
		}
		buf[k] = c
	}
	c := abbreviations[string(buf[:len(word)])]
	if c&notInCapitals != 0 {
		if caps == len(word) {
			return notAbbreviation
		}
		c &^= notInCapitals
	}
	return c
}

// dotted matches letter(.letter)+ such as "U.S", "Ph.D", "i.e".
func dotted(word []byte) bool {
	dots := 0
	for k, c := range word {
		if c == '.' {
			if k == 0 || word[k-1] == '.' {
				return false
			}
			dots++
			continue
		}
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return dots > 0 && len(word) <= 6
}

func appendTrimmed(dst []Span, text []byte, s, e int) []Span {
	for s < e && isSpace(text[s]) {
		s++
	}
	for e > s && isSpace(text[e-1]) {
		e--
	}
	if e > s {
		dst = append(dst, Span{s, e})
	}
	return dst
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func isCJK(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)
}

// Words counts words: runs of letters and digits, where an apostrophe or
// hyphen between two letters does not split a word. Each CJK ideograph, kana
// or Hangul syllable counts as one word, as CJK prose has no spaces.
func Words(text []byte) int {
	n, in := 0, false
	for i := 0; i < len(text); {
		r, w := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, w = utf8.DecodeRune(text[i:])
		}
		switch {
		case r >= 0x2E80 && isCJK(r):
			n++
			in = false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if !in {
				n++
			}
			in = true
		case (r == '\'' || r == '-' || r == '’' || r == '.' || r == ',') && in && i+w < len(text) && isWordByte(text[i+w]):
			// inside a word or number: "don't", "state-of-the-art", "73.0", "1,000"
		default:
			in = false
		}
		i += w
	}
	return n
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= utf8.RuneSelf
}
