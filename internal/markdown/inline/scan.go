package inline

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/bytecursor"
	"github.com/citelint/citelint/internal/ident"
	"github.com/citelint/citelint/internal/markdown/forms"
	"github.com/citelint/citelint/internal/markdown/model"
	"github.com/citelint/citelint/internal/markdown/reflist"
	"github.com/citelint/citelint/internal/markdown/walk"
	"github.com/yuin/goldmark/ast"
)

// candRec is what scanBlocks keeps of a candidate until collectCitations:
// a third of a candidate's size, with the fields most citations leave
// empty (ID, Problem, Author, Year) in w.candMore. A citation-dense
// document holds one candidate per ten bytes of input, and holding them
// as whole Citations beside the Citations built from them was most of
// its memory (docs/security.md, memory).
type candRec struct {
	// at and marker are Citation's Span and Marker as 32-bit offsets,
	// 16 bytes less a record; a candidate past 4 GiB keeps them in
	// candMore (candWide).
	at, marker span32
	Label      string
	more       int32 // 1 + the index in w.candMore of the rarer fields; 0 when all are empty
	Kind       model.CitationKind
	flags      candFlag
	scheme     uint8 // 1 + the index of Scheme in w.schemes; 0: none; schemeMore: in candMore
}

// span32 is a Span of offsets below 4 GiB.
type span32 struct{ start, end uint32 }

// fits32 reports whether s's offsets fit a span32.
func fits32(s model.Span) bool { return uint64(s.Start) < 1<<32 && uint64(s.End) < 1<<32 }

func (s span32) span() model.Span { return model.Span{Start: int(s.start), End: int(s.end)} }

// candMoreOf returns the rarer fields of r, nil when it has none.
func (w *Scanner) candMoreOf(r *candRec) *candMore {
	if r.more == 0 {
		return nil
	}
	return &w.candMore[r.more-1]
}

// span returns r's Citation.Span.
func (w *Scanner) candSpan(r *candRec) model.Span {
	if r.is(candWide) {
		return w.candMoreOf(r).Span
	}
	return r.at.span()
}

// marker returns r's Citation.Marker.
func (w *Scanner) candMarker(r *candRec) model.Span {
	if r.is(candWide) {
		return w.candMoreOf(r).Marker
	}
	return r.marker.span()
}

// schemeMore is candRec.scheme for a Scheme kept in candMore, past the
// table's 254 (candidates' schemes are constants: a few dozen at most).
const schemeMore = 255

// candFlag holds a candidate's flags (candidate's fields of the same names).
type candFlag uint8

const (
	candYearLike candFlag = 1 << iota
	candZeroLike
	candGlued
	candIdent
	candNamed
	candWide // Span and Marker in candMore: they pass 4 GiB
	candKept // collectCitations: a citation after all
)

func (r *candRec) is(f candFlag) bool { return r.flags&f != 0 }

// candMore are the fields of a candidate that most leave empty.
type candMore struct {
	ID, Problem, Author, Year, Scheme string
	Span, Marker                      model.Span // for candWide
}

// Keep records candidate c for CollectCitations.
func (w *Scanner) Keep(c *forms.Candidate) {
	r := candRec{Label: c.Label, Kind: c.Kind}
	wide := !fits32(c.Span) || !fits32(c.Marker)
	if wide {
		r.flags |= candWide
	} else {
		r.at = span32{uint32(c.Start), uint32(c.End)}
		r.marker = span32{uint32(c.Marker.Start), uint32(c.Marker.End)}
	}
	for _, f := range [...]struct {
		on   bool
		flag candFlag
	}{{c.YearLike, candYearLike}, {c.ZeroLike, candZeroLike}, {c.Glued, candGlued}, {c.Ident, candIdent}, {c.Named, candNamed}} {
		if f.on {
			r.flags |= f.flag
		}
	}
	scheme := ""
	if c.Scheme != "" {
		r.scheme = schemeMore
		for i, s := range w.schemes {
			if s == c.Scheme {
				r.scheme = uint8(i + 1)
				break
			}
		}
		if r.scheme == schemeMore && len(w.schemes) < schemeMore-1 {
			w.schemes = append(w.schemes, c.Scheme)
			r.scheme = uint8(len(w.schemes))
		}
		if r.scheme == schemeMore {
			scheme = c.Scheme
		}
	}
	if c.ID != "" || c.Problem != "" || c.Author != "" || c.Year != "" || scheme != "" || wide {
		m := candMore{ID: c.ID, Problem: c.Problem, Author: c.Author, Year: c.Year, Scheme: scheme}
		if wide {
			m.Span, m.Marker = c.Span, c.Marker
		}
		w.candMore = append(w.candMore, m)
		r.more = int32(len(w.candMore))
	}
	w.cands.add(r)
}

// citation writes the Citation that candidate r stands for to *dst, a zero
// Citation, writing only the strings that are set (see model.CopyCitation).
func (w *Scanner) citation(dst *model.Citation, r *candRec) {
	dst.Span, dst.Marker, dst.Kind = w.candSpan(r), w.candMarker(r), r.Kind
	dst.Claim, dst.Ref = -1, -1
	if r.Label != "" {
		dst.Label = r.Label
	}
	if r.scheme != 0 && r.scheme != schemeMore {
		dst.Scheme = w.schemes[r.scheme-1]
	}
	if r.more > 0 {
		m := &w.candMore[r.more-1]
		if m.ID != "" {
			dst.ID = m.ID
		}
		if m.Scheme != "" {
			dst.Scheme = m.Scheme
		}
		dst.SetDetail(m.Problem, m.Author, m.Year)
	}
}

// maxRange caps how many labels one range expands to, so [1-99999] cannot
// blow up memory.
const maxRange = 200

// Link handles a goldmark link: a numeric link ([1](url), [[1]](url)), a
// reference link whose brackets goldmark consumed, a pandoc alias
// ([@tag:x] defined as a link), or a plain inline link.
func (w *Scanner) Link(n *ast.Link) ast.WalkStatus {
	return w.LinkAt(n.Pos(), n.Reference, n.Destination)
}

// LinkAt is link for a link at pos with goldmark's reference (nil for an
// inline link) and destination: plainProse calls it for the inline links
// of plain paragraphs, which have no node.
func (w *Scanner) LinkAt(pos int, ref *ast.ReferenceLink, destination []byte) ast.WalkStatus {
	if pos < 0 || pos >= len(w.src) || w.src[pos] != '[' {
		return ast.WalkContinue
	}
	textEnd := matchBracket(w.src, pos)
	if textEnd < 0 {
		return ast.WalkContinue
	}
	end := textEnd + 1
	labelSpan := model.Span{}
	switch {
	case ref == nil:
		if end < len(w.src) && w.src[end] == '(' {
			if e := walk.MatchParen(w.src, end); e >= 0 {
				end = e + 1
			}
		}
	case ref.Type == ast.ReferenceLinkFull:
		if end < len(w.src) && w.src[end] == '[' {
			if e := matchBracket(w.src, end); e >= 0 {
				labelSpan = model.Span{Start: end + 1, End: e}
				end = e + 1
			}
		}
	case ref.Type == ast.ReferenceLinkCollapsed:
		if end+1 < len(w.src) && w.src[end] == '[' && w.src[end+1] == ']' {
			end += 2
		}
	}
	marker := model.Span{Start: pos, End: end}
	w.linkMarker = append(w.linkMarker, marker)
	if ref != nil && ref.Type == ast.ReferenceLinkShortcut && (gluedToURL(w.src, pos) || gluedToSymbol(w.src, pos)) {
		return ast.WalkSkipChildren // www.example.com/page[1].html, with a [1] defined
	}
	textSpan := model.Span{Start: pos + 1, End: textEnd}
	linkText := bytes.TrimSpace(w.src[textSpan.Start:textSpan.End])
	w.linkTextNotes(textSpan)

	add := func(c model.Citation) {
		c.Marker = marker
		c.Claim = -1
		c.Ref = -1
		w.rawCites = append(w.rawCites, c)
	}

	// [@tag:x] with a [@tag:x]: doi:... definition (manubot's aliases).
	if ref != nil && len(ref.Value) > 1 && ref.Value[0] == '@' {
		add(model.Citation{Kind: model.KindPandoc, Span: marker, Label: string(ref.Value[1:])})
		return ast.WalkSkipChildren
	}

	// Numeric text: [1](url), [[1]](url), [1, 2](url), or [1][2] when both
	// are defined. A full reference link with another label,
	// "[4][urlo #10403]", is a link whose text is a number: its label is
	// the citation.
	inner, innerOff := linkText, textSpan.Start+bytes.Index(w.src[textSpan.Start:textSpan.End], linkText)
	if len(inner) >= 2 && inner[0] == '[' && inner[len(inner)-1] == ']' {
		inner, innerOff = inner[1:len(inner)-1], innerOff+1
	}
	fullLabel := ref != nil && ref.Type == ast.ReferenceLinkFull && labelSpan.End > labelSpan.Start
	numericLabel := false
	if fullLabel {
		lab := bytes.TrimSpace(w.src[labelSpan.Start:labelSpan.End])
		items2, ok := w.parseNumericList(lab)
		numericLabel = ok && len(items2) == 1 && items2[0].from == items2[0].to
	}
	if items, ok := w.parseNumericList(inner); ok && len(inner) > 0 && (!fullLabel || numericLabel) {
		dest := ""
		if ref == nil {
			dest = string(destination)
		}
		for _, it := range items {
			for v := it.from; v <= it.to; v++ {
				lab := it.label(v)
				sp := model.Span{Start: innerOff + it.start, End: innerOff + it.end}
				if len(items) == 1 && it.from == it.to {
					sp = marker
				}
				c := model.Citation{Kind: model.KindNumeric, Span: sp, Label: lab, ID: dest}
				if ref != nil && ref.Type == ast.ReferenceLinkFull && labelSpan.End > labelSpan.Start {
					c.Span = model.Span{Start: innerOff + it.start, End: innerOff + it.end}
				}
				add(c)
			}
		}
		if fullLabel {
			add(model.Citation{Kind: model.KindNumeric, Span: labelSpan, Label: string(bytes.TrimSpace(w.src[labelSpan.Start:labelSpan.End]))})
		}
		return ast.WalkSkipChildren
	}

	if ref != nil {
		add(model.Citation{Kind: model.KindRefLink, Span: marker, Label: string(ref.Value)})
		return ast.WalkSkipChildren
	}
	dest := string(destination)
	if dest == "" || dest[0] == '#' {
		// An in-page anchor is navigation, not a citation.
		return ast.WalkSkipChildren
	}
	add(model.Citation{Kind: model.KindLink, Span: marker, Label: string(linkText), ID: dest})
	return ast.WalkSkipChildren
}

// linkTextNotes adds the footnote markers written inside a link's text,
// which the walk does not scan as prose: "[see this[^1]](url)" cites note
// 1 (GitHub and pandoc render the note inside the link). Markers in code
// spans of the text ("[`s[^a]`](url)") are code.
func (w *Scanner) linkTextNotes(text model.Span) {
	t := w.src[text.Start:text.End]
	if !bytes.Contains(t, []byte("[^")) {
		return
	}
	ticks := 0 // backticks before off, outside escapes: odd inside a code span
	for off := 0; off < len(t); off++ {
		switch t[off] {
		case '\\':
			off++
			continue
		case '`':
			ticks++
			continue
		case '[':
		default:
			continue
		}
		if ticks%2 == 1 || off+1 >= len(t) || t[off+1] != '^' {
			continue
		}
		j := bytes.IndexByte(t[off+1:], ']')
		if j < 0 {
			return
		}
		j += off + 1
		if bytes.IndexByte(t[off+1:j], '[') >= 0 {
			continue
		}
		start := text.Start + off
		for _, c := range w.bracket(t[off+1:j], start, text.Start+j+1, nil) {
			if c.Kind == model.KindFootnote {
				c.Claim, c.Ref = -1, -1
				w.rawCites = append(w.rawCites, c.Citation)
			}
		}
		off = j
	}
}

// AutoLink records an autolink (<https://…>) as a citation: a URL, or the
// DOI or arXiv id its text is.
func (w *Scanner) AutoLink(n *ast.AutoLink) {
	if n.AutoLinkType != ast.AutoLinkURL {
		return
	}
	pos := n.Pos()
	label := n.Label(w.src)
	if pos < 0 || pos >= len(w.src) {
		return
	}
	start := pos
	if w.src[pos] == '<' {
		start = pos + 1
	}
	end := start + len(label)
	if end > len(w.src) {
		return
	}
	marker := model.Span{Start: pos, End: end}
	if end < len(w.src) && w.src[end] == '>' {
		marker.End = end + 1
	}
	w.linkMarker = append(w.linkMarker, marker)
	c := model.Citation{Kind: model.KindURL, Span: marker, Marker: marker, Label: string(label), ID: string(label), Claim: -1, Ref: -1}
	for _, m := range ident.Scan(label) {
		if m.Start == 0 && m.End == len(label) || len(ident.Scan(label)) == 1 {
			c.Kind, c.ID = identKind(m.Kind), m.ID
			c.SetProblem(m.Problem)
			if m.Kind == ident.ArXiv && m.Version != "" {
				c.ID += m.Version
			}
			break
		}
	}
	w.rawCites = append(w.rawCites, c)
}

func identKind(k ident.Kind) model.CitationKind {
	switch k {
	case ident.DOI:
		return model.KindDOI
	case ident.ArXiv:
		return model.KindArXiv
	}
	return model.KindURL
}

// CodeSpan recognises MyST roles: {cite}`a,b`, {cite:t}`key`, and
// sphinxcontrib-bibtex's {footcite}. The keys are in the code span; the
// role name stands in prose right before it. Keys are separated by commas
// (sphinxcontrib-bibtex) or semicolons (mystmd), and mystmd's prefix and
// suffix in braces ({cite:p}`{see}key{p. 3}`) are not part of the key.
func (w *Scanner) CodeSpan(n *ast.CodeSpan) {
	pos := n.Pos()
	if pos <= 0 || pos > len(w.src) {
		return
	}
	// Find "{cite...}" immediately before the opening backticks.
	tick := pos
	for tick < len(w.src) && w.src[tick] != '`' {
		tick++
	}
	if tick >= len(w.src) || tick == 0 || w.src[tick-1] != '}' {
		return
	}
	open := bytes.LastIndexByte(w.src[max(0, tick-24):tick], '{')
	if open < 0 {
		return
	}
	open += max(0, tick-24)
	role := w.src[open+1 : tick-1]
	if !isCiteRole(role) {
		return
	}
	var cs, ce = -1, -1
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			if cs < 0 {
				cs = t.Segment.Start
			}
			ce = t.Segment.Stop
		}
	}
	if cs < 0 {
		return
	}
	end := ce
	for end < len(w.src) && w.src[end] == '`' {
		end++
	}
	marker := model.Span{Start: open, End: end}
	w.linkMarker = append(w.linkMarker, marker)
	keys := w.src[cs:ce]
	for off := 0; off <= len(keys); {
		j := roleKeyEnd(keys[off:])
		ks, ke := roleKey(keys[off : off+j])
		if ks < ke {
			s := cs + off
			w.rawCites = append(w.rawCites, model.Citation{Kind: model.KindMyST, Span: model.Span{Start: s + ks, End: s + ke}, Marker: marker, Label: string(keys[off+ks : off+ke]), Scheme: string(role), Claim: -1, Ref: -1})
		}
		off += j + 1
	}
}

// isCiteRole reports whether role names a citation role: cite or
// footcite, alone or with a form after a colon (cite:p, cite:t, cite:ps,
// footcite:t...).
func isCiteRole(role []byte) bool {
	for _, name := range [...]string{"cite", "footcite"} {
		if bytes.HasPrefix(role, []byte(name)) && (len(role) == len(name) || role[len(name)] == ':') {
			return true
		}
	}
	return false
}

// roleKeyEnd returns the length of the first key of a role's text: up to
// the first comma or semicolon outside braces, or all of it.
func roleKeyEnd(b []byte) int {
	depth := 0
	for i, c := range b {
		switch c {
		case '{':
			depth++
		case '}':
			depth = max(0, depth-1)
		case ',', ';':
			if depth == 0 {
				return i
			}
		}
	}
	return len(b)
}

// roleKey returns where the key lies in one key's text: without the space
// around it and mystmd's {prefix} and {suffix}.
func roleKey(b []byte) (start, end int) {
	start, end = 0, len(b)
	trim := func() {
		for start < end && isSpace(b[start]) {
			start++
		}
		for end > start && isSpace(b[end-1]) {
			end--
		}
	}
	trim()
	if start < end && b[start] == '{' {
		if k := bytes.IndexByte(b[start:end], '}'); k >= 0 {
			start += k + 1
			trim()
		}
	}
	if end > start && b[end-1] == '}' {
		if k := bytes.LastIndexByte(b[start:end], '{'); k >= 0 {
			end = start + k
			trim()
		}
	}
	if bytes.ContainsAny(b[start:end], "{} \t\n") {
		return 0, 0 // not a key
	}
	return start, end
}

// scanProse finds citations written in plain prose: bracket markers, 【n】 and 【n†source】,
// author-year, bare @keys, glued numbers and identifiers.
func (w *Scanner) scanProse(sp model.Span, out []forms.Candidate) []forms.Candidate {
	text := w.src[sp.Start:sp.End]
	base := sp.Start
	first := len(out)
	// Bracket markers.
	for off := 0; off < len(text); {
		i := bytes.IndexByte(text[off:], '[')
		if i < 0 {
			break
		}
		i += off
		off = i + 1
		if escaped(text, i) {
			continue
		}
		j := bytes.IndexByte(text[i+1:], ']')
		if j < 0 {
			break
		}
		j += i + 1
		if k := bytes.IndexByte(text[i+1:j], '['); k >= 0 {
			continue // an inner '[' starts the real marker: [[1]] → [1]
		}
		if in := text[i+1 : j]; bytes.IndexByte(in, '\n') >= 0 && !wrapsAsCitation(in) {
			// Only citation groups are read across a line break
			// ("[@a;⏎@b]", "[2,⏎3]"): other brackets that wrap are link
			// text, which goldmark reads (and plain.Paragraph leaves to it).
			continue
		}
		// A footnote marker is glued to its word by design ("base R[^x]",
		// "see https://example.org[^2]"); other brackets glued so index.
		if text[i+1] != '^' && (gluedToURL(text, i) || gluedToSymbol(text, i)) {
			continue // https://example.com/array[0]/item, A[0]: not citations
		}
		before := len(out)
		out = w.bracket(text[i+1:j], base+i, base+j+1, out)
		if len(out) > before {
			off = j + 1
			continue
		}
		if forms.NamedBracket(w.src, text[i+1:j], base+i, base+j+1) {
			m := model.Span{Start: base + i, End: base + j + 1}
			out = append(out, forms.Candidate{Named: true, Citation: model.Citation{Kind: model.KindNamed, Scheme: model.SchemeNamedBracket, Span: m, Marker: m,
				Label: string(bytes.TrimSpace(text[i+1 : j])), Claim: -1, Ref: -1}})
			off = j + 1
			continue
		}
		// An undefined full or collapsed reference link, [text][label] or
		// [label][], stays plain text in goldmark. A lone [label] is left
		// alone: shortcut syntax is too common in prose to call it a link.
		if j+1 < len(text) && text[j+1] == '[' && !escaped(text, j+1) {
			if k := bytes.IndexByte(text[j+2:], ']'); k >= 0 && bytes.IndexByte(text[j+2:j+2+k], '[') < 0 {
				label := bytes.TrimSpace(text[j+2 : j+2+k])
				if len(label) == 0 {
					label = bytes.TrimSpace(text[i+1 : j])
				}
				if len(label) > 0 && label[0] != '^' {
					m := model.Span{Start: base + i, End: base + j + 3 + k}
					out = append(out, forms.Candidate{Citation: model.Citation{Kind: model.KindRefLink, Span: m, Marker: m, Label: string(label), Claim: -1, Ref: -1}})
					off = j + 3 + k
				}
			}
		}
	}
	brackets := out[first:] // in order: the bare-key scan skips what they hold
	// 【3†source】 as ChatGPT's browsing tool writes it.
	for off := 0; off < len(text) && w.hints.has(hintCJK, sp.Start, sp.End); {
		i := bytes.Index(text[off:], []byte("【"))
		if i < 0 {
			break
		}
		i += off
		// The closer within 64 bytes, looked for there only: a search to
		// the end for each of many unclosed 【 was quadratic.
		j := bytes.Index(text[i:min(len(text), i+64+len("】"))], []byte("】"))
		if j < 0 || j > 64 {
			off = i + 3
			continue
		}
		inner := text[i+3 : i+j]
		off = i + j + 3
		if d := bytes.IndexRune(inner, '†'); d < 0 {
			// 【12】, 【5,11】: numbered sources as DeepSeek and other
			// chat assistants write them after the text they support,
			// read as [12] and [5,11] are. One that starts a line, text
			// after it, is a step's number ("【1】打开设置"), not a citation.
			if !stepNumber(w.src, base+i, base+off) {
				out = w.numericCites(inner, base+i+len("【"), model.Span{Start: base + i, End: base + off}, out)
			}
		} else if d > 0 {
			num := inner[:d]
			if c := bytes.IndexByte(num, ':'); c >= 0 {
				num = num[:c]
			}
			if walk.IsDigits(num) {
				m := model.Span{Start: base + i, End: base + off}
				out = append(out, forms.Candidate{Citation: model.Citation{Kind: model.KindKey, Scheme: model.SchemeCJK, Span: m, Marker: m, Label: string(num), Claim: -1, Ref: -1}})
			}
		}
	}
	// Parentheses that name their source: "(per the Q2 2022 10-Q)".
	wide := -1 // the next "（" at or after off; searched again once passed
	for off := 0; off < len(text); {
		if wide < off {
			if wide = bytes.Index(text[off:], []byte("（")); wide >= 0 {
				wide += off
			} else {
				wide = len(text)
			}
		}
		i := bytes.IndexByte(text[off:wide], '(')
		if i < 0 {
			if wide == len(text) {
				break
			}
			i = wide - off
		}
		i += off
		off = i + 1
		if n := forms.AttributionAt(text, i); n > 0 {
			m := model.Span{Start: base + i, End: base + i + n}
			inner := bytes.Trim(text[i:i+n], "()（）")
			out = append(out, forms.Candidate{Citation: model.Citation{Kind: model.KindNamed, Scheme: model.SchemeAttribution, Span: m, Marker: m,
				Label: string(bytes.TrimSpace(inner)), Claim: -1, Ref: -1}})
			off = i + n
		}
	}
	if w.toolMarkers {
		out = forms.ScanToolMarkers(text, base, out)
	}
	if w.quotes != 0 {
		out = w.scanTitles(text, base, w.quotes, out)
	}
	if w.bareKeys && w.hints.has(hintColon, sp.Start, sp.End) {
		out = forms.ScanBareKeyForms(text, base, out)
	}
	out = forms.ScanAuthorYear(text, base, out)
	if w.knownKey != nil {
		out = w.scanBareKeys(text, base, brackets, out)
	}
	out = scanGluedWith(&w.terms, w.src, sp.Start, text, base, out)
	clear(w.identBuf) // see bufs.reset
	w.identBuf = w.identBuf[:0]
	if w.hints.mayHoldLink(sp.Start, sp.End) {
		w.identBuf = ident.AppendScan(w.identBuf, text)
	}
	for _, m := range w.identBuf {
		id := m.ID
		if m.Kind == ident.ArXiv && m.Version != "" {
			id += m.Version
		}
		if m.Kind == ident.ISBN || m.Kind == ident.ISSN || m.Kind == ident.PMCID || m.Kind == ident.PMID {
			continue // identifiers of works, not links a reader can follow: entries use them
		}
		s := model.Span{Start: base + m.Start, End: base + m.End}
		out = append(out, forms.Candidate{Ident: true, Problem: m.Problem, Citation: model.Citation{Kind: identKind(m.Kind), Span: s, Marker: s, Label: m.Raw, ID: id, Claim: -1, Ref: -1}})
	}
	return out
}

// gluedToURL reports whether the '[' at text[i] continues a URL written
// without a space before it: the word it ends contains "://" or starts with
// "www.". Brackets are not allowed in URL paths, but APIs and LLMs write
// them (array[0], docs[v2]), and deleting such a "citation" breaks the link.
func gluedToURL(text []byte, i int) bool {
	if i == 0 || text[i-1] == ' ' || text[i-1] == '\t' || text[i-1] == '\n' {
		return false
	}
	// The word runs back to a byte in urlWordStop, at most 2048 bytes.
	// CJK prose has no spaces, so the word before a glued "[n]" is often
	// the paragraph so far: a table lookup per byte keeps that walk cheap.
	k, lim := i, max(0, i-2048)
	for k > lim && !urlWordStop[text[k-1]] {
		k--
	}
	word := text[k:i]
	return bytes.Contains(word, []byte("://")) || walk.HasPrefixFold(word, "www.")
}

// urlWordStop marks the bytes that end the word gluedToURL looks back at.
var urlWordStop = [256]bool{' ': true, '\t': true, '\n': true, '(': true, '<': true}

// gluedToSymbol reports whether the '[' at text[i] follows, with no space,
// a one-letter word or an identifier with an underscore: A[0], I[H-1],
// _values[1] index arrays in specifications. Citations glued to words
// follow longer, plain ones ("tasks[11]").
func gluedToSymbol(text []byte, i int) bool {
	if i == 0 || !isASCIILetter(text[i-1]) && !(text[i-1] >= '0' && text[i-1] <= '9') {
		return false
	}
	// An identifier with an underscore: _ids[0], max_value[1].
	k := i
	for k > 0 && (isASCIILetter(text[k-1]) || text[k-1] >= '0' && text[k-1] <= '9' || text[k-1] == '_') {
		k--
	}
	if bytes.IndexByte(text[k:i], '_') >= 0 {
		return true
	}
	if !isASCIILetter(text[i-1]) {
		return false
	}
	// One letter after a full stop ends an abbreviation, not a symbol:
	// "35 U.S.C[2]" cites.
	return i == 1 || !isASCIILetter(text[i-2]) && !(text[i-2] >= '0' && text[i-2] <= '9') && text[i-2] != '_' && text[i-2] != '.' && text[i-2] < 0x80
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// mayHoldLink reports whether prose could hold a DOI, arXiv id or URL:
// every form scanProse keeps has a ':' (https:, doi:, arXiv:), a '/'
// (arxiv.org/abs, hep-th/9901001), "10." (a bare DOI) or "arXiv" written
// before a bare id ("arXiv 2411.04368"). Most sentences have none, and a
// few vectorised searches cost less than the scanner's per-byte loop.
func mayHoldLink(text []byte) bool {
	return bytes.IndexByte(text, ':') >= 0 || bytes.IndexByte(text, '/') >= 0 || bytes.Contains(text, []byte("10.")) ||
		bytes.Contains(text, []byte("rXiv")) || bytes.Contains(text, []byte("rxiv")) || bytes.Contains(text, []byte("RXIV"))
}

// escaped reports whether text[i] is preceded by an odd run of backslashes.
func escaped(text []byte, i int) bool {
	n := 0
	for k := i - 1; k >= 0 && text[k] == '\\'; k-- {
		n++
	}
	return n%2 == 1
}

// bracket classifies the content of a [...] marker spanning [start, end).
func (w *Scanner) bracket(content []byte, start, end int, out []forms.Candidate) []forms.Candidate {
	marker := model.Span{Start: start, End: end}
	mk := func(kind model.CitationKind, sp model.Span, label, scheme string) forms.Candidate {
		return forms.Candidate{Citation: model.Citation{Kind: kind, Span: sp, Marker: marker, Label: label, Scheme: scheme, Claim: -1, Ref: -1}}
	}
	if len(content) == 0 || len(content) > 400 {
		return out
	}
	cstart := start + 1
	if w.rstEntries > 0 && end < len(w.src) && w.src[end] == '_' {
		if label, ok := reflist.RSTMarker(w.src, content, end, &w.rstMarkers); ok {
			m := model.Span{Start: start, End: end + 1}
			return append(out, forms.Candidate{Citation: model.Citation{Kind: model.KindFootnote, Scheme: model.SchemeRST, Span: m, Marker: m, Label: label, Claim: -1, Ref: -1}})
		}
	}
	switch {
	case content[0] == '^' && bytes.IndexByte(content, ',') > 0:
		// "[^1,^2]", "[^1, 2]": several notes in one marker, as some
		// generators join them.
		first := len(out)
		for off := 0; off <= len(content); {
			j := bytes.IndexByte(content[off:], ',')
			if j < 0 {
				j = len(content) - off
			}
			part := content[off : off+j]
			lead := len(part) - len(bytes.TrimLeft(part, " ^"))
			part = bytes.TrimSpace(bytes.TrimLeft(part, " ^"))
			if len(part) == 0 || len(part) > 16 || bytes.ContainsAny(part, " \t^") {
				return out[:first]
			}
			s := cstart + off + lead
			out = append(out, mk(model.KindFootnote, model.Span{Start: s, End: s + len(part)}, string(part), ""))
			off += j + 1
		}
		return out
	case content[0] == '^':
		label := content[1:]
		if len(label) == 0 || bytes.ContainsAny(label, " \t\n") {
			return out
		}
		// A regular expression's negated class ("[^-.]*", "[^a-z]+" in
		// prose) is no footnote: a label holds a letter or a digit, and
		// "+" or "{" after its ']' quantifies a class. ("*" and "?" do not
		// tell: "**A claim.[^1]**" and "Did it?[^1]" end with them.)
		if !bytes.ContainsFunc(label, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) ||
			end < len(w.src) && (w.src[end] == '+' || w.src[end] == '{') {
			return out
		}
		return append(out, mk(model.KindFootnote, marker, string(label), ""))
	case bytes.IndexByte(content, '@') >= 0 && pandocLike(content):
		if end < len(w.src) && (bytes.HasPrefix(w.src[end:], []byte("http://")) || bytes.HasPrefix(w.src[end:], []byte("https://"))) {
			// "[@handle]https://github.com/handle)": a link that lost its
			// "(", naming a person, not a pandoc citation.
			return out
		}
		return w.appendPandoc(content, cstart, marker, out)
	case bytes.IndexByte(content, ':') > 0:
		// [id:x], [source_id:12], [PMID:30012884] (forms.go); other
		// colons are no key ("[Feature:X]", "[1:2]").
		if scheme, key, ok := forms.KeyFormOf(content); ok {
			return append(out, mk(model.KindKey, marker, string(key), scheme))
		}
	case walk.HasPrefixFold(content, "REF|"), walk.HasPrefixFold(content, "REF\\|"):
		return appendREF(content, cstart, marker, out)
	case walk.HasPrefixFold(content, "SOURCE_"):
		return appendSources(content, cstart, marker, out)
	}
	return w.numericCites(content, cstart, marker, out)
}

// numericCites appends the citations of a numeric marker ("1", "1, 2",
// "4-6") whose content starts at byte cstart, or nothing when the content
// is not a numeric list.
func (w *Scanner) numericCites(content []byte, cstart int, marker model.Span, out []forms.Candidate) []forms.Candidate {
	mk := func(kind model.CitationKind, sp model.Span, label, scheme string) forms.Candidate {
		return forms.Candidate{Citation: model.Citation{Kind: kind, Span: sp, Marker: marker, Label: label, Scheme: scheme, Claim: -1, Ref: -1}}
	}
	items, ok := w.parseNumericList(content)
	if !ok {
		return out
	}
	single := len(items) == 1 && items[0].from == items[0].to
	zero := false
	for _, it := range items {
		zero = zero || it.from == 0
	}
	for _, it := range items {
		sp := model.Span{Start: cstart + it.start, End: cstart + it.end}
		if single {
			sp = marker
		}
		step := 1
		if inner := it.to - it.from - 1; inner > 0 && !w.spendRange(inner, marker.Start) {
			step = it.to - it.from // the ends alone
		}
		for v := it.from; v <= it.to; v += step {
			lab := it.label(v)
			c := mk(model.KindNumeric, sp, lab, "")
			c.YearLike = single && len(lab) == 4
			c.ZeroLike = zero
			out = append(out, c)
		}
	}
	return out
}

// rangeBudget bounds the labels ranges expand to, beyond their ends, in one
// document of n bytes. A range cites every label from its first to its
// last, up to maxRange of them, so "[1-199]" is twelve bytes and 199
// citations: a document of nothing else held 6 GB of citations per MB. In
// real documents ranges are short and few; past the budget a range cites
// its two ends, and the document says so.
func rangeBudget(n int) int { return 4096 + n/8 }

// spendRange takes inner labels from the document's range budget, and
// reports whether there were that many left; the first time there were
// not, it adds a diagnostic at the range.
func (w *Scanner) spendRange(inner, at int) bool {
	if w.ranges+inner <= rangeBudget(len(w.src)) {
		w.ranges += inner
		return true
	}
	if w.ranges <= rangeBudget(len(w.src)) {
		w.ranges = rangeBudget(len(w.src)) + 1 // report once
		line := 1 + bytes.Count(w.src[:at], []byte("\n"))
		w.doc.Diagnostics = append(w.doc.Diagnostics, model.Diagnostic{Offset: at, Kind: model.DiagParseGuard,
			Message: fmt.Sprintf("line %d: numeric ranges expand to more than %d citations in this document; from here on a range cites its first and last labels only", line, rangeBudget(len(w.src)))})
	}
	return false
}

// stepNumber reports whether the 【n】 at src[start:end] numbers a step:
// only white space and a list or quote marker stand before it on its line,
// and text, not another 【, follows it there. It reads the document, not
// the prose span, which starts after any link or code span.
func stepNumber(src []byte, start, end int) bool {
	k := start - 1
	for k >= 0 && (src[k] == ' ' || src[k] == '\t') {
		k--
	}
	switch {
	case k >= 0 && (src[k] == '-' || src[k] == '*' || src[k] == '+'):
		k--
	case k >= 0 && (src[k] == '.' || src[k] == ')'):
		j := k - 1
		for j >= 0 && src[j] >= '0' && src[j] <= '9' {
			j--
		}
		if j < k-1 {
			k = j
		}
	}
	for k >= 0 && (src[k] == ' ' || src[k] == '\t' || src[k] == '>') {
		k--
	}
	if k >= 0 && src[k] != '\n' && src[k] != '\r' {
		return false
	}
	r := end
	for r < len(src) && (src[r] == ' ' || src[r] == '\t') {
		r++
	}
	return r < len(src) && src[r] != '\n' && src[r] != '\r' && !bytes.HasPrefix(src[r:], []byte("【"))
}

// numItem is one element of a numeric list: a number or a range, at
// [start, end) inside the bracket content.
type numItem struct {
	start, end int
	from, to   int
	text       string
}

// label returns the label of number v of the item (from <= v <= to): the
// number as written for a single one, else v in decimal.
func (it numItem) label(v int) string {
	if it.from == it.to {
		return it.text
	}
	return walk.Itoa(v)
}

// parseNumericList accepts "1", "1, 2", "1;2", "1-3", "1–3" (en dash), "1—3",
// and mixtures, with optional spaces. Numbers have 1 to 4 digits. A range
// whose end is below its start, or that spans more than maxRange labels, is
// not a citation. It reuses the walker's buffer: the items are good until
// the next call.
func (w *Scanner) parseNumericList(b []byte) ([]numItem, bool) {
	items, ok := appendNumericList(w.numItems[:0], b)
	if cap(items) > cap(w.numItems) {
		w.numItems = items[:0]
	}
	return items, ok
}

// appendNumericList is parseNumericList appending to items.
func appendNumericList(items []numItem, b []byte) ([]numItem, bool) {
	i := 0
	skip := func() { // a group may wrap: "[2,⏎3]"
		for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
			i++
		}
	}
	num := func() (int, int, bool) {
		s := i
		v := 0
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			v = v*10 + int(b[i]-'0')
			i++
		}
		n := i - s
		return v, s, n >= 1 && n <= 4
	}
	for {
		skip()
		from, s, ok := num()
		if !ok {
			return nil, false
		}
		it := numItem{start: s, end: i, from: from, to: from, text: walk.NumString(b[s:i])}
		save := i
		skip()
		if d := dashLen(b[i:]); d > 0 {
			i += d
			skip()
			to, _, ok := num()
			if !ok || to < from || to-from >= maxRange {
				return nil, false
			}
			it.to, it.end = to, i
		} else {
			i = save
		}
		items = append(items, it)
		skip()
		if i == len(b) {
			return items, true
		}
		if b[i] != ',' && b[i] != ';' {
			return nil, false
		}
		i++
	}
}

// dashLen returns the byte length of a hyphen, en dash or em dash at b[0].
func dashLen(b []byte) int {
	switch {
	case len(b) > 0 && b[0] == '-':
		return 1
	case bytes.HasPrefix(b, []byte("–")), bytes.HasPrefix(b, []byte("—")):
		return 3
	}
	return 0
}

// wrapsAsCitation reports whether bracket content that holds a line break
// is a citation group: pandoc's keys, or numbers and their separators.
func wrapsAsCitation(in []byte) bool {
	if bytes.IndexByte(in, '@') >= 0 {
		return pandocLike(in)
	}
	digits := false
	for _, c := range in {
		switch {
		case isDigit(c):
			digits = true
		case c == ',' || c == '-' || c == ';' || c == ' ' || c == '\t' || c == '\r' || c == '\n':
		default:
			return false
		}
	}
	return digits
}

// pandocLike reports whether bracket content holds a pandoc citation: an @
// that starts a key (after the start, a space, ';' or '-'), not an e-mail.
func pandocLike(b []byte) bool {
	for i, c := range b {
		if c != '@' {
			continue
		}
		if i == 0 || b[i-1] == ' ' || b[i-1] == ';' || b[i-1] == '-' || b[i-1] == '\t' {
			if i+1 < len(b) && isKeyStart(b[i+1]) {
				return true
			}
		}
	}
	return false
}

func isKeyStart(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// keyLen returns the length of a pandoc citation key at b: alphanumerics and
// internal punctuation :.#$%&-+?<>~/_, with trailing punctuation left out.
// A key in braces (@{key}) runs to the closing brace.
func keyLen(b []byte) int {
	if len(b) > 0 && b[0] == '{' {
		if j := bytes.IndexByte(b, '}'); j > 0 {
			return j + 1
		}
		return 0
	}
	n := 0
	for n < len(b) {
		c := b[n]
		if isKeyStart(c) || strings.IndexByte(":.#$%&-+?<>~/=", c) >= 0 {
			n++
			continue
		}
		break
	}
	for n > 0 && strings.IndexByte(":.#$%&-+?<>~/=", b[n-1]) >= 0 {
		n--
	}
	return n
}

// crossRefPrefixes start Quarto's and pandoc-crossref's cross-reference
// labels: [@fig-x], @tbl-x and @sec-x point into the document, not at a
// work, so they are no citations (quarto.org/docs/authoring/cross-references).
var crossRefPrefixes = []string{"fig-", "tbl-", "sec-", "eq-", "lst-", "thm-", "lem-", "cor-", "prp-", "cnj-", "def-", "exm-", "exr-", "sol-", "rem-", "alg-", "apx-", "nte-", "wrn-", "imp-", "tip-", "cau-"}

// narrativeKey reports whether a bare @key of a pandoc document is one
// pandoc would cite: it starts with a letter or '_' (pandoc's rule), is
// no cross-reference, and is not braced.
func narrativeKey(key []byte) bool {
	if len(key) < 2 || key[0] == '{' || isCrossRef(key) {
		return false
	}
	c := key[0]
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isCrossRef(key []byte) bool {
	if len(key) < 4 || key[2] != '-' && key[3] != '-' {
		return false
	}
	for _, p := range crossRefPrefixes {
		if bytes.HasPrefix(key, []byte(p)) && len(key) > len(p) {
			return true
		}
	}
	return false
}

// intern returns key as a string, the same string for every citation of
// the document that writes the same short key: a pandoc-dense document
// cites a few hundred keys a million times. The table is bounded.
func (w *Scanner) intern(key []byte) string {
	if len(key) > 64 {
		return string(key)
	}
	if s, ok := w.keyStrings[string(key)]; ok {
		return s
	}
	s := string(key)
	if w.keyStrings == nil {
		w.keyStrings = make(map[string]string)
	}
	if len(w.keyStrings) < 1<<14 {
		w.keyStrings[s] = s
	}
	return s
}

// appendPandoc splits [see @a, p. 3; -@b] into one citation per key.
func (w *Scanner) appendPandoc(content []byte, cstart int, marker model.Span, out []forms.Candidate) []forms.Candidate {
	for i := 0; i < len(content); i++ {
		if content[i] != '@' {
			continue
		}
		if i > 0 && !(content[i-1] == ' ' || content[i-1] == ';' || content[i-1] == '-' || content[i-1] == '\t' || content[i-1] == '\n') {
			continue
		}
		n := keyLen(content[i+1:])
		if n == 0 {
			continue
		}
		key := content[i+1 : i+1+n]
		key = bytes.Trim(key, "{}")
		if isCrossRef(key) {
			i += n
			continue
		}
		sp := model.Span{Start: cstart + i, End: cstart + i + 1 + n}
		out = append(out, forms.Candidate{Citation: model.Citation{Kind: model.KindPandoc, Span: sp, Marker: marker, Label: w.intern(key), Claim: -1, Ref: -1}})
		i += n
	}
	// A marker with a single key: the citation covers the whole marker.
	if k := len(out); k > 0 && (k == 1 || out[k-2].Marker != marker) && out[k-1].Marker == marker {
		out[k-1].Span = marker
	}
	return out
}

// appendREF splits [REF|d_1|d_2] (pydantic-ai-provenance) into keys. In
// tables authors must escape the pipes as \|, which is accepted too.
func appendREF(content []byte, cstart int, marker model.Span, out []forms.Candidate) []forms.Candidate {
	i := 3
	first := len(out)
	for i < len(content) {
		if content[i] == '\\' {
			i++
		}
		if i < len(content) && content[i] == '|' {
			i++
		}
		s := i
		for i < len(content) && content[i] != '|' && !(content[i] == '\\' && i+1 < len(content) && content[i+1] == '|') {
			i++
		}
		key := bytes.TrimSpace(content[s:i])
		if len(key) == 0 {
			continue
		}
		lead := bytes.Index(content[s:i], key)
		sp := model.Span{Start: cstart + s + lead, End: cstart + s + lead + len(key)}
		out = append(out, forms.Candidate{Citation: model.Citation{Kind: model.KindKey, Scheme: model.SchemeREF, Span: sp, Marker: marker, Label: string(key), Claim: -1, Ref: -1}})
	}
	if len(out) == first+1 {
		out[first].Span = marker
	}
	return out
}

// appendSources handles [SOURCE_3] and [SOURCE_1, SOURCE_2].
func appendSources(content []byte, cstart int, marker model.Span, out []forms.Candidate) []forms.Candidate {
	first := len(out)
	for off := 0; off < len(content); {
		j := bytes.IndexByte(content[off:], ',')
		if j < 0 {
			j = len(content) - off
		}
		part := content[off : off+j]
		lead := len(part) - len(bytes.TrimLeft(part, " "))
		part = bytes.TrimSpace(part)
		if !walk.HasPrefixFold(part, "SOURCE_") || !walk.IsDigits(part[7:]) {
			return out[:first]
		}
		s := cstart + off + lead
		out = append(out, forms.Candidate{Citation: model.Citation{Kind: model.KindKey, Scheme: model.SchemeSource, Span: model.Span{Start: s, End: s + len(part)}, Marker: marker, Label: string(part[7:]), Claim: -1, Ref: -1}})
		off += j + 1
	}
	if len(out) == first+1 {
		out[first].Span = marker
	}
	return out
}

// scanBareKeys finds pandoc's narrative @key form, for keys the bibliography
// knows. An @key inside a bracket marker ("[@a; @b]", in order in
// brackets) is that marker's, not a narrative citation of its own.
func (w *Scanner) scanBareKeys(text []byte, base int, brackets []forms.Candidate, out []forms.Candidate) []forms.Candidate {
	k := 0
	for i := 0; i < len(text); i++ {
		// '@' is rare in prose: find it with IndexByte, not byte by byte
		// (this loop was 3% of a run's instructions).
		at := bytes.IndexByte(text[i:], '@')
		if at < 0 {
			break
		}
		i += at
		if i > 0 && !(text[i-1] == ' ' || text[i-1] == '(' || text[i-1] == '\t') {
			continue
		}
		for k < len(brackets) && brackets[k].Marker.End <= base+i {
			k++
		}
		if k < len(brackets) && brackets[k].Marker.Start <= base+i {
			continue
		}
		n := keyLen(text[i+1:])
		if n == 0 {
			continue
		}
		key := string(bytes.Trim(text[i+1:i+1+n], "{}"))
		if !w.knownKey(key) && !(w.pandoc && len(w.doc.Bibliography) > 0 && narrativeKey(text[i+1:i+1+n])) {
			continue
		}
		sp := model.Span{Start: base + i, End: base + i + 1 + n}
		out = append(out, forms.Candidate{Citation: model.Citation{Kind: model.KindPandoc, Scheme: "narrative", Span: sp, Marker: sp, Label: key, Claim: -1, Ref: -1}})
		i += n
	}
	return out
}

// gluedAbbrev are words after which ".2" is a figure or section number, not a citation.
// It is not internal/sentence's abbreviation table and must not become it:
// that table says whether a full stop followed by a space ends a sentence,
// this one whether digits glued to the stop ("Fig.2", "v.3", "ver.2") are a
// number of the word's; "v" and "ver" are no sentence abbreviations, and
// "e.g." or "Dr." glue no number.
var gluedAbbrev = map[string]bool{"fig": true, "figs": true, "eq": true, "eqs": true, "no": true, "vol": true, "p": true, "pp": true, "sec": true, "ch": true, "ver": true, "v": true}

// isGluedAbbrev reports gluedAbbrev[strings.ToLower(string(w))] for an
// ASCII word w, without the strings (the longest abbreviation has 4 letters).
func isGluedAbbrev(w []byte) bool {
	if len(w) > 4 {
		return false
	}
	var b [4]byte
	for k, c := range w {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[k] = c
	}
	return gluedAbbrev[string(b[:len(w)])]
}

// terms finds the terminators '.', '!' and '?' in one text, a cursor each:
// full stops are far apart and the others rare, so IndexByte finds them
// faster than a loop over every byte.
type terms struct {
	cur  [3]bytecursor.Cursor
	from int // the last offset asked for
	used bool
}

// next returns the offset of the first terminator at or after i in text,
// or len(text). The text must stay the same from one call to the next.
func (t *terms) next(text []byte, i int) int {
	if !t.used || i < t.from {
		// New, or asked for an earlier offset: the cursors start over.
		t.cur, t.used = [3]bytecursor.Cursor{bytecursor.New('.'), bytecursor.New('!'), bytecursor.New('?')}, true
	}
	t.from = i
	return min(t.cur[0].Next(text, i), t.cur[1].Next(text, i), t.cur[2].Next(text, i))
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// scanGlued finds numbers glued to a sentence end as Gemini exports write
// citations: "…the brain.13 Next", "…text.1, 2". Decimals (3.5), versions
// (v1.2) and years (4 digits) never match; the candidates are kept only if
// the document has a numbered reference list (checked in collectCitations).
func scanGlued(text []byte, base int, out []forms.Candidate) []forms.Candidate {
	var t terms
	return scanGluedWith(&t, text, 0, text, base, out)
}

// scanGluedWith is scanGlued(text, base, out) for text = src[at:...],
// finding terminators with t in src: scanProse keeps one t for the whole
// source, so that a '!' or '?' absent from it is searched for once, not in
// every prose range. Unlike scanGlued it reads what precedes a terminator
// in src, before text if need be: a range that starts with ".4" follows an
// image or a link ("![][img].4").
func scanGluedWith(t *terms, src []byte, at int, text []byte, base int, out []forms.Candidate) []forms.Candidate {
	for i := 0; i+1 < len(text); i++ {
		i = t.next(src, at+i) - at
		if i+1 >= len(text) {
			break
		}
		// A digit must follow, maybe after a quote or parenthesis: most
		// full stops fail this, so it goes before the other tests.
		if k := i + 1; !isDigit(text[k]) && !((text[k] == '"' || text[k] == ')') && k+1 < len(text) && isDigit(text[k+1])) {
			continue
		}
		// What precedes the terminator: a letter, ')', ']', '"', quote or '%', never a digit.
		// It is read in src, not text: a text that starts with the
		// terminator follows an inline node ("![][image4].4", "[a](u).4").
		g := at + i
		r, _ := utf8.DecodeLastRune(src[:g])
		if !(unicode.IsLetter(r) || strings.ContainsRune(")]\"'”’%*", r)) {
			continue
		}
		if unicode.IsLetter(r) {
			ws := g
			for ws > 0 && src[ws-1] < 0x80 && unicode.IsLetter(rune(src[ws-1])) {
				ws--
			}
			if isGluedAbbrev(src[ws:g]) {
				continue
			}
		}
		j := i + 1
		// Optional closing quote between the terminator and the number.
		if j < len(text) && (text[j] == '"' || text[j] == ')') {
			j++
		}
		start := j
		var items []model.Span
		for {
			s := j
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			if j-s < 1 || j-s > 3 {
				items = nil
				break
			}
			items = append(items, model.Span{Start: s, End: j})
			if j+1 < len(text) && text[j] == ',' && (text[j+1] >= '0' && text[j+1] <= '9' || text[j+1] == ' ' && j+2 < len(text) && text[j+2] >= '0' && text[j+2] <= '9') {
				j++
				if text[j] == ' ' {
					j++
				}
				continue
			}
			break
		}
		if len(items) == 0 {
			continue
		}
		// The number must end the word: whitespace, end of text, or a marker after it.
		if j < len(text) {
			r, _ := utf8.DecodeRune(text[j:])
			if !(unicode.IsSpace(r) || r == '[' || r == '*') {
				continue
			}
		}
		marker := model.Span{Start: base + start, End: base + j}
		for _, it := range items {
			sp := model.Span{Start: base + it.Start, End: base + it.End}
			if len(items) == 1 {
				sp = marker
			}
			out = append(out, forms.Candidate{Glued: true, Citation: model.Citation{Kind: model.KindNumeric, Scheme: "glued", Span: sp, Marker: marker, Label: string(text[it.Start:it.End]), Claim: -1, Ref: -1}})
		}
		i = j - 1
	}
	return out
}

// matchBracket returns the index of the ']' closing the '[' at src[open],
// honouring nesting, backslash escapes and code spans, or -1.
func matchBracket(src []byte, open int) int {
	depth := 0
	for i := open; i < len(src) && i < open+4096; i++ {
		switch src[i] {
		case '\\':
			i++
		case '`':
			j := i
			for j < len(src) && src[j] == '`' {
				j++
			}
			if k := bytes.Index(src[j:min(len(src), j+4096)], src[i:j]); k >= 0 {
				i = j + k + (j - i) - 1
			}
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
