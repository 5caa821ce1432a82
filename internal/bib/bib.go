// Package bib reads bibliographies, BibTeX/BibLaTeX and CSL-JSON, so that
// pandoc [@key] and MyST {cite}`key` citations can be resolved and their
// DOIs, arXiv ids and URLs checked like any reference entry.
//
// The parsers are forgiving in the way users expect from pandoc and biber: a
// broken entry is reported with its file and line and skipped, and the
// entries around it are still returned.
package bib

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/citelint/citelint/internal/safefile"
)

// Entry is one bibliography record.
type Entry struct {
	Key, Type, Title string
	// Authors are family names as written ("Smith", "van der Berg",
	// "Müller"); a braced corporate name is one family name.
	Authors                                        []string
	Year, DOI, URL, ArXiv, ISBN, ISSN, PMID, PMCID string
	Container, Abstract                            string
	Line                                           int               // 1-based line where the entry starts
	Fields                                         map[string]string // every field, lower-case names, markup stripped
}

// Load reads a bibliography file, choosing the parser by extension. It
// reads regular files only, of at most safefile.MaxData bytes, so that a
// bibliography named /dev/zero is an error, not an exhausted memory.
func Load(path string) ([]Entry, error) {
	return LoadIn(nil, path)
}

// LoadIn is Load for a file that must resolve inside root (nil: anywhere),
// as a bibliography named by a document or a repository's config must.
func LoadIn(root *safefile.Root, path string) ([]Entry, error) {
	return LoadInContext(context.Background(), root, path)
}

// LoadInContext is LoadIn that stops when ctx ends (the run's --timeout):
// it then returns the entries read so far and an error naming the file
// and line reached, which wraps ctx.Err().
func LoadInContext(ctx context.Context, root *safefile.Root, path string) ([]Entry, error) {
	if err := checkFormat(path); err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, stopped(ctx, path, 0)
	}
	data, err := root.ReadFile(path, safefile.MaxData)
	if err != nil {
		return nil, err
	}
	return ParseContext(ctx, path, data)
}

// Parse parses data read from name, choosing the parser by its extension.
func Parse(name string, data []byte) ([]Entry, error) {
	return ParseContext(context.Background(), name, data)
}

// ParseContext is Parse that stops when ctx ends, as LoadInContext does.
func ParseContext(ctx context.Context, name string, data []byte) ([]Entry, error) {
	if err := checkFormat(name); err != nil {
		return nil, err
	}
	if strings.EqualFold(filepath.Ext(name), ".json") {
		return parseCSLJSON(ctx, name, data)
	}
	return parseBibTeX(ctx, name, data)
}

// checkFormat rejects a name whose extension no parser reads, before the
// file is read.
func checkFormat(name string) error {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".bib", ".bibtex", ".biblatex", ".json":
		return nil
	}
	return fmt.Errorf("%s: unknown bibliography format (want .bib or CSL .json)", name)
}

// normalizeDOI strips resolver prefixes; package ident does the full
// normalisation later, this keeps Entry.DOI free of URL noise.
func normalizeDOI(s string) string {
	s = strings.TrimSpace(s)
	l := strings.ToLower(s)
	for _, p := range []string{"https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:"} {
		if strings.HasPrefix(l, p) {
			return strings.TrimSpace(s[len(p):])
		}
	}
	return s
}

// arxivFromURL returns the id in an arxiv.org/abs|pdf URL.
func arxivFromURL(u string) string {
	// ASCII lower case keeps every byte where it was: strings.ToLower
	// turns an invalid byte into a 3-byte U+FFFD and shifts the index.
	l := asciiLower(u)
	for _, p := range []string{"arxiv.org/abs/", "arxiv.org/pdf/"} {
		if i := strings.Index(l, p); i >= 0 {
			id := u[i+len(p):]
			id = strings.TrimSuffix(id, ".pdf")
			return strings.TrimSuffix(id, "/")
		}
	}
	return ""
}

// asciiLower lower-cases ASCII letters only, so offsets in the result are
// offsets in s.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
