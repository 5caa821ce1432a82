package score

import (
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/score/tokenize"
)

// Number is a quantity written in a text: "12%", "1,000", "3.5 million",
// "2019", "twelve percent".
type Number struct {
	Raw     string  // as written, e.g. "3.5 million"
	Value   float64 // 3500000
	Percent bool
	Year    bool // a four-digit 1500..2100 written alone: compared exactly
	// Approx is set for decimals and magnitudes ("3.5 million"), which
	// match to 0.1%; whole numbers match exactly.
	Approx bool
	// Bound is the comparison the text states the number with ("more
	// than 97%", "nearly 3 million"); Exact when none. Qualifier is its
	// words as written ("More than").
	Bound     Bound
	Qualifier string
}

// Bound is how a text qualifies a number: "more than 97%" is satisfied by
// a source that states 97.5%, "nearly 3 million" by 2.9 million. Each
// bound accepts source values in a window around the stated one, not the
// whole half-line: a web page holds hundreds of numbers, and "more than
// 500" is not supported by a page that happens to mention 90,000. The
// stated value itself always matches (the source may use the same words).
type Bound uint8

const (
	Exact   Bound = iota
	Above         // more than, over, above, exceeding: v < x ≤ 1.5v
	AtLeast       // at least, no less than, a minimum of: v ≤ x ≤ 1.5v
	Below         // less than, fewer than, under, below: v/2 ≤ x < v
	AtMost        // up to, at most, no more than, as many as: v/2 ≤ x ≤ v
	Nearly        // nearly, almost, close to, just under: 0.9v ≤ x ≤ v
	About         // about, approximately, around, roughly, some: 0.9v ≤ x ≤ 1.1v
)

// boundWords are the phrases that qualify a number, in lower case, each
// written right before the number (white space and a currency sign may
// separate them). They are tried longest first, so that "no more than" is
// not read as "more than".
var boundWords = longestFirst([]boundWord{
	{"in excess of", Above}, {"upwards of", Above}, {"greater than", Above}, {"more than", Above},
	{"no less than", AtLeast}, {"not less than", AtLeast}, {"no fewer than", AtLeast},
	{"a minimum of", AtLeast}, {"at least", AtLeast},
	{"no more than", AtMost}, {"not more than", AtMost}, {"a maximum of", AtMost},
	{"as many as", AtMost}, {"as much as", AtMost}, {"up to", AtMost}, {"at most", AtMost},
	{"just under", Nearly}, {"just shy of", Nearly}, {"close to", Nearly}, {"approaching", Nearly},
	{"nearly", Nearly}, {"almost", Nearly},
	{"just over", Above}, {"exceeding", Above}, {"over", Above}, {"above", Above},
	{"fewer than", Below}, {"less than", Below}, {"under", Below}, {"below", Below},
	{"an estimated", About}, {"approximately", About}, {"approx.", About}, {"around", About},
	{"roughly", About}, {"about", About}, {"circa", About}, {"ca.", About}, {"some", About},
	{">=", AtLeast}, {"≥", AtLeast}, {"<=", AtMost}, {"≤", AtMost},
	{">", Above}, {"<", Below}, {"~", About}, {"≈", About},
})

type boundWord struct {
	phrase string
	bound  Bound
}

func longestFirst(l []boundWord) []boundWord {
	slices.SortStableFunc(l, func(a, b boundWord) int { return len(b.phrase) - len(a.phrase) })
	return l
}

// window returns the source values that satisfy b for a stated value v.
func (b Bound) window(v float64) (lo, hi float64, openLo, openHi bool) {
	switch b {
	case Above:
		return v, 1.5 * v, true, false
	case AtLeast:
		return v, 1.5 * v, false, false
	case Below:
		return v / 2, v, false, true
	case AtMost:
		return v / 2, v, false, false
	case Nearly:
		return 0.9 * v, v, false, false
	case About:
		return 0.9 * v, 1.1 * v, false, false
	}
	return v, v, false, false
}

// boundBefore returns the bound the words just before text[i:] state, and
// those words.
func boundBefore(text string, i int) (Bound, string) {
	j := i
	for j > 0 && (text[j-1] == ' ' || text[j-1] == '$' || text[j-1] == '\t') {
		j--
	}
	// Currency signs of more than one byte (€, £, ¥) and a no-break space.
	for _, p := range []string{"€", "£", "¥", "\u00a0"} {
		for strings.HasSuffix(text[:j], p) {
			j -= len(p)
			for j > 0 && text[j-1] == ' ' {
				j--
			}
		}
	}
	head := text[max(0, j-16):j]
	for _, w := range boundWords {
		if len(head) < len(w.phrase) || !hasPrefixFold(head[len(head)-len(w.phrase):], w.phrase) {
			continue
		}
		k := j - len(w.phrase)
		if isLetter(w.phrase[0]) && k > 0 && isWordByte(text, k-1) {
			continue // "moreover 5", "Dover 5"
		}
		return w.bound, text[k:j]
	}
	return Exact, ""
}

var magnitudes = map[string]float64{
	"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12,
	"k": 1e3, "m": 1e6, "bn": 1e9, "mn": 1e6,
}

// quantityInitials has bit c-'a' set for each initial c of quantityWords.
var quantityInitials = func() uint32 {
	var m uint32
	for w := range quantityWords {
		m |= 1 << (w[0] - 'a')
	}
	return m
}()

var quantityWords = map[string]float64{
	"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
	"fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
	"nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100,
	"half": 0.5, "dozen": 12,
}

// Numbers finds the quantities in text. Digits with thousands separators
// ("1,000", "1 000" is two numbers), decimals, a following "%", "percent",
// "per cent" or magnitude word ("million", "bn"), and number words ("twelve")
// are understood. Ordinals ("19th"), and digits inside words or identifiers
// ("COVID-19", "H2O", "v1.2.3") are not quantities.
func Numbers(text string) []Number {
	var out []Number
	for i := 0; i < len(text); {
		c := text[i]
		if c >= '0' && c <= '9' {
			if i > 0 && (isWordByte(text, i-1) || text[i-1] == '.') {
				// Digits inside a word or identifier: skip the whole run.
				for i < len(text) && (text[i] >= '0' && text[i] <= '9' || text[i] == '.' || text[i] == ',' || isLetter(text[i])) {
					i++
				}
				continue
			}
			n, end, ok := readNumber(text, i)
			if ok {
				n.Bound, n.Qualifier = boundBefore(text, i)
				out = append(out, n)
			}
			i = end
			continue
		}
		if isLetter(c) && (i == 0 || !isWordByte(text, i-1)) {
			j := i
			for j < len(text) && isLetter(text[j]) {
				j++
			}
			if v, ok := quantityWord(text[i:j]); ok {
				n := Number{Raw: text[i:j], Value: v}
				n.Bound, n.Qualifier = boundBefore(text, i)
				end := applySuffix(&n, text, j)
				n.Raw = text[i:end]
				out = append(out, n)
				i = end
				continue
			}
			i = j
			continue
		}
		_, size := utf8.DecodeRuneInString(text[i:])
		i += size
	}
	return out
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// isWordByte reports whether text[i] is part of a word (letters, digits,
// hyphen joining a word: COVID-19).
func isWordByte(text string, i int) bool {
	c := text[i]
	if isLetter(c) || c == '_' {
		return true
	}
	if c == '-' && i > 0 && isLetter(text[i-1]) {
		return true
	}
	if c >= 0x80 {
		r, _ := utf8.DecodeLastRuneInString(text[:i+1])
		return unicode.IsLetter(r)
	}
	return false
}

func readNumber(text string, i int) (Number, int, bool) {
	j := i
	for j < len(text) {
		c := text[j]
		switch {
		case c >= '0' && c <= '9':
			j++
		case (c == ',' || c == '.') && j+1 < len(text) && text[j+1] >= '0' && text[j+1] <= '9':
			j++
		default:
			goto done
		}
	}
done:
	raw := text[i:j]
	// Digits glued to letters: "19th", "H2O" (start checked by caller), "5G", "3D".
	if j < len(text) && (isLetter(text[j]) && !magnitudeAt(text, j)) {
		k := j
		for k < len(text) && (isLetter(text[k]) || text[k] >= '0' && text[k] <= '9') {
			k++
		}
		return Number{}, k, false
	}
	// The scorer's separator rules (tokenize.CanonicalDigits), so that the scorer
	// and number-mismatch read "1.000.000" and "3,5" alike. What they
	// leave ambiguous, versions such as "1.2.3", is not a quantity.
	canon := tokenize.CanonicalDigits(raw)
	v, err := strconv.ParseFloat(canon, 64)
	if err != nil {
		return Number{}, j, false
	}
	n := Number{Raw: raw, Value: v, Approx: strings.Contains(canon, ".")}
	if len(raw) == 4 && !strings.ContainsAny(raw, ".,") && v >= 1500 && v <= 2100 {
		n.Year = true
	}
	end := applySuffix(&n, text, j)
	if end != j {
		n.Year = false
	}
	n.Raw = text[i:end]
	return n, end, true
}

// magnitudeAt reports whether a magnitude abbreviation glued to digits
// starts at j ("5bn", "3m"), followed by a non-letter.
func magnitudeAt(text string, j int) bool {
	for _, m := range []string{"bn", "mn", "k", "m"} {
		if hasPrefixFold(text[j:], m) {
			e := j + len(m)
			if e == len(text) || !isLetter(text[e]) {
				return true
			}
		}
	}
	return false
}

// applySuffix reads what follows a number: "%", " percent", " per cent",
// " million", "bn". It returns the end offset.
func applySuffix(n *Number, text string, j int) int {
	k := j
	for k < len(text) && text[k] == ' ' {
		k++
	}
	rest := text[k:]
	switch {
	case j < len(text) && text[j] == '%':
		n.Percent = true
		return j + 1
	case hasWord(rest, "percent"):
		n.Percent = true
		return k + len("percent")
	case hasWord(rest, "per cent"):
		n.Percent = true
		return k + len("per cent")
	case strings.HasPrefix(text[j:], "\u00a0%"):
		n.Percent = true
		return j + len("\u00a0%")
	}
	for w, m := range magnitudes {
		start := k
		if len(w) <= 2 {
			start = j // abbreviations are glued: "5bn", "3m"
		}
		if hasWord(text[start:], w) {
			n.Value *= m
			n.Approx = true
			return start + len(w)
		}
	}
	return j
}

// hasPrefixFold reports whether s starts with w (lower-case ASCII),
// ignoring ASCII case. It replaced lower-casing the head of the text for
// each of the eight suffix words tried after every number.
func hasPrefixFold(s, w string) bool {
	if len(s) < len(w) {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[i] {
			return false
		}
	}
	return true
}

// hasWord reports whether s starts with the word w (lower-case), in any
// ASCII case, not followed by a letter.
func hasWord(s, w string) bool {
	return hasPrefixFold(s, w) && (len(s) == len(w) || !isLetter(s[len(w)]))
}

// quantityWord looks up an ASCII word among quantityWords in any case,
// without allocating a lower-cased copy for each word of a source.
func quantityWord(w string) (float64, bool) {
	if len(w) < 3 || len(w) > 12 {
		return 0, false // every quantity word has 3 to 9 letters
	}
	if quantityInitials&(1<<(w[0]|0x20-'a')) == 0 {
		return 0, false // most words: no quantity word starts with their letter
	}
	var buf [tokenize.MaxCachedWord]byte
	lower, ascii := tokenize.LowerASCII(&buf, w) // every quantity word is ASCII
	if !ascii {
		return 0, false
	}
	v, ok := quantityWords[string(lower)]
	return v, ok
}

// same reports whether two quantities are equal: a percentage only matches
// a percentage (or a fraction written 0.12 for 12%), values to 0.1% (so
// "3.5 million" matches "3,500,000" and "3.50"), years exactly.
func same(a, b Number) bool {
	av, bv := a.Value, b.Value
	if a.Percent != b.Percent {
		switch {
		case a.Percent && !b.Percent && bv < 1:
			bv *= 100
		case b.Percent && !a.Percent && av < 1:
			av *= 100
		default:
			return false
		}
	}
	if av == bv {
		return true
	}
	if !a.Approx && !b.Approx {
		return false
	}
	return math.Abs(av-bv) <= 1e-3*math.Max(math.Abs(av), math.Abs(bv))
}

// MissingNumbers returns the quantities of claim (as written, with the
// words bounding them) that no source states, after normalisation: "12%" =
// "12 percent", "1,000" = "1000", "3.5 million" = "3,500,000", "three" =
// "3". A bounded number is found when a source value satisfies its bound
// within a window (see Bound): "more than 97%" by 97.5%, "nearly 3
// million" by 2.9 million, "about 3 million" by 3,012,455. An unbounded
// rounded figure ("3 million" for 3,012,455) counts as missing: the reader
// cannot find it in the source. It is what the number-mismatch rule
// reports.
func MissingNumbers(claim string, sources ...string) []string {
	idx := make([]*NumberIndex, len(sources))
	for i, s := range sources {
		idx[i] = IndexNumbers(s)
	}
	return MissingNumbersIn(claim, idx...)
}

// NumberIndex is a source's quantities, extracted once: a rule checking
// many sentences against one source builds it once, not per sentence.
type NumberIndex struct{ x numberIndex }

// IndexNumbers extracts and indexes the quantities of a source text.
func IndexNumbers(source string) *NumberIndex {
	var idx NumberIndex
	for _, n := range Numbers(source) {
		idx.x.add(n)
	}
	idx.x.sort()
	return &idx
}

// MissingNumbersIn is MissingNumbers against indexed sources.
func MissingNumbersIn(claim string, sources ...*NumberIndex) []string {
	want := Numbers(claim)
	var missing []string
	for _, w := range want {
		found := false
		for _, s := range sources {
			if s.x.holds(w) {
				found = true
				break
			}
		}
		if !found {
			missing = append(missing, w.stated())
		}
	}
	return missing
}

// stated is the number as the claim states it, with its bound's words:
// "more than 97%" was not found, not "97%".
func (n Number) stated() string {
	if n.Qualifier == "" {
		return n.Raw
	}
	if !isLetter(n.Qualifier[len(n.Qualifier)-1]) && n.Qualifier[len(n.Qualifier)-1] != '.' {
		return n.Qualifier + n.Raw // "~500", "≥ 3" reads as written enough
	}
	return n.Qualifier + " " + n.Raw
}

// numberIndex holds a source's quantities sorted by value, percentages
// apart, so that each claim number is looked up by binary search instead
// of against every source number (a web page has thousands).
type numberIndex struct {
	plain, percent []Number
}

func (x *numberIndex) add(n Number) {
	if n.Percent {
		x.percent = append(x.percent, n)
	} else {
		x.plain = append(x.plain, n)
	}
}

func (x *numberIndex) sort() {
	for _, l := range [][]Number{x.plain, x.percent} {
		sort.Slice(l, func(i, j int) bool { return l[i].Value < l[j].Value })
	}
}

// holds reports whether some indexed number is the same quantity as w. The
// candidates are those near w's value in the same kind, and, across kinds,
// near the value same() converts ("12%" and 0.12).
func (x *numberIndex) holds(w Number) bool {
	if w.Percent {
		return near(x.percent, w.Value, w) || near(x.plain, w.Value/100, w) || satisfies(x.percent, w)
	}
	return near(x.plain, w.Value, w) || w.Value < 1 && near(x.percent, w.Value*100, w) || satisfies(x.plain, w)
}

// satisfies reports whether l (sorted by value, one kind) holds a value
// within w's bound. Years are stated exactly ("around 1990" is not 1985),
// and a source's years are not quantities a bound can match.
func satisfies(l []Number, w Number) bool {
	if w.Bound == Exact || w.Year || w.Value <= 0 {
		return false
	}
	lo, hi, openLo, openHi := w.Bound.window(w.Value)
	i := sort.Search(len(l), func(i int) bool { return l[i].Value >= lo })
	for ; i < len(l) && l[i].Value <= hi; i++ {
		v := l[i].Value
		if l[i].Year || openLo && v == lo || openHi && v == hi {
			continue
		}
		return true
	}
	return false
}

// near tries the numbers of l (sorted by value) within a little more than
// same()'s tolerance of t.
func near(l []Number, t float64, w Number) bool {
	tol := 2e-3*math.Abs(t) + 1e-9
	i := sort.Search(len(l), func(i int) bool { return l[i].Value >= t-tol })
	for ; i < len(l) && l[i].Value <= t+tol; i++ {
		if same(w, l[i]) {
			return true
		}
	}
	return false
}
