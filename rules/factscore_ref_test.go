package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/citelint/citelint/sentence"
)

// This file freezes uncited-claim's scoring and exemption helpers as they
// were before the single-pass rewrite (commit eb669aa, renamed with a Ref
// suffix), as the reference the new code must match exactly: same score,
// same reason text, and the same panics. It shares the keyword lists with
// the rule, so a list edit changes both.

// factScoreRef rates how strongly a sentence states a checkable fact, and says why.
func factScoreRef(s string) (int, string) {
	plain := stripMarkupRef(s)
	lower := strings.ToLower(plain)
	if normativeSetRef.containsAny(plain) {
		return 0, "normative"
	}
	for _, r := range selfRef {
		if strings.HasPrefix(lower, r) {
			return 0, "about the document"
		}
	}
	words := strings.FieldsFunc(plain, func(r rune) bool {
		return unicode.IsSpace(r) || r == ',' || r == ';' || r == ':' || r == '(' || r == ')'
	})
	var buf [64]byte
	if len(words) > 0 && imperatives[string(lowerTrimRef(buf[:0], words[0], quoteCutRef))] {
		return 0, "imperative"
	}
	score := 0
	var why []string
	add := func(n int, reason string) {
		score += n
		if n > 0 {
			why = append(why, reason)
		}
	}
	nums, strong, years := numberSignalsRef(plain, lower)
	switch {
	case strong > 0:
		add(2, "a quantity")
	case nums > 0:
		add(1, "a number")
	}
	if years > 0 {
		add(1, "a date")
	}
	if hasQuoteRef(plain) {
		add(2, "a quotation")
	}
	if findingSetRef.containsAny(lower) {
		add(1, "a finding")
	}
	if comparisonSetRef.containsAny(lower) {
		add(1, "a comparison")
	}
	if namedEntitiesRef(words) >= 2 {
		add(1, "named entities")
	}
	hedged, personal := false, false
	for _, w := range words {
		lw := lowerTrimRef(buf[:0], w, wordCutRef)
		if !hedged && hedgeWords[string(lw)] {
			score--
			hedged = true
		}
		if !personal && personWords[string(lw)] {
			score -= 2
			personal = true
		}
		if hedged && personal {
			break
		}
	}
	if len(why) == 0 {
		return score, "nothing"
	}
	return score, strings.Join(why, ", ")
}

// stripMarkupRef removes link destinations, code spans and emphasis marks.
func stripMarkupRef(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '`':
			j := strings.IndexByte(s[i+1:], '`')
			if j >= 0 {
				i += j + 1
				b.WriteString("code")
				continue
			}
		case ']':
			if i+1 < len(s) && s[i+1] == '(' {
				if j := strings.IndexByte(s[i:], ')'); j >= 0 {
					i += j
					continue
				}
			}
			continue
		case '[', '*', '_':
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// wordSetRef finds keywords in one pass over a sentence: at each byte it
// tries only the keywords that start with it, instead of scanning the
// sentence once per keyword (about 95 of them, a sixth of citelint's time
// on real documents). Latin keywords must stand as whole words anywhere in
// the sentence; others (CJK, "%") match anywhere.
type wordSetRef struct {
	words   []string
	byFirst [256][]uint8 // indexes into words, by first byte
}

var findingSetRef, comparisonSetRef = newWordSetRef(findingWords), newWordSetRef(comparisonWords)

func newWordSetRef(list []string) *wordSetRef {
	if len(list) > 128 {
		panic("wordSetRef: more than 128 words")
	}
	ws := &wordSetRef{words: list}
	for k, w := range list {
		ws.byFirst[w[0]] = append(ws.byFirst[w[0]], uint8(k))
	}
	return ws
}

func (ws *wordSetRef) containsAny(s string) bool {
	for i := 0; i < len(s); i++ {
		for _, k := range ws.byFirst[s[i]] {
			w := ws.words[k]
			// Second byte first: it rules out most keywords without a
			// call.
			if len(w) > len(s)-i || len(w) > 1 && s[i+1] != w[1] || !strings.HasPrefix(s[i:], w) {
				continue
			}
			// Whole words for Latin entries; a later occurrence may be
			// whole where an earlier one was not ("foundation ... found").
			if w[0] < 0x80 && (i > 0 && isWordByte(s[i-1]) || i+len(w) < len(s) && isWordByte(s[i+len(w)]) && w != "%") {
				continue
			}
			return true
		}
	}
	return false
}

var normativeSetRef = newWordSetRef(normative)

// Cut sets for lowerTrimRef: emphasis and quotes, and those plus end punctuation.
var quoteCutRef, wordCutRef = cutSetRef("*_\"'"), cutSetRef("*_\"'.!?")

func cutSetRef(chars string) (t [256]bool) {
	for i := 0; i < len(chars); i++ {
		t[chars[i]] = true
	}
	return t
}

// lowerTrimRef appends w to dst with the bytes in cut trimmed from both ends,
// lower-cased. factScoreRef looks up every word of every sentence in maps;
// with dst on the stack and m[string(b)] (which Go does not allocate for),
// the lookups cost no allocation, where strings.Trim and ToLower did.
func lowerTrimRef(dst []byte, w string, cut [256]bool) []byte {
	i, j := 0, len(w)
	for i < j && cut[w[i]] {
		i++
	}
	for j > i && cut[w[j-1]] {
		j--
	}
	w = w[i:j]
	for k := 0; k < len(w); k++ {
		if w[k] >= 0x80 {
			return append(dst, strings.ToLower(w)...)
		}
	}
	for k := 0; k < len(w); k++ {
		c := w[k]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// numberSignalsRef counts numbers: strong ones (percentages, money, numbers
// with a magnitude or unit, decimals), other numbers of two or more digits,
// and years.
func numberSignalsRef(plain, lower string) (nums, strong, years int) {
	for i := 0; i < len(plain); {
		if plain[i] < '0' || plain[i] > '9' || i > 0 && (isWordByte(plain[i-1]) && !(plain[i-1] >= '0' && plain[i-1] <= '9')) {
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
		after := strings.TrimLeft(lower[j:], " ")
		switch {
		case len(digits) == 4 && (digits[0] == '1' || digits[0] == '2') && !dec && !strings.Contains(digits, ","):
			years++
		case before == '$' || strings.HasPrefix(after, "%") || dec && len(digits) > 2 || hasMagnitudeRef(after) || hasUnitRef(after):
			strong++
		case len(digits) >= 2 || strings.Contains(digits, ","):
			nums++
		}
		if r, _ := utf8.DecodeLastRuneInString(plain[:i]); r == '£' || r == '¥' || r == '€' {
			strong++
		}
		i = j
	}
	return
}

func hasMagnitudeRef(after string) bool {
	for _, m := range magnitudes {
		if strings.HasPrefix(after, m) {
			return true
		}
	}
	return false
}

func hasUnitRef(after string) bool {
	for _, u := range units {
		if strings.HasPrefix(after, u) {
			rest := after[len(u):]
			if rest == "" || !isWordByte(rest[0]) || u == "x " {
				return true
			}
		}
	}
	return false
}

// hasQuoteRef reports a quotation of at least four words.
func hasQuoteRef(s string) bool {
	for _, q := range [][2]string{{"“", "”"}, {"\"", "\""}, {"「", "」"}} {
		if i := strings.Index(s, q[0]); i >= 0 {
			if j := strings.Index(s[i+len(q[0]):], q[1]); j >= 0 && len(strings.Fields(s[i+len(q[0]):i+len(q[0])+j])) >= 4 {
				return true
			}
		}
	}
	return false
}

// namedEntitiesRef counts capitalised words that do not start the sentence.
// trimEntityRef trims emphasis, quotes (straight and curly) and end
// punctuation from a word, as strings.Trim(w, "*_\"'“”‘’.!?") did, without
// building the cut set on every call.
func trimEntityRef(w string) string {
	for len(w) > 0 {
		if wordCutRef[w[0]] {
			w = w[1:]
		} else if r, n := utf8.DecodeRuneInString(w); r == '“' || r == '”' || r == '‘' || r == '’' {
			w = w[n:]
		} else {
			break
		}
	}
	for len(w) > 0 {
		if wordCutRef[w[len(w)-1]] {
			w = w[:len(w)-1]
		} else if r, n := utf8.DecodeLastRuneInString(w); r == '“' || r == '”' || r == '‘' || r == '’' {
			w = w[:len(w)-n]
		} else {
			break
		}
	}
	return w
}

func namedEntitiesRef(words []string) int {
	n := 0
	for i, w := range words {
		if i == 0 {
			continue
		}
		w = trimEntityRef(w)
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsUpper(r) && len(w) > 1 && w != "I" {
			n++
		}
	}
	return n
}

// checkUncitedClaimRef is checkUncitedClaim before the rewrite.
func checkUncitedClaimRef(p *Pass) {
	s, _ := p.Settings.(*UncitedClaimSettings)
	if s == nil {
		s = newUncitedClaimSettings().(*UncitedClaimSettings)
	}
	exempt := map[string]bool{}
	for _, e := range s.Exempt {
		exempt[e] = true
	}
	exemptSec := map[string]bool{}
	for _, t := range s.ExemptSections {
		exemptSec[strings.ToLower(strings.TrimSpace(t))] = true
	}
	if exempt["abstract"] {
		exemptSec["abstract"], exemptSec["摘要"] = true, true
	}
	doc := p.Doc
	title := -1
	for i, h := range doc.Headings {
		if h.Level == 1 {
			title = i
			break
		}
	}
	// covered[i]: claim i counts as cited under the scope.
	covered := make([]bool, len(doc.Claims))
	for i := len(doc.Claims) - 1; i >= 0; i-- {
		c := &doc.Claims[i]
		covered[i] = len(c.Citations) > 0
		if !covered[i] && s.Scope != "sentence" && i+1 < len(doc.Claims) && doc.Claims[i+1].Block == c.Block && covered[i+1] {
			covered[i] = true
		}
	}
	for i := range doc.Claims {
		c := &doc.Claims[i]
		if covered[i] {
			continue
		}
		switch {
		case c.Heading && (exempt["headings"] || exempt["title"] && c.Section == title),
			c.TableCell && exempt["tables"],
			c.Quote && exempt["quotes"],
			c.ListItem && exempt["lists"]:
			continue
		}
		if c.Section >= 0 && c.Section < len(doc.Headings) && exemptSec[strings.ToLower(strings.TrimRight(doc.Headings[c.Section].Text, ":： "))] {
			continue
		}
		text := doc.Src[c.Start:c.End]
		if exempt["questions"] && isQuestionRef(text) {
			continue
		}
		if exempt["link-lists"] && c.ListItem && linkHeavyRef(text) {
			continue
		}
		if exempt["labels"] && isLabelRef(text) {
			continue
		}
		if sentence.Words(text) < s.MinWords {
			continue
		}
		score, why := factScoreRef(string(text))
		if score < s.MinScore {
			continue
		}
		p.Reportf(c.Start, c.End, "sentence states a checkable fact (%s) but cites no source", why)
	}
}

func isQuestionRef(text []byte) bool {
	t := strings.TrimRight(string(text), " *_\"”')")
	return strings.HasSuffix(t, "?") || strings.HasSuffix(t, "？")
}

// isLabelRef reports a lead-in ("The results were:", "最后再搜索一些信息：") or a
// sentence set wholly in bold or italics ("**Market size**"): both introduce
// what follows rather than state a fact of their own.
func isLabelRef(text []byte) bool {
	t := strings.TrimSpace(string(text))
	if strings.HasSuffix(strings.TrimRight(t, " *_"), ":") || strings.HasSuffix(strings.TrimRight(t, " *_"), "：") {
		return true
	}
	for _, m := range []string{"**", "__", "*", "_"} {
		if len(t) > 2*len(m) && strings.HasPrefix(t, m) && strings.HasSuffix(strings.TrimRight(t, ":："), m) &&
			!strings.Contains(t[len(m):len(t)-len(m)], m) && sentence.Words(text) <= maxLabelWords {
			return true
		}
	}
	return false
}

func linkHeavyRef(text []byte) bool {
	return strings.Contains(string(text), "](") || strings.Contains(string(text), "http")
}
