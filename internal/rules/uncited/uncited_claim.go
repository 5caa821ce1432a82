// Package uncited decides what uncited-claim reports: which sentences of a
// document state a checkable fact and cite nothing, under the rule's
// settings. The rule itself (its Rule value, documentation and the report
// of each Finding) is internal/rules/uncited_claim.go, beside every other
// rule; this package sits below internal/rules so that low-overlap asks
// FactScore too. It reads only the document model.
package uncited

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/sentence"
)

// Settings configure uncited-claim.
type Settings struct {
	// Scope is "sentence" (each factual sentence needs its own citation) or
	// "paragraph" (a citation covers the sentences before it in its paragraph).
	Scope string `yaml:"scope" json:"scope" enum:"sentence,paragraph"`
	// MinWords: shorter sentences are not checked.
	MinWords int `yaml:"min-words" json:"min-words"`
	// MinScore is how much factual evidence a sentence needs (see the rule's doc).
	MinScore int `yaml:"min-score" json:"min-score"`
	// Exempt lists what is never checked: title, abstract, conclusions,
	// recommendations, headings, questions, link-lists, labels, code,
	// tables, recaps, quotes, lists.
	Exempt []string `yaml:"exempt" json:"exempt" enum:"title,abstract,conclusions,recommendations,headings,questions,link-lists,labels,code,tables,recaps,quotes,lists"`
	// ExemptSections lists further section titles (case-insensitive) whose
	// sentences are not checked, e.g. "Motivation", "Summary".
	ExemptSections []string `yaml:"exempt-sections" json:"exempt-sections"`
	// MaxCoverage: a document that cites this share of its checkable
	// sentences or more gets no finding (1 reports every document).
	MaxCoverage float64 `yaml:"max-coverage" json:"max-coverage"`
}

// Validate rejects counts that would silently turn the rule off or make
// every sentence a finding; config calls it after decoding.
func (s *Settings) Validate() error {
	if s.MinWords < 0 {
		return fmt.Errorf("min-words must be 0 or more, got %d", s.MinWords)
	}
	if s.MinScore < 1 {
		return fmt.Errorf("min-score must be 1 or more, got %d", s.MinScore)
	}
	if !(s.MaxCoverage > 0 && s.MaxCoverage <= 1) {
		return fmt.Errorf("max-coverage must be more than 0 and at most 1 (1 reports every document), got %v", s.MaxCoverage)
	}
	return nil
}

// DefaultSettings returns uncited-claim's settings with their defaults.
func DefaultSettings() *Settings {
	var exempt []string
	for _, e := range exemptions {
		if e.byDefault {
			exempt = append(exempt, e.name)
		}
	}
	return &Settings{
		Scope:          "paragraph",
		MinWords:       8,
		MinScore:       3,
		Exempt:         exempt,
		ExemptSections: slices.Clone(defaultExemptSections),
		MaxCoverage:    defaultMaxCoverage,
	}
}

// defaultMaxCoverage is max-coverage's default. On the 643 labelled
// findings of the six report families the rule was tuned on, precision
// falls as the document's coverage of its checkable sentences rises
// (0.73 under a fifth, 0.70 under 0.35, 0.63 in all); the default is the
// largest step of 0.05 that keeps it at 0.70 or more there, chosen before
// it was measured on the other families (see the rule's doc).
const defaultMaxCoverage = 0.35

// Finding is a sentence uncited-claim reports, over [Start, End) of the
// document, and what it says.
type Finding struct {
	Start, End int
	Message    string
}

// setup is what both checks start from: the settings (the defaults when s
// is nil), the exemption policy they make, and the document's title (its
// first level-1 heading, -1 for none).
func setup(doc *markdown.Document, s *Settings) (*Settings, exemptPolicy, int) {
	if s == nil {
		s = DefaultSettings()
	}
	title := -1
	for i, h := range doc.Headings {
		if h.Level == 1 {
			title = i
			break
		}
	}
	return s, newExemptPolicy(s), title
}

// Find returns the sentences of doc that uncited-claim reports under s
// (nil: the defaults). It is findRef, faster: it bounds a sentence's
// score before scoring it, scores it in one pass (factScore), and runs the
// exemption tests only for the few sentences that score.
func Find(doc *markdown.Document, s *Settings) []Finding {
	s, ex, title := setup(doc, s)
	ex, after := ex.splitGate()
	// Each heading's exemption is decided once, and only for headings over
	// a sentence that scores (lower-casing a title allocates).
	sections := exemptSections{headings: doc.Headings, exempt: ex.headingExempt(doc.Headings, title)}
	// covered[i]: claim i counts as cited under the scope.
	outside := newOutsideCoverage(doc, s.Scope)
	covered := make([]bool, len(doc.Claims))
	for i := len(doc.Claims) - 1; i >= 0; i-- {
		c := &doc.Claims[i]
		covered[i] = len(c.Citations) > 0
		if !covered[i] && s.Scope != "sentence" && i+1 < len(doc.Claims) && doc.Claims[i+1].Block == c.Block && covered[i+1] {
			covered[i] = true
		}
	}
	var found []uncitedFinding
	scheme := &doc.Scheme
	for i := range doc.Claims {
		c := &doc.Claims[i]
		if covered[i] || ex.places != 0 && placeOf(c, title)&ex.places != 0 {
			continue
		}
		// An agent's prompt, task list, contents or captions are not the
		// report's prose; a "Sources:" line under a paragraph cites it;
		// a sentence that goes on about the work the one before it cites
		// ("They found…") is that work's.
		if scheme.InScaffold(c.Start) || scheme.NoteCovers(c.Start) || s.Scope != "sentence" && continuesCited(doc, i) || gluedCites(doc, i) {
			continue
		}
		// Most sentences score below min-score: score first, without
		// building the reasons, and run the other exemption checks and
		// count words only for the rest. All the tests must pass and none
		// has side effects, so their order does not change the result.
		text := doc.Src[c.Start:c.End]
		if b, ok := scoreBound(text); ok {
			if b >= s.MinScore && b-boundKeywordPoints < s.MinScore {
				// Look for the keywords' words only where a missing one
				// decides.
				b -= missingKeywordPoints(keywordsMaybe(text))
			}
			if b < s.MinScore {
				continue // factScore would take its fast path and score below
			}
		}
		score, r, fast := factScore(text)
		if fast && score < s.MinScore {
			continue
		}
		if c.Section >= 0 && c.Section < len(doc.Headings) && sections.under(c.Section) ||
			ex.textExempt(c, text) ||
			sentence.Words(text) < s.MinWords ||
			outside.covers(c) {
			continue
		}
		var why string
		if fast {
			why = r.String()
		} else if score, why = factScoreRef(string(text)); score < s.MinScore {
			continue
		}
		found = append(found, uncitedFinding{c.Start, c.End, why, c.Section})
	}
	isCited := func(i int) bool {
		c := &doc.Claims[i]
		return covered[i] || scheme.NoteCovers(c.Start) || s.Scope != "sentence" && continuesCited(doc, i) || gluedCites(doc, i) || outside.covers(c)
	}
	if withheld(doc, s, ex, title, len(found), isCited, sections.under, FactScore) {
		return nil
	}
	afterSections := exemptSections{headings: doc.Headings, exempt: after.headingExempt(doc.Headings, title)}
	return report(doc, dropExempt(doc, dropRecaps(doc, found, after.recaps, isCited), afterSections.under))
}

// dropExempt returns found without the sentences under a section that
// exempt (an afterGate exemption) accepts.
func dropExempt(doc *markdown.Document, found []uncitedFinding, exempt func(si int) bool) []uncitedFinding {
	kept := found[:0]
	for _, f := range found {
		if f.section >= 0 && f.section < len(doc.Headings) && exempt(f.section) {
			continue
		}
		kept = append(kept, f)
	}
	return kept
}

// withheld reports whether max-coverage withholds the found sentences of
// the document: it cites that share or more of its checkable sentences,
// the found ones and those that count as cited (isCovered) and that
// uncited-claim would otherwise check. sectionExempt and score decide as
// the implementation calling it does; the tests are pure, so the cheap
// ones run first.
func withheld(doc *markdown.Document, s *Settings, ex exemptPolicy, title, found int, isCovered, sectionExempt func(si int) bool, score func(string) (int, string)) bool {
	if found == 0 || s.MaxCoverage >= 1 {
		return false
	}
	cited := 0
	for i := range doc.Claims {
		c := &doc.Claims[i]
		if !isCovered(i) || doc.Scheme.InScaffold(c.Start) || placeOf(c, title)&ex.places != 0 {
			continue
		}
		text := doc.Src[c.Start:c.End]
		if sentence.Words(text) < s.MinWords {
			continue
		}
		if sc, _ := score(string(text)); sc < s.MinScore || ex.textExempt(c, text) ||
			c.Section >= 0 && c.Section < len(doc.Headings) && sectionExempt(c.Section) {
			continue
		}
		cited++
	}
	return float64(cited) >= s.MaxCoverage*float64(cited+found)
}

// uncitedFinding is a sentence uncited-claim reports, why, and the
// heading it stands under (-1: none).
type uncitedFinding struct {
	start, end int
	why        string
	section    int
}

// report turns the sentences both implementations found into findings. A
// document that cites nothing by any form gets one finding, not one per
// sentence: the cause is the whole report's (it lists sources and cites
// none, or cites none at all).
func report(doc *markdown.Document, found []uncitedFinding) []Finding {
	var out []Finding
	reportf := func(start, end int, format string, args ...any) {
		out = append(out, Finding{start, end, fmt.Sprintf(format, args...)})
	}
	if len(found) >= 1 && !doc.Scheme.Cites() {
		what := "the document cites no source"
		if n := listedSources(doc); n > 0 {
			what = fmt.Sprintf("the document lists %d sources but cites none of them in its text", n)
		}
		if len(found) == 1 {
			reportf(found[0].start, found[0].end, "%s: this sentence states a checkable fact (%s)", what, found[0].why)
			return out
		}
		reportf(found[0].start, found[0].end, "%s: %d sentences state checkable facts, this the first (%s)", what, len(found), found[0].why)
		return out
	}
	if len(found) > maxUncitedFindings {
		// A flood: the sentences of one section are one finding, which
		// counts them (a report that cites a few of its sections).
		// Sections of sections when their own are still too many: the
		// nearest heading of level 2 or above.
		group := func(f uncitedFinding) int { return f.section }
		if sectionsOf(found, group) > maxUncitedFindings {
			group = func(f uncitedFinding) int { return topSection(doc.Headings, f.section) }
		}
		bySection := map[int][]uncitedFinding{}
		var order []int
		for _, f := range found {
			si := group(f)
			if _, ok := bySection[si]; !ok {
				order = append(order, si)
			}
			bySection[si] = append(bySection[si], f)
		}
		for _, si := range order {
			fs := bySection[si]
			if len(fs) == 1 {
				reportf(fs[0].start, fs[0].end, "sentence states a checkable fact (%s) but cites no source", fs[0].why)
				continue
			}
			where := "before the first heading"
			if si >= 0 && si < len(doc.Headings) {
				where = fmt.Sprintf("under %q", doc.Headings[si].Text)
			}
			reportf(fs[0].start, fs[0].end, "%d sentences %s state checkable facts but cite no source, this the first (%s)", len(fs), where, fs[0].why)
		}
		return out
	}
	for _, f := range found {
		reportf(f.start, f.end, "sentence states a checkable fact (%s) but cites no source", f.why)
	}
	return out
}

// sectionsOf counts the groups of found by group.
func sectionsOf(found []uncitedFinding, group func(uncitedFinding) int) int {
	seen := map[int]bool{}
	for _, f := range found {
		seen[group(f)] = true
	}
	return len(seen)
}

// topSection returns the nearest heading at or before heading si of level
// 2 or above (si itself when there is none).
func topSection(hs []markdown.Heading, si int) int {
	for k := si; k >= 0 && k < len(hs); k-- {
		if hs[k].Level <= 2 {
			return k
		}
	}
	return si
}

// maxUncitedFindings is how many sentences of one document may each be a
// finding; past it, each section's are one.
const maxUncitedFindings = 20

// listedSources counts the entries of a document's reference lists (an
// entry under several labels once).
func listedSources(doc *markdown.Document) int {
	n := 0
	for i := range doc.References {
		if r := &doc.References[i]; r.Kind == markdown.RefEntry && (i == 0 || !r.SameEntry(&doc.References[i-1])) {
			n++
		}
	}
	return n
}

// FactScore rates how strongly a sentence states a checkable fact, and says why.
func FactScore(s string) (int, string) {
	// factScore only reads its argument: view the string's bytes rather
	// than copy them.
	if score, why, ok := factScore(unsafe.Slice(unsafe.StringData(s), len(s))); ok {
		return score, why.String()
	}
	return factScoreRef(s)
}

// anaphoraLeads open a sentence that goes on about the work the sentence
// before it cites, lower-cased.
var anaphoraLeads = []string{"they ", "their ", "the authors", "the study", "this study", "the researchers", "these researchers",
	"this work", "the paper", "this paper", "these results", "these findings", "the survey", "this survey", "the report", "the model",
	"its authors", "the same study", "that study"}

// continuesCited reports whether sentence i goes on about the work the
// sentence right before it, in its paragraph, cites: it starts with an
// anaphora of anaphoraLeads ("They found…", "The authors report…"). Read
// in context, sentences next to a citation were the commonest false
// finding after recaps (57 labelled "citation-adjacent").
func continuesCited(doc *markdown.Document, i int) bool {
	if i == 0 {
		return false
	}
	c, prev := &doc.Claims[i], &doc.Claims[i-1]
	if prev.Block != c.Block || len(prev.Citations) == 0 {
		return false
	}
	t := bytes.TrimLeft(doc.Src[c.Start:c.End], " *_\"'“")
	for _, l := range anaphoraLeads {
		if len(t) >= len(l) && strings.EqualFold(string(t[:len(l)]), l) {
			return true
		}
	}
	return false
}

// gluedCites reports whether sentence i, in a document whose citations are
// numbers glued to its sentences (Scheme.Glued), ends with such a number
// the extractor did not take for certain: one within the list's labels,
// glued to a word or standing before the sentence's end ("…the models
// 30.", "…over time15."). Where the document cites so, a reader does too.
func gluedCites(doc *markdown.Document, i int) bool {
	if !doc.Scheme.Glued {
		return false
	}
	t := doc.Src[doc.Claims[i].Start:doc.Claims[i].End]
	t = bytes.TrimRight(t, " \t\n.!?)\"”")
	k := len(t)
	for k > 0 && isDigit(t[k-1]) {
		k--
	}
	if d := len(t) - k; d == 0 || d > 3 || k == 0 || !(isASCIILetter(t[k-1]) || t[k-1] == ' ' || t[k-1] == '.' || t[k-1] == ')') {
		return false
	}
	v, _ := strconv.Atoi(string(t[k:]))
	return v >= 1 && v <= doc.Scheme.MaxLabel
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
