// Package model is citelint's document model: the claims (sentences) a
// document makes, the citations it writes, and the references those
// citations may point at, each with exact byte offsets, and the citation
// scheme the document follows. Package markdown builds it (Parse) and
// names every type here under its own name (markdown.Document...), so that
// its callers need not import this package.
package model

import (
	"bytes"
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// Span is a byte range [Start, End) of the file as read (BOM included).
type Span struct{ Start, End int }

// Len returns the number of bytes in the span.
func (s Span) Len() int { return s.End - s.Start }

// Contains reports whether offset off lies inside the span.
func (s Span) Contains(off int) bool { return off >= s.Start && off < s.End }

// CitationKind names a citation style. String returns the stable names
// that `citelint extract --format json` prints ("numeric", "pandoc"...),
// and it marshals as that name. It is a small integer, not a string: a
// document may hold a million citations (docs/security.md, memory).
// Signed, so that go vet's stringintconv flags a string(kind) conversion,
// which would make one rune of it.
type CitationKind int8

const (
	KindNumeric    CitationKind = iota + 1 // "numeric": [1], [1, 2], [1-3], glued .13
	KindFootnote                           // "footnote": [^note]
	KindRefLink                            // "reference-link": [text][label], [label] with a definition
	KindLink                               // "link": [text](url)
	KindURL                                // "url": bare or autolinked URL
	KindDOI                                // "doi": 10.x/y, doi:, https://doi.org/
	KindArXiv                              // "arxiv": arXiv:2411.04368, arxiv.org/abs/...
	KindAuthorYear                         // "author-year": (Smith, 2020), Smith et al. (2020)
	KindPandoc                             // "pandoc": [@key], @key
	KindMyST                               // "myst": {cite}`key`
	KindKey                                // "key": [id:x], [REF|a|b], [SOURCE_3], 【3†source】, citeturn0search1
	// KindNamed ("named") names its source in words: "[World Bank, 2022]",
	// "(per the Q2 2022 10-Q)". Scheme says which ("bracket", "attribution").
	KindNamed
)

var kindNames = [...]string{
	KindNumeric: "numeric", KindFootnote: "footnote", KindRefLink: "reference-link",
	KindLink: "link", KindURL: "url", KindDOI: "doi", KindArXiv: "arxiv",
	KindAuthorYear: "author-year", KindPandoc: "pandoc", KindMyST: "myst",
	KindKey: "key", KindNamed: "named",
}

// String returns the kind's stable name, "" for the zero CitationKind.
func (k CitationKind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return ""
}

// MarshalText writes the kind's name, so that JSON shows "numeric", as it
// did when CitationKind was a string.
func (k CitationKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name; "" is the zero CitationKind.
func (k *CitationKind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if n == string(b) {
			*k = CitationKind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown citation kind %q", b)
}

// Key schemes: which RAG convention a KindKey citation was written in.
const (
	SchemeID     = "id"     // [id:abc]
	SchemeREF    = "REF"    // [REF|d_1|d_2]
	SchemeSource = "SOURCE" // [SOURCE_3]
	SchemeCJK    = "cjk"    // 【3†source】
	SchemeTurn   = "turn"   // citeturn0search1: a chat tool's call, internal/markdown/forms
	// SchemeRST is a KindFootnote written as reStructuredText: "[1]_",
	// "[Lee94]_", "[#]_" citing ".. [1] text" (internal/markdown/reflist/rst.go).
	SchemeRST = "rst"
	// KindNamed's schemes.
	SchemeNamedBracket = "bracket"     // [World Bank, 2022]
	SchemeAttribution  = "attribution" // (per the Q2 2022 10-Q)
	SchemeNote         = "note"        // the label of a line "Sources: IEA; BNEF"
	SchemeTitle        = "title"       // In “Siren's Song in the AI Ocean”, the authors...
)

// Status says how far resolution got for a citation.
type Status int8

const (
	// Unresolved: the label was looked up and nothing matched.
	Unresolved Status = iota
	// Resolved: the label matched a reference, or the citation names its own target (a URL, DOI...).
	Resolved
	// Unchecked: there was nothing to look the label up in (no bibliography, no source store).
	Unchecked
)

func (s Status) String() string {
	switch s {
	case Resolved:
		return "resolved"
	case Unchecked:
		return "unchecked"
	}
	return "unresolved"
}

// Citation is one cited label. A marker holding several labels ([1, 2],
// [REF|a|b], a range [4-6]) yields one Citation per label, sharing Marker.
type Citation struct {
	// Span covers this citation alone: the whole marker when it holds one
	// label, otherwise this label inside it (for a range, the range text).
	Span
	// Marker is the whole marker as written: "[1, 2]", "(Smith, 2020; Lee 2019)".
	Marker Span
	// Label is the label or key as written ("1", "note", "smith2020",
	// "doi:10.1/x", "d_1"), or for identifiers and links the identifier or URL.
	Label string
	// Scheme is the RAG key convention for KindKey (SchemeID...), and
	// "narrative" for author-year citations written Smith et al. (2020).
	Scheme string
	// ID is the normalised identifier a doi, arxiv, url or link citation names.
	ID string
	// more holds the fields few citations set (Problem, Author, Year):
	// nil for most, so that a citation-dense document's Citations stay
	// small (docs/security.md, memory).
	more *citationMore
	// Claim is the index in Document.Claims of the sentence the citation
	// supports, or -1. (Claim and Ref are int32, beside the small fields
	// below in one word: a document may hold a million citations, and a
	// file is at most 2 GB, docs/security.md, memory.)
	Claim int32
	// Ref is the index into Document.References, or -1 (filled by
	// package resolve).
	Ref int32
	// InReferences marks citations written inside a reference list, link
	// definition or footnote definition: they describe a reference rather
	// than cite one, and are not counted as citations.
	InReferences bool
	// InHeading and InQuote say that a citation outside reference lists
	// stands in a heading or a block quote: its sentence's Claim.Heading
	// and Claim.Quote, known also when sentences are not built
	// (Options.NoClaims).
	InHeading, InQuote bool
	// Kind is the citation's style. (It stands here, beside the flags and
	// Status, so that the small fields share one word.)
	Kind CitationKind

	// Filled by package resolve.
	Status Status
	Target string // the DOI, arXiv id, URL or bibliography key reached
}

// citationMore are the fields of a Citation that few set.
type citationMore struct {
	problem, author, year string
}

// withDetail returns c with Problem, Author and Year set to problem,
// author and year; a citation with none of them holds no detail.
func withDetail(c Citation, problem, author, year string) Citation {
	c.more = nil
	if problem != "" || author != "" || year != "" {
		c.more = &citationMore{problem, author, year}
	}
	return c
}

// SetDetail sets Problem, Author and Year on a citation that has none
// (the parser's, as it builds a citation); one with none of them set
// holds no detail.
func (c *Citation) SetDetail(problem, author, year string) {
	if problem != "" || author != "" || year != "" {
		c.more = &citationMore{problem, author, year}
	}
}

// Problem is non-empty when the identifier is malformed.
func (c *Citation) Problem() string {
	if c.more == nil {
		return ""
	}
	return c.more.problem
}

// Author is the author part of an author-year citation.
func (c *Citation) Author() string {
	if c.more == nil {
		return ""
	}
	return c.more.author
}

// Year is the year part of an author-year citation.
func (c *Citation) Year() string {
	if c.more == nil {
		return ""
	}
	return c.more.year
}

// SetProblem sets Problem (tests and callers that judge an identifier
// themselves). The detail is copied, not changed: copies of c keep theirs.
func (c *Citation) SetProblem(p string) {
	*c = withDetail(*c, p, c.Author(), c.Year())
}

// CopyCitation sets *dst, a zero Citation, to *src. It writes only the
// strings that are set: while the collector marks, every pointer written to
// the heap goes through a write barrier, and copying the whole struct pays
// for all eight strings where a citation typically has two or three.
// TestCopyCitation checks that it copies every field.
func CopyCitation(dst, src *Citation) {
	dst.Span, dst.Marker = src.Span, src.Marker
	dst.Claim, dst.InReferences, dst.Status, dst.Ref = src.Claim, src.InReferences, src.Status, src.Ref
	dst.InHeading, dst.InQuote, dst.Kind = src.InHeading, src.InQuote, src.Kind
	if src.Label != "" {
		dst.Label = src.Label
	}
	if src.Scheme != "" {
		dst.Scheme = src.Scheme
	}
	if src.ID != "" {
		dst.ID = src.ID
	}
	if src.more != nil {
		dst.more = src.more
	}
	if src.Target != "" {
		dst.Target = src.Target
	}
}

// SelfTarget returns the identifier a citation names by itself, as
// "doi:...", "arxiv:..." or a URL, or "" for citations that name a
// reference (numeric, footnote, keys...). Network checks look these up.
func (c *Citation) SelfTarget() string {
	switch c.Kind {
	case KindDOI:
		return "doi:" + c.ID
	case KindArXiv:
		return "arxiv:" + c.ID
	case KindURL, KindLink:
		if c.Target != "" {
			return c.Target
		}
		return c.ID
	}
	return ""
}

// RefKind says where a reference came from.
type RefKind string

const (
	RefEntry        RefKind = "entry"           // an item of a References / Sources section
	RefLinkDef      RefKind = "link-definition" // [label]: url
	RefFootnote     RefKind = "footnote"        // [^label]: text
	RefBibliography RefKind = "bibliography"    // a .bib or CSL-JSON entry (added by resolve)
	RefSource       RefKind = "source"          // a source-store record (added by resolve)
)

// Reference is something a citation can resolve to. An entry written
// under several labels ("[2] [33] [39] https://…") is one Reference a
// label, all sharing the entry's Span (SameEntry).
type Reference struct {
	Kind RefKind
	// Label as written: "1" for a numbered entry, the definition label, the
	// footnote label without '^', the bibliography key. Empty for an
	// unnumbered reference-list item.
	Label string
	// Span is the whole entry or definition; LabelSpan its label. Both are
	// zero for references loaded from other files (then Path and Line say where).
	Span      Span
	LabelSpan Span
	Path      string
	Line      int
	// Text is the entry's raw text after the label; Title its best guess at
	// the cited work's title.
	Text  string
	Title string
	// Identifiers the entry gives; DOI is preferred over ArXiv over URL as Target.
	DOI, ArXiv, ArXivVersion, URL string
	// Problems lists malformed identifiers found in the entry.
	Problems []IdentProblem
	// Section is the index in Document.Sections of the reference section
	// holding an entry, or -1.
	Section int
	// Template marks a link definition in a template's run of them (one
	// whose destination is a template action, "{{ git.tag }}", and those
	// after it): a definition once the page is expanded, plain text to
	// CommonMark until then. A template action's URL is not known here.
	Template bool
	// Year, Authors and Abstract are filled for bibliography references.
	Year     string
	Authors  []string
	Abstract string
}

// SameEntry reports whether r and o are one entry of a reference list
// written under several labels.
func (r *Reference) SameEntry(o *Reference) bool {
	return r.Kind == RefEntry && o.Kind == RefEntry && r.Span == o.Span && r.Span.End > r.Span.Start
}

// RST reports whether a footnote reference is a reST entry, ".. [label]".
func (r *Reference) RST(src []byte) bool {
	return r.Kind == RefFootnote && r.LabelSpan.End > r.LabelSpan.Start+1 && r.LabelSpan.Start+2 <= len(src) &&
		src[r.LabelSpan.Start] == '.' && src[r.LabelSpan.Start+1] == '.'
}

// IdentProblem is a malformed identifier inside a reference entry.
type IdentProblem struct {
	Span    Span
	Raw     string
	Kind    string
	Problem string
}

// Bracketed reports whether the reference's label is written in brackets
// in src ("[3] ...", "**[3]**"), a number the author chose, rather than
// as a Markdown ordered-list number ("3."), which restarts with every
// list.
func (r *Reference) Bracketed(src []byte) bool {
	s := r.LabelSpan.Start
	return s > 0 && s <= len(src) && src[s-1] == '['
}

// Target returns the reference's preferred identifier: DOI, then arXiv id,
// then URL, each prefixed by its kind ("doi:", "arxiv:") except URLs.
func (r *Reference) Target() string {
	switch {
	case r.DOI != "":
		return "doi:" + r.DOI
	case r.ArXiv != "":
		return "arxiv:" + r.ArXiv
	}
	return r.URL
}

// Link is where a reader finds the work the reference stands for: its
// URL when that is a web address, else its DOI at https://doi.org/, else
// its arXiv id (with the version cited) at https://arxiv.org/abs/; ""
// when it gives none of them.
func (r *Reference) Link() string {
	switch {
	case hasWebScheme(r.URL):
		return r.URL
	case r.DOI != "":
		return "https://doi.org/" + escapePath(r.DOI)
	case r.ArXiv != "":
		return "https://arxiv.org/abs/" + escapePath(r.ArXiv+r.ArXivVersion)
	}
	return ""
}

func hasWebScheme(u string) bool {
	return len(u) > 8 && (strings.EqualFold(u[:7], "http://") || strings.EqualFold(u[:8], "https://"))
}

// escapePath escapes an identifier for a URL's path, keeping its slashes.
func escapePath(id string) string {
	parts := strings.Split(id, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}

// Section is a reference list: a heading (or a bold or plain line) named
// References, Sources, Bibliography, Works cited, Notes, Citations,
// 参考文献, 参考资料 or 来源, and the blocks under it.
type Section struct {
	Title   string
	Heading Span
	Span    Span // from the heading to the end of the section
}

// Claim is one sentence of prose.
type Claim struct {
	Span
	// Block identifies the paragraph, heading or table cell holding the
	// sentence; sentences of one block share it (for paragraph scope).
	Block int
	// Context says what kind of block the sentence is in.
	Heading, ListItem, TableCell, Quote bool
	// Section is the index in Document.Headings of the nearest heading
	// above the sentence, or -1.
	Section int
	// Citations indexes Document.Citations attached to this sentence.
	Citations []int
	// List is the index in Document.Lists of the innermost list whose
	// item holds the sentence, or -1.
	List int
}

// List is a bulleted or numbered list, with what may introduce it: rules
// read a list's items together with their lead-in and closing item.
type List struct {
	// LeadIn is the paragraph right before the list in its container (a
	// nested list's: its item's own text), which may introduce it ("The
	// figures for 2023 [4]:"); empty when the list opens its container.
	LeadIn Span
	// Last is the list's last item; empty when that item holds a list
	// (its last line is the inner list's).
	Last Span
	// Parent is the index in Document.Lists of the list whose item holds
	// this one, or -1.
	Parent int
}

// Heading is an ATX or setext heading.
type Heading struct {
	Level int
	Span  Span
	Text  string
}

// Comment is an HTML comment <!-- ... -->, kept for suppression directives.
type Comment struct {
	Span Span
	// Text is what stands between <!-- and -->, trimmed.
	Text string
	// OwnLine is true when the comment is the only thing on its line(s).
	OwnLine bool
}

// Diagnostic is a problem with the document itself (for example front matter
// that is not valid YAML); it is reported but does not stop the lint.
type Diagnostic struct {
	Offset  int
	Message string
	// Kind names the problem for code that acts on it (DiagUnclosedFence).
	Kind string
}

// DiagUnclosedFence is the Kind of a code fence that is never closed.
const DiagUnclosedFence = "unclosed-fence"

// DiagParseGuard is the Kind of a diagnostic for input neutralised before
// parsing (package guard).
const DiagParseGuard = "parse-guard"

// DiagRenderedBibliography is the Kind of a bibliography an executable
// document (R Markdown, Quarto, Jupyter) names that is not there: running
// the document's code may write it (knitr::write_bib), so its absence is
// worth a note, not a warning.
const DiagRenderedBibliography = "rendered-bibliography"

// DiagUnreadable is the Kind of a file citelint could not read at all
// (I/O, binary, a notebook that is not JSON): the unreadable-file rule's,
// on a Document that holds nothing else.
const DiagUnreadable = "unreadable"

// DiagLFSPointer is the Kind of a Git LFS pointer in place of the file:
// its content was not fetched, which is no fault of the document, so
// unreadable-file makes it a note.
const DiagLFSPointer = "lfs-pointer"

// Document is the parsed model of one Markdown file.
// CodeBlock is a fenced or indented code block.
type CodeBlock struct {
	Span // its content, without the fences
	// Lang is where the first word of a fence's info string is, cut
	// before a space or '{' ("python", "console"); empty for an indented
	// block or a fence with no info string.
	Lang Span
}

type Document struct {
	Src []byte

	// FrontMatter is the YAML block at the top of the file, if any.
	FrontMatter Span
	// Bibliography lists the files the front matter's bibliography: key names.
	Bibliography []string
	// ProjectBibliography lists the files the document's book or project
	// names for all its documents (_quarto.yml, a bookdown book's
	// index.Rmd, a Jupyter Book's _config.yml, myst.yml), set by the
	// caller that read them (package lint).
	ProjectBibliography []string
	// BibliographySearched is set by package resolve when the document's
	// pandoc and MyST keys were looked up in bibliography entries (the
	// front matter's, the config's or the project's), so that a key found
	// nowhere is named for what it lacks: a bibliography entry.
	BibliographySearched bool

	Claims     []Claim
	Citations  []Citation
	References []Reference
	Sections   []Section
	Headings   []Heading
	Comments   []Comment
	// ImageRefs are labels used by reference-style images (![][img1]); they
	// keep link definitions in use without being citations.
	ImageRefs []string
	Lists     []List
	// CodeBlocks are the fenced and indented code blocks, in source order.
	// Citations are not read there, but a listing may point at a note
	// ("fd limit[2]: 16720").
	CodeBlocks []CodeBlock

	Diagnostics []Diagnostic

	// Scheme is how the document cites, decided from the whole document
	// (scheme.go); its counts are filled by Summarise, which package
	// resolve calls once citations are resolved.
	Scheme Scheme
}

// CitationsOf returns the citations attached to claim i.
func (d *Document) CitationsOf(i int) []*Citation {
	out := make([]*Citation, 0, len(d.Claims[i].Citations))
	for _, ci := range d.Claims[i].Citations {
		out = append(out, &d.Citations[ci])
	}
	return out
}

// ClaimText is sentence ci without its citation markers, each written as
// spaces: they are not part of what it claims (and their numbers would
// count as quantities). The claim-support rules score it; the editor
// server shows the same.
func (d *Document) ClaimText(ci int) string {
	cl := &d.Claims[ci]
	// The markers inside the sentence, in order: the text between them is
	// copied once, each marker written as spaces (one allocation: both
	// claim-support rules call this for every cited sentence).
	var marks [8]Span
	ms := marks[:0]
	for _, k := range cl.Citations {
		c := &d.Citations[k]
		m := c.Marker
		if c.Kind == KindAuthorYear && c.Scheme == "narrative" {
			// "Colorado (1971)": the name is the sentence's subject, only
			// the year in parentheses is the citation's mark.
			if i := bytes.IndexByte(d.Src[m.Start:m.End], '('); i > 0 {
				m.Start += i
			}
		}
		if lo, hi := max(m.Start, cl.Start), min(m.End, cl.End); lo < hi {
			ms = append(ms, Span{Start: lo, End: hi})
		}
	}
	slices.SortFunc(ms, func(a, b Span) int { return a.Start - b.Start })
	var b strings.Builder
	b.Grow(cl.End - cl.Start)
	pos := cl.Start
	for _, m := range ms {
		if m.Start > pos {
			b.Write(d.Src[pos:m.Start])
			pos = m.Start
		}
		if m.End > pos {
			for ; pos < m.End; pos++ {
				b.WriteByte(' ')
			}
		}
	}
	b.Write(d.Src[pos:cl.End])
	return b.String()
}
