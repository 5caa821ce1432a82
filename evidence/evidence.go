// Package evidence finds the text of what a citation cites, for the
// claim-support rules (low-overlap, number-mismatch). In order:
//
//  1. the source store (--sources): the text a RAG pipeline retrieved;
//  2. a bibliography entry's abstract;
//  3. a local file the reference points to by a relative path (.md, .txt,
//     .html), read from disk next to the document: a regular file that
//     resolves, after symbolic links, inside the project root and not
//     under .git (the document may come from an untrusted pull request,
//     and the rules quote what they read);
//  4. with network lookups on, the registry abstract of the reference's
//     DOI or arXiv id (Crossref, DataCite, arXiv), else the readable text of
//     its web page.
//
// A reference with none of these has no evidence: the rules count it as
// unverified and never report it as unsupported.
package evidence

import (
	"io"
	"path/filepath"
	"strings"
	"sync"

	"github.com/citelint/citelint/internal/safefile"
	"github.com/citelint/citelint/markdown"
	"github.com/citelint/citelint/resolve"
	"github.com/citelint/citelint/sources"
)

// Lookups are the network answers the finder may use (rules.Lookups
// satisfies it).
type Lookups interface {
	Metadata(doi string) (resolve.Lookup, bool)
	ArXiv(id string) (resolve.Lookup, bool)
	PageText(url string) (resolve.Lookup, bool)
}

// Finder finds evidence text. It is safe for concurrent use.
type Finder struct {
	// Lookups, when set, supplies abstracts and page text.
	Lookups Lookups
	// ReadLocal reads files referenced by relative paths.
	ReadLocal bool
	// Root is the project root local files must resolve inside; "" is
	// the project root of the working directory (safefile.FindRoot).
	Root string

	mu      sync.Mutex
	files   map[string]string
	root    *safefile.Root
	rootErr error
}

// maxLocal caps what is read of a local source file; larger ones are
// truncated.
const maxLocal = 1 << 20

// Text returns the text of the work r stands for and where it came from
// ("source store", "bibliography abstract", "file docs/x.md", "Crossref
// abstract", "web page"), or "" when there is none. docPath is the citing
// document's path, for relative links.
func (f *Finder) Text(docPath string, r *markdown.Reference) (text, from string) {
	switch r.Kind {
	case markdown.RefSource:
		if strings.TrimSpace(r.Text) != "" {
			return r.Text, "source store"
		}
	case markdown.RefBibliography:
		if r.Abstract != "" {
			return r.Abstract, "bibliography abstract"
		}
	}
	if f.ReadLocal && r.URL != "" && docPath != "" && docPath != "-" {
		if t, p := f.local(docPath, r.URL); t != "" {
			return t, "file " + filepath.ToSlash(p)
		}
	}
	if f.Lookups == nil {
		return "", ""
	}
	if r.DOI != "" {
		if l, ok := f.Lookups.Metadata(r.DOI); ok && l.Verdict == resolve.OK && l.Record != nil && l.Record.Abstract != "" {
			return l.Record.Abstract, "registry abstract"
		}
	}
	if r.ArXiv != "" {
		if l, ok := f.Lookups.ArXiv(r.ArXiv + r.ArXivVersion); ok && l.Verdict == resolve.OK && l.Record != nil && l.Record.Abstract != "" {
			return l.Record.Abstract, "arXiv abstract"
		}
	}
	if r.URL != "" && strings.Contains(r.URL, "://") {
		if l, ok := f.Lookups.PageText(r.URL); ok && l.Verdict == resolve.OK && strings.TrimSpace(l.Text) != "" {
			return l.Text, "web page"
		}
	}
	return "", ""
}

// local reads the file a relative link names, once per run.
func (f *Finder) local(docPath, link string) (text, path string) {
	if strings.Contains(link, "://") || strings.HasPrefix(link, "/") || strings.HasPrefix(link, "#") {
		return "", ""
	}
	if i := strings.IndexAny(link, "#?"); i >= 0 {
		link = link[:i]
	}
	ext := strings.ToLower(filepath.Ext(link))
	if ext != ".md" && ext != ".markdown" && ext != ".txt" && ext != ".html" && ext != ".htm" {
		return "", ""
	}
	p := filepath.Join(filepath.Dir(docPath), filepath.FromSlash(link))
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.files == nil {
		f.files = map[string]string{}
	}
	if t, ok := f.files[p]; ok {
		return t, p
	}
	t, _ := f.readLocal(p, ext)
	f.files[p] = t
	return t, p
}

// readLocal reads at most maxLocal bytes of the file p, which must be a
// regular file inside the root. f.mu is held.
func (f *Finder) readLocal(p, ext string) (string, error) {
	if f.root == nil && f.rootErr == nil {
		f.root, f.rootErr = safefile.ProjectRoot(f.Root)
	}
	if f.rootErr != nil {
		return "", f.rootErr
	}
	file, err := f.root.Open(p)
	if err != nil {
		return "", err
	}
	defer file.Close()
	b, err := io.ReadAll(io.LimitReader(file, maxLocal))
	if err != nil {
		return "", err
	}
	if ext == ".html" || ext == ".htm" {
		return sources.HTMLText(b), nil
	}
	return string(b), nil
}
