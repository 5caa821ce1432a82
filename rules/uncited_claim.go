package rules

import (
	"bytes"
	"fmt"
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/citelint/citelint/result"
	"github.com/citelint/citelint/sentence"
)

// UncitedClaimSettings configure uncited-claim.
type UncitedClaimSettings struct {
	// Scope is "sentence" (each factual sentence needs its own citation) or
	// "paragraph" (a citation covers the sentences before it in its paragraph).
	Scope string `yaml:"scope" json:"scope" enum:"sentence,paragraph"`
	// MinWords: shorter sentences are not checked.
	MinWords int `yaml:"min-words" json:"min-words"`
	// MinScore is how much factual evidence a sentence needs (see the rule's doc).
	MinScore int `yaml:"min-score" json:"min-score"`
	// Exempt lists what is never checked: title, abstract, headings,
	// questions, link-lists, labels, tables, quotes, lists.
	Exempt []string `yaml:"exempt" json:"exempt" enum:"title,abstract,headings,questions,link-lists,labels,tables,quotes,lists"`
	// ExemptSections lists further section titles (case-insensitive) whose
	// sentences are not checked, e.g. "Motivation", "Summary".
	ExemptSections []string `yaml:"exempt-sections" json:"exempt-sections"`
}

// Validate rejects counts that would silently turn the rule off or make
// every sentence a finding; config calls it after decoding.
func (s *UncitedClaimSettings) Validate() error {
	if s.MinWords < 0 {
		return fmt.Errorf("min-words must be 0 or more, got %d", s.MinWords)
	}
	if s.MinScore < 1 {
		return fmt.Errorf("min-score must be 1 or more, got %d", s.MinScore)
	}
	return nil
}

// UncitedClaim reports factual sentences that cite nothing.
var UncitedClaim = &Rule{
	Name:        "uncited-claim",
	Summary:     "A sentence states a checkable fact but cites no source",
	Severity:    result.SeverityWarning,
	Tags:        []string{TagOffline},
	Default:     false,
	Reports:     true,
	NewSettings: newUncitedClaimSettings,
	Doc: `A sentence that states a checkable fact (a number, a date, a quotation, a
finding, a comparison, named people or organisations) with no citation.
Readers cannot check it, and in an LLM-written report it is where unsupported
statements hide.

Off by default: on by ` + "`--default reports`" + ` (config ` + "`rules.default: reports`" + `,
for gates on generated reports) or ` + "`-E uncited-claim`" + `. Human technical prose
(specifications, RFCs, design proposals, books) states its own designs,
numbers and plans without citing them, and read in context nearly every
finding there was one its authors would not want (5 of 90 were right, on
Rust RFCs, Kubernetes KEPs and Ethereum EIPs); on LLM-written deep-research
reports about 60% were.

Each sentence gets a score from the evidence that it states a fact:
+2 for a percentage, an amount of money, a number with a unit or magnitude
(3.5 million, 20 cm) or a quotation of four words or more; +1 for any other
number of two or more digits, a year, a finding verb (found, showed,
reported, increased...), a comparison (more than, the largest...), and for
two or more named entities. It loses points for hedges (may, might, could)
and for first or second person (we, you: the authors' own voice, or
instructions). Sentences using RFC 2119 keywords (MUST, SHOULD, MAY),
imperatives, and sentences about the document itself ("This proposal...") are
normative or editorial prose, never flagged. A sentence is reported when its
score reaches min-score (default 3) and it has at least min-words words.

With scope "paragraph" (the default) a citation covers the sentences before
it in the same paragraph, as deep-research reports and much human writing
cite; with scope "sentence" every factual sentence needs its own.

Exempt by default: the title, the abstract, headings, questions, lists of
links, and labels (a lead-in ending with a colon, which introduces what
follows, and a short paragraph or list item set wholly in bold, which is a
heading in all but name); the reference lists themselves are never checked. So are
sections that log the document's own history (exempt-sections defaults to
Implementation History, Changelog, Change log, Revision history, Version
history). The exempt setting
also accepts tables, quotes (blockquotes) and lists.

Bad:

    Global sea level rose 20 cm between 1901 and 2018.

Good:

    Global sea level rose 20 cm between 1901 and 2018 [1].
`,
	Check: checkUncitedClaim,
}

func newUncitedClaimSettings() any {
	return &UncitedClaimSettings{
		Scope:    "paragraph",
		MinWords: 8,
		MinScore: 3,
		Exempt:   []string{"title", "abstract", "headings", "questions", "link-lists", "labels"},
		// Dated logs of the document's own history (KEPs, RFCs, release
		// notes) state facts about the document, not about the world.
		ExemptSections: []string{"implementation history", "changelog", "change log", "revision history", "version history"},
	}
}

func checkUncitedClaim(p *Pass) {
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
	exHeadings, exTitle, exTables, exQuotes, exLists := exempt["headings"], exempt["title"], exempt["tables"], exempt["quotes"], exempt["lists"]
	exQuestions, exLinkLists, exLabels := exempt["questions"], exempt["link-lists"], exempt["labels"]
	doc := p.Doc
	title := -1
	for i, h := range doc.Headings {
		if h.Level == 1 {
			title = i
			break
		}
	}
	// sectionExempt says whether sentences under heading i are exempt,
	// deciding once per heading, and only for headings over a sentence
	// that scores (lower-casing a title allocates).
	var secState []int8 // 0 unknown, 1 checked, 2 exempt
	sectionExempt := func(i int) bool {
		if secState == nil {
			secState = make([]int8, len(doc.Headings))
		}
		if secState[i] == 0 {
			secState[i] = 1
			if exemptSec[strings.ToLower(strings.TrimRight(doc.Headings[i].Text, ":： "))] {
				secState[i] = 2
			}
		}
		return secState[i] == 2
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
		case c.Heading && (exHeadings || exTitle && c.Section == title),
			c.TableCell && exTables,
			c.Quote && exQuotes,
			c.ListItem && exLists:
			continue
		}
		// Most sentences score below min-score: score first, without
		// building the reasons, and run the other exemption checks and
		// count words only for the rest. All the tests must pass and none
		// has side effects, so their order does not change the result.
		// Sentences factScore hands back keep the original order, because
		// factScoreSlow can panic (see TestFactScoreCases), and a panic
		// must not reach sentences that an exemption or the word count
		// skipped before.
		text := doc.Src[c.Start:c.End]
		if b, ok := scoreBound(text); ok {
			if b >= s.MinScore && b-2 < s.MinScore {
				// The bound counts a finding and a comparison: look for
				// their words only where a missing one decides.
				k := keywordsMaybe(text)
				b -= bits.OnesCount8(^k & (kwFinding | kwComparison))
			}
			if b < s.MinScore {
				continue // factScore would take its fast path and score below
			}
		}
		score, r, fast := factScore(text)
		if fast && score < s.MinScore {
			continue
		}
		if c.Section >= 0 && c.Section < len(doc.Headings) && sectionExempt(c.Section) {
			continue
		}
		if exQuestions && isQuestion(text) {
			continue
		}
		if exLinkLists && c.ListItem && linkHeavy(text) {
			continue
		}
		if exLabels && isLabel(text) {
			continue
		}
		if sentence.Words(text) < s.MinWords {
			continue
		}
		var why string
		if fast {
			why = r.String()
		} else if score, why = factScoreSlow(string(text)); score < s.MinScore {
			continue
		}
		p.Reportf(c.Start, c.End, "sentence states a checkable fact (%s) but cites no source", why)
	}
}

// The exemption checks work on the sentence's bytes: converting each
// sentence to a string cost an allocation and a copy.

func isQuestion(text []byte) bool {
	t := bytes.TrimRight(text, " *_\"”')")
	return bytes.HasSuffix(t, []byte("?")) || bytes.HasSuffix(t, []byte("？"))
}

// maxLabelWords bounds a bold pseudo-heading: a long sentence in bold is
// still a claim.
const maxLabelWords = 10

// isLabel reports a lead-in ("The results were:", "最后再搜索一些信息：") or a
// sentence set wholly in bold or italics ("**Market size**"): both introduce
// what follows rather than state a fact of their own.
func isLabel(text []byte) bool {
	t := bytes.TrimSpace(text)
	if bytes.HasSuffix(bytes.TrimRight(t, " *_"), []byte(":")) || bytes.HasSuffix(bytes.TrimRight(t, " *_"), []byte("：")) {
		return true
	}
	for _, m := range [][]byte{[]byte("**"), []byte("__"), []byte("*"), []byte("_")} {
		if len(t) > 2*len(m) && bytes.HasPrefix(t, m) && bytes.HasSuffix(bytes.TrimRight(t, ":："), m) &&
			!bytes.Contains(t[len(m):len(t)-len(m)], m) && sentence.Words(text) <= maxLabelWords {
			return true
		}
	}
	return false
}

func linkHeavy(text []byte) bool {
	return bytes.Contains(text, []byte("](")) || bytes.Contains(text, []byte("http"))
}

var findingWords = []string{
	"found", "finds", "showed", "shows", "shown", "demonstrated", "demonstrates", "reported", "reports",
	"estimated", "estimates", "according to", "revealed", "reveals", "concluded", "observed", "measured",
	"increased", "decreased", "rose", "fell", "grew", "declined", "doubled", "tripled", "surveyed",
	"accounted for", "accounts for", "ranked", "recorded", "predicted", "indicates", "indicated",
	"suggests", "suggested", "confirmed", "discovered", "announced", "launched", "acquired", "invested",
	"raised", "reached", "surpassed", "exceeded", "peaked", "dropped", "surged", "soared", "plunged",
	"显示", "表明", "研究", "根据", "报告", "增长", "下降", "达到", "占", "据",
}

var comparisonWords = []string{
	"more than", "less than", "fewer than", "higher than", "lower than", "greater than", "compared to",
	"compared with", "the largest", "the highest", "the most", "the least", "the lowest", "the first",
	"the fastest", "the biggest", "the smallest", "outperform", "times as", "times more", "%",
	"超过", "高于", "低于", "最大", "最高", "最低", "首次", "第一",
}

var hedgeWords = map[string]bool{"may": true, "might": true, "could": true, "perhaps": true, "possibly": true, "would": true, "can": true}
var personWords = map[string]bool{"we": true, "our": true, "us": true, "i": true, "you": true, "your": true, "let's": true, "my": true}
var normative = []string{"MUST", "SHOULD", "SHALL", "REQUIRED", "RECOMMENDED", "MAY", "OPTIONAL"}
var selfRef = []string{"this document", "this proposal", "this kep", "this rfc", "this eip", "this erc", "this section", "this report", "this chapter", "this guide", "this page", "this pr", "this change", "the following", "本报告", "本文"}

// imperatives start instructions, never factual claims.
var imperatives = map[string]bool{
	"use": true, "run": true, "add": true, "set": true, "see": true, "note": true, "consider": true, "make": true,
	"ensure": true, "avoid": true, "install": true, "click": true, "check": true, "create": true, "remove": true,
	"define": true, "implement": true, "read": true, "refer": true, "follow": true, "configure": true, "enable": true,
	"disable": true, "call": true, "pass": true, "return": true, "keep": true, "let": true, "imagine": true, "suppose": true,
	"assume": true, "write": true, "open": true, "go": true, "try": true, "update": true, "replace": true, "select": true,
}

var magnitudes = []string{"million", "billion", "trillion", "thousand", "percent", "per cent", "万", "亿", "百万", "千万"}

// FactScore rates how strongly a sentence states a checkable fact, and says why.
func FactScore(s string) (int, string) {
	// factScore only reads its argument: view the string's bytes rather
	// than copy them.
	if score, why, ok := factScore(unsafe.Slice(unsafe.StringData(s), len(s))); ok {
		return score, why.String()
	}
	return factScoreSlow(s)
}

// factScoreSlow is FactScore on every input, including those factScore
// hands back (invalid UTF-8, and the few runes whose lower case is longer or
// shorter than they are, where it indexes lower with offsets into plain).
func factScoreSlow(s string) (int, string) {
	plain := stripMarkup(s)
	lower := strings.ToLower(plain)
	if normativeSet.containsAny(plain) {
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
	if len(words) > 0 && imperatives[string(lowerTrim(buf[:0], words[0], quoteCut))] {
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
	nums, strong, years := numberSignals(plain, lower)
	switch {
	case strong > 0:
		add(2, "a quantity")
	case nums > 0:
		add(1, "a number")
	}
	if years > 0 {
		add(1, "a date")
	}
	if hasQuote(plain) {
		add(2, "a quotation")
	}
	if findingSet.containsAny(lower) {
		add(1, "a finding")
	}
	if comparisonSet.containsAny(lower) {
		add(1, "a comparison")
	}
	if namedEntities(words) >= 2 {
		add(1, "named entities")
	}
	hedged, personal := false, false
	for _, w := range words {
		lw := lowerTrim(buf[:0], w, wordCut)
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

// wordSet finds keywords in one pass over a sentence: at each byte it
// tries only the keywords that start with it, instead of scanning the
// sentence once per keyword (about 95 of them, a sixth of citelint's time
// on real documents). Latin keywords must stand as whole words anywhere in
// the sentence; others (CJK, "%") match anywhere.
type wordSet struct {
	words   []string
	byFirst [256][]uint8 // indexes into words, by first byte
}

var findingSet, comparisonSet = newWordSet(findingWords), newWordSet(comparisonWords)

func newWordSet(list []string) *wordSet {
	if len(list) > 128 {
		panic("wordSet: more than 128 words")
	}
	ws := &wordSet{words: list}
	for k, w := range list {
		ws.byFirst[w[0]] = append(ws.byFirst[w[0]], uint8(k))
	}
	return ws
}

func (ws *wordSet) containsAny(s string) bool {
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

var normativeSet = newWordSet(normative)

// Cut sets for lowerTrim: emphasis and quotes, and those plus end punctuation.
var quoteCut, wordCut = cutSet("*_\"'"), cutSet("*_\"'.!?")

func cutSet(chars string) (t [256]bool) {
	for i := 0; i < len(chars); i++ {
		t[chars[i]] = true
	}
	return t
}

// lowerTrim appends w to dst with the bytes in cut trimmed from both ends,
// lower-cased. FactScore looks up every word of every sentence in maps;
// with dst on the stack and m[string(b)] (which Go does not allocate for),
// the lookups cost no allocation, where strings.Trim and ToLower did.
func lowerTrim(dst []byte, w string, cut [256]bool) []byte {
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

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// numberSignals counts numbers: strong ones (percentages, money, numbers
// with a magnitude or unit, decimals), other numbers of two or more digits,
// and years.
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
		if r, _ := utf8.DecodeLastRuneInString(plain[:i]); r == '£' || r == '¥' || r == '€' {
			strong++
		}
		i = j
	}
	return
}

func hasMagnitude(after string) bool {
	for _, m := range magnitudes {
		if strings.HasPrefix(after, m) {
			return true
		}
	}
	return false
}

var units = []string{"km", "cm", "mm", "kg", "mg", "tons", "tonnes", "gw", "mw", "kwh", "twh", "gb", "tb", "mb", "people", "users", "patients", "employees", "years old", "degrees", "°", "fold", "x ", "times", "pounds", "dollars", "euros", "yuan", "usd", "元", "人", "年", "个", "倍", "家", "名"}

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

// hasQuote reports a quotation of at least four words.
func hasQuote(s string) bool {
	for _, q := range [][2]string{{"“", "”"}, {"\"", "\""}, {"「", "」"}} {
		if i := strings.Index(s, q[0]); i >= 0 {
			if j := strings.Index(s[i+len(q[0]):], q[1]); j >= 0 && len(strings.Fields(s[i+len(q[0]):i+len(q[0])+j])) >= 4 {
				return true
			}
		}
	}
	return false
}

// namedEntities counts capitalised words that do not start the sentence.
// trimEntity trims emphasis, quotes (straight and curly) and end
// punctuation from a word, as strings.Trim(w, "*_\"'“”‘’.!?") did, without
// building the cut set on every call.
func trimEntity(w string) string {
	for len(w) > 0 {
		if wordCut[w[0]] {
			w = w[1:]
		} else if r, n := utf8.DecodeRuneInString(w); r == '“' || r == '”' || r == '‘' || r == '’' {
			w = w[n:]
		} else {
			break
		}
	}
	for len(w) > 0 {
		if wordCut[w[len(w)-1]] {
			w = w[:len(w)-1]
		} else if r, n := utf8.DecodeLastRuneInString(w); r == '“' || r == '”' || r == '‘' || r == '’' {
			w = w[:len(w)-n]
		} else {
			break
		}
	}
	return w
}

func namedEntities(words []string) int {
	n := 0
	for i, w := range words {
		if i == 0 {
			continue
		}
		w = trimEntity(w)
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsUpper(r) && len(w) > 1 && w != "I" {
			n++
		}
	}
	return n
}
