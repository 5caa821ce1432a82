package project

import (
	"bytes"
	"path/filepath"
	"strings"
	"sync"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/safefile"
)

// Pandoc's implicit header references: in pandoc's Markdown a heading is a
// link definition of its own text, so "[Section header text]" and "[link
// text][Section header text]" link to it, and in a bookdown book or a
// Quarto project to a heading of any chapter (bookdown's manual links
// "[non-English books][Internationalization]" to a section three chapters
// on). In a pandoc-flavoured document (.Rmd, .qmd, or any document of
// such a book or project) a reference link whose label is the text of a
// heading of the document or of its book is therefore not a missing link
// definition: it resolves to that heading.

// Bounds on reading a book's headings: files, bytes a file, folder
// entries walked.
const (
	maxHeadingFiles   = 2000
	maxHeadingBytes   = 4 << 20
	maxHeadingEntries = 20000
)

// headingCache holds the heading texts of each book folder, read once.
type headingCache struct {
	mu sync.Mutex
	m  map[string]*headingSet
}

type headingSet struct {
	once sync.Once
	keys map[string]bool
}

// pandocFlavoured reports whether the document at path is read as pandoc
// reads it, and the folder of its book or project ("" for none) with the
// root its reads are confined to.
func (c *Cache) pandocFlavoured(opts Options, path string) (bool, string, *safefile.Root) {
	if c == nil || path == "-" {
		return false, "", nil
	}
	ext := strings.ToLower(filepath.Ext(path))
	flavoured := ext == ".rmd" || ext == ".qmd"
	root, err := c.rootFor(opts, path)
	if err != nil {
		return flavoured, "", nil
	}
	dir := c.projects.pandocProject(root, path)
	return flavoured || dir != "", dir, root
}

// pandocProject returns the folder of the nearest bookdown book holding
// the document at docPath (as a chapter or its index.Rmd), or else of the
// nearest Quarto project, or "".
func (p *projectCache) pandocProject(root *safefile.Root, docPath string) string {
	abs, chain := p.chain(root, docPath)
	for _, db := range chain {
		if b := db.bookdown; b != nil && (abs == b.path || b.chapter(abs)) {
			return b.dir
		}
		if db.bookdownYML && strings.EqualFold(filepath.Ext(abs), ".rmd") && db == chain[0] {
			return filepath.Dir(abs) // a book whose index.Rmd is not there
		}
		if db.quarto != nil {
			return filepath.Dir(db.quarto.path)
		}
	}
	return ""
}

// bookHeadings returns the link keys of the headings of the Markdown, R
// Markdown and Quarto files under dir, read once a run through root.
func (c *Cache) bookHeadings(root *safefile.Root, dir string) map[string]bool {
	h := &c.headings
	h.mu.Lock()
	if h.m == nil {
		h.m = map[string]*headingSet{}
	}
	key := root.Dir() + "\x00" + dir
	s, ok := h.m[key]
	if !ok {
		s = &headingSet{}
		h.m[key] = s
	}
	h.mu.Unlock()
	s.once.Do(func() {
		s.keys = map[string]bool{}
		walkProject(dir, []string{"_book", "_site", "_freeze"}, []string{".md", ".rmd", ".qmd"}, maxHeadingEntries, maxHeadingFiles, func(p string) {
			src, err := root.ReadFile(p, maxHeadingBytes)
			if err != nil {
				return
			}
			for _, t := range atxHeadings(src) {
				s.keys[resolve.LinkKey(t)] = true
			}
		})
	})
	return s.keys
}

// atxHeadings returns the texts of the ATX headings of src outside fenced
// code, without their closing hashes and pandoc attributes ("{#id}").
func atxHeadings(src []byte) []string {
	var out []string
	var f codeFence
	for line := range bytes.Lines(src) {
		line = bytes.TrimSuffix(line, []byte("\n"))
		if f.line(line) != textLine {
			continue
		}
		t := bytes.TrimSpace(line)
		if len(line) == 0 || line[0] != '#' {
			continue
		}
		n := 0
		for n < len(t) && t[n] == '#' {
			n++
		}
		if n > 6 || n == len(t) || t[n] != ' ' && t[n] != '\t' {
			continue
		}
		text := bytes.TrimSpace(t[n:])
		if i := bytes.LastIndexByte(text, '{'); i >= 0 && bytes.HasSuffix(text, []byte("}")) {
			text = bytes.TrimSpace(text[:i])
		}
		text = bytes.TrimSpace(bytes.TrimRight(text, "#"))
		if len(text) > 0 {
			out = append(out, string(text))
		}
	}
	return out
}

// ResolveHeadingRefs resolves a pandoc-flavoured document's
// implicit header references (resolveHeadingRefs): to its own headings,
// and in a book or project to its chapters'.
func ResolveHeadingRefs(doc *markdown.Document, bibs *Cache, opts Options, path string) {
	ok, dir, root := bibs.pandocFlavoured(opts, path)
	if !ok {
		return
	}
	var book func() map[string]bool
	if dir != "" { // a project's folder, found through root
		book = func() map[string]bool { return bibs.bookHeadings(root, dir) }
	}
	resolveHeadingRefs(doc, book)
}

// HasUnresolvedRefLink reports whether doc has a reference link that no
// definition resolved: the only citations resolveHeadingRefs looks at.
func HasUnresolvedRefLink(doc *markdown.Document) bool {
	for i := range doc.Citations {
		if c := &doc.Citations[i]; c.Kind == markdown.KindRefLink && c.Status == markdown.Unresolved {
			return true
		}
	}
	return false
}

// resolveHeadingRefs resolves the reference links of a pandoc-flavoured
// document that no link definition resolved and whose label is the text
// of a heading of the document or, in a book or project, of any of its
// chapters (read through root).
func resolveHeadingRefs(doc *markdown.Document, bookKeys func() map[string]bool) {
	var own map[string]bool
	var book map[string]bool
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.Kind != markdown.KindRefLink || c.Status != markdown.Unresolved {
			continue
		}
		if own == nil {
			own = map[string]bool{}
			for _, h := range doc.Headings {
				for _, t := range atxHeadings([]byte("# " + h.Text)) {
					own[resolve.LinkKey(t)] = true
				}
			}
		}
		k := resolve.LinkKey(c.Label)
		if !own[k] {
			if book == nil && bookKeys != nil {
				book = bookKeys()
			}
			if !book[k] {
				continue
			}
		}
		c.Status, c.Target = markdown.Resolved, "#"+c.Label
	}
}
