package score

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
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
}

var magnitudes = map[string]float64{
	"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12,
	"k": 1e3, "m": 1e6, "bn": 1e9, "mn": 1e6,
}

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
	// The scorer's separator rules (canonicalDigits), so that the scorer
	// and number-mismatch read "1.000.000" and "3,5" alike. What they
	// leave ambiguous, versions such as "1.2.3", is not a quantity.
	canon := canonicalDigits(raw)
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
	var buf [12]byte
	if len(w) < 3 || len(w) > len(buf) {
		return 0, false // every quantity word has 3 to 9 letters
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	v, ok := quantityWords[string(buf[:len(w)])]
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

// MissingNumbers returns the quantities of claim (as written) that no
// source states, after normalisation: "12%" = "12 percent", "1,000" =
// "1000", "3.5 million" = "3,500,000", "three" = "3". It is what the
// number-mismatch rule reports. A rounded figure ("about 3 million" for
// 3,012,455) counts as missing: the reader cannot find it in the source.
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
			missing = append(missing, w.Raw)
		}
	}
	return missing
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
		return near(x.percent, w.Value, w) || near(x.plain, w.Value/100, w)
	}
	return near(x.plain, w.Value, w) || w.Value < 1 && near(x.percent, w.Value*100, w)
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
