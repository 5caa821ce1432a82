package lint

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	gitconfig "github.com/go-git/go-git/v5/plumbing/format/config"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/citelint/citelint/internal/safefile"
)

// maxIgnoreFile caps what is read of one .gitignore: a pattern list, not
// a document, and a pull request can make it anything.
const maxIgnoreFile = 1 << 20

// maxIgnorePatterns caps the patterns taken from one ignore file, with a
// warning: the index below finds, for most patterns, the few a name can
// match, but patterns with no literal part ("?*.md") are tried on every
// path, and a pull request's .gitignore of a million of them must not make
// the walk files × patterns.
const maxIgnorePatterns = 10000

// maxEveryPathPatterns caps the patterns tried on every path at once:
// those with no key, and the keyed ones a folder on the way down
// activated. The per-file cap alone let nested ignore files add theirs
// up: 20 nested .gitignore files of 10,000 patterns with no key made a
// walk of 256 files try 200,000 patterns on each (66 s, whatever
// --timeout said). Real ignore files have a few dozen such patterns
// (Visual Studio's template, [Dd]ebug/ and the like, about 30); the
// patterns past the cap are left out, with a warning.
const maxEveryPathPatterns = 256

// maxWalkIgnorePatterns caps the patterns read from all ignore files in
// one run (a walk of every path given): each costs parsing and memory,
// and a pull request can add any number of ignore files. Files past it
// are not read, with a warning.
const maxWalkIgnorePatterns = 100000

// ignorer follows a directory walk through a Git work tree and says what
// git ignores there: core.excludesFile, .git/info/exclude, then the .gitignore files of the
// work tree's top and of every folder down to the one being read, a
// deeper file's patterns (and later lines) taking precedence, as git's.
// The matching is go-git's, which implements git's pattern rules.
//
// go-git's matcher tries every pattern on every path, which made a
// .gitignore of many patterns and a tree of many files cost their product.
// A pattern matches only a path one of whose components (below the
// pattern's folder) matches a given component of the pattern, so each
// pattern is indexed by one such component (its literal text, or a literal
// prefix or suffix): a name is tried against the patterns its key finds,
// the patterns whose key a folder on the way down matched, and those with
// no key, in git's order, with go-git's own Match.
type ignorer struct {
	root     *safefile.Root // .gitignore files are read inside it; nil: the walk is not confined
	comps    []string       // the folder being read, as path components from the top
	entered  bool           // the walk's own folder was entered: comps starts as its components
	patterns []gitignore.Pattern
	keys     []ignoreKey // per pattern
	warn     func(string)
	// budget counts the patterns the run may still read, shared by the
	// ignorers of one run's walks (maxWalkIgnorePatterns); nil: no cap.
	budget *int
	capped bool // maxEveryPathPatterns was met: said once

	exact, prefix, suffix  map[string][]int32 // key text → patterns, ascending
	prefixLens, suffixLens map[int]int        // key lengths in use → patterns
	unkeyed                []int32            // patterns with no key, ascending
	active                 []int32            // patterns whose key a folder being read matched
	isActive               []bool             // per pattern
	cands                  []int32            // scratch
}

// ignoreKey is what one component of a path must be for a pattern to
// match it: equal to text, or starting or ending with it; kind 0 is no key.
type ignoreKey struct {
	kind      byte // 0, 'e' exact, 'p' prefix, 's' suffix
	text      string
	domainLen int // the components of the pattern's folder, which no key matches
}

// newIgnorer prepares for a walk of dir, or returns nil when dir is not
// inside a Git work tree (git ignores nothing there).
func newIgnorer(dir, rootReal string, warn func(string), budget *int) *ignorer {
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
	ig := &ignorer{warn: warn, budget: budget,
		exact: map[string][]int32{}, prefix: map[string][]int32{}, suffix: map[string][]int32{},
		prefixLens: map[int]int{}, suffixLens: map[int]int{}}
	if rootReal != "" {
		ig.root, _ = safefile.NewRoot(rootReal)
	}
	gd := gitCommonDir(top)
	// core.excludesFile, then .git/info/exclude: git's own files, written
	// on this machine, not part of the tree; later patterns win.
	if f := excludesFile(gd); f != "" {
		if b, err := safefile.ReadFile(f, maxIgnoreFile); err == nil {
			ig.add(f, b, nil)
		}
	}
	if gd != "" {
		f := filepath.Join(gd, "info", "exclude")
		if b, err := safefile.ReadFile(f, maxIgnoreFile); err == nil {
			ig.add(f, b, nil)
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
	// The folders above the walk's hold keys of the patterns above them.
	for d, c := range comps {
		ig.activate(c, d)
	}
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
	nc, np, na := len(ig.comps), len(ig.patterns), len(ig.active)
	if ig.entered {
		ig.comps = append(ig.comps, filepath.Base(dir))
		ig.activate(ig.comps[len(ig.comps)-1], len(ig.comps)-1)
	}
	ig.entered = true
	for _, e := range ents {
		if e.Name() == ".gitignore" {
			ig.read(dir, ig.comps)
			break
		}
	}
	return func() {
		for _, p := range ig.active[na:] {
			ig.isActive[p] = false
		}
		ig.active = ig.active[:na]
		ig.truncate(np)
		ig.comps = ig.comps[:nc]
	}
}

// read adds the patterns of dir's .gitignore; a file that cannot be read
// (missing, a link out of the project, too large) adds none, as it is
// not a document and must not fail the run.
func (ig *ignorer) read(dir string, comps []string) {
	f := filepath.Join(dir, ".gitignore")
	b, err := ig.root.ReadFile(f, maxIgnoreFile)
	if err == nil {
		ig.add(f, b, comps)
	}
}

// add parses the lines of the ignore file at path whose patterns apply
// under the folder domain (components from the top). Of lines written
// twice only the last is kept: the matcher reaches the first only when
// the last did not match, and then neither does the first.
func (ig *ignorer) add(path string, b []byte, domain []string) {
	domain = append([]string(nil), domain...)
	var lines []string
	last := map[string]int{}
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		last[line] = len(lines)
		lines = append(lines, line)
	}
	if ig.budget != nil && *ig.budget <= 0 {
		ig.warnf("%s: not read: the run's ignore files hold more than %d patterns in all, and citelint reads no more (it may walk into what this file ignores)", path, maxWalkIgnorePatterns)
		return
	}
	n, dropped := 0, 0
	for i, line := range lines {
		if last[line] != i {
			continue
		}
		if n == maxIgnorePatterns || ig.budget != nil && *ig.budget <= 0 {
			if n == maxIgnorePatterns {
				ig.warnf("%s: only its first %d patterns are read (it has %d): citelint reads the file as if the others were not there, so it may walk into what they ignore or skip what their ! keeps", path, maxIgnorePatterns, len(last))
			} else {
				ig.warnf("%s: only its first %d patterns are read: the run's ignore files hold more than %d in all", path, n, maxWalkIgnorePatterns)
			}
			break
		}
		n++
		if ig.budget != nil {
			*ig.budget--
		}
		k := patternKey(line, len(domain))
		if k.kind == 0 && ig.everyPath() >= maxEveryPathPatterns {
			dropped++
			continue
		}
		ig.push(gitignore.ParsePattern(line, domain), k)
	}
	if dropped > 0 {
		ig.warnf("%s: %d of its patterns are not read: they would be tried on every path, and the ignore files in effect there already hold %d such patterns", path, dropped, maxEveryPathPatterns)
	}
}

// everyPath is the number of patterns tried on every path of the folder
// being read: those with no key and those activated.
func (ig *ignorer) everyPath() int { return len(ig.unkeyed) + len(ig.active) }

func (ig *ignorer) warnf(format string, args ...any) {
	if ig.warn != nil {
		ig.warn(fmt.Sprintf(format, args...))
	}
}

// push adds pattern p, with key k, to the index.
func (ig *ignorer) push(p gitignore.Pattern, k ignoreKey) {
	i := int32(len(ig.patterns))
	ig.patterns = append(ig.patterns, p)
	ig.keys = append(ig.keys, k)
	ig.isActive = append(ig.isActive, false)
	switch k.kind {
	case 'e':
		ig.exact[k.text] = append(ig.exact[k.text], i)
	case 'p':
		ig.prefix[k.text] = append(ig.prefix[k.text], i)
		ig.prefixLens[len(k.text)]++
	case 's':
		ig.suffix[k.text] = append(ig.suffix[k.text], i)
		ig.suffixLens[len(k.text)]++
	default:
		ig.unkeyed = append(ig.unkeyed, i)
	}
}

// truncate drops the patterns from n on, the last first.
func (ig *ignorer) truncate(n int) {
	pop := func(m map[string][]int32, lens map[int]int, text string) {
		l := m[text][:len(m[text])-1]
		if len(l) == 0 {
			delete(m, text)
		} else {
			m[text] = l
		}
		if lens != nil {
			if lens[len(text)]--; lens[len(text)] == 0 {
				delete(lens, len(text))
			}
		}
	}
	for i := len(ig.patterns) - 1; i >= n; i-- {
		switch k := ig.keys[i]; k.kind {
		case 'e':
			pop(ig.exact, nil, k.text)
		case 'p':
			pop(ig.prefix, ig.prefixLens, k.text)
		case 's':
			pop(ig.suffix, ig.suffixLens, k.text)
		default:
			ig.unkeyed = ig.unkeyed[:len(ig.unkeyed)-1]
		}
	}
	ig.patterns, ig.keys, ig.isActive = ig.patterns[:n], ig.keys[:n], ig.isActive[:n]
}

// keyed appends to out the patterns whose key the path component c
// matches.
func (ig *ignorer) keyed(out []int32, c string) []int32 {
	out = append(out, ig.exact[c]...)
	for l := range ig.prefixLens {
		if l <= len(c) {
			out = append(out, ig.prefix[c[:l]]...)
		}
	}
	for l := range ig.suffixLens {
		if l <= len(c) {
			out = append(out, ig.suffix[c[len(c)-l:]]...)
		}
	}
	return out
}

// activate marks the patterns whose key c, the component at index d of
// the folder being read, matches, when c lies below their folder: they
// may match any path under it.
func (ig *ignorer) activate(c string, d int) {
	ig.cands = ig.keyed(ig.cands[:0], c)
	for _, p := range ig.cands {
		if !ig.isActive[p] && ig.keys[p].domainLen <= d {
			if ig.everyPath() >= maxEveryPathPatterns {
				if !ig.capped {
					ig.capped = true
					ig.warnf("%s: more than %d ignore patterns would be tried on every path under it: the others are left out there (citelint may walk into what they ignore)", strings.Join(ig.comps[:d+1], "/"), maxEveryPathPatterns)
				}
				return
			}
			ig.isActive[p] = true
			ig.active = append(ig.active, p)
		}
	}
}

// ignored reports whether git ignores the entry name of the folder being
// read: the patterns that may match it, the last first, as go-git's
// matcher, which would try all of them.
func (ig *ignorer) ignored(name string, isDir bool) bool {
	if len(ig.patterns) == 0 {
		return false
	}
	c := ig.keyed(ig.cands[:0], name)
	c = append(c, ig.active...)
	c = append(c, ig.unkeyed...)
	slices.Sort(c)
	ig.cands = c
	path := append(ig.comps[:len(ig.comps):len(ig.comps)], name)
	for i := len(c) - 1; i >= 0; i-- {
		if i+1 < len(c) && c[i] == c[i+1] {
			continue
		}
		if m := ig.patterns[c[i]].Match(path, isDir); m != gitignore.NoMatch {
			return m == gitignore.Exclude
		}
	}
	return false
}

// patternKey returns the key of the ignore-file line for a pattern read
// under a folder of domainLen components. It reads the line as go-git's
// ParsePattern does. A pattern without a slash matches a path one of
// whose components matches it; one with a slash matches a path where each
// of its components (but "" and "**") matches a component in turn, and
// one holding "**" inside never matches. So a component of the pattern
// without wildcards must be a component of the path, and one with a
// literal prefix or suffix must be matched by a component starting or
// ending with it. Exact keys are preferred, then prefixes, and of equal
// kinds the last component's (the file's name, in most patterns).
func patternKey(line string, domainLen int) ignoreKey {
	p := strings.TrimPrefix(line, "!")
	if !strings.HasSuffix(p, "\\ ") {
		p = strings.TrimRight(p, " ")
	}
	p = strings.TrimSuffix(p, "/")
	best := ignoreKey{domainLen: domainLen}
	rank := func(k byte) int { return strings.IndexByte(" sp e", k) }
	for _, c := range strings.Split(p, "/") {
		if c == "" || c == "**" {
			continue
		}
		var k ignoreKey
		meta := strings.IndexAny(c, "*?[\\")
		switch {
		case meta < 0:
			k = ignoreKey{kind: 'e', text: c}
		case meta > 0:
			k = ignoreKey{kind: 'p', text: c[:meta]}
		}
		// A literal tail after the last star, in a component with no
		// class or escape (whose ']' or '\\' would make the tail wrong).
		if star := strings.LastIndexByte(c, '*'); star >= 0 && star+1 < len(c) && !strings.ContainsAny(c, "[\\") && !strings.ContainsAny(c[star+1:], "?") {
			if tail := c[star+1:]; k.kind == 0 || k.kind == 'p' && len(tail) > len(k.text) {
				k = ignoreKey{kind: 's', text: tail}
			}
		}
		if k.kind != 0 && (best.kind == 0 || rank(k.kind) >= rank(best.kind)) {
			best.kind, best.text = k.kind, k.text
		}
	}
	return best
}
