// Package markdown turns Markdown bytes into citelint's document model: the
// claims (sentences) a document makes, the citations it writes, and the
// references those citations may point at, each with exact byte offsets.
//
// The package does no I/O: Parse takes bytes and returns a Document. Resolving
// citations against references, bibliographies and source stores is package
// resolve's job; rules read the resolved Document.
package markdown

import (
	"github.com/citelint/citelint/internal/markdown/guard"
	"github.com/citelint/citelint/internal/markdown/model"
)

// The document model is package model's (internal/markdown/model), so that
// the packages that build it (the reference lists, the citation scheme...)
// can share it below this one; its types and constants are named here too,
// and callers use these names.
type (
	Citation     = model.Citation
	CitationKind = model.CitationKind
	Claim        = model.Claim
	CodeBlock    = model.CodeBlock
	Comment      = model.Comment
	Diagnostic   = model.Diagnostic
	Document     = model.Document
	FormCount    = model.FormCount
	Heading      = model.Heading
	IdentProblem = model.IdentProblem
	List         = model.List
	RefKind      = model.RefKind
	Reference    = model.Reference
	Scheme       = model.Scheme
	Section      = model.Section
	SourceNote   = model.SourceNote
	Span         = model.Span
	Status       = model.Status
)

// Citation kinds.
const (
	KindNumeric    = model.KindNumeric
	KindFootnote   = model.KindFootnote
	KindRefLink    = model.KindRefLink
	KindLink       = model.KindLink
	KindURL        = model.KindURL
	KindDOI        = model.KindDOI
	KindArXiv      = model.KindArXiv
	KindAuthorYear = model.KindAuthorYear
	KindPandoc     = model.KindPandoc
	KindMyST       = model.KindMyST
	KindKey        = model.KindKey
	KindNamed      = model.KindNamed
)

// Key schemes: which RAG convention a KindKey citation was written in.
const (
	SchemeID           = model.SchemeID
	SchemeREF          = model.SchemeREF
	SchemeSource       = model.SchemeSource
	SchemeCJK          = model.SchemeCJK
	SchemeTurn         = model.SchemeTurn
	SchemeRST          = model.SchemeRST
	SchemeNamedBracket = model.SchemeNamedBracket
	SchemeAttribution  = model.SchemeAttribution
	SchemeNote         = model.SchemeNote
	SchemeTitle        = model.SchemeTitle
)

// How far resolution got for a citation.
const (
	Unresolved = model.Unresolved
	Resolved   = model.Resolved
	Unchecked  = model.Unchecked
)

// Where a reference came from.
const (
	RefEntry        = model.RefEntry
	RefLinkDef      = model.RefLinkDef
	RefFootnote     = model.RefFootnote
	RefBibliography = model.RefBibliography
	RefSource       = model.RefSource
)

// The Kinds of a Diagnostic.
const (
	DiagUnclosedFence        = model.DiagUnclosedFence
	DiagRenderedBibliography = model.DiagRenderedBibliography
	DiagUnreadable           = model.DiagUnreadable
	DiagParseGuard           = model.DiagParseGuard
	DiagLFSPointer           = model.DiagLFSPointer
)

// LineAt returns the line of src holding offset off, without its line
// feed: for a table cell's offset, its row (model.LineAt).
func LineAt(src []byte, off int) Span { return model.LineAt(src, off) }

// LastLine returns the last line of sp that is not blank, without the
// blanks and line ends after it (model.LastLine).
func LastLine(src []byte, sp Span) Span { return model.LastLine(src, sp) }

// TrimListMarker drops a list item's marker from the start of line
// (model.TrimListMarker).
func TrimListMarker(line []byte) []byte { return model.TrimListMarker(line) }

// FormOf names the form of a citation, as Scheme.Forms counts it (model.FormOf).
func FormOf(src []byte, c *Citation) string { return model.FormOf(src, c) }

// Guarded returns the bytes Parse hands goldmark for src: src itself, or a
// same-length copy with the BOM, front matter and the input guards'
// stretches blanked (guard.Guarded).
func Guarded(src []byte) []byte { return guard.Guarded(src) }
