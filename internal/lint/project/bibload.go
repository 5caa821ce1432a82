package project

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/citelint/citelint/internal/bib"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/safefile"
)

// FrontMatterBibliographies loads the bibliographies doc's front matter
// names (relative to the document at path) into a copy of env. Each one
// that cannot be read is a diagnostic naming it: its [@key] citations go
// unchecked, and the user must be told (issue 20, defect 11: a missing
// bibliography was silent). The files must resolve inside the project
// root, since the document may come from an untrusted pull request.
// Reading stops when ctx ends (--timeout); the document is then not
// checked.
func FrontMatterBibliographies(ctx context.Context, doc *markdown.Document, path string, env *resolve.Env, opts Options, bibs *Cache) (*resolve.Env, []markdown.Diagnostic) {
	env = env.Clone()
	var diags []markdown.Diagnostic
	root, err := bibs.rootFor(opts, path)
	if err != nil {
		env.MarkBibliographyIncomplete()
		return env, []markdown.Diagnostic{{Offset: doc.FrontMatter.Start, Message: "bibliography not read, so its citations are not checked: " + err.Error()}}
	}
	for _, b := range doc.Bibliography {
		p, entries, err := bibs.find(ctx, root, path, b)
		if err != nil {
			msg := "bibliography: " + err.Error()
			if len(entries) == 0 {
				msg = "bibliography not read, so its citations are not checked: " + err.Error()
				if executable(path) && errors.Is(err, fs.ErrNotExist) {
					// knitr and Jupyter run code while rendering, and R
					// Markdown books write packages.bib that way
					// (knitr::write_bib): a key missing from the others may
					// be in it, so it is unchecked, not unresolvable. In
					// Markdown nothing writes it, and the keys stay errors
					// (a pull request cannot hide a bogus [@key] by naming
					// a file that does not exist).
					markRendered(env, p)
					if writesFile(doc.Src, filepath.Base(b)) || bibs.folderWrites(root, path, filepath.Base(b)) {
						// The document's own chunk, or a chunk of another
						// file of its folder (a book's references chapter),
						// writes it (knitr::write_bib(..., "packages.bib")):
						// nothing for its author to do. Its keys are still
						// counted as unchecked in the summary.
						continue
					}
					diags = append(diags, markdown.Diagnostic{Offset: doc.FrontMatter.Start, Kind: markdown.DiagRenderedBibliography,
						Message: msg + " (unless rendering writes it)"})
					continue
				}
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

// markRendered records in env that the bibliography at path is missing
// and rendering may write it: keys not found are unchecked, not
// unresolvable. knitr::write_bib writes packages.bib (bookdown's template
// names it next to book.bib) with keys "R-" and a package's name, so only
// such keys are unchecked for it; a typo in any other key is still
// reported.
func markRendered(env *resolve.Env, path string) {
	if strings.EqualFold(filepath.Base(path), "packages.bib") {
		env.MarkKeysIncomplete("R-")
		return
	}
	env.MarkBibliographyIncomplete()
}

// executable reports whether the document at path is rendered by running
// its code (R Markdown, Quarto, Jupyter), which may write its files.
func executable(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".rmd", ".qmd", ".ipynb":
		return true
	}
	return false
}

// Cache loads each bibliography once per run, and remembers the
// configuration files and folders it read (NewCache).
type Cache struct {
	// projects remembers the books' and projects' configuration files
	// (books.go).
	projects projectCache

	mu    sync.Mutex
	m     map[string]bibLoad
	roots map[string]*safefile.Root

	// inMemory is set for documents held in memory (Source: an editor's
	// buffer, an agent's draft), whose path need not exist and is not the
	// workflow's choice: their reads are confined to the project root,
	// with no fallback to the folder the path names.
	inMemory bool

	// manubot holds the Manubot manual reference files of each content
	// folder asked for (manubot.go).
	manubot map[string][]string

	// headings holds the heading texts of each pandoc book or project
	// (headingrefs.go).
	headings headingCache

	// dirRoots remembers rootFor's answer for the regular files of each
	// folder: resolving every folder of a document's path once per
	// document cost 7% of an offline run's CPU. A symbolic link is
	// resolved each time, as it may lead elsewhere.
	dirRoots map[string]*safefile.Root

	// writers remembers, per folder and file name, the folder's files
	// whose chunks write that file (folderWrites).
	writers map[string][]string
}

type bibLoad struct {
	entries []bib.Entry
	err     error
}

// rootFor returns the root the reads of the document at docPath are
// confined to: the project root when the document lies in it, else the
// outermost folder named on the command line that holds it, else the
// document's own folder.
func (c *Cache) rootFor(opts Options, docPath string) (*safefile.Root, error) {
	if c.inMemory {
		return c.findRoot(opts, docPath)
	}
	fi, err := os.Lstat(docPath)
	if err != nil || !fi.Mode().IsRegular() {
		return c.findRoot(opts, docPath)
	}
	// The answer depends on the options' roots too, should one cache serve
	// runs with others.
	dir := opts.Root + "\x00" + strings.Join(opts.Dirs, "\x00") + "\x00" + filepath.Dir(docPath)
	c.mu.Lock()
	r, ok := c.dirRoots[dir]
	c.mu.Unlock()
	if ok {
		return r, nil
	}
	r, err = c.findRoot(opts, docPath)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.dirRoots == nil {
		c.dirRoots = map[string]*safefile.Root{}
	}
	c.dirRoots[dir] = r
	c.mu.Unlock()
	return r, nil
}

// findRoot is rootFor without the per-folder memory.
func (c *Cache) findRoot(opts Options, docPath string) (*safefile.Root, error) {
	project, err := c.root(opts.Root, true)
	if err != nil {
		return nil, err
	}
	if project.Check(docPath) == nil {
		return project, nil
	}
	if c.inMemory {
		if err := project.Holds(docPath); err != nil {
			return nil, err
		}
		return project, nil
	}
	best := ""
	for _, d := range opts.Dirs {
		if r, err := c.root(d, false); err == nil && r.Check(docPath) == nil && (best == "" || len(r.Dir()) < len(best)) {
			best = d
		}
	}
	if best == "" {
		best = filepath.Dir(docPath)
	}
	return c.root(best, false)
}

// RootDir returns the folder of the root the document at docPath reads
// under, for naming files in messages ("" when there is none).
func (c *Cache) RootDir(opts Options, docPath string) string {
	r, err := c.rootFor(opts, docPath)
	if err != nil {
		return ""
	}
	return r.Dir()
}

// root returns the Root of dir, made once ("" with project: the working
// directory's project root).
func (c *Cache) root(dir string, project bool) (*safefile.Root, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	key := dir
	if project {
		key = "\x00project:" + dir
	}
	if r, ok := c.roots[key]; ok {
		return r, nil
	}
	var r *safefile.Root
	var err error
	if project {
		r, err = safefile.ProjectRoot(dir)
	} else {
		r, err = safefile.NewRoot(dir)
	}
	if err != nil {
		return nil, err
	}
	if c.roots == nil {
		c.roots = map[string]*safefile.Root{}
	}
	c.roots[key] = r
	return r, nil
}

// find loads the bibliography name, written in the front matter of the
// document at docPath. A relative name is looked for next to the document,
// then in each folder above it up to the root: pandoc reads it from where
// it runs, which for a manuscript built from its repository's root
// (manubot's output/manuscript.md names content/refs.json) is not the
// document's folder. It returns the path tried first when none is found.
func (c *Cache) find(ctx context.Context, root *safefile.Root, docPath, name string) (string, []bib.Entry, error) {
	if filepath.IsAbs(name) {
		entries, err := c.load(ctx, root, name)
		return name, entries, err
	}
	first := filepath.Join(filepath.Dir(docPath), name)
	entries, err := c.load(ctx, root, first)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return first, entries, err
	}
	top := root.Dir()
	dir, _ := filepath.Abs(filepath.Dir(docPath))
	dir = c.projects.realDir(dir)
	for dir != top && strings.HasPrefix(dir, top+string(filepath.Separator)) {
		dir = filepath.Dir(dir)
		p := filepath.Join(dir, name)
		if e, err := c.load(ctx, root, p); err == nil || !errors.Is(err, fs.ErrNotExist) {
			return p, e, err
		}
	}
	return first, entries, err
}

// load loads the bibliography at path, which must resolve inside root. A
// load that ctx cut short is not kept.
func (c *Cache) load(ctx context.Context, root *safefile.Root, path string) ([]bib.Entry, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	key := root.Dir() + "\x00" + path // one path may be inside one root and not another
	if l, ok := c.m[key]; ok {
		return l.entries, l.err
	}
	entries, err := bib.LoadInContext(ctx, root, path)
	if ctx.Err() != nil {
		return entries, err
	}
	if c.m == nil {
		c.m = map[string]bibLoad{}
	}
	c.m[key] = bibLoad{entries, err}
	return entries, err
}

// folderWrites reports whether a code chunk of another R Markdown or
// Quarto file in the folder of the document at docPath writes the file
// name, as bookdown's references chapter writes the packages.bib that
// index.Rmd names. Reads go through root, at most maxChunked files of
// safefile.MaxConfig bytes each, once per folder and name.
func (c *Cache) folderWrites(root *safefile.Root, docPath, name string) bool {
	abs, err := filepath.Abs(docPath)
	if err != nil {
		return false
	}
	dir := filepath.Dir(abs)
	key := root.Dir() + "\x00" + dir + "\x00" + name
	c.mu.Lock()
	writers, ok := c.writers[key]
	c.mu.Unlock()
	if !ok {
		writers = []string{}
		for _, f := range c.projects.dir(root, dir).chunked {
			if src, err := root.ReadFile(f, safefile.MaxConfig); err == nil && writesFile(src, name) {
				writers = append(writers, f)
			}
		}
		c.mu.Lock()
		if c.writers == nil {
			c.writers = map[string][]string{}
		}
		c.writers[key] = writers
		c.mu.Unlock()
	}
	for _, w := range writers {
		if w != abs {
			return true
		}
	}
	return false
}

// writesFile reports whether a code chunk of src (a fenced block) writes
// the file name: it holds the name quoted, as an argument, and a call
// whose name says it writes ("knitr::write_bib(c(...), 'packages.bib')",
// "write_bib(x, file = \"skeleton.bib\")", "writeLines(x, 'refs.bib')").
func writesFile(src []byte, name string) bool {
	if name == "" || name == "." || !bytes.Contains(src, []byte(name)) {
		return false
	}
	quoted := [][]byte{[]byte("'" + name + "'"), []byte("\"" + name + "\"")}
	var f codeFence
	off, chunkStart := 0, 0
	for line := range bytes.Lines(src) {
		switch f.line(bytes.TrimSuffix(line, []byte("\n"))) {
		case openLine:
			chunkStart = off + len(line)
		case closeLine:
			chunk := src[chunkStart:off]
			if (bytes.Contains(chunk, quoted[0]) || bytes.Contains(chunk, quoted[1])) && bytes.Contains(bytes.ToLower(chunk), []byte("write")) {
				return true
			}
		}
		off += len(line)
	}
	return false
}
