package uncited

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/markdown/structure"
	"github.com/citelint/citelint/internal/sentence"
)

// This file is uncited-claim's policy: what counts as evidence that a
// sentence states a checkable fact, what it weighs, what makes a sentence
// no claim at all, and what is exempt. It is the one place to change what
// the rule reports. Two implementations read it: the reference
// (uncited_claim_ref.go: plain code, also the fallback for the inputs the
// fast path hands back) and the fast path (factscore.go, and the order of
// tests in Find); the tests hold the second to the first.
// ARCHITECTURE.md ("Changing what a rule reports") says what else changes
// in the same commit.

// Evidence, in the order the reasons are reported. A sentence scores each
// kind found once, whatever how often it occurs.
const (
	evQuantity   = iota // a percentage, money, a number with a magnitude or unit, a decimal of 3+ digits
	evNumber            // any other number of two or more digits (or with a thousands comma)
	evDate              // a four-digit year starting with 1 or 2
	evQuotation         // a quotation of four words or more, in quoteMarks
	evFinding           // a word of findingWords
	evComparison        // a word of comparisonWords
	evEntities          // two or more capitalised words after the first
	numEvidence
)

// factEvidence is what each kind of evidence is called in a finding's message,
// and what it adds to the score. A quantity and a plain number exclude each
// other: a sentence with both scores the quantity.
var factEvidence = [numEvidence]struct {
	why    string
	points int
}{
	evQuantity:   {"a quantity", 2},
	evNumber:     {"a number", 1},
	evDate:       {"a date", 1},
	evQuotation:  {"a quotation", 2},
	evFinding:    {"a finding", 1},
	evComparison: {"a comparison", 1},
	evEntities:   {"named entities", 1},
}

// What a sentence loses for hedging (hedgeWords) and for the first or
// second person (personWords), each counted once.
const (
	hedgePoints  = -1
	personPoints = -2
)

// Verdicts make a sentence no claim, whatever its evidence: it scores 0 and
// the reason is the verdict alone. They are tested in this order.
const (
	verdictNormative  = "normative"          // a word of normative, upper-case
	verdictAboutDoc   = "about the document" // starts with a phrase of selfRef
	verdictImperative = "imperative"         // first word in imperatives
)

// The keyword lists. Latin keywords match as whole words (a letter or
// digit on neither side), case-insensitively but for normative; a
// two-word keyword matches with one space between its words; the others
// (CJK, "%") match anywhere, except that "%" must not follow a letter or
// digit.
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

// normative are RFC 2119's keywords, matched as written.
var normative = []string{"MUST", "SHOULD", "SHALL", "REQUIRED", "RECOMMENDED", "MAY", "OPTIONAL"}

// selfRef starts sentences about the document itself (matched on the
// lower-cased sentence).
var selfRef = []string{"this document", "this proposal", "this kep", "this rfc", "this eip", "this erc", "this section", "this report", "this chapter", "this guide", "this page", "this pr", "this change", "the following", "本报告", "本文",
	// An assistant's offer of more work closing its answer ("If you'd
	// like, I can draft…"): scaffolding, not a claim (batch B, onyx).
	"if you'd like", "if you would like", "if you want", "if useful", "if helpful", "let me know", "i can also", "i can ",
	"如需", "如果需要", "如果您需要", "需要的话", "如有需要", "我可以", "如果你愿意", "如果您愿意", "若你需要", "若您需要"}

// Word lists matched against a whole field (split on spaces and , ; : ( )),
// lower-cased and trimmed of emphasis, quotes and (but for imperatives,
// the first field only) end punctuation.
var (
	hedgeWords  = []string{"may", "might", "could", "perhaps", "possibly", "would", "can"}
	personWords = []string{"we", "our", "us", "i", "you", "your", "let's", "my"}
	// imperatives start instructions, never factual claims.
	imperatives = []string{
		"use", "run", "add", "set", "see", "note", "consider", "make",
		"ensure", "avoid", "install", "click", "check", "create", "remove",
		"define", "implement", "read", "refer", "follow", "configure", "enable",
		"disable", "call", "pass", "return", "keep", "let", "imagine", "suppose",
		"assume", "write", "open", "go", "try", "update", "replace", "select",
	}
)

// A number is a quantity when a magnitude or a unit follows it (after
// spaces, lower-cased; a Latin unit must end there), '%' follows it, '$'
// precedes it, or a currency sign ends the text before it.
var (
	magnitudes    = []string{"million", "billion", "trillion", "thousand", "percent", "per cent", "万", "亿", "百万", "千万"}
	units         = []string{"km", "cm", "mm", "kg", "mg", "tons", "tonnes", "gw", "mw", "kwh", "twh", "gb", "tb", "mb", "people", "users", "patients", "employees", "years old", "degrees", "°", "fold", "x ", "times", "pounds", "dollars", "euros", "yuan", "usd", "元", "人", "年", "个", "倍", "家", "名"}
	currencySigns = []rune{'£', '¥', '€'}
)

// quoteMarks open and close quotations: the first opening mark of each
// kind counts, up to the next closing one.
var quoteMarks = [][2]string{{"“", "”"}, {"\"", "\""}, {"「", "」"}}

// minQuoteWords is the shortest quotation that counts as evidence.
const minQuoteWords = 4

// exampleLeads introduce an example: a quotation right after one shows
// what something looks like (`levels of summaries (e.g., "Migrate the auth
// module to JWT")`), and quotes no source. Matched case-insensitively at
// the end of the text before the opening mark, after spaces and '('.
var exampleLeads = []string{"e.g.,", "e.g.", "eg.,", "i.e.,", "i.e.", "for example,", "for instance,", "such as", "例如", "比如", "如"}

// afterExampleLead reports whether before, the text up to a quotation's
// opening mark, ends with an example lead.
func afterExampleLead[T ~string | ~[]byte](before T) bool {
	end := len(before)
	for end > 0 && (before[end-1] == ' ' || before[end-1] == '(') {
		end--
	}
	for _, lead := range exampleLeads {
		if end < len(lead) {
			continue
		}
		// As hasSuffixFold (markers.go) compares; at equal byte length
		// only ASCII letters fold onto these leads.
		same := strings.EqualFold(string(before[end-len(lead):end]), lead)
		// A Latin lead must start a word ("such as", not "Lamsuch as").
		if same && (end == len(lead) || lead[0] >= 0x80 || !isWordByte(before[end-len(lead)-1])) {
			return true
		}
	}
	return false
}

// numberEvidence is what a sentence's numbers count as: a quantity rules
// out a plain number (a sentence with both scores the quantity), and a
// year is a date besides.
func numberEvidence(nums, strong, years int) reasons {
	var why reasons
	switch {
	case strong > 0:
		why |= whyQuantity
	case nums > 0:
		why |= whyNumber
	}
	if years > 0 {
		why |= whyDate
	}
	return why
}

// isWordByte is what ends a Latin keyword's whole word: a letter or a
// digit on either side means the keyword is part of a longer word.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// weigh is a sentence's score: its evidence's points, less its penalties.
func weigh(why reasons, hedged, personal bool) int {
	score := evidencePoints[why&evidenceMask]
	if hedged {
		score += hedgePoints
	}
	if personal {
		score += personPoints
	}
	return score
}

// reasons is why a sentence scored what it did: the evidence found (bit k
// for evidence k), or one of the verdicts.
type reasons uint16

const (
	whyQuantity   reasons = 1 << evQuantity
	whyNumber     reasons = 1 << evNumber
	whyDate       reasons = 1 << evDate
	whyQuotation  reasons = 1 << evQuotation
	whyFinding    reasons = 1 << evFinding
	whyComparison reasons = 1 << evComparison
	whyEntities   reasons = 1 << evEntities
	evidenceMask  reasons = 1<<numEvidence - 1
)

const (
	whyNormative reasons = 1 << (numEvidence + iota)
	whyAboutDoc
	whyImperative
)

// String is the reason text FactScore returns.
func (r reasons) String() string {
	switch {
	case r&whyNormative != 0:
		return verdictNormative
	case r&whyAboutDoc != 0:
		return verdictAboutDoc
	case r&whyImperative != 0:
		return verdictImperative
	}
	return whyText[r&evidenceMask]
}

// whyText and evidencePoints hold the reason text and the points of every
// set of evidence, so that neither costs more than an index.
var whyText, evidencePoints = func() (text [1 << numEvidence]string, points [1 << numEvidence]int) {
	for m := range text {
		var parts []string
		for k, e := range factEvidence {
			if m&(1<<k) != 0 {
				parts = append(parts, e.why)
				points[m] += e.points
			}
		}
		text[m] = "nothing"
		if len(parts) > 0 {
			text[m] = strings.Join(parts, ", ")
		}
	}
	return text, points
}()

// outsideCoverage reports whether something outside a sentence's own
// paragraph covers it, as reports cite (with scope paragraph only): its
// table row (structure.TableRows) or its list (structure.Lists). Both implementations
// of the rule ask it, after the sentence's own citations and its
// paragraph's.
type outsideCoverage struct {
	off   bool // scope sentence: every factual sentence needs its own citation
	rows  structure.TableRows
	lists structure.Lists
	leads structure.LeadIns
}

func newOutsideCoverage(doc *markdown.Document, scope string) outsideCoverage {
	return outsideCoverage{off: scope == "sentence", rows: structure.NewTableRows(doc), lists: structure.NewLists(doc), leads: structure.NewLeadIns(doc)}
}

func (oc *outsideCoverage) covers(c *markdown.Claim) bool {
	return !oc.off && (c.TableCell && oc.rows.Cited(c) || c.ListItem && oc.lists.Cited(c) || !c.TableCell && oc.leads.Cited(c))
}

// Where a claim sits, as the exemptions by place see it.
type claimPlace uint8

const (
	inHeading claimPlace = 1 << iota
	inTitle              // the first level-1 heading
	inTable
	inQuote
	inList
)

func placeOf(c *markdown.Claim, title int) claimPlace {
	var p claimPlace
	if c.Heading {
		p |= inHeading
		if c.Section == title {
			p |= inTitle
		}
	}
	if c.TableCell {
		p |= inTable
	}
	if c.Quote {
		p |= inQuote
	}
	if c.ListItem {
		p |= inList
	}
	return p
}

// exemptions are the values of the exempt setting, in its enum tag's order
// (TestExemptionsMatchSettings). An exemption applies to the sentences in
// a place, in sections of those titles (besides exempt-sections), or those
// its test accepts.
var exemptions = []struct {
	name      string
	byDefault bool
	place     claimPlace
	sections  []string
	title     func(title string) bool // a test of the section's title, lower-cased, for titles too varied to list
	test      func(c *markdown.Claim, text []byte) bool
	// document: decided over the whole document, by the rule itself (recaps)
	document bool
	// afterGate: the sentences are counted by max-coverage as any other
	// and dropped from the findings only after it (sections only).
	afterGate bool
}{
	{name: "title", byDefault: true, place: inTitle},
	{name: "abstract", byDefault: true, sections: []string{"abstract", "摘要"}},
	// A report's conclusion restates what its body cites, or gives the
	// author's own outlook: on LLM reports, 11 of 13 labelled findings
	// there were one or the other (reports-dev and the first sample).
	{name: "conclusions", byDefault: true, title: isConclusionTitle},
	// A report's recommendations and outlook are its own advice and
	// projections, not facts it found: of the 32 labelled findings under
	// such titles in the tuned-on groups and batches A to D, 3 were right.
	// They still count toward max-coverage (afterGate): the gate measures
	// how the report cites, and exempting them there moved whole reports
	// across it.
	{name: "recommendations", byDefault: true, title: isAdviceTitle, afterGate: true},
	{name: "headings", byDefault: true, place: inHeading},
	{name: "questions", byDefault: true, test: func(_ *markdown.Claim, t []byte) bool { return isQuestion(t) }},
	{name: "link-lists", byDefault: true, test: func(c *markdown.Claim, t []byte) bool { return c.ListItem && linkHeavy(t) }},
	{name: "labels", byDefault: true, test: func(_ *markdown.Claim, t []byte) bool { return isLabel(t) }},
	// Source code whose fence an export lost (Gemini's "copy as
	// Markdown" drops them) reads as paragraphs: its "sentences" are
	// statements, and string literals and names score as facts.
	{name: "code", byDefault: true, test: func(_ *markdown.Claim, t []byte) bool { return structure.LooksLikeCode(t) }},
	// A table in a report recaps what its prose cites: read in context,
	// 8 of 57 labelled findings in table cells were right (reports groups
	// and first-contact batch A; llmxmapreduce-v2's were 22 of 22 wrong).
	{name: "tables", byDefault: true, place: inTable},
	// A sentence whose figures (or, without figures, quotations) the
	// document states in sentences that cite is a recap of them
	// (recap.go): of the labelled findings it drops on the tuned-on groups
	// and batches A to I, 18 were false and 3 true.
	// Decided after max-coverage, which counts them as any other.
	{name: "recaps", byDefault: true, document: true, afterGate: true},
	{name: "quotes", place: inQuote},
	{name: "lists", place: inList},
}

// defaultExemptSections log the document's own history (KEPs, RFCs,
// release notes): dated facts about the document, not about the world.
var defaultExemptSections = []string{"implementation history", "changelog", "change log", "revision history", "version history"}

// exemptPolicy is the exemptions one run's settings turn on. It
// allocates nothing: the rule builds one per document.
type exemptPolicy struct {
	places   claimPlace
	sections uint32   // bit k: the section titles (or title test) of exemptions[k]
	tests    uint32   // bit k: the test of exemptions[k]
	titles   []string // exempt-sections, as configured
	recaps   bool     // drop recaps of cited figures (an afterGate exemption)
}

func newExemptPolicy(s *Settings) exemptPolicy {
	p := exemptPolicy{titles: s.ExemptSections}
	for k, e := range exemptions {
		if !slices.Contains(s.Exempt, e.name) {
			continue
		}
		p.places |= e.place
		p.recaps = p.recaps || e.document
		if e.sections != nil || e.title != nil {
			p.sections |= 1 << k
		}
		if e.test != nil {
			p.tests |= 1 << k
		}
	}
	return p
}

// splitGate returns the policy max-coverage counts under (p without the
// afterGate exemptions) and the afterGate exemptions alone, applied to the
// findings that pass it.
func (p exemptPolicy) splitGate() (gate, after exemptPolicy) {
	var mask uint32
	for k, e := range exemptions {
		if e.afterGate {
			mask |= 1 << k
		}
	}
	gate, after = p, exemptPolicy{sections: p.sections & mask, recaps: p.recaps}
	gate.sections &^= mask
	gate.recaps = false
	return gate, after
}

// sectionExempt reports whether sentences under a heading of this text are
// exempt: its title, lower-cased and without a closing colon, is one of
// exempt-sections (lower-cased and trimmed) or an exemption's.
func (p *exemptPolicy) sectionExempt(heading string) bool {
	h := strings.ToLower(strings.TrimRight(heading, ":： "))
	for _, t := range p.titles {
		if strings.ToLower(strings.TrimSpace(t)) == h {
			return true
		}
	}
	for k, e := range exemptions {
		if p.sections&(1<<k) != 0 && (slices.Contains(e.sections, h) || e.title != nil && e.title(h)) {
			return true
		}
	}
	return false
}

// headingExempt returns the test of heading i that underExemptSection and
// exemptSections take: sectionExempt of its text, but never for the
// document's title (index title), which names the whole document, not a
// section of it ("…横向比较与未来展望" is a report, not its outlook).
func (p *exemptPolicy) headingExempt(hs []markdown.Heading, title int) func(i int) bool {
	return func(i int) bool { return i != title && p.sectionExempt(hs[i].Text) }
}

// underExemptSection reports whether sentences under heading i are exempt:
// its title is (sectionExempt), or the title of a heading it is nested
// in, so that a conclusion's subsections are the conclusion's. exempt
// answers for one heading. The reference path asks this; the fast path
// asks exemptSections, which gives the same answers in linear time.
func underExemptSection(headings []markdown.Heading, i int, exempt func(i int) bool) bool {
	level := headings[i].Level + 1
	for ; i >= 0; i-- {
		if headings[i].Level < level {
			if exempt(i) {
				return true
			}
			level = headings[i].Level
		}
	}
	return false
}

// exemptSections answers underExemptSection for the headings of one
// document, deciding each heading once: a heading is under an exempt
// section when its own title is exempt or its parent (the nearest heading
// before it of a lower level) is under one. Walking back to the first
// heading for every sentence that scores was quadratic in a document of
// many sections (80,000 sections: 1.3 s).
type exemptSections struct {
	headings []markdown.Heading
	exempt   func(i int) bool
	parent   []int  // made on first use
	state    []int8 // 0 unknown, 1 not under an exempt section, 2 under one
}

func (s *exemptSections) under(i int) bool {
	if s.parent == nil {
		s.parent, s.state = headingParents(s.headings), make([]int8, len(s.headings))
	}
	var chain []int // headings from i up to the first one decided
	j := i
	for ; j >= 0 && s.state[j] == 0; j = s.parent[j] {
		chain = append(chain, j)
	}
	under := j >= 0 && s.state[j] == 2
	for k := len(chain) - 1; k >= 0; k-- {
		h := chain[k]
		under = under || s.exempt(h)
		s.state[h] = 1
		if under {
			s.state[h] = 2
		}
	}
	return under
}

// headingParents returns, for each heading, the index of the nearest
// heading before it of a lower level, or -1.
func headingParents(hs []markdown.Heading) []int {
	parent := make([]int, len(hs))
	var open []int // the headings a next one may be nested in, outermost first
	for i, h := range hs {
		for len(open) > 0 && hs[open[len(open)-1]].Level >= h.Level {
			open = open[:len(open)-1]
		}
		parent[i] = -1
		if len(open) > 0 {
			parent[i] = open[len(open)-1]
		}
		open = append(open, i)
	}
	return parent
}

// isConclusionTitle reports a conclusion's title, lower-cased: "7.
// Conclusion and outlook", "Concluding remarks", "VI. Conclusions",
// "六、结论与展望", "总结". The numbering and emphasis before it do not count.
func isConclusionTitle(title string) bool {
	t := title[len(sectionNumber().FindString(title)):]
	for _, p := range []string{"conclusion", "concluding", "in conclusion", "summary and conclusion", "结论", "总结", "结语"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// isAdviceTitle reports the title, lower-cased, of a section of advice or
// outlook: "Recommendations", "6. Actionable recommendations for
// schools", "Final recommendation", "Outlook", "Challenges and future
// directions", "Next steps", "政策建议", "2030–2035展望". A topic named
// alike ("LLM-based recommendation", a recommender system) is not one:
// the singular counts only as the title's first word or after "final",
// "our" or "key".
func isAdviceTitle(title string) bool {
	t := strings.Trim(title[len(sectionNumber().FindString(title)):], "*_: ：")
	for _, p := range []string{"recommendation", "final recommendation", "our recommendation", "key recommendation"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return containsKeyword(t, adviceWords)
}

// adviceWords are the words of an advice or outlook title, singular and
// plural, matched as containsKeyword matches keywords.
var adviceWords = []string{"recommendations", "outlook", "outlooks", "future direction", "future directions", "future work", "future works",
	"future research", "next step", "next steps", "way forward", "way forwards", "action plan", "action plans", "建议", "展望", "未来方向", "未来研究"}

// sectionNumber matches the emphasis and numbering that start a
// lower-cased title: "**7.1 ", "vi. ", "六、", "（三）", "第六章 ".
var sectionNumber = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[\s*_#]*(?:\d+(?:\\?\.\d+)*\\?\.?\s*|[ivxlc]+(?:[.)]\s*|\s+)|[一二三四五六七八九十]+[、.．]\s*|[(（][一二三四五六七八九十\d]+[)）]\s*|第[一二三四五六七八九十\d]+[章节部分]\s*)?[\s*_]*`)
})

// textExempt reports whether an exemption's test accepts the sentence.
func (p *exemptPolicy) textExempt(c *markdown.Claim, text []byte) bool {
	for k := range exemptions {
		if p.tests&(1<<k) != 0 && exemptions[k].test(c, text) {
			return true
		}
	}
	return false
}

// The exemption tests work on the sentence's bytes: converting each
// sentence to a string cost an allocation and a copy.

// isQuestion reports a sentence ending in a question mark, before closing
// emphasis, quotes and parentheses.
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
	if structure.EndsWithColon(t) {
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

// linkHeavy reports a list item that links somewhere: in a list of links.
func linkHeavy(text []byte) bool {
	return bytes.Contains(text, []byte("](")) || bytes.Contains(text, []byte("http"))
}
