package project

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
)

// Manubot (manubot.org) builds a manuscript from content/*.md and reads
// the metadata of works cited without an identifier ([@raw:x], [@x]) from
// content/manual-references*.* (CSL JSON, or BibTeX through pandoc),
// matched by their "id" ("raw:x" or "x"). Those files are the
// bibliography of every content file; no front matter names them.
//
// They are loaded as a bibliography marked incomplete: a key they lack is
// unchecked, not unresolvable, since Manubot resolves most keys by their
// identifier (@doi:..., @pmid:...) and aliases may be defined in any
// content file (the files are one manuscript).

// manubotPattern is the name Manubot looks for in the content folder.
const manubotPattern = "manual-references*.*"

// ManualReferences returns env with the Manubot manual references of the
// document at path loaded, when it lies in a folder named "content" that
// holds any (else env itself), and a diagnostic for each that could not be
// read. Reads are confined to the project root like front matter
// bibliographies (bibload.go).
func ManualReferences(ctx context.Context, path string, env *resolve.Env, opts Options, bibs *Cache) (*resolve.Env, []markdown.Diagnostic) {
	dir := filepath.Dir(path)
	if filepath.Base(dir) != "content" {
		return env, nil
	}
	names := bibs.manualReferences(dir)
	if len(names) == 0 {
		return env, nil
	}
	root, err := bibs.rootFor(opts, path)
	if err != nil {
		return env, []markdown.Diagnostic{{Message: "Manubot manual references not read, so [@raw:...] keys are not checked: " + err.Error()}}
	}
	env = env.Clone()
	env.MarkBibliographyIncomplete()
	var diags []markdown.Diagnostic
	for _, name := range names {
		p := filepath.Join(dir, name)
		entries, err := bibs.load(ctx, root, p)
		if err != nil {
			diags = append(diags, markdown.Diagnostic{Message: "Manubot manual references: " + err.Error()})
		}
		if len(entries) > 0 {
			env.AddBibliography(p, entries)
		}
	}
	return env, diags
}

// manualReferences returns the names of the Manubot manual reference files
// in dir that citelint reads (CSL JSON and BibTeX), sorted; the folder is
// listed once per run.
func (c *Cache) manualReferences(dir string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if names, ok := c.manubot[dir]; ok {
		return names
	}
	var names []string
	if entries, err := os.ReadDir(dir); err == nil {
		for _, e := range entries {
			name := e.Name()
			if ok, _ := filepath.Match(manubotPattern, name); !ok || e.IsDir() {
				continue
			}
			switch strings.ToLower(filepath.Ext(name)) {
			case ".json", ".bib", ".bibtex", ".biblatex":
				names = append(names, name)
			}
		}
	}
	sort.Strings(names)
	if c.manubot == nil {
		c.manubot = map[string][]string{}
	}
	c.manubot[dir] = names
	return names
}
