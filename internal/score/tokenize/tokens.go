// Package tokenize turns text into the words score compares (Tokens): the
// steps that make surface variation (case, accents, inflection, stop words,
// number formats, scripts without spaces) never decide whether a source
// supports a claim, and the per-language caches that keep them fast.
package tokenize

import (
	"maps"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
	"github.com/kljensen/snowball/french"
	"github.com/kljensen/snowball/hungarian"
	"github.com/kljensen/snowball/norwegian"
	"github.com/kljensen/snowball/russian"
	"github.com/kljensen/snowball/spanish"
	"github.com/kljensen/snowball/swedish"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Languages accepted by score.Options.Language: the Snowball stemmer applied to
// Latin-script words. Cyrillic words always use the Russian stemmer, since
// no other supported language writes in Cyrillic.
const (
	English   = "english"
	German    = "german"
	French    = "french"
	Spanish   = "spanish"
	Swedish   = "swedish"
	Norwegian = "norwegian"
	Hungarian = "hungarian"
	// NoStemming keeps folded words as they are.
	NoStemming = "none"
)

// Tokens returns the content tokens of text as the scorer sees them, using
// the English stemmer. It is exported so rules and reviewers can see why two
// texts did or did not overlap. The steps, each chosen so that surface
// variation never decides a verdict:
//
//   - NFKC normalisation (full-width letters and digits, ligatures);
//   - Unicode case folding and accent folding ("Größe" → "grosse",
//     "café" → "cafe"), so a source that drops diacritics still matches;
//   - stopword removal (English plus common German, French and Spanish
//     function words) and dropping single Latin letters;
//   - Snowball stemming of Latin words ("elected" and "elects" → "elect");
//     Cyrillic words use the Russian stemmer;
//   - numbers normalised: "1,000" and "1000" → "1000", "3.50" → "3.5",
//     a decimal comma "3,5" → "3.5"; spelled-out "two" … "twenty" → digits;
//   - Han, Hiragana, Katakana and Hangul runs as overlapping character
//     bigrams (a lone character as a unigram), because these scripts do not
//     separate words with spaces and bigrams are the standard model-free
//     approximation of words.
func Tokens(text string) []string { return TokensLang(text, English) }

// TokensLang is Tokens with a chosen stemming language (one of the language
// constants; unknown names fall back to English).
func TokensLang(text, language string) []string {
	toks := Append(nil, text, language)
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.Text
	}
	return out
}

// Token is one content token (Text) with its byte span [Start, End) in
// the original text.
type Token struct {
	Text       string
	Start, End int
}

type runeClass uint8

const (
	classSep runeClass = iota
	classWord
	classDigit
	classCJK
)

func classify(r rune) runeClass {
	switch {
	case r < utf8.RuneSelf:
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
			return classWord
		case r >= '0' && r <= '9':
			return classDigit
		}
		return classSep
	case isCJK(r):
		return classCJK
	case unicode.IsDigit(r):
		return classDigit
	case unicode.IsLetter(r), unicode.Is(unicode.Mn, r), unicode.Is(unicode.Mc, r):
		return classWord
	}
	return classSep
}

// isCJK reports whether r belongs to a script written without spaces between
// words (Han, Hiragana, Katakana, Hangul), plus the Katakana length mark.
func isCJK(r rune) bool {
	if r < 0x1100 {
		return false
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) || r == 'ー'
}

// Append appends the content tokens of text to dst, as Tokens finds
// them, with their spans: the scorer prepares sources and claims with it.
func Append(dst []Token, text string, language string) []Token {
	words := wordCacheFor(language)
	i := 0
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		c := classify(r)
		switch c {
		case classSep:
			i += size
		case classCJK:
			j := i + size
			for j < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[j:])
				if classify(r2) != classCJK {
					break
				}
				j += s2
			}
			dst = appendCJK(dst, text, i, j)
			i = j
		case classDigit:
			// A number: digits, with '.' or ',' allowed between two digits.
			j := i + size
			for j < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[j:])
				if classify(r2) == classDigit {
					j += s2
					continue
				}
				if (r2 == '.' || r2 == ',') && j+1 < len(text) && text[j+1] >= '0' && text[j+1] <= '9' {
					j++
					continue
				}
				break
			}
			dst = append(dst, Token{Text: normNumber(text[i:j]), Start: i, End: j})
			i = j
			// Letters glued to a number ("1990s", "21st", "3.5m", "5bn") form
			// their own token, except ordinal and plural suffixes.
			k := j
			for k < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[k:])
				if c2 := classify(r2); c2 != classWord && c2 != classDigit {
					break
				}
				k += s2
			}
			if k > j {
				switch strings.ToLower(text[j:k]) {
				case "st", "nd", "rd", "th", "s":
				default:
					if t, ok := words.norm(text[j:k], language); ok {
						dst = append(dst, Token{Text: t, Start: j, End: k})
					}
				}
				i = k
			}
		default:
			// A word: letters and marks, with any digits after the first letter
			// ("a320", "mp3").
			j := i + size
			for j < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[j:])
				if c2 := classify(r2); c2 != classWord && c2 != classDigit {
					break
				}
				j += s2
			}
			if t, ok := words.norm(text[i:j], language); ok {
				dst = append(dst, Token{Text: t, Start: i, End: j})
			}
			i = j
		}
	}
	return dst
}

// appendCJK emits character bigrams for the CJK run text[start:end].
func appendCJK(dst []Token, text string, start, end int) []Token {
	first, s1 := utf8.DecodeRuneInString(text[start:end])
	if start+s1 >= end {
		return append(dst, Token{Text: foldCJK(text[start:end]), Start: start, End: end})
	}
	_ = first
	prev := start
	i := start + s1
	for i < end {
		_, s := utf8.DecodeRuneInString(text[i:end])
		dst = append(dst, Token{Text: foldCJK(text[prev : i+s]), Start: prev, End: i + s})
		prev = i
		i += s
	}
	return dst
}

// foldCJK applies NFKC (half-width katakana → full width) only when needed.
func foldCJK(s string) string {
	if norm.NFKC.IsNormalString(s) {
		return s
	}
	return norm.NFKC.String(s)
}

var numberWords = map[string]string{
	"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
	"eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
	"thirteen": "13", "fourteen": "14", "fifteen": "15", "sixteen": "16",
	"seventeen": "17", "eighteen": "18", "nineteen": "19", "twenty": "20",
}

// wordCache memoises normWord for short ASCII words of one language: one
// map lookup, on the word lower-cased in a stack buffer, instead of
// folding (an allocation for a capitalised word), the stopword list and
// the stem cache in turn, which held a fifth of low-overlap's time. ""
// marks a word that is no token (a stopword). All languages' caches
// together are bounded like the stem cache.
type wordCache struct {
	// snap is read without a lock (an RWMutex's two atomic operations per
	// word showed in profiles); new words collect in pending and are
	// published in batches, so the copying stays linear overall.
	snap    atomic.Pointer[map[string]string]
	mu      sync.Mutex
	pending map[string]string
}

var (
	wordCaches  sync.Map // language -> *wordCache
	wordCachedN atomic.Int64
)

func wordCacheFor(language string) *wordCache {
	if c, ok := wordCaches.Load(language); ok {
		return c.(*wordCache)
	}
	c, _ := wordCaches.LoadOrStore(language, &wordCache{pending: map[string]string{}})
	return c.(*wordCache)
}

// MaxCachedWord is the longest word the caches hold, and LowerASCII reads.
const MaxCachedWord = 24

// LowerASCII lower-cases raw into buf when raw is ASCII and fits: numbers
// and negation cues in package score read words as the caches do.
func LowerASCII(buf *[MaxCachedWord]byte, raw string) ([]byte, bool) {
	if len(raw) > MaxCachedWord {
		return nil, false
	}
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c >= utf8.RuneSelf {
			return nil, false
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return buf[:len(raw)], true
}

// norm is normWord(raw, language), memoised.
func (c *wordCache) norm(raw, language string) (string, bool) {
	var buf [MaxCachedWord]byte
	w, ascii := LowerASCII(&buf, raw)
	if !ascii {
		return normWord(raw, language)
	}
	if m := c.snap.Load(); m != nil {
		if t, hit := (*m)[string(w)]; hit {
			return t, t != ""
		}
	}
	c.mu.Lock()
	t, hit := c.pending[string(w)]
	c.mu.Unlock()
	if hit {
		return t, t != ""
	}
	t, ok := normWord(raw, language)
	if !ok {
		t = ""
	}
	c.remember(string(w), t)
	return t, ok
}

// remember adds a word to pending, and publishes pending in a new
// snapshot once it holds a quarter as many words as the snapshot.
func (c *wordCache) remember(w, t string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if wordCachedN.Load() >= stemCacheMax {
		return
	}
	if _, dup := c.pending[w]; dup {
		return
	}
	c.pending[w] = t
	wordCachedN.Add(1)
	old := c.snap.Load()
	n := 0
	if old != nil {
		n = len(*old)
	}
	if len(c.pending) < max(64, n/4) {
		return
	}
	next := make(map[string]string, n+len(c.pending))
	if old != nil {
		maps.Copy(next, *old)
	}
	maps.Copy(next, c.pending)
	c.snap.Store(&next)
	c.pending = map[string]string{}
}

// normWord turns a raw word or number into its token form; ok is false for
// stopwords and other tokens that carry no content.
func normWord(raw string, language string) (string, bool) {
	w, ascii := foldWord(raw)
	if w == "" {
		return "", false
	}
	if ascii && len(w) == 1 {
		return "", false // lone Latin letters: initials, list markers, "s" of "'s"
	}
	if isStopword(w) {
		return "", false
	}
	if d, ok := numberWords[w]; ok {
		return d, true
	}
	return stem(w, ascii, language), true
}

var folder = sync.Pool{New: func() any { c := cases.Fold(); return &c }}

// foldWord lower-cases (Unicode full case folding) and removes accents. It
// reports whether the result is plain ASCII, the fast path for English.
func foldWord(raw string) (string, bool) {
	ascii := true
	upper := false
	for i := 0; i < len(raw); i++ {
		b := raw[i]
		if b >= utf8.RuneSelf {
			ascii = false
			break
		}
		if b >= 'A' && b <= 'Z' {
			upper = true
		}
	}
	if ascii {
		if !upper {
			return raw, true
		}
		return strings.ToLower(raw), true
	}
	s := norm.NFKC.String(raw)
	cp := folder.Get().(*cases.Caser)
	s = cp.String(s)
	folder.Put(cp)
	s = StripAccents(s)
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return s, false
		}
	}
	return s, true
}

// StripAccents removes combining marks that follow a Latin letter after
// canonical decomposition, and maps the few Latin letters that do not
// decompose (ø, ł, đ, æ, œ, ı, þ). Marks on other scripts are kept: in
// Cyrillic "й" is a letter of its own, not an accented "и".
func StripAccents(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r >= utf8.RuneSelf }) {
		return s // ASCII has no accents, and the round trip would copy it
	}
	d := norm.NFD.String(s)
	var b strings.Builder
	b.Grow(len(d))
	latinBase := false
	for _, r := range d {
		if unicode.Is(unicode.Mn, r) {
			if latinBase {
				continue
			}
			b.WriteRune(r)
			continue
		}
		latinBase = r < utf8.RuneSelf || unicode.Is(unicode.Latin, r)
		switch r {
		case 'ø':
			b.WriteByte('o')
		case 'ł':
			b.WriteByte('l')
		case 'đ', 'ð':
			b.WriteByte('d')
		case 'æ':
			b.WriteString("ae")
		case 'œ':
			b.WriteString("oe")
		case 'ı':
			b.WriteByte('i')
		case 'þ':
			b.WriteString("th")
		default:
			b.WriteRune(r)
		}
	}
	return norm.NFC.String(b.String())
}

// stemCache memoises stems: Snowball stemmers allocate, and the same few
// thousand words recur across claims. The cache is bounded so a long-running
// process cannot grow it without limit; past the bound words are stemmed
// afresh.
var (
	stemCaches    sync.Map // language -> *sync.Map of word -> stem
	stemCacheSize atomic.Int64
)

const stemCacheMax = 1 << 18

// stemCacheFor returns the stem cache of one language. A cache per
// language keeps the lookup key the word itself: no string is built per
// token on the hot path.
func stemCacheFor(language string) *sync.Map {
	if c, ok := stemCaches.Load(language); ok {
		return c.(*sync.Map)
	}
	c, _ := stemCaches.LoadOrStore(language, new(sync.Map))
	return c.(*sync.Map)
}

func stem(w string, ascii bool, language string) string {
	if len(w) <= 2 {
		return w
	}
	isCyr := !ascii && isCyrillic(w)
	if !ascii && !isCyr && !isLatin(w) {
		return w // Greek, Arabic, Devanagari …: folded but not stemmed
	}
	if isCyr {
		language = "russian"
	}
	if language == NoStemming {
		return w
	}
	cache := stemCacheFor(language)
	if v, ok := cache.Load(w); ok {
		return v.(string)
	}
	var s string
	switch language {
	case German:
		s = stemGerman(w)
	case French:
		s = french.Stem(w, true)
	case Spanish:
		s = spanish.Stem(w, true)
	case Swedish:
		s = swedish.Stem(w, true)
	case Norwegian:
		s = norwegian.Stem(w, true)
	case Hungarian:
		s = hungarian.Stem(w, true)
	case "russian":
		s = russian.Stem(w, true)
	default:
		s = english.Stem(w, true)
	}
	if s == "" {
		s = w
	}
	if !ascii {
		s = StripAccents(s)
	}
	if stemCacheSize.Load() < stemCacheMax {
		if _, loaded := cache.LoadOrStore(w, s); !loaded {
			stemCacheSize.Add(1)
		}
	}
	return s
}

func isCyrillic(w string) bool {
	for _, r := range w {
		if unicode.Is(unicode.Cyrillic, r) {
			return true
		}
	}
	return false
}

func isLatin(w string) bool {
	for _, r := range w {
		if r >= utf8.RuneSelf && !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}

// normNumber canonicalises a digit run that may contain '.' and ','. Commas
// followed by exactly three digits are thousands separators ("1,000,000");
// a comma followed by any other digit count is a decimal comma ("3,5").
// Dots are decimal points unless there are several three-digit dot groups
// ("1.000.000", the German thousands style). Trailing fractional zeros are
// dropped so "3.50" matches "3.5" and "12.0" matches "12". Digits of other
// scripts are mapped to ASCII first.
func normNumber(raw string) string {
	var b []byte
	for _, r := range raw {
		switch {
		case r >= '0' && r <= '9', r == '.', r == ',':
			b = append(b, byte(r))
		case unicode.IsDigit(r):
			b = append(b, byte('0'+digitValue(r)))
		}
	}
	s := string(b)
	s = CanonicalDigits(s)
	return s
}

// digitValue returns the value of a Unicode decimal digit. Decimal digits
// come in contiguous blocks of ten (or runs of such blocks) starting at zero,
// so the value is the offset from the start of the run, modulo ten.
func digitValue(r rune) int {
	z := r
	for z > 0 && unicode.IsDigit(z-1) {
		z--
	}
	return int((r - z) % 10)
}

// CanonicalDigits applies the separator rules of normNumber to an ASCII
// string of digits, dots and commas.
func CanonicalDigits(s string) string {
	if !strings.ContainsAny(s, ".,") {
		return trimLeadingZeros(s)
	}
	groups := strings.FieldsFunc(s, func(r rune) bool { return r == '.' || r == ',' })
	if len(groups) == 0 {
		return "0"
	}
	seps := make([]byte, 0, len(groups))
	for i := 0; i < len(s); i++ {
		if s[i] == '.' || s[i] == ',' {
			seps = append(seps, s[i])
		}
	}
	intPart, frac := "", ""
	switch {
	case allThousands(groups) && (allSame(seps, ',') || (len(seps) > 1 && allSame(seps, '.'))):
		intPart = strings.Join(groups, "")
	case len(seps) >= 2 && allThousands(groups[:len(groups)-1]) && seps[len(seps)-1] != seps[0] && allSame(seps[:len(seps)-1], seps[0]):
		// 1,234.56 or 1.234,56
		intPart = strings.Join(groups[:len(groups)-1], "")
		frac = groups[len(groups)-1]
	case len(seps) == 1:
		intPart, frac = groups[0], groups[1]
	default:
		// Ambiguous (e.g. a version "1.2.3"): keep the groups joined by dots.
		return strings.Join(groups, ".")
	}
	intPart = trimLeadingZeros(intPart)
	frac = strings.TrimRight(frac, "0")
	if frac == "" {
		return intPart
	}
	return intPart + "." + frac
}

func allThousands(groups []string) bool {
	if len(groups) < 2 || len(groups[0]) > 3 || len(groups[0]) == 0 {
		return false
	}
	for _, g := range groups[1:] {
		if len(g) != 3 {
			return false
		}
	}
	return true
}

func allSame(b []byte, c byte) bool {
	for _, x := range b {
		if x != c {
			return false
		}
	}
	return true
}

func trimLeadingZeros(s string) string {
	t := strings.TrimLeft(s, "0")
	if t == "" {
		return "0"
	}
	return t
}
