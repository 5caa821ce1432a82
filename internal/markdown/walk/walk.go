// Package walk holds what the walk over goldmark's AST (internal/markdown)
// records of a document's blocks for the passes after it: the reference
// lists (internal/markdown/reflist), the citation scheme and the claims.
package walk

import "github.com/citelint/citelint/internal/markdown/model"

// Block is a prose block to segment into claims: a paragraph, heading or
// table cell, with the context that decides whether its sentences are claims.
type Block struct {
	Span      model.Span
	Heading   bool
	ListItem  bool
	TableCell bool
	Quote     bool
	InRefs    bool // inside a footnote or link definition body
	Section   int  // nearest heading index
	List      int  // innermost list holding the block (Document.Lists), or -1
	Depth     int  // list and quote nesting
	ID        int
}

// ListItem records an item of an ordered or bullet list, for reference
// sections written as lists.
type ListItem struct {
	Span    model.Span
	Ordinal int // 1-based number for ordered lists, 0 for bullets
	Depth   int
}
