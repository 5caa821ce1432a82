package uncited

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/sentence"
)

// This file is the reference implementation of uncited-claim: the policy
// (uncited_claim_policy.go) in plain code, one test after another, which
// the fast path (factscore.go, Find) must match on every
// input. FuzzFactScore, TestFactScoreRandom and the corpus tests compare
// them. factScoreRef is also what FactScore and the rule fall back to for
// the few sentences the fast path does not score.

// findRef is uncited-claim's check, as the policy says, with score
// factScoreRef (or, in tests that try several settings on one corpus, a
// memo of it).
func findRef(doc *markdown.Document, s *Settings, score func(string) (int, string)) []Finding {
	s, ex, title := setup(doc, s)
	ex, after := ex.splitGate()
	outside := newOutsideCoverage(doc, s.Scope)
	var found []uncitedFinding
	for i := range doc.Claims {
		c := &doc.Claims[i]
		text := doc.Src[c.Start:c.End]
		switch {
		case coveredRef(doc.Claims, i, s.Scope),
			doc.Scheme.InScaffold(c.Start), doc.Scheme.NoteCovers(c.Start),
			s.Scope != "sentence" && continuesCited(doc, i), gluedCites(doc, i),
			outside.covers(c),
			placeOf(c, title)&ex.places != 0,
			c.Section >= 0 && c.Section < len(doc.Headings) && underExemptSection(doc.Headings, c.Section, ex.headingExempt(doc.Headings, title)),
			ex.textExempt(c, text),
			sentence.Words(text) < s.MinWords:
			continue
		}
		if score, why := score(string(text)); score >= s.MinScore {
			found = append(found, uncitedFinding{c.Start, c.End, why, c.Section})
		}
	}
	isCited := func(i int) bool {
		c := &doc.Claims[i]
		return coveredRef(doc.Claims, i, s.Scope) || doc.Scheme.NoteCovers(c.Start) ||
			s.Scope != "sentence" && continuesCited(doc, i) || gluedCites(doc, i) || outside.covers(c)
	}
	if withheld(doc, s, ex, title, len(found), isCited, func(si int) bool {
		return underExemptSection(doc.Headings, si, ex.headingExempt(doc.Headings, title))
	}, score) {
		return nil
	}
	return report(doc, dropExempt(doc, dropRecaps(doc, found, after.recaps, isCited), func(si int) bool {
		return underExemptSection(doc.Headings, si, after.headingExempt(doc.Headings, title))
	}))
}

// coveredRef reports whether claim i counts as cited: it cites something,
// or (scope paragraph) the next sentence of its paragraph counts as cited.
func coveredRef(claims []markdown.Claim, i int, scope string) bool {
	for j := i; j < len(claims) && claims[j].Block == claims[i].Block; j++ {
		if len(claims[j].Citations) > 0 {
			return true
		}
		if scope == "sentence" {
			return false
		}
	}
	return false
}

// factScoreRef rates how strongly s states a checkable fact, and says why.
func factScoreRef(s string) (int, string) {
	plain := stripMarkup(s)
	lower := strings.ToLower(plain)
	words := strings.FieldsFunc(plain, func(r rune) bool {
		return unicode.IsSpace(r) || r == ',' || r == ';' || r == ':' || r == '(' || r == ')'
	})
	switch {
	case containsKeyword(plain, normative):
		return 0, verdictNormative
	case slices.ContainsFunc(selfRef, func(p string) bool { return strings.HasPrefix(lower, p) }):
		return 0, verdictAboutDoc
	case len(words) > 0 && slices.Contains(imperatives, strings.ToLower(strings.Trim(words[0], "*_\"'"))):
		return 0, verdictImperative
	}
	var why reasons
	why |= numberEvidence(numberSignals(plain, lower))
	if hasQuote(plain) {
		why |= whyQuotation
	}
	if containsKeyword(lower, findingWords) {
		why |= whyFinding
	}
	if containsKeyword(lower, comparisonWords) {
		why |= whyComparison
	}
	if namedEntities(words) >= 2 {
		why |= whyEntities
	}
	hedged, personal := false, false
	for _, w := range words {
		w = strings.ToLower(strings.Trim(w, "*_\"'.!?"))
		hedged = hedged || slices.Contains(hedgeWords, w)
		personal = personal || slices.Contains(personWords, w)
	}
	return weigh(why, hedged, personal), why.String()
}

// stripMarkup removes link destinations, code spans and emphasis marks.
func stripMarkup(s string) string {
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

// containsKeyword reports whether s holds a keyword of list: anywhere for
// non-Latin ones, as a whole word for Latin ones ("%" may precede a letter
// or digit, as in "5%x", but not follow one), at any of its occurrences.
func containsKeyword(s string, list []string) bool {
	for _, w := range list {
		for off := 0; ; {
			i := strings.Index(s[off:], w)
			if i < 0 {
				break
			}
			i += off
			if w[0] < utf8.RuneSelf && (i > 0 && isWordByte(s[i-1]) || i+len(w) < len(s) && isWordByte(s[i+len(w)]) && w != "%") {
				off = i + 1
				continue
			}
			return true
		}
	}
	return false
}

// numberSignals counts numbers: strong ones (percentages, money, numbers
// with a magnitude or unit, decimals), other numbers of two or more digits,
// and years. A number starts at a digit that follows no letter.
func numberSignals(plain, lower string) (nums, strong, years int) {
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
		// lower lines up with plain unless lower-casing changed a rune's
		// length (İ, the Kelvin sign); then lower the rest itself, rather
		// than read past lower's end or at the wrong place.
		var after string
		if len(lower) == len(plain) {
			after = strings.TrimLeft(lower[j:], " ")
		} else {
			after = strings.ToLower(strings.TrimLeft(plain[j:], " "))
		}
		switch {
		case len(digits) == 4 && (digits[0] == '1' || digits[0] == '2') && !dec && !strings.Contains(digits, ","):
			years++
		case before == '$' || strings.HasPrefix(after, "%") || dec && len(digits) > 2 || hasMagnitude(after) || hasUnit(after):
			strong++
		case len(digits) >= 2 || strings.Contains(digits, ","):
			nums++
		}
		if r, _ := utf8.DecodeLastRuneInString(plain[:i]); slices.Contains(currencySigns, r) {
			strong++
		}
		i = j
	}
	return
}

func hasMagnitude(after string) bool {
	return slices.ContainsFunc(magnitudes, func(m string) bool { return strings.HasPrefix(after, m) })
}

func hasUnit(after string) bool {
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

// hasQuote reports a quotation of at least minQuoteWords words.
func hasQuote(s string) bool {
	for _, q := range quoteMarks {
		if i := strings.Index(s, q[0]); i >= 0 && !afterExampleLead(s[:i]) {
			if j := strings.Index(s[i+len(q[0]):], q[1]); j >= 0 && len(strings.Fields(s[i+len(q[0]):i+len(q[0])+j])) >= minQuoteWords {
				return true
			}
		}
	}
	return false
}

// namedEntities counts the words after the first that are capitalised once
// trimmed of emphasis, quotes and end punctuation, but for "I".
func namedEntities(words []string) int {
	n := 0
	for i, w := range words {
		if i == 0 {
			continue
		}
		w = strings.Trim(w, "*_\"'“”‘’.!?")
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsUpper(r) && len(w) > 1 && w != "I" {
			n++
		}
	}
	return n
}
