package lint

import (
	"path/filepath"
	"sync"

	"github.com/citelint/citelint/bib"
	"github.com/citelint/citelint/internal/safefile"
	"github.com/citelint/citelint/markdown"
	"github.com/citelint/citelint/resolve"
)

// frontMatterBibliographies loads the bibliographies doc's front matter
// names (relative to the document at path) into a copy of env. Each one
// that cannot be read is a diagnostic naming it: its [@key] citations go
// unchecked, and the user must be told (issue 20, defect 11: a missing
// bibliography was silent). The files must resolve inside the project
// root, since the document may come from an untrusted pull request.
func frontMatterBibliographies(doc *markdown.Document, path string, env *resolve.Env, root string, bibs *bibCache) (*resolve.Env, []markdown.Diagnostic) {
	env = env.Clone()
	var diags []markdown.Diagnostic
	for _, b := range doc.Bibliography {
		p := b
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(path), p)
		}
		entries, err := bibs.load(root, p)
		if err != nil {
			msg := "bibliography: " + err.Error()
			if len(entries) == 0 {
				msg = "bibliography not read, so its citations are not checked: " + err.Error()
			}
			diags = append(diags, markdown.Diagnostic{Offset: doc.FrontMatter.Start, Message: msg})
		}
		if len(entries) > 0 {
			// A broken entry is skipped; the others still count.
			env.AddBibliography(p, entries)
		}
	}
	return env, diags
}

// bibCache loads each front-matter bibliography once per run.
type bibCache struct {
	mu sync.Mutex
	m  map[string]bibLoad

	rootDone bool
	root     *safefile.Root
	rootErr  error
}

type bibLoad struct {
	entries []bib.Entry
	err     error
}

// load loads the bibliography at path, which must resolve inside the
// project root root ("": the working directory's, see safefile.FindRoot).
func (c *bibCache) load(root, path string) ([]bib.Entry, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.rootDone {
		c.root, c.rootErr = safefile.ProjectRoot(root)
		c.rootDone = true
	}
	if c.rootErr != nil {
		return nil, c.rootErr
	}
	if l, ok := c.m[path]; ok {
		return l.entries, l.err
	}
	entries, err := bib.LoadIn(c.root, path)
	c.m[path] = bibLoad{entries, err}
	return entries, err
}
