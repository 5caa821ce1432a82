package lint

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/hangguard"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// writeTree writes files (slash paths relative to dir) with content "x".
func writeTree(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// relAll makes walked paths relative to dir, slash-separated.
func relAll(t *testing.T, dir string, paths []string) []string {
	t.Helper()
	var out []string
	for _, p := range paths {
		r, err := filepath.Rel(dir, filepath.FromSlash(p))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, filepath.ToSlash(r))
	}
	return out
}

// gitTree is a work tree whose ignore files exercise git's rules:
// folders, globs, negation, anchoring, nested files and info/exclude.
var gitTree = map[string]string{
	".gitignore":           "# comment\nbuild/\n*.draft.md\n!keep.draft.md\n/rootonly.md\n",
	".git/info/exclude":    "local.md\n",
	"a.md":                 "x",
	"build/b.md":           "x",
	"x.draft.md":           "x",
	"keep.draft.md":        "x",
	"rootonly.md":          "x",
	"local.md":             "x",
	"gen.md":               "x",
	"docs/.gitignore":      "gen.md\n",
	"docs/rootonly.md":     "x",
	"docs/gen.md":          "x",
	"docs/y.draft.md":      "x",
	"docs/sub/gen.md":      "x",
	"docs/sub/c.md":        "x",
	"other/build":          "x", // a file named like an ignored folder
	"other/build.md":       "x",
	"other/sub/build/d.md": "x",
}

func TestWalkGitignore(t *testing.T) {
	tests := []struct {
		name      string
		start     string // folder walked, relative to the tree
		gitignore bool
		noGit     bool // the tree is not a Git work tree
		want      []string
	}{
		{"top", ".", true, false, []string{"a.md", "docs/rootonly.md", "docs/sub/c.md", "gen.md", "keep.draft.md", "other/build.md"}},
		{"subfolder reads the files above it", "docs", true, false, []string{"docs/rootonly.md", "docs/sub/c.md"}},
		{"an ignored folder named explicitly is linted", "build", true, false, []string{"build/b.md"}},
		{"opted out", ".", false, false, []string{"a.md", "build/b.md", "docs/gen.md", "docs/rootonly.md", "docs/sub/c.md", "docs/sub/gen.md", "docs/y.draft.md",
			"gen.md", "keep.draft.md", "local.md", "other/build.md", "other/sub/build/d.md", "rootonly.md", "x.draft.md"}},
		{"not a work tree", ".", true, true, []string{"a.md", "build/b.md", "docs/gen.md", "docs/rootonly.md", "docs/sub/c.md", "docs/sub/gen.md", "docs/y.draft.md",
			"gen.md", "keep.draft.md", "local.md", "other/build.md", "other/sub/build/d.md", "rootonly.md", "x.draft.md"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeTree(t, dir, gitTree)
			if tc.noGit {
				if err := os.Rename(filepath.Join(dir, ".git"), filepath.Join(dir, "git-not")); err != nil {
					t.Fatal(err)
				}
			}
			files, errs := WalkWith([]string{filepath.Join(dir, tc.start)}, WalkOptions{Root: dir, Gitignore: tc.gitignore})
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			if got := relAll(t, dir, files); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("walked %v\nwant   %v", got, tc.want)
			}
		})
	}
}

// TestWalkGitignoreLinkedWorktree: in a work tree made by git worktree,
// .git is a file naming the repository's folder for it, and
// info/exclude lives in the repository's common folder.
func TestWalkGitignoreLinkedWorktree(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"repo/.git/info/exclude":           "local.md\n",
		"repo/.git/worktrees/wt/commondir": "../..\n",
		"wt/.git":                          "gitdir: ../repo/.git/worktrees/wt\n",
		"wt/a.md":                          "x",
		"wt/local.md":                      "x",
	})
	files, errs := WalkWith([]string{filepath.Join(dir, "wt")}, WalkOptions{Gitignore: true})
	if got := relAll(t, dir, files); len(errs) > 0 || !reflect.DeepEqual(got, []string{"wt/a.md"}) {
		t.Errorf("walked %v (%v), want only wt/a.md", got, errs)
	}
}

// TestWalkGitignoreConfined: a .gitignore that is a link out of the
// project is not read (its patterns could not be a pull request's to
// set), and the walk goes on.
func TestWalkGitignoreConfined(t *testing.T) {
	outside := t.TempDir()
	writeTree(t, outside, map[string]string{"ignore": "*.md\n"})
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{".git/HEAD": "x", "a.md": "x"})
	if err := os.Symlink(filepath.Join(outside, "ignore"), filepath.Join(dir, ".gitignore")); err != nil {
		t.Skip("no symlinks:", err)
	}
	// (The walk also reports the link out of the project, as it does any.)
	files, _ := WalkWith([]string{dir}, WalkOptions{Root: dir, Gitignore: true})
	if got := relAll(t, dir, files); !reflect.DeepEqual(got, []string{"a.md"}) {
		t.Errorf("walked %v, want a.md", got)
	}
}

func TestExcluded(t *testing.T) {
	tests := []struct {
		base, path string
		globs      []string
		want       bool
	}{
		{"", "docs/a.md", []string{"docs/**"}, true},
		{"", "docs/sub/a.md", []string{"docs"}, true}, // a folder glob prunes what it holds
		{"", "docs/a.md", []string{"*.md"}, false},    // * stops at /
		{"", "a.md", []string{"*.md"}, true},
		{"/p", "/p/drafts/x/a.md", []string{"drafts/**"}, true},
		{"/p", "/p/notes/a.md", []string{"drafts/**"}, false},
		{"/p", "/q/drafts/a.md", []string{"drafts/**"}, false}, // outside base: no folder of it is in base
		{"", "a.md", nil, false},
	}
	for _, tc := range tests {
		if got := Excluded(tc.base, filepath.FromSlash(tc.path), tc.globs); got != tc.want {
			t.Errorf("Excluded(%q, %q, %q) = %v, want %v", tc.base, tc.path, tc.globs, got, tc.want)
		}
	}
}

// BenchmarkWalkGitignore walks a work tree of 2,000 documents in 200
// folders with a 20-line .gitignore at the top and one in every tenth
// folder, with and without honouring them.
func BenchmarkWalkGitignore(b *testing.B) {
	dir := b.TempDir()
	files := map[string]string{".git/HEAD": "x"}
	top := "node_modules/\n/site/\n*.tmp.md\n"
	for i := range 17 {
		top += "pattern" + string(rune('a'+i)) + "/**/*.bak\n"
	}
	files[".gitignore"] = top
	for d := range 200 {
		folder := "docs/part" + itoa(d/20) + "/ch" + itoa(d)
		for f := range 10 {
			files[folder+"/s"+itoa(f)+".md"] = "x"
		}
		if d%10 == 0 {
			files[folder+"/.gitignore"] = "s9.md\n"
		}
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(content), 0o644)
	}
	for _, on := range []bool{false, true} {
		b.Run("gitignore="+map[bool]string{false: "off", true: "on"}[on], func(b *testing.B) {
			for b.Loop() {
				WalkWith([]string{dir}, WalkOptions{Root: dir, Gitignore: on})
			}
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestWalkExcludesFile: core.excludesFile is read as git reads it, from the
// repository's config, else ~/.gitconfig, else the XDG config, else the
// default ~/.config/git/ignore; a relative path is not read.
func TestWalkExcludesFile(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string // "home/..." and "repo/..."
		xdg   bool              // XDG_CONFIG_HOME set to home/xdg
		want  []string
	}{
		{"default file", map[string]string{"home/.config/git/ignore": "global.md\n"}, false, []string{"a.md", "other.md"}},
		{"XDG_CONFIG_HOME", map[string]string{"home/xdg/git/ignore": "global.md\n", "home/.config/git/ignore": "other.md\n"}, true, []string{"a.md", "other.md"}},
		{"~/.gitconfig", map[string]string{"home/.gitconfig": "[core]\n\texcludesFile = ~/ig\n", "home/ig": "other.md\n", "home/.config/git/ignore": "global.md\n"}, false, []string{"a.md", "global.md"}},
		{"repository config first", map[string]string{"repo/.git/config": "[core]\n\texcludesfile = HOME/repo-ig\n", "home/repo-ig": "a.md\n", "home/.gitconfig": "[core]\n\texcludesFile = ~/ig\n", "home/ig": "other.md\n"}, false, []string{"global.md", "other.md"}},
		{"relative path not read", map[string]string{"home/.gitconfig": "[core]\n\texcludesFile = ig\n", "repo/ig": "a.md\n"}, false, []string{"a.md", "global.md", "other.md"}},
		{"info/exclude overrides it", map[string]string{"home/.config/git/ignore": "*.md\n", "repo/.git/info/exclude": "!a.md\n"}, false, []string{"a.md"}},
		{"none", nil, false, []string{"a.md", "global.md", "other.md"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			home := filepath.Join(dir, "home")
			files := map[string]string{"repo/.git/HEAD": "x", "repo/a.md": "x", "repo/global.md": "x", "repo/other.md": "x", "home/.keep": ""}
			for k, v := range tc.files {
				files[k] = strings.ReplaceAll(v, "HOME", home)
			}
			writeTree(t, dir, files)
			t.Setenv("HOME", home)
			t.Setenv("XDG_CONFIG_HOME", "")
			if tc.xdg {
				t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "xdg"))
			}
			repo := filepath.Join(dir, "repo")
			t.Chdir(repo)
			got, errs := WalkWith([]string{repo}, WalkOptions{Root: repo, Gitignore: true})
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			if rel := relAll(t, repo, got); !reflect.DeepEqual(rel, tc.want) {
				t.Errorf("walked %v, want %v", rel, tc.want)
			}
		})
	}
}

// TestIgnorerMatchesGoGit holds the pattern index to go-git's matcher,
// which tries every pattern: on random trees whose ignore files (at the
// top, in .git/info/exclude and in folders) hold random patterns (names,
// globs with literal prefixes and suffixes, classes, escapes, "**",
// negation, anchors, folder-only, repeated lines), every entry of every
// folder, ignored or not, gets the same answer.
func TestIgnorerMatchesGoGit(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", "")
	rng := rand.New(rand.NewSource(11))
	names := []string{"a", "b", "docs", "x.md", "y.md", "a.md", "build", "q0.md", "ab.md", "zz1"}
	comps := []string{"a", "b", "docs", "build", "*", "*.md", "a*", "?.md", "[ab]*", "**", "\\*", "zz*", "*1", "q0.md", "a**b", "x.*", "*b.md", ""}
	pattern := func() string {
		var parts []string
		for range 1 + rng.Intn(3) {
			parts = append(parts, comps[rng.Intn(len(comps))])
		}
		p := strings.Join(parts, "/")
		if rng.Intn(4) == 0 {
			p = "/" + p
		}
		if rng.Intn(4) == 0 {
			p += "/"
		}
		if rng.Intn(5) == 0 {
			p = "!" + p
		}
		return p
	}
	ignoreFile := func() string {
		var b strings.Builder
		for range rng.Intn(8) {
			b.WriteString(pattern() + "\n")
		}
		return b.String()
	}
	for round := range 400 {
		dir := t.TempDir()
		files := map[string]string{".git/HEAD": "x", ".gitignore": ignoreFile(), ".git/info/exclude": ignoreFile()}
		var grow func(prefix string, depth int)
		grow = func(prefix string, depth int) {
			for _, n := range names {
				if rng.Intn(3) > 0 {
					continue
				}
				if depth < 3 && rng.Intn(2) == 0 {
					if rng.Intn(2) == 0 {
						files[prefix+n+"/.gitignore"] = ignoreFile()
					}
					files[prefix+n+"/f.md"] = "x"
					grow(prefix+n+"/", depth+1)
				} else {
					files[prefix+n] = "x"
				}
			}
		}
		grow("", 0)
		writeTree(t, dir, files)
		start := dir
		if rng.Intn(2) == 0 {
			// A walk starting below the top reads the ignore files above it.
			for n := range files {
				if i := strings.Index(n, "/f.md"); i > 0 {
					start = filepath.Join(dir, filepath.FromSlash(n[:i]))
					break
				}
			}
		}
		ig := newIgnorer(start, "", nil, nil)
		if ig == nil {
			continue // git ignores the folder walked: nothing to compare
		}
		// The plain list: every line of every ignore file in effect, as
		// go-git's matcher reads them.
		var plain []gitignore.Pattern
		addPlain := func(file string, domain []string) {
			b, err := os.ReadFile(file)
			if err != nil {
				return
			}
			for _, line := range strings.Split(string(b), "\n") {
				if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
					continue
				}
				plain = append(plain, gitignore.ParsePattern(line, domain))
			}
		}
		addPlain(filepath.Join(dir, ".git", "info", "exclude"), nil)
		rel, _ := filepath.Rel(dir, start)
		var top []string
		if rel != "." {
			top = strings.Split(filepath.ToSlash(rel), "/")
		}
		for i := 0; i < len(top); i++ {
			addPlain(filepath.Join(append([]string{dir}, top[:i]...)...)+"/.gitignore", top[:i])
		}
		var walk func(d string, cs []string)
		walk = func(d string, cs []string) {
			ents, err := os.ReadDir(d)
			if err != nil {
				t.Fatal(err)
			}
			np := len(plain)
			addPlain(filepath.Join(d, ".gitignore"), cs)
			leave := ig.enter(d, ents)
			m := gitignore.NewMatcher(plain)
			for _, e := range ents {
				path := append(cs[:len(cs):len(cs)], e.Name())
				if got, want := ig.ignored(e.Name(), e.IsDir()), m.Match(path, e.IsDir()); got != want {
					t.Fatalf("round %d: %s (dir %v): ignored %v, want %v\nfiles %q", round, strings.Join(path, "/"), e.IsDir(), got, want, files)
				}
				if e.IsDir() && e.Name() != ".git" {
					walk(filepath.Join(d, e.Name()), path)
				}
			}
			leave()
			plain = plain[:np]
		}
		walk(start, top)
	}
}

// TestIgnorerPatternCap: an ignore file of more patterns than are read
// gives a warning, and its first patterns still apply.
func TestIgnorerPatternCap(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("first.md\n")
	for i := range maxIgnorePatterns + 10 {
		fmt.Fprintf(&b, "?%d*.tmp\n", i)
	}
	writeTree(t, dir, map[string]string{".git/HEAD": "x", ".gitignore": b.String(), "first.md": "x", "a.md": "x"})
	var warnings []string
	files, errs := WalkWith([]string{dir}, WalkOptions{Root: dir, Gitignore: true, Warn: func(s string) { warnings = append(warnings, s) }})
	if got := relAll(t, dir, files); len(errs) > 0 || !reflect.DeepEqual(got, []string{"a.md"}) {
		t.Errorf("walked %v (%v), want a.md", got, errs)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "only its first 10000 patterns are read (it has 10011)") {
		t.Errorf("warnings %q", warnings)
	}
}

// TestWalkDeadline: a walk whose run is out of time stops, and says so
// for the folder it did not finish.
func TestWalkDeadline(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.md": "x", "sub/b.md": "x"})
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	files, errs := WalkWith([]string{dir, filepath.Join(dir, "a.md")}, WalkOptions{Root: dir, Ctx: ctx})
	if got := relAll(t, dir, files); !reflect.DeepEqual(got, []string{"a.md"}) {
		t.Errorf("walked %v, want only the file named", got)
	}
	if len(errs) != 1 || !errors.Is(errs[0], context.DeadlineExceeded) || !strings.Contains(errs[0].Error(), "the search for documents stopped at the run's time limit") {
		t.Errorf("errors %v", errs)
	}
}

// manyPatternsTree writes n documents in docs/ and two under zz1/x/, and a
// .gitignore of 5n patterns "**/zz<i>*/**/q<i>.md": the walk tried every
// pattern on every path (files × patterns). It returns the bytes the walk
// reads: the .gitignore and the names.
func manyPatternsTree(tb testing.TB, dir string, n int) int {
	var gi strings.Builder
	for i := range 5 * n {
		fmt.Fprintf(&gi, "**/zz%d*/**/q%d.md\n", i, i)
	}
	files := map[string]string{".git/HEAD": "x", ".gitignore": gi.String(), "zz1/x/q1.md": "x", "zz1/x/q2.md": "x"}
	size := gi.Len()
	for i := range n {
		name := fmt.Sprintf("docs/f%d.md", i)
		files[name] = "x"
		size += len(name)
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return size
}

// TestWalkManyPatterns checks what the walk keeps at a small size; its
// time bound only catches hangs.
func TestWalkManyPatterns(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	dir := t.TempDir()
	manyPatternsTree(t, dir, 200)
	var got []string
	hangguard.Run(t, "the walk", func() {
		files, errs := WalkWith([]string{dir}, WalkOptions{Root: dir, Gitignore: true})
		if len(errs) > 0 {
			t.Error(errs)
		}
		got = relAll(t, dir, files)
	})
	if len(got) != 201 || got[0] != "docs/f0.md" || got[200] != "zz1/x/q2.md" {
		t.Errorf("walked %d files: %v ... %v", len(got), got[:2], got[len(got)-2:])
	}
}

// BenchmarkWalkManyPatterns walks n files with 5n patterns at n, 2n and
// 4n: ns/byte (of the .gitignore and the names) stays flat when the walk
// costs files + patterns, not their product.
func BenchmarkWalkManyPatterns(b *testing.B) {
	b.Setenv("HOME", b.TempDir())
	for _, n := range []int{1000, 2000, 4000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			size := manyPatternsTree(b, dir, n)
			b.SetBytes(int64(size))
			for b.Loop() {
				WalkWith([]string{dir}, WalkOptions{Root: dir, Gitignore: true})
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(size), "ns/byte")
		})
	}
}

// TestIgnorerWarnsOnce: paths walked one after another each read the
// ignore file above them; what it warns about is said once.
func TestIgnorerWarnsOnce(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	dir := t.TempDir()
	var b strings.Builder
	for i := range maxIgnorePatterns + 1 {
		fmt.Fprintf(&b, "?%d*.tmp\n", i)
	}
	writeTree(t, dir, map[string]string{".git/HEAD": "x", ".gitignore": b.String(), "a/x.md": "x", "b/y.md": "x"})
	var warnings []string
	files, errs := WalkWith([]string{filepath.Join(dir, "a"), filepath.Join(dir, "b")}, WalkOptions{Root: dir, Gitignore: true, Warn: func(s string) { warnings = append(warnings, s) }})
	if got := relAll(t, dir, files); len(errs) > 0 || !reflect.DeepEqual(got, []string{"a/x.md", "b/y.md"}) {
		t.Errorf("walked %v (%v)", got, errs)
	}
	if len(warnings) != 1 {
		t.Errorf("warnings %q, want one", warnings)
	}
}

// nestedIgnoresTree writes depth nested folders, each with a .gitignore
// of per patterns with no key ("*<d>-<i>*": tried on every path), and
// files documents in the deepest, as issue 37's attack run did (20 ×
// 10,000 patterns over 256 files: 66 s past --timeout 5s). It returns the
// deepest folder.
func nestedIgnoresTree(tb testing.TB, dir string, depth, per, files int) string {
	tree := map[string]string{".git/HEAD": "x"}
	p := ""
	for d := range depth {
		var b strings.Builder
		for i := range per {
			fmt.Fprintf(&b, "*%d-%d*\n", d, i)
		}
		tree[p+".gitignore"] = b.String()
		p += fmt.Sprintf("d%d/", d)
	}
	for i := range files {
		tree[p+fmt.Sprintf("f%d.md", i)] = ""
	}
	writeTree(tb, dir, tree)
	return filepath.Join(dir, filepath.FromSlash(p))
}

// TestIgnorerNestedBudget: nested ignore files add up to at most
// maxEveryPathPatterns patterns tried on every path, and the run reads
// at most maxWalkIgnorePatterns patterns in all, each cut with a warning;
// what was read still applies.
func TestIgnorerNestedBudget(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", "")
	dir := t.TempDir()
	depth := maxWalkIgnorePatterns/maxIgnorePatterns + 2
	deepest := nestedIgnoresTree(t, dir, depth, maxIgnorePatterns, 3)
	// The first pattern of the top file ignores this document.
	writeTree(t, deepest, map[string]string{"x0-0y.md": "x"})
	var warnings []string
	budget := maxWalkIgnorePatterns
	ig := newIgnorer(deepest, "", func(s string) { warnings = append(warnings, s) }, &budget)
	if ig == nil {
		t.Fatal("no ignorer")
	}
	ig.enter(deepest, nil)
	if n := ig.everyPath(); n > maxEveryPathPatterns {
		t.Errorf("%d patterns tried on every path, want at most %d", n, maxEveryPathPatterns)
	}
	if budget != 0 {
		t.Errorf("budget left %d, want 0: %d files of %d patterns exceed %d", budget, depth, maxIgnorePatterns, maxWalkIgnorePatterns)
	}
	if !ig.ignored("x0-0y.md", false) || ig.ignored("f0.md", false) {
		t.Error("the patterns read do not apply as git's")
	}
	all := strings.Join(warnings, "\n")
	for _, w := range []string{"patterns are not read: they would be tried on every path", "not read: the run's ignore files hold more than 100000 patterns"} {
		if !strings.Contains(all, w) {
			t.Errorf("no warning %q in\n%s", w, all)
		}
	}
}

// TestWalkStopsInFolder: the run's deadline stops the walk at the next
// entry, not 256 entries later: an entry can cost a match of hundreds of
// patterns. The ignore file's warning, given as the deepest folder is
// entered, stands for the deadline passing there.
func TestWalkStopsInFolder(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	dir := t.TempDir()
	var top strings.Builder
	for i := range maxEveryPathPatterns {
		fmt.Fprintf(&top, "*%d*\n", i)
	}
	tree := map[string]string{".git/HEAD": "x", ".gitignore": top.String(), "sub/.gitignore": "*x*\n"}
	for i := range 10 { // no digit: no pattern above ignores them
		tree["sub/f"+string(rune('a'+i))+".md"] = "x"
	}
	writeTree(t, dir, tree)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var warnings []string
	files, errs := WalkWith([]string{dir}, WalkOptions{Root: dir, Gitignore: true, Ctx: ctx, Warn: func(s string) {
		warnings = append(warnings, s)
		cancel()
	}})
	if len(warnings) != 1 || !strings.Contains(warnings[0], "sub/.gitignore: 1 of its patterns are not read") {
		t.Fatalf("warnings %q", warnings)
	}
	if len(files) > 0 {
		t.Errorf("walked %d files after the run was cancelled", len(files))
	}
	if len(errs) != 1 || !errors.Is(errs[0], context.Canceled) {
		t.Errorf("errors %v", errs)
	}
}

// BenchmarkWalkNestedIgnores: 20 nested ignore files of 10,000 patterns
// with no key over n, 2n and 4n documents. ns/file stays flat: a path
// is tried against at most maxEveryPathPatterns of them.
func BenchmarkWalkNestedIgnores(b *testing.B) {
	b.Setenv("HOME", b.TempDir())
	for _, n := range []int{64, 128, 256} {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			nestedIgnoresTree(b, dir, 20, maxIgnorePatterns, n)
			for b.Loop() {
				WalkWith([]string{dir}, WalkOptions{Root: dir, Gitignore: true})
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/file")
		})
	}
}
