package project

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/safefile"
	"github.com/citelint/citelint/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

// Books, sites and projects name one bibliography for all their
// documents, in a file of their own rather than in each document's front
// matter, so a chapter's [@key] or {cite}`key` had nothing to resolve
// against and went unchecked (issue 37: 1,518 keys in six books, and a
// planted key typo was reported in none). They are found the way each
// tool finds them, walking up from the document's folder to its root:
//
//   - Quarto: the nearest folder with _quarto.yml is the project; its
//     bibliography (top level, or under format.<name>) applies to every
//     document in it, with that of each _metadata.yml between the
//     project and the document's folder. Names are relative to the file
//     naming them; one starting with "/" to the project.
//   - bookdown: the nearest folder with index.Rmd whose front matter says
//     site: bookdown::bookdown_site, or with _bookdown.yml, is a book;
//     index.Rmd's bibliography applies to its chapters: the .Rmd files of
//     the book's folder not starting with "_", those _bookdown.yml lists
//     in rmd_files, or those under its rmd_subdir folders.
//   - Jupyter Book (v1): the nearest _config.yml with bibtex_bibfiles (or
//     sphinx.config.bibtex_bibfiles) applies to every document below it.
//   - MyST (mystmd, Jupyter Book 2): the nearest myst.yml with a project;
//     project.bibliography when it names files, else every .bib file in
//     the project's folders, as mystmd loads them. A URL is not fetched:
//     the keys it may hold are unchecked.
//
// Every file read (the configurations and the bibliographies they name)
// goes through the document's safefile.Root: a configuration in a pull
// request cannot make citelint read outside the project, through ".." or
// a symbolic link, nor under .git.

// projectBib is one bibliography a project names for a document.
type projectBib struct {
	path   string // absolute, or a URL when remote
	from   string // the file naming it, absolute
	remote bool   // a URL (MyST): not read
	// inProject is set for a name starting with "/" in a Quarto
	// _metadata.yml: relative to the project's folder, which find knows.
	inProject string
}

// bookConfig is what one configuration file says.
type bookConfig struct {
	path string
	bibs []projectBib
}

// bookdownBook is a bookdown book whose folder is dir.
type bookdownBook struct {
	bookConfig            // index.Rmd and the bibliographies of its front matter
	dir          string   // the book's folder
	rmdFiles     []string // chapters _bookdown.yml lists, absolute; nil: the default
	subdirs      []string // rmd_subdir folders, absolute
	allSubdirs   bool     // rmd_subdir: true
	listedFormat bool     // rmd_files lists files (possibly per output format)
}

// dirBooks is what the configuration files of one folder say.
type dirBooks struct {
	quarto   *bookConfig // _quarto.yml
	metadata *bookConfig // _metadata.yml
	bookdown *bookdownBook
	jupyter  *bookConfig // _config.yml naming bibtex_bibfiles
	myst     *bookConfig // myst.yml with a project
	errs     []Problem
	// bookdownYML is set when the folder holds _bookdown.yml: a book's
	// folder even without its index.Rmd (headingrefs.go).
	bookdownYML bool
	// chunked are the folder's R Markdown and Quarto files (at most
	// maxChunked), whose code chunks may write a bibliography another
	// file of the folder names (bibload.go).
	chunked []string
}

// maxChunked bounds the files of one folder read for a chunk that writes
// a missing bibliography.
const maxChunked = 64

// Problem is a configuration or bibliography that could not be read.
type Problem struct {
	bib  string // the bibliography as named, "" for the configuration itself
	from string // the configuration, absolute
	err  error
}

// projectCache remembers each folder's configuration files and each set
// of project bibliographies loaded into an Env, once per run.
type projectCache struct {
	mu    sync.Mutex
	dirs  map[string]*dirOnce
	envs  map[string]*projectEnv
	reals map[string]string // realDir's answers
}

// realDir returns the folder dir (absolute) with its symbolic links
// resolved, or dir when that fails, once per folder: every document asks
// it of its folder, and resolving walks every folder above.
func (p *projectCache) realDir(dir string) string {
	p.mu.Lock()
	real, ok := p.reals[dir]
	p.mu.Unlock()
	if ok {
		return real
	}
	real = dir
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		real = r
	}
	p.mu.Lock()
	if p.reals == nil {
		p.reals = map[string]string{}
	}
	p.reals[dir] = real
	p.mu.Unlock()
	return real
}

// chain returns the document at docPath as its project sees it (absolute,
// its folders' symbolic links resolved, the file's own name kept: a
// chapter linked into a book is that book's chapter, by the name the book
// lists) and the configuration of each folder from its own up to the
// root's, innermost first. find and pandocProject both walk it, so a
// document belongs to the same book for its bibliographies as for its
// headings.
func (p *projectCache) chain(root *safefile.Root, docPath string) (string, []*dirBooks) {
	abs, err := filepath.Abs(docPath)
	if err != nil {
		return "", nil
	}
	dir := p.realDir(filepath.Dir(abs))
	abs = filepath.Join(dir, filepath.Base(abs))
	top := root.Dir()
	var chain []*dirBooks
	for d := dir; d == top || strings.HasPrefix(d, top+string(filepath.Separator)); d = filepath.Dir(d) {
		chain = append(chain, p.dir(root, d))
		if d == top {
			break
		}
	}
	return abs, chain
}

type dirOnce struct {
	once sync.Once
	v    *dirBooks
}

// projectEnv is the shared Env with one set of project bibliographies
// added, and what could not be read of them.
type projectEnv struct {
	env  *resolve.Env
	errs []Problem
	// rendered are the bibliographies missing that rendering may write
	// (the document runs code): their keys are unchecked, not errors.
	rendered []string
}

// maxBookDirs and maxBookBibs bound MyST's search for .bib files in a
// project with no bibliography named: the folders' entries read, and the
// files kept.
const (
	maxBookEntries = 20000
	maxBookBibs    = 64
)

// Bibliographies returns env with the bibliographies the project
// names for the document at path added (env itself when it names none),
// the absolute paths of those bibliographies, and what could not be read.
func Bibliographies(ctx context.Context, path string, env *resolve.Env, opts Options, bibs *Cache) (*resolve.Env, []string, []Problem) {
	if bibs == nil {
		return env, nil, nil
	}
	root, err := bibs.rootFor(opts, path)
	if err != nil {
		return env, nil, nil // FrontMatterBibliographies says why
	}
	found, errs := bibs.projects.find(root, path)
	if len(found) == 0 {
		return env, nil, errs
	}
	pe := bibs.projectEnv(ctx, root, env, found, executable(path))
	names := make([]string, len(found))
	for i, b := range found {
		names[i] = b.path
	}
	return pe.env, names, append(errs, pe.errs...)
}

// projectEnv loads the bibliographies found into a copy of env, once per
// run for each set.
func (c *Cache) projectEnv(ctx context.Context, root *safefile.Root, env *resolve.Env, found []projectBib, rendered bool) *projectEnv {
	var key strings.Builder
	fmt.Fprintf(&key, "%p\x00%s\x00%v", env, root.Dir(), rendered)
	for _, b := range found {
		key.WriteString("\x00" + b.path)
	}
	p := &c.projects
	p.mu.Lock()
	if pe, ok := p.envs[key.String()]; ok {
		p.mu.Unlock()
		return pe
	}
	p.mu.Unlock()
	pe := &projectEnv{env: env.Clone()}
	for _, b := range found {
		if b.remote {
			pe.env.MarkBibliographyIncomplete()
			continue
		}
		entries, err := c.load(ctx, root, b.path)
		if err != nil {
			if rendered && errors.Is(err, fs.ErrNotExist) && len(entries) == 0 {
				// Rendering runs code that may write it (bibload.go).
				markRendered(pe.env, b.path)
				pe.rendered = append(pe.rendered, b.path)
				continue
			}
			pe.errs = append(pe.errs, Problem{bib: b.path, from: b.from, err: err})
		}
		if len(entries) > 0 {
			pe.env.AddBibliography(b.path, entries)
		}
	}
	if ctx.Err() != nil {
		return pe // cut short: not kept
	}
	p.mu.Lock()
	if p.envs == nil {
		p.envs = map[string]*projectEnv{}
	}
	p.envs[key.String()] = pe
	p.mu.Unlock()
	return pe
}

// find returns the bibliographies the projects holding the document at
// docPath name for it, and the configuration files on the way that could
// not be read.
func (p *projectCache) find(root *safefile.Root, docPath string) ([]projectBib, []Problem) {
	abs, chain := p.chain(root, docPath)
	if chain == nil {
		return nil, nil
	}
	var out []projectBib
	var errs []Problem
	seen := map[string]bool{}
	add := func(bs []projectBib) {
		for _, b := range bs {
			if !seen[b.path] {
				seen[b.path] = true
				out = append(out, b)
			}
		}
	}
	for _, db := range chain {
		errs = append(errs, db.errs...)
	}
	// Quarto: the project, then each _metadata.yml from it down.
	for i, db := range chain {
		if db.quarto != nil {
			add(db.quarto.bibs)
			project := filepath.Dir(db.quarto.path)
			for j := i; j >= 0; j-- {
				if m := chain[j].metadata; m != nil {
					for _, b := range m.bibs {
						if b.inProject != "" {
							b.path = filepath.Join(project, filepath.FromSlash(b.inProject))
						}
						add([]projectBib{b})
					}
				}
			}
			break
		}
	}
	// bookdown: the nearest book, if the document is one of its chapters.
	for _, db := range chain {
		if b := db.bookdown; b != nil {
			if b.chapter(abs) {
				add(b.bibs)
			}
			break
		}
	}
	for _, db := range chain {
		if db.jupyter != nil {
			add(db.jupyter.bibs)
			break
		}
	}
	for _, db := range chain {
		if db.myst != nil {
			add(db.myst.bibs)
			break
		}
	}
	return out, errs
}

// chapter reports whether the file at abs is a chapter of the book, other
// than index.Rmd (whose own front matter already applies to it).
func (b *bookdownBook) chapter(abs string) bool {
	if abs == b.path {
		return false
	}
	if b.listedFormat {
		return slices.Contains(b.rmdFiles, abs)
	}
	if !strings.EqualFold(filepath.Ext(abs), ".rmd") || strings.HasPrefix(filepath.Base(abs), "_") {
		return false
	}
	dir := filepath.Dir(abs)
	if dir == b.dir {
		return true
	}
	under := func(d string) bool {
		return strings.HasPrefix(dir+string(filepath.Separator), d+string(filepath.Separator))
	}
	if b.allSubdirs {
		return under(b.dir)
	}
	for _, d := range b.subdirs {
		if under(d) {
			return true
		}
	}
	return false
}

// dir returns what the configuration files in dir say, read once.
func (p *projectCache) dir(root *safefile.Root, dir string) *dirBooks {
	key := root.Dir() + "\x00" + dir
	p.mu.Lock()
	if p.dirs == nil {
		p.dirs = map[string]*dirOnce{}
	}
	d, ok := p.dirs[key]
	if !ok {
		d = &dirOnce{}
		p.dirs[key] = d
	}
	p.mu.Unlock()
	d.once.Do(func() { d.v = readDirBooks(root, dir) })
	return d.v
}

// readDirBooks reads the configuration files of dir.
func readDirBooks(root *safefile.Root, dir string) *dirBooks {
	db := &dirBooks{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return db
	}
	has := map[string]bool{}
	for _, e := range entries {
		if ext := strings.ToLower(filepath.Ext(e.Name())); (ext == ".rmd" || ext == ".qmd") && e.Type().IsRegular() && len(db.chunked) < maxChunked {
			db.chunked = append(db.chunked, filepath.Join(dir, e.Name()))
		}
		switch e.Name() {
		case "_quarto.yml", "_quarto.yaml", "_metadata.yml", "_metadata.yaml", "index.Rmd", "index.rmd",
			"_bookdown.yml", "_config.yml", "myst.yml":
			has[e.Name()] = true
		}
	}
	if len(has) == 0 {
		return db
	}
	read := func(name string, report bool) *yaml.Node {
		path := filepath.Join(dir, name)
		data, err := root.ReadFile(path, safefile.MaxConfig)
		if err == nil {
			var n *yaml.Node
			if n, _, err = yamlpos.Parse(data); err == nil {
				return n
			}
		}
		if report {
			db.errs = append(db.errs, Problem{from: path, err: err})
		}
		return nil
	}
	for _, name := range []string{"_quarto.yml", "_quarto.yaml"} {
		if has[name] && db.quarto == nil {
			path := filepath.Join(dir, name)
			n := read(name, true)
			db.quarto = &bookConfig{path: path, bibs: quartoBibs(n, path, dir, dir)}
		}
	}
	for _, name := range []string{"_metadata.yml", "_metadata.yaml"} {
		if has[name] && db.metadata == nil {
			path := filepath.Join(dir, name)
			db.metadata = &bookConfig{path: path, bibs: quartoBibs(read(name, true), path, dir, "")}
		}
	}
	if has["_config.yml"] {
		// A Jekyll site has one too: only bibtex_bibfiles makes it a
		// Jupyter Book's, and an unreadable one is nobody's business.
		if n := read("_config.yml", false); n != nil {
			path := filepath.Join(dir, "_config.yml")
			names, ok := yamlStrings(yamlGet(n, "bibtex_bibfiles"))
			if s, ok2 := yamlStrings(yamlGet(n, "sphinx", "config", "bibtex_bibfiles")); ok2 {
				names, ok = append(names, s...), true
			}
			if ok {
				db.jupyter = &bookConfig{path: path, bibs: namedBibs(names, path, dir, "", false)}
			}
		}
	}
	if has["myst.yml"] {
		path := filepath.Join(dir, "myst.yml")
		if n := read("myst.yml", true); n != nil {
			if project := yamlGet(n, "project"); project != nil && project.Kind == yaml.MappingNode {
				cfg := &bookConfig{path: path}
				if names, ok := yamlStrings(yamlGet(project, "bibliography")); ok {
					cfg.bibs = namedBibs(names, path, dir, "", false)
				} else {
					for _, b := range findBibFiles(dir) {
						cfg.bibs = append(cfg.bibs, projectBib{path: b, from: path})
					}
				}
				db.myst = cfg
			}
		}
	}
	index := ""
	for _, name := range []string{"index.Rmd", "index.rmd"} {
		if has[name] {
			index = name
			break
		}
	}
	db.bookdownYML = has["_bookdown.yml"]
	if index != "" {
		db.bookdown = readBookdown(root, dir, index, has["_bookdown.yml"], read)
	}
	return db
}

// readBookdown reads a bookdown book's index.Rmd front matter and
// _bookdown.yml; nil when dir holds no book.
func readBookdown(root *safefile.Root, dir, index string, hasConfig bool, read func(string, bool) *yaml.Node) *bookdownBook {
	path := filepath.Join(dir, index)
	fm := frontMatterOf(root, path)
	site, _ := yamlStrings(yamlGet(fm, "site"))
	if !hasConfig && !slices.ContainsFunc(site, func(s string) bool { return strings.Contains(s, "bookdown") }) {
		return nil // an R Markdown website's index: its pages have their own
	}
	names, _ := yamlStrings(yamlGet(fm, "bibliography"))
	b := &bookdownBook{bookConfig: bookConfig{path: path, bibs: namedBibs(names, path, dir, "", false)}, dir: dir}
	if !hasConfig {
		return b
	}
	cfg := read("_bookdown.yml", true)
	if files := yamlGet(cfg, "rmd_files"); files != nil {
		// A list, or a list per output format (html: [...], latex: [...]).
		var names []string
		if files.Kind == yaml.MappingNode {
			for i := 1; i < len(files.Content); i += 2 {
				s, _ := yamlStrings(files.Content[i])
				names = append(names, s...)
			}
		} else {
			names, _ = yamlStrings(files)
		}
		b.listedFormat = true
		for _, n := range names {
			b.rmdFiles = append(b.rmdFiles, filepath.Join(dir, filepath.FromSlash(n)))
		}
	}
	if sub := yamlGet(cfg, "rmd_subdir"); sub != nil {
		if sub.Kind == yaml.ScalarNode && sub.Tag == "!!bool" {
			b.allSubdirs = sub.Value == "true"
		} else if names, ok := yamlStrings(sub); ok {
			for _, n := range names {
				b.subdirs = append(b.subdirs, filepath.Join(dir, filepath.FromSlash(n)))
			}
		}
	}
	return b
}

// frontMatterOf returns the YAML front matter of the document at path, read
// from its first MiB, or nil.
func frontMatterOf(root *safefile.Root, path string) *yaml.Node {
	f, err := root.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	head, err := io.ReadAll(io.LimitReader(f, safefile.MaxConfig))
	if err != nil {
		return nil
	}
	head = bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF"))
	rest, ok := bytes.CutPrefix(head, []byte("---"))
	if !ok {
		return nil
	}
	nl := bytes.IndexByte(rest, '\n')
	if nl < 0 || len(bytes.TrimSpace(rest[:nl])) != 0 {
		return nil
	}
	body := rest[nl+1:]
	for off := 0; off < len(body); {
		e := bytes.IndexByte(body[off:], '\n')
		if e < 0 {
			return nil
		}
		line := bytes.TrimRight(body[off:off+e], " \t\r")
		if string(line) == "---" || string(line) == "..." {
			n, _, err := yamlpos.Parse(body[:off])
			if err != nil {
				return nil
			}
			return n
		}
		off += e + 1
	}
	return nil
}

// quartoBibs returns the bibliographies a Quarto _quarto.yml or
// _metadata.yml names: at its top level and under each format. project is
// the folder a name starting with "/" is relative to ("" for
// _metadata.yml, whose project find knows).
func quartoBibs(n *yaml.Node, from, dir, project string) []projectBib {
	names, _ := yamlStrings(yamlGet(n, "bibliography"))
	if formats := yamlGet(n, "format"); formats != nil && formats.Kind == yaml.MappingNode {
		for i := 1; i < len(formats.Content); i += 2 {
			s, _ := yamlStrings(yamlGet(formats.Content[i], "bibliography"))
			names = append(names, s...)
		}
	}
	return namedBibs(names, from, dir, project, true)
}

// namedBibs resolves names relative to dir; URLs are remote. With quarto
// set, a name starting with "/" is relative to the Quarto project: to
// project, or when that is "" (a _metadata.yml) to the project find
// finds.
func namedBibs(names []string, from, dir, project string, quarto bool) []projectBib {
	var out []projectBib
	for _, name := range names {
		name = strings.TrimSpace(name)
		b := projectBib{from: from}
		switch {
		case name == "":
			continue
		case strings.HasPrefix(name, "http://") || strings.HasPrefix(name, "https://"):
			b.path, b.remote = name, true
			out = append(out, b)
			continue
		case quarto && strings.HasPrefix(name, "/"):
			if project == "" {
				b.inProject = strings.TrimLeft(name, "/")
				name = filepath.Join(dir, filepath.FromSlash(b.inProject)) // until find knows the project
			} else {
				name = filepath.Join(project, filepath.FromSlash(name[1:]))
			}
		case !filepath.IsAbs(name):
			name = filepath.Join(dir, filepath.FromSlash(name))
		}
		b.path = filepath.Clean(name)
		out = append(out, b)
	}
	return out
}

// findBibFiles returns the .bib files under dir, as mystmd loads them for a
// project that names none: hidden folders, _build and node_modules
// skipped, symbolic links not followed, at most maxBookEntries entries
// read and maxBookBibs files kept.
func findBibFiles(dir string) []string {
	var out []string
	walkProject(dir, []string{"_build"}, []string{".bib"}, maxBookEntries, maxBookBibs, func(p string) {
		out = append(out, p)
	})
	return out
}

// walkProject calls visit for each file under dir whose extension is one
// of exts (lower case, compared in any case), in lexical order, as a book
// tool finds its project's files: hidden folders, node_modules and the
// tool's build folders skipped, symbolic links not followed, at most
// maxEntries entries read and maxFiles files visited. An unreadable
// folder is passed over.
func walkProject(dir string, buildDirs, exts []string, maxEntries, maxFiles int, visit func(path string)) {
	seen, files := 0, 0
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if seen++; seen > maxEntries || files >= maxFiles {
			return filepath.SkipAll
		}
		name := d.Name()
		if d.IsDir() {
			if p != dir && (strings.HasPrefix(name, ".") || name == "node_modules" || slices.Contains(buildDirs, name)) {
				return filepath.SkipDir
			}
			return nil
		}
		if slices.Contains(exts, strings.ToLower(filepath.Ext(name))) {
			files++
			visit(p)
		}
		return nil
	})
}

// yamlGet returns the value at the path of keys in a mapping, or nil.
func yamlGet(n *yaml.Node, keys ...string) *yaml.Node {
	for _, k := range keys {
		if n == nil || n.Kind != yaml.MappingNode {
			return nil
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == k {
				next = n.Content[i+1]
			}
		}
		n = next
	}
	return n
}

// yamlStrings returns a scalar as a list of one, or a list's scalars; ok
// is false when n is neither.
func yamlStrings(n *yaml.Node) (out []string, ok bool) {
	switch {
	case n == nil:
		return nil, false
	case n.Kind == yaml.ScalarNode:
		if n.Tag == "!!null" {
			return nil, false
		}
		return []string{n.Value}, true
	case n.Kind == yaml.SequenceNode:
		for _, it := range n.Content {
			if it.Kind == yaml.ScalarNode {
				out = append(out, it.Value)
			}
		}
		return out, true
	}
	return nil, false
}

// Diagnostics are the document's diagnostics for the project
// bibliographies and configurations that could not be read: one for each,
// at the first key the document cites, and none in a document citing no
// key (its checks lose nothing).
func Diagnostics(doc *markdown.Document, root string, errs []Problem) []markdown.Diagnostic {
	if len(errs) == 0 {
		return nil
	}
	at := -1
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if (c.Kind == markdown.KindPandoc || c.Kind == markdown.KindMyST) && !c.InReferences && c.Status != markdown.Resolved {
			at = c.Start
			break
		}
	}
	if at < 0 {
		return nil
	}
	rel := func(p string) string {
		if r, err := filepath.Rel(root, p); err == nil && filepath.IsLocal(r) {
			return filepath.ToSlash(r)
		}
		return p
	}
	var out []markdown.Diagnostic
	seen := map[string]bool{}
	for _, e := range errs {
		var msg string
		if e.bib == "" {
			msg = fmt.Sprintf("%s not read, so the bibliographies it names are not known and citations may go unchecked: %v", rel(e.from), e.err)
		} else {
			msg = fmt.Sprintf("bibliography %s named by %s not read, so its citations are not checked: %v", rel(e.bib), rel(e.from), e.err)
		}
		if !seen[msg] {
			seen[msg] = true
			out = append(out, markdown.Diagnostic{Offset: at, Message: msg})
		}
	}
	return out
}
