// Package lint runs citelint over files: it finds the Markdown files, parses
// each into a document, resolves its citations, runs the enabled rules and
// returns the issues (package engine passes them through the pipeline).
// One bad file never stops the others: it becomes a FileError and the run
// goes on.
package lint

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/citelint/citelint/result"
)

// Extensions are the file name endings linted when walking a directory:
// Markdown and MDX, Quarto and R Markdown (pandoc Markdown with code
// chunks, which are fenced code; .Rmd in any case), and Jupyter notebooks (their Markdown
// cells, package notebook).
var Extensions = []string{".md", ".markdown", ".mdx", ".qmd", ".rmd", ".ipynb"}

// skipDirs are never descended into.
var skipDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true, ".hg": true, ".svn": true}

// Walk expands paths into the Markdown files to lint, sorted and
// de-duplicated. Files named explicitly are linted whatever their extension
// and whatever include and exclude say; directories are walked for
// Extensions, and include/exclude filter what the walk finds. "-" stands for standard input and
// is passed through. include and exclude are doublestar globs matched
// against slash-separated paths relative to base (when base is empty, as
// given). Errors (a missing path, an unreadable directory, a symlink loop)
// are returned per path; the walk goes on.
func Walk(paths []string, base string, include, exclude []string) ([]string, []FileError) {
	return WalkConfined("", paths, base, include, exclude)
}

// WalkConfined is Walk that does not follow, in a directory walk, a
// symbolic link whose target lies outside root (after every link is
// resolved) or under its .git: a document a pull request adds as a link
// to /etc/passwd or ~/.ssh/config must not be read and echoed into the
// report. Such a link is skipped, with a warning through WalkOptions.Warn
// naming it (WalkWith); it is not an error, since a project's link to a
// shared file elsewhere is no fault of its documents. Paths named
// explicitly are the workflow's choice and are not confined. An empty
// root confines nothing.
func WalkConfined(root string, paths []string, base string, include, exclude []string) ([]string, []FileError) {
	return WalkWith(paths, WalkOptions{Root: root, Base: base, Include: include, Exclude: exclude})
}

// WalkOptions say what WalkWith finds.
type WalkOptions struct {
	// Root confines symbolic links, as in WalkConfined; "" confines nothing.
	Root string
	// Base is the folder Include and Exclude are relative to.
	Base             string
	Include, Exclude []string
	// Gitignore skips, in directory walks inside a Git work tree, what
	// its .gitignore files and .git/info/exclude make git ignore.
	Gitignore bool
	// Ctx, when set, is the run's: once it is done the walk stops, and
	// each path it did not finish is an error (not checked: the run
	// reached its time limit).
	Ctx context.Context
	// Warn, when set, is told what the walk could not do as asked (an
	// ignore file with more patterns than it reads), each thing once.
	Warn func(string)
}

// WalkWith is WalkConfined with the options o.
func WalkWith(paths []string, o WalkOptions) ([]string, []FileError) {
	root, base, include, exclude := o.Root, o.Base, o.Include, o.Exclude
	rootReal := ""
	if root != "" {
		if r, err := filepath.Abs(root); err == nil {
			if r, err = filepath.EvalSymlinks(r); err == nil {
				rootReal = r
			}
		}
	}
	// escapes says why the symbolic link at link must not be followed, or
	// "". The link's real path is made absolute before it is compared with
	// the absolute root: EvalSymlinks keeps a relative path relative, and
	// comparing "docs/x.py" with "/repo" put every link of a walk from "."
	// outside the project (issue 37).
	escapes := func(link string) string {
		if rootReal == "" {
			return ""
		}
		abs, err := filepath.Abs(link)
		if err != nil {
			return err.Error()
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return err.Error()
		}
		rel, err := filepath.Rel(rootReal, real)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
			return fmt.Sprintf("it leads outside the project (%s), to %s", rootReal, real)
		}
		if rel == ".git" || strings.HasPrefix(rel, ".git"+string(filepath.Separator)) {
			return "it leads into the project's .git"
		}
		return ""
	}
	var out []string
	var errs []FileError
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	match := func(p string, dir bool) bool { return walkMatch(base, include, exclude, p, dir) }
	warn := o.Warn
	if warn != nil {
		// Every path walked reads the ignore files above it and the
		// user's global ones: what one of them warns about, the next
		// would warn about again.
		warned := map[string]bool{}
		warn = func(msg string) {
			if !warned[msg] {
				warned[msg] = true
				o.Warn(msg)
			}
		}
	}
	ignoreBudget := maxWalkIgnorePatterns // gitignore.go: for the whole run
	for _, p := range paths {
		if p == "-" {
			add(p)
			continue
		}
		fi, err := os.Stat(p)
		if err != nil {
			errs = append(errs, FileError{Path: p, Kind: result.ErrUnreadable, Err: err})
			continue
		}
		if !fi.IsDir() {
			// A file named explicitly is linted whatever the globs say (as
			// ruff does): the user asked for it.
			add(filepath.ToSlash(p))
			continue
		}
		var ign *ignorer
		if o.Gitignore {
			ign = newIgnorer(p, rootReal, warn, &ignoreBudget) // gitignore.go
		}
		visited := map[string]bool{}
		stopped := false
		var walk func(dir, real string)
		walk = func(dir, real string) {
			if stopped || o.Ctx != nil && o.Ctx.Err() != nil {
				stopped = true
				return
			}
			// Symlinked directories are followed once: a loop ends at the
			// second visit of the same real path. real is known for a
			// directory entered from its parent without a symlink (the
			// parent's real path and its name); EvalSymlinks, a system call
			// per path component, is needed only for the root and for
			// symlinks, and took most of the walk's time.
			if real == "" {
				var err error
				if real, err = filepath.EvalSymlinks(dir); err != nil {
					errs = append(errs, FileError{Path: dir, Kind: result.ErrUnreadable, Err: err})
					return
				}
			}
			if visited[real] {
				// A link back to a folder already walked (docs/latest -> .)
				// is a loop or an alias: its documents are linted once,
				// under the first path that reached them.
				return
			}
			visited[real] = true
			ents, err := os.ReadDir(dir)
			if err != nil {
				errs = append(errs, FileError{Path: dir, Kind: result.ErrUnreadable, Err: err})
				return
			}
			if ign != nil {
				defer ign.enter(dir, ents)()
			}
			for _, e := range ents {
				// Every entry: an entry costs a match of the ignore
				// patterns in effect, up to maxEveryPathPatterns of them.
				if stopped || o.Ctx != nil && o.Ctx.Err() != nil {
					stopped = true
					return
				}
				name := e.Name()
				full := filepath.Join(dir, name)
				isDir, symlink := e.IsDir(), e.Type()&fs.ModeSymlink != 0
				if ign != nil && ign.ignored(name, isDir) {
					continue // git sees a symbolic link as a file, as here
				}
				if symlink {
					st, err := os.Stat(full)
					if err != nil {
						// A dangling link to a file citelint would not lint
						// (manuscript.pdf) is none of its business and must
						// not fail the run; one with a Markdown name is a
						// document left unchecked, so it stays an error.
						if errors.Is(err, fs.ErrNotExist) && !hasExt(name) {
							continue
						}
						errs = append(errs, FileError{Path: filepath.ToSlash(full), Kind: result.ErrUnreadable, Err: err})
						continue
					}
					isDir = st.IsDir()
					if !isDir && !hasExt(name) {
						continue // a link to a script or a picture is none of citelint's business
					}
					// A link out of the project is not read (a pull request's
					// link to /etc/passwd must not be echoed into a report),
					// but it is no failure of the documents: the run goes on
					// and its exit code does not change.
					if why := escapes(full); why != "" {
						if warn != nil {
							warn(fmt.Sprintf("%s: symbolic link not followed: %s", filepath.ToSlash(full), why))
						}
						continue
					}
				}
				if isDir {
					if skipDirs[name] || !match(full, true) {
						continue
					}
					childReal := "" // a symlink's real path is looked up
					if !symlink {
						childReal = filepath.Join(real, name)
					}
					walk(full, childReal)
					continue
				}
				if hasExt(name) && match(full, false) {
					add(filepath.ToSlash(full))
				}
			}
		}
		walk(p, "")
		if stopped {
			errs = append(errs, FileError{Path: filepath.ToSlash(p), Kind: result.ErrSearchStopped, Err: walkStopped(o.Ctx)})
		}
	}
	sort.Strings(out)
	return out, errs
}

// walkMatch reports whether a directory walk takes p (a folder when dir):
// no exclude glob matches it (a folder also as "folder/**"), and, for a
// file, an include glob does (or there is none). The globs are relative
// to base.
func walkMatch(base string, include, exclude []string, p string, dir bool) bool {
	rel := relSlash(base, p)
	for _, g := range exclude {
		if ok, _ := doublestar.Match(g, rel); ok {
			return false
		}
		if dir {
			if ok, _ := doublestar.Match(strings.TrimSuffix(g, "/**"), rel); ok && strings.HasSuffix(g, "/**") {
				return false
			}
		}
	}
	if dir || len(include) == 0 {
		return true
	}
	for _, g := range include {
		if ok, _ := doublestar.Match(g, rel); ok {
			return true
		}
	}
	return false
}

// walkStopped is the error of a folder whose walk the run's end cut
// short: the documents it holds were not all found. It matches
// context.DeadlineExceeded (or Canceled) for errors.Is.
func walkStopped(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("the search for documents stopped at the run's time limit (--timeout): some were not found (%w)", ctx.Err())
	}
	return fmt.Errorf("the search for documents was cancelled: some were not found (%w)", ctx.Err())
}

// Excluded reports whether the file at p is excluded by the globs (relative
// to base), itself or through a folder that holds it, as a directory walk
// would have pruned it.
func Excluded(base, p string, exclude []string) bool {
	rel := relSlash(base, p)
	for _, g := range exclude {
		if ok, _ := doublestar.Match(g, rel); ok {
			return true
		}
		dirGlob := strings.TrimSuffix(g, "/**")
		for d := path.Dir(rel); d != "." && d != "/" && !strings.HasPrefix(d, ".."); d = path.Dir(d) {
			if ok, _ := doublestar.Match(dirGlob, d); ok {
				return true
			}
		}
	}
	return false
}

func hasExt(name string) bool {
	l := strings.ToLower(name)
	for _, e := range Extensions {
		if strings.HasSuffix(l, e) {
			return true
		}
	}
	return false
}

func relSlash(base, p string) string {
	if base != "" {
		if r, err := filepath.Rel(base, p); err == nil {
			p = r
		}
	}
	p = filepath.ToSlash(p)
	return strings.TrimPrefix(p, "./")
}
