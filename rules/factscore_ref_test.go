package rules

import (
	"strings"

	"github.com/citelint/citelint/sentence"
)

// This file freezes uncited-claim's check and exemption helpers as they
// were before the single-pass rewrite (commit eb669aa, renamed with a Ref
// suffix), as the reference the new code must match exactly. The scoring
// itself needs no copy here: the pre-rewrite FactScore stays in
// uncited_claim.go as factScoreSlow, the fallback of the fast path, and the
// tests hold the fast path to it. It shares the keyword lists with the
// rule, so a list edit changes both.

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
		score, why := factScoreSlow(string(text))
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
