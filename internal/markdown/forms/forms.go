// Package forms holds the citation forms of generators and styles that
// are not brackets of numbers: keys by name (forms.go: [id:x], [REF|a|b],
// tool markers), named sources and attributions, source notes, and
// author-year citations (authoryear.go). Each scanner appends the
// Candidates it finds in a prose range; the inline scanner
// (internal/markdown/inline) decides which are citations.
package forms

import (
	"bytes"
	"unicode"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/markdown/model"
	"github.com/citelint/citelint/internal/markdown/walk"
)

// The citation forms generators write besides numbers, footnotes, links
// and identifiers, as tables: teaching citelint a new export format's
// marker is a line here (and a golden in testdata/extract), not a new
// scanner. What each form resolves to is package resolve's.

// keyForms are the keys written "[name:value]" (and, where bare is set,
// "name:value" in running text): RAG pipelines' chunk and document ids,
// and PubMed ids. The name is matched case-insensitively; scheme is what
// Citation.Scheme says. A key with selfTarget names its work (a PubMed
// id), so it resolves with no source store.
var keyForms = []struct {
	name, scheme string
	bare         bool // also written without brackets, in running text
	selfTarget   string
}{
	{name: "id", scheme: model.SchemeID},
	{name: "source_id", scheme: "source_id", bare: true},
	{name: "doc_id", scheme: "doc_id", bare: true},
	{name: "chunk_id", scheme: "chunk_id", bare: true},
	{name: "passage_id", scheme: "passage_id", bare: true},
	{name: "uid", scheme: "uid", bare: true},
	{name: "doc", scheme: "doc"},
	{name: "chunk", scheme: "chunk"},
	{name: "source", scheme: "source"},
	{name: "ref", scheme: "ref"},
	{name: "cite", scheme: "cite"},
	{name: "pmid", scheme: "pmid", selfTarget: "pmid:"},
	{name: "pmcid", scheme: "pmcid", selfTarget: "pmcid:"},
}

// KeyFormOf returns the scheme of the key of keyForms, "name:value", that
// bracket content b holds, with the value; ok is false for none.
func KeyFormOf(b []byte) (scheme string, val []byte, ok bool) {
	k, val := keyFormOf(b)
	if k < 0 {
		return "", nil, false
	}
	return keyForms[k].scheme, val, true
}

// keyFormOf returns the index in keyForms of the key "name:value" that
// bracket content b holds, with the value, or -1.
func keyFormOf(b []byte) (int, []byte) {
	i := bytes.IndexByte(b, ':')
	if i <= 0 || i > 16 {
		return -1, nil
	}
	name, val := b[:i], bytes.TrimSpace(b[i+1:])
	if len(val) == 0 || len(val) > 120 || bytes.ContainsAny(val, " \t\n[]") || bytes.HasPrefix(val, []byte("//")) {
		return -1, nil
	}
	for k := range keyForms {
		if len(name) == len(keyForms[k].name) && walk.HasPrefixFold(name, keyForms[k].name) {
			return k, val
		}
	}
	return -1, nil
}

// BareKeysIn reports whether src may hold a bare key of keyForms: one
// pass over the document's colons (every bare key's name ends "id"), so
// that prose ranges are not scanned for them when it holds none. A search
// for each name cost a tenth of a run.
func BareKeysIn(src []byte) bool {
	for off := 0; ; {
		i := bytes.IndexByte(src[off:], ':')
		if i < 0 {
			return false
		}
		i += off
		if i >= 2 && src[i-1] == 'd' && src[i-2] == 'i' {
			return true
		}
		off = i + 1
	}
}

// ScanBareKeyForms finds the bare keys of keyForms in text: "source_id:123",
// "uid:a1b2#0", as a word of its own.
func ScanBareKeyForms(text []byte, base int, out []Candidate) []Candidate {
	for k, f := range keyForms {
		if !f.bare {
			continue
		}
		pat := []byte(f.name + ":")
		for off := 0; ; {
			i := bytes.Index(text[off:], pat)
			if i < 0 {
				break
			}
			i += off
			off = i + len(pat)
			if i > 0 && (isASCIILetter(text[i-1]) || isDigit(text[i-1]) || text[i-1] == '_') {
				continue
			}
			j := off
			for j < len(text) && j-off < 120 && !bytes.ContainsRune([]byte(" \t\n,;)]}\"'"), rune(text[j])) && text[j] < utf8.RuneSelf {
				j++
			}
			val := bytes.TrimRight(text[off:j], ".")
			if len(val) == 0 {
				continue
			}
			m := model.Span{Start: base + i, End: base + off + len(val)}
			// ident: inside a bracketed key ("[doc_id:a7]") the bracket is
			// the marker.
			out = append(out, Candidate{Ident: true, Citation: model.Citation{Kind: model.KindKey, Scheme: keyForms[k].scheme, Span: m, Marker: m, Label: string(val), Claim: -1, Ref: -1}})
			off = j
		}
	}
	return out
}

// Tool markers: ChatGPT's browsing and file tools write where a sentence's
// source came from as "citeturn9view0", "citeturn0search1turn0news3" or
// "filecite turn0file1", often wrapped in private-use characters
// (U+E200 cite U+E202 turn0search1 U+E201). They name the tool call, not
// a work: a citation, with nothing to resolve it against but a source
// store keyed the same way.
var toolMarkerLeads = [][]byte{[]byte("citeturn"), []byte("filecite"), []byte("\ue200cite"), []byte("\ue200filecite")}

// ToolMarkersIn reports whether src may hold a tool marker: the wrapping's
// private-use byte (0xEE, which no other script's UTF-8 starts with), or
// the plain lead.
func ToolMarkersIn(src []byte) bool {
	// One search for a plain lead (about half a nanosecond a byte; a
	// Horspool search measured no faster): "filecite" comes with "turn"
	// ids wrapped in the private-use characters when it comes at all.
	return bytes.IndexByte(src, 0xEE) >= 0 || bytes.Contains(src, []byte("citeturn"))
}

// ScanToolMarkers finds tool markers in text: each "turnNkindM" of a
// marker is one citation (Scheme "turn"), the marker spanning the whole
// run with its private-use wrapping.
func ScanToolMarkers(text []byte, base int, out []Candidate) []Candidate {
	// next[k] is where lead k next occurs at or after off (len(text):
	// nowhere), searched again only once off passes it: a search per
	// marker for a lead the text lacks was quadratic.
	var next [4]int
	for k := range next {
		next[k] = -1
	}
	for off := 0; off < len(text); {
		i, lead := -1, 0
		for k, l := range toolMarkerLeads {
			if next[k] < off {
				next[k] = len(text)
				if p := bytes.Index(text[off:], l); p >= 0 {
					next[k] = off + p
				}
			}
			if next[k] < len(text) && (i < 0 || next[k] < i) {
				i, lead = next[k], len(l)
			}
		}
		if i < 0 {
			break
		}
		j := i + lead
		if bytes.HasSuffix(text[i:j], []byte("turn")) {
			j -= len("turn") // "citeturn9view0": the lead's "turn" is the first call's
		}
		first := len(out)
		for {
			for j < len(text) && (text[j] == ' ' || bytes.HasPrefix(text[j:], []byte("\ue202"))) {
				if text[j] == ' ' {
					j++
				} else {
					j += len("\ue202")
				}
			}
			n := turnLen(text[j:])
			if n == 0 {
				break
			}
			out = append(out, Candidate{Citation: model.Citation{Kind: model.KindKey, Scheme: model.SchemeTurn, Span: model.Span{Start: base + j, End: base + j + n}, Label: string(text[j : j+n]), Claim: -1, Ref: -1}})
			j += n
		}
		if bytes.HasPrefix(text[j:], []byte("\ue201")) {
			j += len("\ue201")
		}
		m := model.Span{Start: base + i, End: base + j}
		for k := first; k < len(out); k++ {
			out[k].Marker = m
		}
		if len(out) == first+1 {
			out[first].Span = m
		}
		off = max(j, i+1)
	}
	return out
}

// turnLen returns the length of "turn9view0" (turn, digits, a letter
// word, digits) at the start of b, or 0.
func turnLen(b []byte) int {
	if !bytes.HasPrefix(b, []byte("turn")) {
		return 0
	}
	i := 4
	d := i
	for i < len(b) && isDigit(b[i]) {
		i++
	}
	if i == d {
		return 0
	}
	w := i
	for i < len(b) && b[i] >= 'a' && b[i] <= 'z' {
		i++
	}
	if i == w {
		return 0
	}
	d = i
	for i < len(b) && isDigit(b[i]) {
		i++
	}
	if i == d {
		return 0
	}
	return i
}

// Named sources. Some generators cite by name: "[World Bank, 2022]",
// "[news (2023-08-25)]", "(per the Q2 2022 10-Q)", "(Source: IEA)". A
// bracket of words is everywhere in Markdown (link text, "[sic]",
// "[Optional]", shortcut links), so a named bracket is a candidate only
// where a citation stands (set apart from the words before it, ending its
// clause), and the document's citations are read so only when it writes
// two or more (inline.Scanner.CollectCitations): one form, used as a system.

// attributionLeads open a parenthesis that names its source. Matched at
// the parenthesis's start, ASCII case-insensitively.
var attributionLeads = []string{"per ", "source:", "sources:", "data from ", "citing ", "来源：", "来源:", "资料来源：", "資料來源：", "出典：", "출처:", "fuente:", "quelle:", "источник:", "Источник:"}

// attributionStart holds the first bytes of attributionLeads, in both
// cases.
var attributionStart = func() (t [256]bool) {
	for _, l := range attributionLeads {
		t[l[0]] = true
		if c := l[0]; c >= 'a' && c <= 'z' {
			t[c-'a'+'A'] = true
		}
	}
	return t
}()

// NamedBracket reports whether bracket content b, at src[start:end] with
// the brackets, reads as a named source: words (a name, perhaps a year or
// date), set apart from the text before it and ending a clause.
func NamedBracket(src []byte, b []byte, start, end int) bool {
	if len(b) < 3 || len(b) > 80 || bytes.IndexByte(b, '\n') >= 0 {
		return false
	}
	r, _ := utf8.DecodeRune(b)
	if !unicode.IsLetter(r) {
		return false
	}
	if bytes.ContainsAny(b, "`*_<>{}|=/\\:") {
		return false
	}
	// Not link syntax or a checkbox: "[text](url)", "[text][label]",
	// "[label]: url".
	if end < len(src) && (src[end] == '(' || src[end] == '[' || src[end] == ':') {
		return false
	}
	// Set apart: a space or a sentence's end before it.
	if start == 0 || !(src[start-1] == ' ' || src[start-1] == '.' || src[start-1] == ',') {
		return false
	}
	// Ending a clause: punctuation, a line's end, or another marker.
	if end < len(src) {
		c := src[end]
		if !(c == '.' || c == ',' || c == ';' || c == ')' || c == '\n' || c == '\r' || c == ' ' && end+1 < len(src) && (src[end+1] == '[' || src[end+1] == '\n') ||
			bytes.HasPrefix(src[end:], []byte("。")) || bytes.HasPrefix(src[end:], []byte("，"))) {
			return false
		}
	}
	// Part of the sentence, not after it: a placeholder the grammar needs
	// ("for [Product Name].", "at [Company]").
	if functionWordBefore(src, start-1) || placeholder(b) {
		return false
	}
	// A name holds a capital, a digit or CJK; "[sic]", "[edit]" do not.
	hasName := false
	for _, r := range string(b) {
		if unicode.IsUpper(r) || unicode.IsDigit(r) || r >= 0x3000 {
			hasName = true
			break
		}
	}
	return hasName && !notNamed[string(bytes.ToLower(b))]
}

// functionWordBefore reports whether the word ending at src[:end] (after
// spaces) is a preposition, article or conjunction: what follows it is a
// noun the sentence needs, not a citation after it.
func functionWordBefore(src []byte, end int) bool {
	for end > 0 && src[end-1] == ' ' {
		end--
	}
	k := end
	for k > 0 && isASCIILetter(src[k-1]) {
		k--
	}
	return k < end && functionWords[string(bytes.ToLower(src[k:end]))]
}

var functionWords = map[string]bool{"a": true, "an": true, "the": true, "for": true, "of": true, "to": true, "in": true, "at": true,
	"by": true, "with": true, "from": true, "on": true, "and": true, "or": true, "as": true, "about": true, "into": true,
	"is": true, "are": true, "was": true, "be": true, "your": true, "our": true, "their": true, "its": true, "this": true, "that": true}

// placeholder reports whether bracket content is a template's blank:
// "[Company Name]", "[Insert date]", "[Your Title]", "[XX]".
func placeholder(b []byte) bool {
	l := append(bytes.ToLower(b), ']') // "date]": the blank ends with it
	for _, w := range [...]string{"name", "insert", "your ", "placeholder", "tbd", "xx", "specify", "date]", "todo"} {
		if bytes.Contains(l, []byte(w)) {
			return true
		}
	}
	return false
}

// notNamed are bracketed words that are editorial, not sources.
var notNamed = map[string]bool{"sic": true, "citation needed": true, "edit": true, "optional": true, "required": true,
	"deprecated": true, "beta": true, "experimental": true, "todo": true, "tbd": true, "note": true, "warning": true,
	"toc": true, "...": true, "…": true, "x": true}

// AttributionAt reports the length of a parenthesis at text[i] that names
// its source ("(per the Q2 2022 10-Q)", "（来源：国家统计局）"), or 0.
func AttributionAt(text []byte, i int) int {
	open, close := "(", byte(')')
	if bytes.HasPrefix(text[i:], []byte("（")) {
		open = "（"
	}
	rest := text[i+len(open):]
	if len(rest) == 0 || !attributionStart[rest[0]] {
		return 0 // most parentheses: no lead starts with their first byte
	}
	lead := false
	for _, l := range attributionLeads {
		if asciiPrefixFold(rest, l) {
			lead = true
			break
		}
	}
	if !lead {
		return 0
	}
	lim := rest[:min(len(rest), 160)]
	j := -1
	if open == "（" {
		j = bytes.Index(lim, []byte("）"))
		if j >= 0 {
			return len(open) + j + len("）")
		}
		return 0
	}
	j = bytes.IndexByte(lim, close)
	if j < 0 || bytes.IndexByte(lim[:j], '\n') >= 0 || bytes.IndexByte(lim[:j], '(') >= 0 {
		return 0
	}
	return len(open) + j + 1
}

// sourceNoteLeads start a line that gives the sources of the paragraph
// above it: "Sources: https://…", "Source: [IEA](…)", "来源：…". Matched
// after emphasis, ASCII case-insensitively.
var sourceNoteLeads = []string{"sources:", "source:", "sources -", "source -", "references:", "citations:", "来源：", "来源:", "资料来源：",
	"信息来源：", "数据来源：", "数据来源:", "主要来源：", "参考来源：", "數據來源：", "資料來源：", "主要來源：", "出典：", "출처:", "fuentes:", "fuente:", "quellen:", "quelle:", "источники:", "источник:", "Источники:", "Источник:", "fontes:", "fonte:"}

// asciiPrefixFold reports whether b starts with p, ASCII letters compared
// in either case (p is lower-case), other bytes as they are: every line
// of prose is asked, and strings.EqualFold folds runes.
func asciiPrefixFold(b []byte, p string) bool {
	if len(b) < len(p) {
		return false
	}
	for k := 0; k < len(p); k++ {
		c := b[k]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != p[k] {
			return false
		}
	}
	return true
}

// noteLeadsBy holds sourceNoteLeads by first byte.
var noteLeadsBy = func() (t [256][]string) {
	for _, l := range sourceNoteLeads {
		t[l[0]] = append(t[l[0]], l)
	}
	return t
}()

// noteLeadStart holds the first bytes of sourceNoteLeads, in both cases.
var noteLeadStart = func() (t [256]bool) {
	for _, l := range sourceNoteLeads {
		t[l[0]] = true
		if c := l[0]; c >= 'a' && c <= 'z' {
			t[c-'a'+'A'] = true
		}
	}
	return t
}()

// NoteLead returns the length of a source note's lead at the start of line
// ("Sources:", "**Source:**", "来源："): its label and colon, with
// emphasis; or 0. A fix that removes a note's only marker removes the lead
// with it.
func NoteLead(line []byte) int {
	i := 0
	for i < len(line) && (line[i] == '*' || line[i] == '_' || line[i] == ' ' || line[i] == '(') {
		i++
	}
	if i == len(line) || !noteLeadStart[line[i]] {
		return 0 // most lines: no lead starts with their first byte
	}
	c := line[i] | 0x20 // ASCII lower case; other lead bytes are not letters
	if line[i] >= utf8.RuneSelf {
		c = line[i]
	}
	for _, l := range noteLeadsBy[c] {
		if asciiPrefixFold(line[i:], l) {
			k := i + len(l)
			for k < len(line) && (line[k] == '*' || line[k] == '_') {
				k++
			}
			return k
		}
	}
	return 0
}

// Titles. Surveys name the work they draw on by its title in quotes ("In
// “Siren's Song in the AI Ocean”, the authors show…") as often as by a
// number. A quotation is a citation of that work when it is the title of
// an entry of the document's list, or when a word that introduces a work
// stands right before it ("In", "paper", "titled"...): what a reader can
// look up. Other quotations are quotations.

func isDigit(c byte) bool       { return '0' <= c && c <= '9' }
func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
