package uncited

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/sentence"
)

// This file scores sentences for uncited-claim in one pass over their bytes,
// as the policy (uncited_claim_policy.go) says and the reference
// (factScoreRef) does. The reference strips markup into a new string,
// lower-cases it into another, splits it into words and scans it once per
// keyword family; on the shared corpus the rule was nearly a third of
// citelint's CPU. factScore reads the sentence in place (or a stack copy,
// when there is markup to strip), matches keywords word by word through a
// small hash table built from the rule's keyword lists, and builds no
// strings: the reasons are a bit set, turned into text only for the
// sentences that get reported.
//
// The shortcut is only exact where strings.ToLower keeps every byte of the
// stripped sentence in place: it compares lower-cased ASCII byte by byte.
// That holds unless the sentence has invalid UTF-8 or one of the few runes
// whose lower case has a different length (İ, the Kelvin sign...); for
// those factScore reports !ok and callers fall back to factScoreRef, which
// lower-cases a copy.

// Classes of the words in kwTable.
const (
	kwFinding     uint8 = 1 << iota // findingWords: a whole word, or a two-word phrase
	kwComparison                    // comparisonWords, likewise
	kwPhraseStart                   // first word of a two-word finding or comparison phrase
	kwNormative                     // normative, matched case-sensitively
	kwHedge                         // hedgeWords
	kwPerson                        // personWords
	kwImperative                    // imperatives
)

// kwMaxLen is the longest word or phrase kwTable can hold.
const kwMaxLen = 24

type kwEntry struct {
	key   string
	class uint8
}

// keyTable is an open-addressing hash table of ASCII keywords and their
// classes, built from the rule's lists so that they stay the one place to
// edit: looking a word up costs a short hash and one or two string
// compares, where a Go map lookup cost several times that. first and
// last reject most words before hashing: bit n of first[b] is set when
// some key of length n starts with byte b, and of last[b] when one ends
// with it.
type keyTable struct {
	first, last [256]uint32
	entries     [512]kwEntry
	keys        int
}

// add adds class to key k's classes.
func (t *keyTable) add(k string, class uint8) {
	if k == "" || len(k) > kwMaxLen {
		panic(fmt.Sprintf("uncited-claim keyword %q: empty or longer than %d bytes", k, kwMaxLen))
	}
	t.first[k[0]] |= 1 << len(k)
	t.last[k[len(k)-1]] |= 1 << len(k)
	for i := kwHash(k); ; i = (i + 1) & (len(t.entries) - 1) {
		e := &t.entries[i]
		if e.key == "" {
			// Probing ends at an empty slot: keep the table at most half full.
			if t.keys++; 2*t.keys > len(t.entries) {
				panic("uncited-claim: too many keywords for a keyTable")
			}
			e.key = k
		}
		if e.key == k {
			e.class |= class
			return
		}
	}
}

// maybe reports whether a key of length n may start with byte first and
// end with byte last.
func (t *keyTable) maybe(first, last byte, n int) bool {
	return n <= kwMaxLen && t.first[first]&t.last[last]&(1<<n) != 0
}

// lookup returns the classes of w, 0 if it is no key.
func (t *keyTable) lookup(w []byte) uint8 {
	if len(w) == 0 || !t.maybe(w[0], w[len(w)-1], len(w)) {
		return 0
	}
	for i := kwHash(w); ; i = (i + 1) & (len(t.entries) - 1) {
		e := &t.entries[i]
		if e.key == string(w) {
			return e.class
		}
		if e.key == "" {
			return 0
		}
	}
}

// kwTable holds every ASCII keyword of the rule.
var kwTable keyTable

// kwMaybe reports whether kwTable may hold a key of length n that starts
// with byte first and ends with byte last.
func kwMaybe(first, last byte, n int) bool { return kwTable.maybe(first, last, n) }

// Keywords that are not plain ASCII words: non-ASCII ones (CJK) match
// anywhere, indexed by their first byte; "%" matches where no letter or
// digit precedes it.
type kwOther struct {
	key   string
	class uint8
}

var (
	kwByLead  [256][]kwOther
	kwPercent uint8 // classes of "%"
	// kwRunes has bit r%4096 set for the first rune r of each non-ASCII
	// keyword: most runes of CJK text are ruled out with one test.
	kwRunes [4096 / 64]uint64
)

// selfRefFirst marks the first bytes of selfRef's phrases.
var selfRefFirst [256]bool

func init() {
	addKey := kwTable.add
	isLowerWord := func(w string) bool {
		for i := 0; i < len(w); i++ {
			if !(w[i] >= 'a' && w[i] <= 'z' || w[i] >= '0' && w[i] <= '9') {
				return false
			}
		}
		return w != ""
	}
	for _, l := range []struct {
		words []string
		class uint8
	}{{findingWords, kwFinding}, {comparisonWords, kwComparison}} {
		for _, w := range l.words {
			switch {
			case w[0] >= utf8.RuneSelf:
				if !utf8.ValidString(w) {
					panic(fmt.Sprintf("uncited-claim keyword %q: invalid UTF-8", w))
				}
				kwByLead[w[0]] = append(kwByLead[w[0]], kwOther{w, l.class})
				r, _ := utf8.DecodeRuneInString(w)
				kwRunes[r%4096/64] |= 1 << (r % 64)
				keywordRuneClass[r%4096/64] |= l.class
			case w == "%":
				kwPercent |= l.class
			default:
				// One lower-case word, or two joined by one space: the
				// matcher looks at a word and the one before it.
				a, b, two := strings.Cut(w, " ")
				if !isLowerWord(a) || two && !isLowerWord(b) {
					panic(fmt.Sprintf("uncited-claim keyword %q: not one or two lower-case ASCII words", w))
				}
				addKey(w, l.class)
				if two {
					addKey(a, kwPhraseStart)
				}
				// keywordsMaybe's word: the longer one (see keywordWords).
				if two && len(b) >= len(a) {
					a = b
				}
				keywordWords.add(a, l.class)
			}
		}
	}
	for _, w := range normative {
		for i := 0; i < len(w); i++ {
			if w[i] < 'A' || w[i] > 'Z' {
				panic(fmt.Sprintf("uncited-claim normative keyword %q: not upper-case ASCII", w))
			}
		}
		addKey(w, kwNormative)
	}
	for _, l := range []struct {
		words []string
		class uint8
	}{{hedgeWords, kwHedge}, {personWords, kwPerson}, {imperatives, kwImperative}} {
		for _, w := range l.words {
			// Words are lower-cased ASCII before the lookup, and a word
			// with other bytes never equals an ASCII key (see factScore).
			for i := 0; i < len(w); i++ {
				if w[i] >= utf8.RuneSelf || w[i] >= 'A' && w[i] <= 'Z' {
					panic(fmt.Sprintf("uncited-claim word %q: not lower-case ASCII", w))
				}
			}
			addKey(w, l.class)
		}
	}
	for _, r := range selfRef {
		selfRefFirst[r[0]] = true
	}
	if !slices.Equal(quoteMarks, [][2]string{{"“", "”"}, {"\"", "\""}, {"「", "」"}}) {
		panic("uncited-claim: quoteMarks changed; scan.run and scan.hasQuote look for the marks")
	}
}

// kwHash hashes a key by its length and three of its bytes into an
// index of a keyTable: enough to spread the keys, and cheaper than hashing
// every byte.
func kwHash[T string | []byte](w T) int {
	n := len(w)
	h := uint32(w[0]) | uint32(w[n-1])<<8 | uint32(w[n>>1])<<16 | uint32(n)<<24
	return int(h * 0x9E3779B1 >> 23) // 9 bits: a keyTable has 512 entries
}

// kwLookup returns the classes of w, 0 if it is no keyword.
func kwLookup(w []byte) uint8 { return kwTable.lookup(w) }

// decodeRune is utf8.DecodeRune with two- and three-byte sequences
// decoded inline: Go inlines only the ASCII case, and LLM prose is full of
// dashes and curly quotes, whose decoding was a fifth of factScore's time.
// TestDecodeRune checks it against utf8.DecodeRune on every sequence of up
// to three bytes.
func decodeRune(b []byte) (rune, int) {
	if len(b) >= 2 {
		c0, c1 := b[0], b[1]
		switch {
		case 0xC2 <= c0 && c0 <= 0xDF:
			if c1&0xC0 == 0x80 {
				return rune(c0&0x1F)<<6 | rune(c1&0x3F), 2
			}
		case 0xE0 <= c0 && c0 <= 0xEF && len(b) >= 3:
			lo, hi := byte(0x80), byte(0xBF)
			switch c0 {
			case 0xE0:
				lo = 0xA0 // no overlong encodings
			case 0xED:
				hi = 0x9F // no surrogates
			}
			if lo <= c1 && c1 <= hi && b[2]&0xC0 == 0x80 {
				return rune(c0&0x0F)<<12 | rune(c1&0x3F)<<6 | rune(b[2]&0x3F), 3
			}
		}
	}
	return utf8.DecodeRune(b)
}

// isSpaceHigh is unicode.IsSpace for runes beyond ASCII, without its
// table search (TestIsSpaceHigh checks it against every rune).
func isSpaceHigh(r rune) bool {
	switch {
	case r < 0x2000:
		return r == 0x85 || r == 0xA0 || r == 0x1680
	case r <= 0x200A:
		return true
	}
	return r == 0x2028 || r == 0x2029 || r == 0x202F || r == 0x205F || r == 0x3000
}

// lowerLenChanges reports the runes whose unicode.ToLower is encoded in a
// different number of bytes (TestLowerLenChanges checks the list against
// every rune).
func lowerLenChanges(r rune) bool {
	switch r {
	case 0x130, 0x23A, 0x23E, 0x1E9E, 0x2126, 0x212A, 0x212B,
		0x2C62, 0x2C64, 0x2C6D, 0x2C6E, 0x2C6F, 0x2C70, 0x2C7E, 0x2C7F,
		0xA78D, 0xA7AA, 0xA7AB, 0xA7AC, 0xA7AD, 0xA7AE, 0xA7B0, 0xA7B1, 0xA7B2, 0xA7C5:
		return true
	}
	return false
}

func lowerASCII(c byte) byte {
	return lowerTab[c]
}

var lowerTab = func() (t [256]byte) {
	for c := range t {
		t[c] = byte(c)
		if c >= 'A' && c <= 'Z' {
			t[c] += 'a' - 'A'
		}
	}
	return t
}()

// Byte classes for factScore's pass.
const (
	bWord   uint8 = 1 << iota // ASCII letter or digit (isWordByte)
	bDigit                    // ASCII digit
	bSep                      // ends a field: ASCII space (unicode.IsSpace) or , ; : ( )
	bOther                    // '%' or '"': the scan notes where they are
	bHigh                     // not ASCII
	bMarkup                   // stripMarkup's: ` [ ] * _
)

var byteClass = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = bHigh
		case isWordByte(byte(c)):
			t[c] = bWord
			if c <= '9' {
				t[c] |= bDigit
			}
		case strings.IndexByte("\t\n\v\f\r ,;:()", byte(c)) >= 0:
			t[c] = bSep
		case c == '%' || c == '"':
			t[c] = bOther
		case strings.IndexByte("`[]*_", byte(c)) >= 0:
			t[c] = bMarkup
		}
	}
	return t
}()

// hasLowerPrefix reports whether s starts with p once its ASCII letters are
// lower-cased, which is strings.HasPrefix(strings.ToLower(s), p) where
// factScore applies: p is lower-case, and its non-ASCII runes have no case.
func hasLowerPrefix(s []byte, p string) bool {
	if len(s) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		if lowerASCII(s[i]) != p[i] {
			return false
		}
	}
	return true
}

// firstMarkup returns the index of the first byte of s that stripMarkup
// acts on, or -1. Five vectorised byte searches beat one loop over a
// table.
func firstMarkup(s []byte) int {
	first := -1
	for _, c := range [...]byte{'`', '[', ']', '*', '_'} {
		in := s
		if first >= 0 {
			in = s[:first]
		}
		if i := bytes.IndexByte(in, c); i >= 0 {
			first = i
		}
	}
	return first
}

// stripMarkupTo appends s to dst without link destinations, code spans
// and emphasis marks, as stripMarkup does, copying the runs between markup
// bytes whole.
func stripMarkupTo(dst, s []byte) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		if byteClass[s[i]] != bMarkup {
			continue
		}
		switch s[i] {
		case '`':
			j := bytes.IndexByte(s[i+1:], '`')
			if j < 0 {
				continue // an unclosed backtick stays
			}
			dst = append(dst, s[start:i]...)
			dst = append(dst, "code"...)
			i += j + 1
		case ']':
			dst = append(dst, s[start:i]...)
			if i+1 < len(s) && s[i+1] == '(' {
				if j := bytes.IndexByte(s[i:], ')'); j >= 0 {
					i += j
				}
			}
		default: // [ * _
			dst = append(dst, s[start:i]...)
		}
		start = i + 1
	}
	return append(dst, s[start:]...)
}

// stripped returns s with its markup stripped, as factScore reads it: s
// itself when it has none, else a copy in stack when it fits.
func stripped(stack *[512]byte, s []byte) []byte {
	i := firstMarkup(s)
	if i < 0 {
		return s
	}
	buf := stack[:0]
	// Stripping shortens a sentence, except that a code span
	// becomes "code", which at worst doubles "``".
	if n := len(s); n > len(stack) || 2*n > len(stack) && bytes.IndexByte(s, '`') >= 0 {
		buf = make([]byte, 0, 2*n)
	}
	return stripMarkupTo(append(buf, s[:i]...), s[i:])
}

// keywordsMaybe returns the keyword classes, of kwFinding and
// kwComparison, that factScore may find in s: a class it leaves out is
// one factScore finds no keyword of, taking its fast path. scoreBound
// counts a point for each class without looking up a word, and of the
// shared corpus's uncited sentences whose bound is min-score or one more
// (32,700), fewer than 650 score that much: most lack a keyword of one
// class or both, and then factScore need not run. keywordsMaybe reads the
// stripped sentence as factScore's scan does, and looks for a word of
// each ASCII keyword (keywordWords), the '%' when that is a keyword, the
// first rune of each non-ASCII keyword, and the runes that send
// factScore to its slow path (which yield both classes).
func keywordsMaybe(s []byte) uint8 {
	const both = kwFinding | kwComparison
	var stack [512]byte
	plain := stripped(&stack, s)
	var found uint8
	for i := 0; i < len(plain) && found != both; {
		c := plain[i]
		switch {
		case byteClass[c]&bWord != 0:
			j := i + 1
			for j < len(plain) && byteClass[plain[j]]&bWord != 0 {
				j++
			}
			if n := j - i; keywordWords.maybe(lowerASCII(c), lowerASCII(plain[j-1]), n) {
				var buf [kwMaxLen]byte
				for k := range n {
					buf[k] = lowerASCII(plain[i+k])
				}
				found |= keywordWords.lookup(buf[:n])
			}
			i = j
		case c == '%':
			found |= kwPercent & both
			i++
		case c < utf8.RuneSelf:
			i++
		default:
			r, n := decodeRune(plain[i:])
			if r == utf8.RuneError && n == 1 || lowerLenChanges(r) {
				return both
			}
			if kwRunes[r%4096/64]&(1<<(r%64)) != 0 {
				found |= keywordRuneClass[r%4096/64]
			}
			i += n
		}
	}
	return found
}

// keywordWords holds, for each ASCII keyword of findingWords and
// comparisonWords, a word that the sentence must have for factScore to
// find it, with the keyword's classes: the keyword itself, or the longer
// word of a phrase (the second when both are as long), which is the
// rarer ("than" of "more than", "largest" of "the largest", "according"
// of "according to"). keywordRuneClass holds, for each word of kwRunes,
// the classes of the non-ASCII keywords whose first runes it marks (a
// superset: it is shared by 64 runes).
var (
	keywordWords     keyTable
	keywordRuneClass [4096 / 64]uint8
)

// factScore is FactScore on bytes; ok is false when the sentence needs
// factScoreRef (see the top of this file), and then score and why mean
// nothing. It allocates only for sentences longer than its stack buffer.
func factScore(s []byte) (score int, why reasons, ok bool) {
	// Most sentences have no markup to strip: scan them in place.
	var stack [512]byte
	plain := stripped(&stack, s)

	var sc scan
	sc.plain = plain
	if !sc.run() {
		return 0, 0, false
	}
	switch {
	case sc.found&kwNormative != 0:
		return 0, whyNormative, true
	case len(plain) > 0 && selfRefFirst[lowerASCII(plain[0])] && hasSelfRef(plain):
		return 0, whyAboutDoc, true
	case sc.imperative:
		return 0, whyImperative, true
	}
	if sc.hasDigit {
		why |= numberEvidence(numberSignalsBytes(plain))
	}
	if sc.hasQuote() {
		why |= whyQuotation
	}
	if sc.found&kwFinding != 0 {
		why |= whyFinding
	}
	if sc.found&kwComparison != 0 {
		why |= whyComparison
	}
	if sc.entities >= 2 {
		why |= whyEntities
	}
	return weigh(why, sc.hedged, sc.personal), why, true
}

// scoreBound returns an upper bound on the score factScore gives s, from a
// pass that looks up no words: apart from numbers and quotations, the only
// evidence is a finding, a comparison and named entities, and entities
// need two fields after the first that may start a name. Numbers are
// scored exactly (numberSignalsBytes) when the sentence has no markup, so
// that factScore would read it as it is; ok is false where there is no
// such bound (a quotation mark, or digits with markup, which stripping
// may bring next to a unit or a currency) or where factScore would not
// take its fast path (invalid UTF-8, a rune whose lower case changes
// length).
//
// Markup is allowed because stripping it only removes bytes (a code span
// becomes "code", which starts no name): each field of the stripped text
// after its first starts right after a separator that is in s too, and
// the byte of s right after that separator starts a field of s, which is
// counted when it may start a name or is markup. So the fields counted
// here are at least the stripped text's names. Of the shared corpus's
// uncited sentences that score below min-score, 73,600 of 117,000 are
// bounded below it this way (58,000 when markup and digits had no bound),
// at a fraction of the cost of scoring them; FuzzFactScore holds the bound
// to factScore, and FuzzScoreBound the ASCII pass to the rune loop.
func scoreBound(s []byte) (bound int, ok bool) {
	// ASCII text, most of it, takes a pass without a branch per byte: a
	// field boundary every few bytes made the rune loop's branches
	// mispredict, and it was citelint's costliest function in CPU profiles
	// of an offline run. A field starts at a byte that is no separator
	// after one that is (or none): with a name byte, which is no
	// separator, the count goes up by prevSep (1 after a separator, else 0).
	//
	// The loop reads a word of eight bytes at a time and looks each byte
	// up in boundWord, whose entries are laid out so that one shift, AND
	// and add count a name after a separator (see boundWord). A word of
	// lower-case letters and spaces only, as about half of English prose
	// is, counts nothing and leaves only its last byte's class. Text with
	// a byte that is not ASCII is scoreBoundRunes's from its first such
	// byte on (it returns what this pass would: see checkScoreBound).
	const ones, high = 0x0101010101010101, 0x8080808080808080
	tab := &boundWord
	var acc, all uint64
	prev := boundWordSep // the sentence start counts as a separator
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := binary.LittleEndian.Uint64(s[i:])
		if x&high != 0 {
			return scoreBoundRunes(s)
		}
		// In ASCII bytes, adding 0x1F (0x05) sets the high bit from 'a'
		// ('z'+1) up, and adding 0x7F to x^' ' sets it but at a space;
		// no sum carries into the next byte.
		lower := (x + 0x1F*ones) &^ (x + 0x05*ones)
		if (x^(' '*ones)+0x7F*ones)&^lower&high == 0 {
			prev = tab[byte(x>>56)]
			continue
		}
		v0, v1, v2, v3 := tab[byte(x)], tab[byte(x>>8)], tab[byte(x>>16)], tab[byte(x>>24)]
		v4, v5, v6, v7 := tab[byte(x>>32)], tab[byte(x>>40)], tab[byte(x>>48)], tab[byte(x>>56)]
		acc += prev>>1&v0 + v0>>1&v1 + v1>>1&v2 + v2>>1&v3 + v3>>1&v4 + v4>>1&v5 + v5>>1&v6 + v6>>1&v7
		all |= v0 | v1 | v2 | v3 | v4 | v5 | v6 | v7
		prev = v7
	}
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return scoreBoundRunes(s)
		}
		v := tab[s[i]]
		acc += prev >> 1 & v
		all |= v
		prev = v
	}
	names, seen := int(uint32(acc)), uint8(all>>boundWordShift)
	if seen&boundReject != 0 {
		return 0, false
	}
	// The first field is never a name.
	for _, c := range s {
		if k := boundClass[c]; k&boundSep == 0 {
			names -= int(k >> 1 & 1) // it may start a name, and was counted
			break
		}
	}
	return boundFrom(s, seen, names)
}

// boundFrom finishes scoreBound: a finding, a comparison, named entities if
// two fields may be names, and the numbers.
func boundFrom(s []byte, seen uint8, names int) (bound int, ok bool) {
	why := whyFinding | whyComparison
	if names >= 2 {
		why |= whyEntities
	}
	if seen&boundDigit != 0 {
		if seen&boundMarkup != 0 {
			return 0, false
		}
		why |= numberEvidence(numberSignalsBytes(s))
	}
	return evidencePoints[why], true
}

// boundKeywordPoints is what scoreBound counts for a finding and a
// comparison, whose words it does not look for.
var boundKeywordPoints = evidencePoints[whyFinding|whyComparison]

// missingKeywordPoints is what scoreBound counted for the keyword classes
// keywordsMaybe rules out.
func missingKeywordPoints(maybe uint8) int {
	var why reasons
	if maybe&kwFinding == 0 {
		why |= whyFinding
	}
	if maybe&kwComparison == 0 {
		why |= whyComparison
	}
	return evidencePoints[why]
}

// boundClass classifies bytes for scoreBound's ASCII pass.
var boundClass = func() (t [256]uint8) {
	for c := range t {
		k := byteClass[c]
		switch {
		case k&bHigh != 0:
			// Not ASCII: scoreBound hands such text to scoreBoundRunes,
			// which reads only ASCII bytes here.
		case k&bDigit != 0:
			t[c] = boundDigit
		case k&bMarkup != 0:
			t[c] = boundName | boundMarkup
		case c == '"':
			t[c] = boundReject
		case k&bSep != 0:
			t[c] = boundSep
		case mayStartName(byte(c)):
			t[c] = boundName
		}
	}
	return t
}()

// boundWord is boundClass laid out for scoreBound's loop: bit 0 is set
// for a byte that may start a name, bit 1 for a separator, and the class
// itself sits from bit boundWordShift on. For entries p and v of two
// bytes in a row, p>>1 & v has bit 0 set exactly when a name follows a
// separator, bits 1 to 31 clear (p's bits 2 to 32 are), and the rest in
// bits from 32 on, which scoreBound's count, kept in the low 32 bits of a
// sum, never reads: a carry only runs upwards.
var boundWord = func() (t [256]uint64) {
	for c, k := range boundClass {
		t[c] = uint64(k>>1&1) | uint64(k&boundSep)<<1 | uint64(k)<<boundWordShift
	}
	return t
}()

const (
	boundWordSep   uint64 = 1 << 1 // boundWord's separator bit
	boundWordShift        = 33     // where boundWord keeps the class
)

const (
	boundSep    uint8 = 1 << iota // ends a field
	boundName                     // may start a name (mayStartName), or markup
	boundReject                   // '"': no bound
	boundDigit                    // a digit: the numbers are scored
	boundMarkup                   // stripMarkup's: ` [ ] * _
)

// scoreBoundRunes is scoreBound for text with non-ASCII bytes, rune by rune.
func scoreBoundRunes(s []byte) (bound int, ok bool) {
	entities := 0
	var seen uint8
	inField, first := false, true // first: in the first field, which is never a name
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			k := boundClass[c]
			seen |= k
			switch {
			case k&boundReject != 0:
				return 0, false
			case k&boundSep != 0:
				if inField {
					first = false
				}
				inField = false
			case !inField:
				if !first && k&boundName != 0 {
					entities++
				}
				inField = true
			}
			i++
			i = skipField(s, i, inField)
			continue
		}
		if plainRune3(s, i) {
			// Most non-ASCII text is CJK: a rune that may start a name
			// and is neither a space nor anything factScore refuses.
			if !inField && !first {
				entities++
			}
			inField = true
			i = skipField(s, i+3, true)
			continue
		}
		r, n := decodeRune(s[i:])
		switch {
		case r == utf8.RuneError && n == 1, lowerLenChanges(r), r == '“', r == '「':
			return 0, false
		case isSpaceHigh(r):
			if inField {
				first = false
			}
			inField = false
		case !inField:
			if !first && mayStartName(c) { // always, for a non-ASCII lead byte
				entities++
			}
			inField = true
		}
		i += n
	}
	return boundFrom(s, seen, entities)
}

// skipField returns the end of the run of ASCII letters and digits and
// plain CJK runes (plainRune3) at s[i:], if inField, else i: the rest of a
// field changes nothing for scoreBoundRunes.
func skipField(s []byte, i int, inField bool) int {
	for inField && i < len(s) {
		switch {
		case byteClass[s[i]]&^bWord == 0:
			i++
		case plainRune3(s, i):
			i += 3
		default:
			return i
		}
	}
	return i
}

// plainRune3 reports whether s[i:] starts with a valid three-byte rune
// that isSpaceHigh and lowerLenChanges reject, and that is no quotation
// mark: those with lead bytes E4 to E9 (U+4000 to U+9FFF, most CJK
// ideographs) and EF (U+F000 to U+FFFF, full-width punctuation), whose
// continuation bytes may be any of 80 to BF.
func plainRune3(s []byte, i int) bool {
	if i+3 > len(s) {
		return false
	}
	c := s[i]
	return (0xE4 <= c && c <= 0xE9 || c == 0xEF) && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80
}

// mayStartName reports whether a field starting with byte c can be a name
// (isEntity): an upper-case ASCII letter, a non-ASCII lead byte, or
// something isEntity trims. endField tests it before isEntity, and
// scoreBound counts the fields that pass it, so the bound follows the test.
func mayStartName(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= utf8.RuneSelf || wordCut[c]
}

// scan is the state of factScore's pass over the stripped sentence, which
// finds two kinds of words at once: ASCII words (runs of letters and
// digits, the unit of containsKeyword's whole-word keywords) and
// fields (what strings.FieldsFunc splits on spaces and , ; : ( ), the
// words FactScore checks for imperatives, names, hedges and persons).
type scan struct {
	plain []byte

	found                   uint8 // keyword classes seen
	imperative, hasDigit    bool
	hedged, personal        bool
	entities                int
	straight, curly, corner int // first ", “ and 「, or -1
	phraseA, phraseB        int // last word if it starts a phrase, else phraseA < 0
	wordA, wordB            int // last word looked up
	wordClass               uint8
	nField                  int // fields ended so far
}

// run scans sc.plain; it returns false on invalid UTF-8 or a rune whose
// lower case changes length.
func (sc *scan) run() bool {
	plain := sc.plain
	sc.straight, sc.curly, sc.corner, sc.phraseA, sc.wordA = -1, -1, -1, -1, -1
	field := 0      // start of the current field
	var words uint8 // byte classes seen in ASCII words
	for i := 0; i < len(plain); {
		c := plain[i]
		k := byteClass[c]
		if k&bWord != 0 {
			// An ASCII word: find its end, then look it up.
			a, all := i, k
			for i++; i < len(plain); i++ {
				k = byteClass[plain[i]]
				if k&bWord == 0 {
					break
				}
				all |= k
			}
			words |= all
			sc.endWord(a, i)
			continue
		}
		if k&bHigh == 0 {
			switch {
			case k&bSep != 0:
				sc.endField(field, i)
				field = i + 1
			case c == '%':
				// Like the Latin keywords, "%" must not follow a
				// letter or digit (though it may precede one).
				if i == 0 || !isWordByte(plain[i-1]) {
					sc.found |= kwPercent
				}
			case c == '"':
				if sc.straight < 0 {
					sc.straight = i
				}
			}
			i++
			continue
		}
		// Non-ASCII keywords match anywhere; in valid UTF-8 they can only
		// start where a rune does.
		if plainRune3(plain, i) {
			// Most non-ASCII text is CJK, which needs no more than that.
			r := rune(c&0x0F)<<12 | rune(plain[i+1]&0x3F)<<6 | rune(plain[i+2]&0x3F)
			if kwRunes[r%4096/64]&(1<<(r%64)) != 0 {
				sc.matchOther(i)
			}
			i += 3
			continue
		}
		r, n := decodeRune(plain[i:])
		if r == utf8.RuneError && n == 1 || lowerLenChanges(r) {
			return false
		}
		if kwRunes[r%4096/64]&(1<<(r%64)) != 0 {
			sc.matchOther(i)
		}
		switch r {
		case '“':
			if sc.curly < 0 {
				sc.curly = i
			}
		case '「':
			if sc.corner < 0 {
				sc.corner = i
			}
		default:
			if isSpaceHigh(r) {
				sc.endField(field, i)
				field = i + n
			}
		}
		i += n
	}
	sc.endField(field, len(plain))
	sc.hasDigit = words&bDigit != 0
	return true
}

// matchOther notes the non-ASCII keywords that start at plain[i].
func (sc *scan) matchOther(i int) {
	plain := sc.plain
	for _, k := range kwByLead[plain[i]] {
		if len(plain)-i >= len(k.key) && string(plain[i:i+len(k.key)]) == k.key {
			sc.found |= k.class
		}
	}
}

// endWord looks up the ASCII word plain[a:b], and the phrase it ends if the
// word before it starts one and one space separates them.
func (sc *scan) endWord(a, b int) {
	plain := sc.plain
	var buf [kwMaxLen]byte
	if pa, pb := sc.phraseA, sc.phraseB; pa >= 0 && pb+1 == a && plain[pb] == ' ' && b-pa <= kwMaxLen {
		for k := pa; k < b; k++ {
			buf[k-pa] = lowerASCII(plain[k])
		}
		sc.found |= kwLookup(buf[:b-pa]) & (kwFinding | kwComparison)
	}
	sc.phraseA = -1
	sc.wordA, sc.wordB, sc.wordClass = a, b, 0
	n, c0, cn := b-a, plain[a], plain[b-1]
	if !kwMaybe(lowerASCII(c0), lowerASCII(cn), n) && !kwMaybe(c0, cn, n) {
		return
	}
	for k := 0; k < n; k++ {
		buf[k] = lowerASCII(plain[a+k])
	}
	class := kwLookup(buf[:n])
	if c0 >= 'A' && c0 <= 'Z' {
		// Normative keywords are upper-case: look the word up as it is.
		class |= kwLookup(plain[a:b]) & kwNormative
	}
	sc.wordClass = class
	sc.found |= class & (kwFinding | kwComparison | kwNormative)
	if class&kwPhraseStart != 0 {
		sc.phraseA, sc.phraseB = a, b
	}
}

// endField checks the field plain[a:b], if not empty.
func (sc *scan) endField(a, b int) {
	if a >= b {
		return
	}
	w := sc.plain[a:b]
	if sc.nField == 0 {
		sc.imperative = lookupTrimmed(w, &quoteCut)&kwImperative != 0
	} else if mayStartName(w[0]) && isEntity(w) {
		// Most words start with a lower-case letter: no entity.
		sc.entities++
	}
	sc.nField++
	if sc.hedged && sc.personal {
		return
	}
	for a < b && wordCut[sc.plain[a]] {
		a++
	}
	for b > a && wordCut[sc.plain[b-1]] {
		b--
	}
	var c uint8
	if a == sc.wordA && b == sc.wordB {
		// The trimmed field is the ASCII word just looked up, as most
		// are ("word", "word."): the same key, if any.
		c = sc.wordClass
	} else {
		c = lookupTrimmed(sc.plain[a:b], &wordCut)
	}
	sc.hedged = sc.hedged || c&kwHedge != 0
	sc.personal = sc.personal || c&kwPerson != 0
}

// lookupTrimmed looks w up lower-cased and trimmed of the bytes in cut,
// as the reference looks words up in its lists. A word that keeps a
// non-ASCII byte matches no key: lower-casing it (where factScore applies)
// keeps the non-ASCII byte.
func lookupTrimmed(w []byte, cut *[256]bool) uint8 {
	i, j := 0, len(w)
	for i < j && cut[w[i]] {
		i++
	}
	for j > i && cut[w[j-1]] {
		j--
	}
	w = w[i:j]
	if len(w) == 0 || !kwMaybe(lowerASCII(w[0]), lowerASCII(w[len(w)-1]), len(w)) {
		return 0
	}
	var buf [kwMaxLen]byte
	for k, c := range w {
		if c >= utf8.RuneSelf {
			return 0
		}
		buf[k] = lowerASCII(c)
	}
	return kwLookup(buf[:len(w)])
}

// isEntity is one word's test in namedEntities: capitalised once trimmed
// of emphasis, quotes and end punctuation, and not "I".
func isEntity(w []byte) bool {
	for len(w) > 0 {
		if wordCut[w[0]] {
			w = w[1:]
		} else if r, n := utf8.DecodeRune(w); r == '“' || r == '”' || r == '‘' || r == '’' {
			w = w[n:]
		} else {
			break
		}
	}
	for len(w) > 0 {
		if wordCut[w[len(w)-1]] {
			w = w[:len(w)-1]
		} else if r, n := utf8.DecodeLastRune(w); r == '“' || r == '”' || r == '‘' || r == '’' {
			w = w[:len(w)-n]
		} else {
			break
		}
	}
	r, _ := utf8.DecodeRune(w)
	return unicode.IsUpper(r) && len(w) > 1 // which leaves out "I"
}

func hasSelfRef(plain []byte) bool {
	for _, p := range selfRef {
		if hasLowerPrefix(plain, p) {
			return true
		}
	}
	return false
}

// hasQuoteAt is one quotation mark's test in hasQuote, given the first
// opening mark at i (or -1).
func hasQuoteAt(plain []byte, i int, open, close string) bool {
	if i < 0 || afterExampleLead(plain[:i]) {
		return false
	}
	in := plain[i+len(open):]
	j := bytes.Index(in, []byte(close))
	return j >= 0 && sentence.HasWords(in[:j], minQuoteWords)
}

// hasQuote is hasQuote of the reference, from the first opening marks the
// scan saw; init checks that quoteMarks are the marks it looks for.
func (sc *scan) hasQuote() bool {
	return hasQuoteAt(sc.plain, sc.curly, "“", "”") || hasQuoteAt(sc.plain, sc.straight, "\"", "\"") || hasQuoteAt(sc.plain, sc.corner, "「", "」")
}

// numberSignalsBytes is numberSignals(plain, strings.ToLower(plain)) where
// factScore applies, comparing what follows a number with its ASCII letters
// lower-cased instead.
func numberSignalsBytes(plain []byte) (nums, strong, years int) {
	for i := 0; i < len(plain); {
		for i < len(plain) && byteClass[plain[i]]&bDigit == 0 {
			i++
		}
		if i == len(plain) {
			break
		}
		if i > 0 && (isWordByte(plain[i-1]) && !(plain[i-1] >= '0' && plain[i-1] <= '9')) {
			i++
			continue
		}
		j := i
		dec := false
		for j < len(plain) && (plain[j] >= '0' && plain[j] <= '9' || (plain[j] == '.' || plain[j] == ',') && j+1 < len(plain) && plain[j+1] >= '0' && plain[j+1] <= '9') {
			if plain[j] == '.' {
				dec = true
			}
			j++
		}
		digits := plain[i:j]
		before := byte(' ')
		if i > 0 {
			before = plain[i-1]
		}
		after := plain[j:]
		for len(after) > 0 && after[0] == ' ' {
			after = after[1:]
		}
		switch {
		case len(digits) == 4 && (digits[0] == '1' || digits[0] == '2') && !dec && bytes.IndexByte(digits, ',') < 0:
			years++
		case before == '$' || len(after) > 0 && after[0] == '%' || dec && len(digits) > 2 || len(after) > 0 && unitLead[lowerASCII(after[0])] && (hasMagnitudeLower(after) || hasUnitLower(after)):
			strong++
		case len(digits) >= 2 || bytes.IndexByte(digits, ',') >= 0:
			nums++
		}
		if r, _ := utf8.DecodeLastRune(plain[:i]); slices.Contains(currencySigns, r) {
			strong++
		}
		i = j
	}
	return
}

// unitLead marks the first bytes of magnitudes and units: most numbers
// are followed by neither, and trying each of their 46 words cost more than
// the rest of numberSignalsBytes.
var unitLead = func() (t [256]bool) {
	for _, l := range [][]string{magnitudes, units} {
		for _, w := range l {
			t[w[0]] = true
		}
	}
	return t
}()

func hasMagnitudeLower(after []byte) bool {
	for _, m := range magnitudes {
		if hasLowerPrefix(after, m) {
			return true
		}
	}
	return false
}

func hasUnitLower(after []byte) bool {
	for _, u := range units {
		if hasLowerPrefix(after, u) {
			rest := after[len(u):]
			if len(rest) == 0 || !isWordByte(rest[0]) || u == "x " {
				return true
			}
		}
	}
	return false
}

// Cut sets for lookupTrimmed: emphasis and quotes, and those plus end
// punctuation.
var quoteCut, wordCut = cutSet("*_\"'"), cutSet("*_\"'.!?")

func cutSet(chars string) (t [256]bool) {
	for i := 0; i < len(chars); i++ {
		t[chars[i]] = true
	}
	return t
}
