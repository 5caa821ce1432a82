package rules

import (
	"strings"

	"github.com/citelint/citelint/markdown"
	"github.com/citelint/citelint/score"
)

// This file holds what the claim-support rules (low-overlap,
// number-mismatch) share: the cited sources of a sentence and their text.

// citedSource is one source a sentence cites, with its text.
type citedSource struct {
	name, text, from string
	title            string // the reference's title, when it gives one
}

// claimSources returns the sources claim ci cites that have text, how many
// it cites in all, and the marker where issues about it are reported.
func claimSources(p *Pass, ci int) (srcs []citedSource, cited int, at markdown.Span) {
	doc := p.Doc
	seen := map[string]bool{}
	for _, k := range doc.Claims[ci].Citations {
		c := &doc.Citations[k]
		if c.InReferences || c.Status != markdown.Resolved {
			continue
		}
		var ref *markdown.Reference
		name := ""
		switch {
		case c.Ref >= 0:
			ref = &doc.References[c.Ref]
			name = refName(ref)
		case strings.HasPrefix(c.Target, "http://") || strings.HasPrefix(c.Target, "https://"):
			ref = &markdown.Reference{URL: c.Target}
			name = c.Target
		default:
			continue // a DOI or arXiv id in prose: its reference entry, if any, is what is cited
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		cited++
		if at == (markdown.Span{}) {
			at = c.Marker
		}
		if text, from := p.Env.Evidence.Text(p.Path, ref); text != "" {
			srcs = append(srcs, citedSource{name: name, text: text, from: from, title: ref.Title})
		}
	}
	return srcs, cited, at
}

// coveredClaims returns the sentences a citation closing a paragraph also
// covers: when claim ci is the last sentence of its block, the sentences
// before it in the block that cite nothing themselves (back to the previous
// cited one) and state a checkable fact (FactScore ≥ 3, uncited-claim's
// default). Background sentences with nothing to check are left out.
func coveredClaims(doc *markdown.Document, ci int) []int {
	cl := &doc.Claims[ci]
	if ci+1 < len(doc.Claims) && doc.Claims[ci+1].Block == cl.Block {
		return nil // not the paragraph's last sentence
	}
	var out []int
	for j := ci - 1; j >= 0 && doc.Claims[j].Block == cl.Block && len(doc.Claims[j].Citations) == 0; j-- {
		if n, _ := FactScore(claimText(doc, j)); n >= 3 {
			out = append(out, j)
		}
	}
	return out
}

// claimText is the sentence without its citation markers, which are not
// part of what it claims (and whose numbers would count as quantities).
func claimText(doc *markdown.Document, ci int) string {
	cl := &doc.Claims[ci]
	b := []byte(string(doc.Src[cl.Start:cl.End]))
	for _, k := range cl.Citations {
		m := doc.Citations[k].Marker
		for i := max(m.Start, cl.Start); i < min(m.End, cl.End); i++ {
			b[i-cl.Start] = ' '
		}
	}
	return string(b)
}

// sourceNames lists the names of srcs: "reference [1] and reference [2]".
func sourceNames(srcs []citedSource) string {
	names := make([]string, len(srcs))
	for i, s := range srcs {
		names[i] = s.name
	}
	return joinAnd(names)
}

// scorers are shared across files: a Scorer is safe for concurrent use and
// caches stems.
var defaultScorer = score.New(score.Options{})
