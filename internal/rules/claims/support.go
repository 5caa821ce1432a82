package claims

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/uncited"
	"github.com/citelint/citelint/internal/score"
)

// This file holds what the claim-support rules (low-overlap,
// number-mismatch) share: the cited sources of a sentence and their text.

// citedSource is one source a sentence cites, with its text.
type citedSource struct {
	name, text, from string
	title            string // the reference's title, when it gives one
	link             string // where a reader finds it (Reference.Link)
}

// claimSources returns the sources claim ci cites that have text, how many
// it cites in all, and the marker where issues about it are reported.
func claimSources(p *rules.Pass, ci int) (srcs []citedSource, cited int, at markdown.Span) {
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
			name = rules.RefName(ref)
		case strings.HasPrefix(c.Target, "http://") || strings.HasPrefix(c.Target, "https://"):
			ref = &markdown.Reference{URL: c.Target}
			name = c.Target
		case strings.HasPrefix(c.Target, "doi:"):
			// A DOI or arXiv id in prose names its work: a source keyed
			// by it (director-ai's sources={identifier: text}), or its
			// registry abstract, is the evidence.
			ref = &markdown.Reference{DOI: strings.TrimPrefix(c.Target, "doi:")}
			name = c.Target
		case strings.HasPrefix(c.Target, "arxiv:"):
			ref = &markdown.Reference{ArXiv: strings.TrimPrefix(c.Target, "arxiv:")}
			name = c.Target
		default:
			continue
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
			srcs = append(srcs, citedSource{name: name, text: text, from: from, title: ref.Title, link: ref.Link()})
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
		if n, _ := uncited.FactScore(doc.ClaimText(j)); n >= 3 {
			out = append(out, j)
		}
	}
	return out
}

// sourceNames lists the names of srcs: "reference [1] and reference [2]".
func sourceNames(srcs []citedSource) string {
	names := make([]string, len(srcs))
	for i, s := range srcs {
		names[i] = s.name
	}
	return rules.JoinAnd(names)
}

// scorers are shared across files: a Scorer is safe for concurrent use and
// caches stems.
var defaultScorer = score.New(score.Options{})

// preparedSources holds the cited sources, tokenised and their numbers
// indexed, for every file of a run (and of later runs in the same process,
// an editor server's): a page cited by twenty documents is prepared once,
// not twenty times. Its entries are keyed by the text, so a changed source
// is prepared afresh; it is bounded in memory.
var preparedSources = score.NewSourceCache(defaultScorer, 0)

// docSources finds the prepared form of a document's cited sources. It
// looks them up by name, and only then compares the text (the same string,
// so usually a pointer comparison), because hashing a 10 KB page for every
// sentence citing it cost more than scoring the sentence. Sources missing
// from it come from the run's shared cache.
type docSources map[string]*docSource

type docSource struct {
	text string
	prep *score.Prepared
	nums *score.NumberIndex
}

func (d docSources) entry(src citedSource) *docSource {
	e := d[src.name]
	if e == nil || e.text != src.text {
		e = &docSource{text: src.text}
		d[src.name] = e
	}
	return e
}

// prepared returns src tokenised for scoring.
func (d docSources) prepared(src citedSource) *score.Prepared {
	e := d.entry(src)
	if e.prep == nil {
		e.prep = preparedSources.Prepared(src.text)
	}
	return e.prep
}

// numbers returns src's number index.
func (d docSources) numbers(src citedSource) *score.NumberIndex {
	e := d.entry(src)
	if e.nums == nil {
		e.nums = preparedSources.Numbers(src.text)
	}
	return e.nums
}

// quoteHead returns what Quote(s, max) does (white space collapsed to
// single spaces, cut to max runes with an ellipsis) without first
// collapsing all of s: on a four-sentence passage that was a quarter of
// low-overlap's time. It reads s only until it has more than max runes.
func quoteHead(s string, max int) string {
	if max < 2 {
		return rules.Quote(s, max)
	}
	buf := make([]byte, 0, min(len(s), 4*max))
	n, cut := 0, 0   // runes in buf; bytes of its first max-1 runes
	pending := false // white space since the last word
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		i += size
		if r == ' ' || r == '\n' || r == '\t' || r == '\r' || r >= utf8.RuneSelf && unicode.IsSpace(r) || r == '\v' || r == '\f' {
			pending = len(buf) > 0
			continue
		}
		if pending {
			if n == max {
				return string(buf[:cut]) + "…" // a rune more than max: cut
			}
			buf = append(buf, ' ')
			if n++; n == max-1 {
				cut = len(buf)
			}
			pending = false
		}
		if n == max {
			return string(buf[:cut]) + "…"
		}
		buf = append(buf, s[i-size:i]...)
		if n++; n == max-1 {
			cut = len(buf)
		}
	}
	return string(buf)
}
