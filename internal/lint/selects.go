package lint

import (
	"os"
	"path/filepath"
	"strings"
)

// Selects reports whether a walk of the folders dirs with o (as WalkWith
// walks them) finds the file at path: path lies under one of them, in no
// folder the walk skips (.git, node_modules, vendor, one an exclude glob
// prunes, one git ignores when o.Gitignore), has a document's ending, and
// is matched by the include globs and no exclude glob. A file among dirs
// is found, as WalkWith takes a file named explicitly. It reads only the
// folders on the way down to path, not the whole tree: an editor asks it
// for each file it opens.
func Selects(path string, dirs []string, o WalkOptions) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	rootReal := ""
	if o.Root != "" {
		if r, err := filepath.Abs(o.Root); err == nil {
			if r, err = filepath.EvalSymlinks(r); err == nil {
				rootReal = r
			}
		}
	}
	for _, d := range dirs {
		dabs, err := filepath.Abs(d)
		if err != nil {
			continue
		}
		if dabs == abs {
			if fi, err := os.Stat(d); err == nil && !fi.IsDir() {
				return true
			}
		}
		rel, err := filepath.Rel(dabs, abs)
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			continue
		}
		if walkFinds(d, strings.Split(rel, string(filepath.Separator)), rootReal, o) {
			return true
		}
	}
	return false
}

// walkFinds follows WalkWith's walk of dir down the path components comps.
func walkFinds(dir string, comps []string, rootReal string, o WalkOptions) bool {
	var ign *ignorer
	if o.Gitignore {
		budget := maxWalkIgnorePatterns               // as one walk's
		ign = newIgnorer(dir, rootReal, nil, &budget) // gitignore.go
	}
	cur := dir
	for i, name := range comps {
		isDir := i < len(comps)-1
		if ign != nil {
			ents, _ := os.ReadDir(cur)
			defer ign.enter(cur, ents)()
			if ign.ignored(name, isDir) {
				return false
			}
		}
		full := filepath.Join(cur, name)
		if !isDir {
			return hasExt(name) && walkMatch(o.Base, o.Include, o.Exclude, full, false)
		}
		if skipDirs[name] || !walkMatch(o.Base, o.Include, o.Exclude, full, true) {
			return false
		}
		cur = full
	}
	return false
}
