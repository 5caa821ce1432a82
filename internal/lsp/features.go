package lsp

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/citelint/citelint/internal/evidence"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/score"
)

// citationAt returns the citation under off: one whose marker holds it,
// else one whose marker ends there (an editor's caret just after "]"),
// the shortest first when markers nest.
func citationAt(doc *markdown.Document, off int) *markdown.Citation {
	var best *markdown.Citation
	bestInside := false
	for i := range doc.Citations {
		c := &doc.Citations[i]
		sp := markerOf(c)
		inside := sp.Start <= off && off < sp.End
		if !inside && off != sp.End {
			continue
		}
		switch {
		case best == nil, inside && !bestInside, inside == bestInside && sp.Len() < markerOf(best).Len():
			best, bestInside = c, inside
		}
	}
	return best
}

func markerOf(c *markdown.Citation) markdown.Span {
	if c.Marker.Len() > 0 {
		return c.Marker
	}
	return c.Span
}

func (s *Server) hover(g *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	d, an := s.current(s.reqContext(g), p.TextDocument.URI)
	if an == nil || an.doc == nil {
		return nil, nil
	}
	c := citationAt(an.doc, an.lines.offset(p.Position))
	if c == nil {
		return nil, nil
	}
	text := s.describe(d, an.doc, c)
	m := markerOf(c)
	rng := an.lines.rangeOf(m.Start, m.End)
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: text}, Range: &rng}, nil
}

// describe says what a citation resolves to: the reference entry's text
// and identifier and, when the sources hold the cited work's text, the
// passage closest to the citing sentence.
func (s *Server) describe(d *document, doc *markdown.Document, c *markdown.Citation) string {
	var b strings.Builder
	m := markerOf(c)
	fmt.Fprintf(&b, "**citelint**: %s (%s citation)", codeSpan(oneLine(string(doc.Src[m.Start:m.End]), 80)), c.Kind)
	switch {
	case c.Status == markdown.Unchecked:
		b.WriteString(" is not checked: nothing it could resolve to is loaded (a bibliography or source store).\n")
		return b.String()
	case c.Status == markdown.Unresolved:
		b.WriteString(" resolves to nothing: no reference entry, link definition, footnote or bibliography key matches it.\n")
		return b.String()
	}
	if c.Ref < 0 || int(c.Ref) >= len(doc.References) {
		fmt.Fprintf(&b, " names its target itself.\n\nIdentifier: %s\n", codeSpan(c.Target))
		return b.String()
	}
	ref := &doc.References[c.Ref]
	fmt.Fprintf(&b, " resolves to %s\n\n", refName(ref))
	if t := strings.TrimSpace(ref.Text); t != "" && ref.Kind != markdown.RefSource {
		b.WriteString(quoteBlock(oneLine(t, 600)) + "\n")
	} else if ref.Title != "" {
		b.WriteString(quoteBlock(oneLine(ref.Title, 600)) + "\n")
	}
	if id := ref.Target(); id != "" {
		fmt.Fprintf(&b, "Identifier: %s\n", codeSpan(id))
	}
	if passage := s.closestPassage(d, doc, c, ref); passage != "" {
		b.WriteString("\n" + passage)
	}
	return b.String()
}

// refName names a reference and where it is.
func refName(ref *markdown.Reference) string {
	switch ref.Kind {
	case markdown.RefBibliography:
		return fmt.Sprintf("bibliography entry %s (%s)", codeSpan(ref.Label), codeSpan(fmt.Sprintf("%s:%d", filepath.Base(ref.Path), ref.Line)))
	case markdown.RefSource:
		return "source " + codeSpan(ref.Label)
	case markdown.RefLinkDef:
		return "link definition " + codeSpan("["+ref.Label+"]")
	case markdown.RefFootnote:
		return "footnote " + codeSpan("[^"+ref.Label+"]")
	}
	if ref.Label != "" {
		return "reference entry " + codeSpan("["+ref.Label+"]")
	}
	return "a reference entry"
}

// closestPassage scores the citing sentence against the cited work's text
// when citelint holds it without the network (a source-store record, a
// bibliography abstract, a local file the entry links to) and quotes the
// passage that supports it best.
func (s *Server) closestPassage(d *document, doc *markdown.Document, c *markdown.Citation, ref *markdown.Reference) string {
	if c.Claim < 0 || int(c.Claim) >= len(doc.Claims) {
		return ""
	}
	// The engine's finder: the project's files and its source store, so
	// an entry keyed in the store by its DOI or label shows that text.
	s.mu.Lock()
	eng, root := s.ws.eng, s.ws.root
	s.mu.Unlock()
	finder := &evidence.Finder{ReadLocal: true, Root: root}
	if eng != nil {
		finder = eng.NewFinder()
	}
	text, from := finder.Text(d.path, ref)
	if strings.TrimSpace(text) == "" {
		return ""
	}
	res := passageScorer.Score(doc.ClaimText(int(c.Claim)), text)
	if !res.Scorable || strings.TrimSpace(res.Best.Text) == "" {
		return ""
	}
	return fmt.Sprintf("Closest passage in the %s (support score %.2f):\n\n%s", from, res.Score, quoteBlock(oneLine(res.Best.Text, 800)))
}

var passageScorer = score.New(score.Options{})

// quoteBlock shows one line of text quoted from a document or a source
// as written: in a fenced code block, where no Markdown is read, so that
// an entry holding ![](https://tracker/x.png) or <img> shows as text and
// loads nothing, and *, _, [ and backticks show as themselves. Escaping
// them with backslashes (as the hover did) made every client that shows
// the Markdown source, as Neovim does, show the backslashes. The fence
// is three backticks, the one form every client's hover recognises;
// text that could close it (only backticks) goes in a code span.
func quoteBlock(s string) string {
	if strings.Trim(s, "` \t") == "" {
		return codeSpan(s) + "\n"
	}
	return "```text\n" + s + "\n```\n"
}

// codeSpan puts s in a code span whose fence is longer than any run of
// backticks in s, so that s cannot end it early.
func codeSpan(s string) string {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if longest > 0 {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// oneLine collapses whitespace and cuts s to about n bytes, for a hover.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		cut := n
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// definition jumps from a citation to the entry it resolves to: in the
// document, or in the bibliography file an entry came from.
func (s *Server) definition(g *glsp.Context, p *protocol.DefinitionParams) (any, error) {
	d, an := s.current(s.reqContext(g), p.TextDocument.URI)
	if an == nil || an.doc == nil {
		return nil, nil
	}
	c := citationAt(an.doc, an.lines.offset(p.Position))
	if c == nil || c.Status != markdown.Resolved || c.Ref < 0 || int(c.Ref) >= len(an.doc.References) {
		return nil, nil
	}
	ref := &an.doc.References[c.Ref]
	if ref.Span.Len() > 0 {
		return protocol.Location{URI: d.uri, Range: an.lines.rangeOf(ref.Span.Start, ref.Span.End)}, nil
	}
	if ref.Path == "" {
		return nil, nil
	}
	line := protocol.UInteger(max(ref.Line-1, 0))
	pos := protocol.Position{Line: line}
	return protocol.Location{URI: pathURI(ref.Path), Range: protocol.Range{Start: pos, End: pos}}, nil
}
