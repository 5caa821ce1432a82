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

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/safefile"
	"github.com/citelint/citelint/internal/sources"
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
	// Store, when set, is the source store (--sources): it supplies the
	// text of any reference that carries one of its ids (an entry's
	// label, DOI, arXiv id or URL), as director-ai's
	// sources={identifier: text} and citation-integrity-check's numbered
	// sources do.
	Store *sources.Store
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
	if src, ok := StoreSource(f.Store, r); ok {
		return src.Text, "source store"
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

// StoreSource finds the store's source for reference r by what r carries:
// a numbered entry's label ("1"), its DOI (as "10.x/y", "doi:10.x/y" or
// a doi.org URL), its arXiv id (with or without "arXiv:" and version), or
// its URL (with or without a trailing slash). Sources with no text are
// skipped.
func StoreSource(st *sources.Store, r *markdown.Reference) (sources.Source, bool) {
	if st == nil || st.Len() == 0 || r.Kind == markdown.RefSource {
		return sources.Source{}, false
	}
	var keys []string
	if r.Kind == markdown.RefEntry && r.Label != "" {
		keys = append(keys, r.Label)
	}
	if r.DOI != "" {
		keys = append(keys, r.DOI, "doi:"+r.DOI, "https://doi.org/"+r.DOI)
	}
	if r.ArXiv != "" {
		keys = append(keys, r.ArXiv, "arXiv:"+r.ArXiv, r.ArXiv+r.ArXivVersion, "arXiv:"+r.ArXiv+r.ArXivVersion)
	}
	if r.URL != "" {
		keys = append(keys, r.URL, strings.TrimSuffix(r.URL, "/"), r.URL+"/")
	}
	for _, k := range keys {
		if src, ok := st.Lookup(k); ok && strings.TrimSpace(src.Text) != "" {
			return src, true
		}
	}
	return sources.Source{}, false
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
