// Package project finds what a document's surroundings on disk say about
// it, for package lint's per-file path: the bibliographies its front
// matter names (bibload.go) and those of the book or project it is part
// of (books.go: Quarto, bookdown, Jupyter Book, MyST), a Manubot
// manuscript's manual references (manubot.go), and the headings of a
// pandoc book's other chapters, which its reference links may name
// (headingrefs.go). Every read is confined to the document's root
// (internal/safefile) and remembered for the run in a Cache.
package project

// Options say where the reads for a document are confined: lint.Options'
// Root and Dirs.
type Options struct {
	// Root is the project root: the bibliographies a document's front
	// matter names must resolve inside it. "" is the working directory's
	// project root (safefile.FindRoot).
	Root string
	// Dirs are the folders named on the command line: a document outside
	// the project root, found under one of them, has that folder (the
	// outermost holding it) as its root instead ("the directory given to
	// run").
	Dirs []string
}

// NewCache returns what one run learns of the files on disk: each
// bibliography, configuration and folder read once.
func NewCache() *Cache { return &Cache{m: map[string]bibLoad{}} }

// NewInMemoryCache is NewCache for a document held in memory (lint.Source:
// an editor's buffer, an agent's draft), whose path need not exist and is
// not the workflow's choice: its reads are confined to the project root,
// with no fallback to the folder the path names.
func NewInMemoryCache() *Cache { return &Cache{m: map[string]bibLoad{}, inMemory: true} }
