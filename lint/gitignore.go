package lint

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"

	gitconfig "github.com/go-git/go-git/v5/plumbing/format/config"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/citelint/citelint/internal/safefile"
)

// maxIgnoreFile caps what is read of one .gitignore: a pattern list, not
// a document, and a pull request can make it anything.
const maxIgnoreFile = 1 << 20

// ignorer follows a directory walk through a Git work tree and says what
// git ignores there: core.excludesFile, .git/info/exclude, then the .gitignore files of the
// work tree's top and of every folder down to the one being read, a
// deeper file's patterns (and later lines) taking precedence, as git's.
// The matching is go-git's, which implements git's pattern rules.
type ignorer struct {
	root     *safefile.Root // .gitignore files are read inside it; nil: the walk is not confined
	comps    []string       // the folder being read, as path components from the top
	entered  bool           // the walk's own folder was entered: comps starts as its components
	patterns []gitignore.Pattern
}

// newIgnorer prepares for a walk of dir, or returns nil when dir is not
// inside a Git work tree (git ignores nothing there).
func newIgnorer(dir, rootReal string) *ignorer {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil
	}
	top := gitTop(abs)
	if top == "" {
		return nil
	}
	rel, err := filepath.Rel(top, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil
	}
	ig := &ignorer{}
	if rootReal != "" {
		ig.root, _ = safefile.NewRoot(rootReal)
	}
	gd := gitCommonDir(top)
	// core.excludesFile, then .git/info/exclude: git's own files, written
	// on this machine, not part of the tree; later patterns win.
	if f := excludesFile(gd); f != "" {
		if b, err := safefile.ReadFile(f, maxIgnoreFile); err == nil {
			ig.add(b, nil)
		}
	}
	if gd != "" {
		if b, err := safefile.ReadFile(filepath.Join(gd, "info", "exclude"), maxIgnoreFile); err == nil {
			ig.add(b, nil)
		}
	}
	// The .gitignore files above dir; dir's own is read as it is entered.
	var comps []string
	if rel != "." {
		comps = strings.Split(filepath.ToSlash(rel), "/")
	}
	for i := range comps {
		ig.read(filepath.Join(append([]string{top}, comps[:i]...)...), comps[:i])
	}
	// A folder named on the command line is linted whatever git ignores,
	// as a file named there is: when git ignores it (or a folder above
	// it), its walk ignores nothing.
	if len(ig.patterns) > 0 {
		m := gitignore.NewMatcher(ig.patterns)
		for i := 1; i <= len(comps); i++ {
			if m.Match(comps[:i], true) {
				return nil
			}
		}
	}
	ig.comps = comps
	return ig
}

// excludesFile is the file git reads for core.excludesFile: as the
// repository's config (in gitDir), else the user's ~/.gitconfig, else
// $XDG_CONFIG_HOME/git/config sets it, else git's default
// $XDG_CONFIG_HOME/git/ignore (XDG_CONFIG_HOME defaulting to ~/.config).
// None of these comes from the tree a pull request changes. Paths that
// are not absolute after "~/" expansion are skipped: one relative to the
// working directory could name a file the pull request wrote.
func excludesFile(gitDir string) string {
	home, _ := os.UserHomeDir()
	if !filepath.IsAbs(home) {
		home = ""
	}
	xdg := os.Getenv("XDG_CONFIG_HOME")
	if !filepath.IsAbs(xdg) {
		xdg = ""
		if home != "" {
			xdg = filepath.Join(home, ".config")
		}
	}
	var configs []string
	if gitDir != "" {
		configs = append(configs, filepath.Join(gitDir, "config"))
	}
	if home != "" {
		configs = append(configs, filepath.Join(home, ".gitconfig"))
	}
	if xdg != "" {
		configs = append(configs, filepath.Join(xdg, "git", "config"))
	}
	for _, c := range configs {
		b, err := safefile.ReadFile(c, maxIgnoreFile)
		if err != nil {
			continue
		}
		cfg := gitconfig.New()
		if gitconfig.NewDecoder(bytes.NewReader(b)).Decode(cfg) != nil {
			continue
		}
		if f := cfg.Section("core").Options.Get("excludesfile"); f != "" {
			if rest, ok := strings.CutPrefix(f, "~/"); ok && home != "" {
				f = filepath.Join(home, rest)
			}
			if filepath.IsAbs(f) {
				return f
			}
			return ""
		}
	}
	if xdg == "" {
		return ""
	}
	return filepath.Join(xdg, "git", "ignore")
}

// gitTop returns the nearest folder at or above dir that holds .git (a
// folder, or a file in a linked work tree), or "".
func gitTop(dir string) string {
	for {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// gitCommonDir returns the git directory that holds info/exclude for the
// work tree at top: .git itself, or for a linked work tree (.git is a file
// "gitdir: PATH") the repository's common directory.
func gitCommonDir(top string) string {
	dotgit := filepath.Join(top, ".git")
	fi, err := os.Stat(dotgit)
	if err != nil {
		return ""
	}
	if fi.IsDir() {
		return dotgit
	}
	b, err := safefile.ReadFile(dotgit, 4096)
	if err != nil {
		return ""
	}
	gd, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	if !ok {
		return ""
	}
	gd = strings.TrimSpace(gd)
	if !filepath.IsAbs(gd) {
		gd = filepath.Join(top, gd)
	}
	if c, err := safefile.ReadFile(filepath.Join(gd, "commondir"), 4096); err == nil {
		common := strings.TrimSpace(string(c))
		if !filepath.IsAbs(common) {
			common = filepath.Join(gd, common)
		}
		return common
	}
	return gd
}

// enter notes that the walk reads dir, whose entries are ents, and
// returns the function to call when it leaves dir.
func (ig *ignorer) enter(dir string, ents []os.DirEntry) (leave func()) {
	nc, np := len(ig.comps), len(ig.patterns)
	if ig.entered {
		ig.comps = append(ig.comps, filepath.Base(dir))
	}
	ig.entered = true
	for _, e := range ents {
		if e.Name() == ".gitignore" {
			ig.read(dir, ig.comps)
			break
		}
	}
	return func() { ig.comps, ig.patterns = ig.comps[:nc], ig.patterns[:np] }
}

// read adds the patterns of dir's .gitignore; a file that cannot be read
// (missing, a link out of the project, too large) adds none, as it is
// not a document and must not fail the run.
func (ig *ignorer) read(dir string, comps []string) {
	b, err := ig.root.ReadFile(filepath.Join(dir, ".gitignore"), maxIgnoreFile)
	if err == nil {
		ig.add(b, comps)
	}
}

// add parses the lines of an ignore file whose patterns apply under the
// folder domain (components from the top).
func (ig *ignorer) add(b []byte, domain []string) {
	domain = append([]string(nil), domain...)
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		ig.patterns = append(ig.patterns, gitignore.ParsePattern(line, domain))
	}
}

// ignored reports whether git ignores the entry name of the folder being
// read.
func (ig *ignorer) ignored(name string, isDir bool) bool {
	if len(ig.patterns) == 0 {
		return false
	}
	path := append(ig.comps[:len(ig.comps):len(ig.comps)], name)
	return gitignore.NewMatcher(ig.patterns).Match(path, isDir)
}
