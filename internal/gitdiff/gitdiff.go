// Package gitdiff finds the lines a change touched, for citelint's
// diff-aware mode (--new-from-rev, --new-from-merge-base, --new-from-patch):
// it parses unified diffs and asks git for one. Like golangci-lint's
// revgrep, a line counts as changed when the diff adds it (a changed line is
// a removal plus an addition); lines only removed leave nothing to report
// on. Files git does not track yet count as changed throughout.
package gitdiff

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// File is what changed in one file.
type File struct {
	// All is true for a new file: every line is changed.
	All bool
	// Lines holds the 1-based line numbers, in the new version, that the
	// change added.
	Lines map[int]bool
}

// Changed reports whether line (1-based) changed.
func (f *File) Changed(line int) bool {
	return f != nil && (f.All || f.Lines[line])
}

// ChangedIn reports whether any line from first to last (1-based,
// inclusive) changed. It asks the fewer of the range's lines and the
// changed lines, so that a long range (an issue over a long paragraph, a
// long reference entry) is not walked line by line; over ranges that do
// not overlap, the cost is at most the file's length.
func (f *File) ChangedIn(first, last int) bool {
	switch {
	case f == nil || last < first:
		return false
	case f.All:
		return true
	case last-first >= len(f.Lines):
		for l, changed := range f.Lines {
			if changed && l >= first && l <= last {
				return true
			}
		}
		return false
	}
	for l := first; l <= last; l++ {
		if f.Lines[l] {
			return true
		}
	}
	return false
}

// Set is the change to a tree: File by absolute, cleaned path.
type Set struct {
	files map[string]*File
}

// File returns what changed in path (absolute, or relative to the process's
// working directory), or nil when the change did not touch it.
func (s *Set) File(path string) *File {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return s.files[filepath.Clean(path)]
}

// Len reports how many files the change touched.
func (s *Set) Len() int { return len(s.files) }

func (s *Set) add(path string) *File {
	path = filepath.Clean(path)
	f := s.files[path]
	if f == nil {
		f = &File{Lines: map[int]bool{}}
		s.files[path] = f
	}
	return f
}

// ParsePatch reads a unified diff (git diff, diff -u) and returns the lines
// it adds. Paths in the diff are taken relative to root; git's a/ and b/
// prefixes are removed. Deleted files are left out.
func ParsePatch(r io.Reader, root string) (*Set, error) {
	s := &Set{files: map[string]*File{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 16<<20)
	var cur *File
	newLine, remainingNew, remainingOld := 0, 0, 0
	lineNo := 0
	for sc.Scan() {
		lineNo++
		line := sc.Text()
		if remainingNew > 0 || remainingOld > 0 {
			switch {
			case strings.HasPrefix(line, "+"):
				if cur != nil {
					cur.Lines[newLine] = true
				}
				newLine++
				remainingNew--
			case strings.HasPrefix(line, "-"):
				remainingOld--
			case strings.HasPrefix(line, " ") || line == "":
				newLine++
				remainingNew--
				remainingOld--
			case strings.HasPrefix(line, `\`):
				// "\ No newline at end of file"
			default:
				return nil, fmt.Errorf("line %d: unexpected line inside a hunk: %q", lineNo, truncate(line))
			}
			continue
		}
		switch {
		case strings.HasPrefix(line, "+++ "):
			name, err := patchPath(line[4:])
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", lineNo, err)
			}
			cur = nil
			if name != "" {
				if !filepath.IsAbs(name) {
					name = filepath.Join(root, name)
				}
				cur = s.add(name)
			}
		case strings.HasPrefix(line, "@@ "):
			oldCount, start, count, err := parseHunkHeader(line)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", lineNo, err)
			}
			newLine, remainingNew, remainingOld = start, count, oldCount
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if remainingNew > 0 || remainingOld > 0 {
		return nil, fmt.Errorf("line %d: patch ends inside a hunk", lineNo)
	}
	return s, nil
}

func truncate(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// patchPath returns the path of a "+++ " header without git's b/ prefix, or
// "" for /dev/null (a deleted file).
func patchPath(p string) (string, error) {
	if i := strings.IndexByte(p, '\t'); i >= 0 { // diff -u appends a timestamp
		p = p[:i]
	}
	if strings.HasPrefix(p, `"`) {
		u, err := strconv.Unquote(p)
		if err != nil {
			return "", fmt.Errorf("bad quoted path %s", p)
		}
		p = u
	}
	if p == "/dev/null" {
		return "", nil
	}
	p = strings.TrimPrefix(p, "b/")
	return filepath.FromSlash(p), nil
}

// parseHunkHeader reads "@@ -a[,b] +c[,d] @@".
func parseHunkHeader(line string) (oldCount, start, count int, err error) {
	f := strings.Fields(line)
	if len(f) < 3 || !strings.HasPrefix(f[1], "-") || !strings.HasPrefix(f[2], "+") {
		return 0, 0, 0, fmt.Errorf("bad hunk header %q", truncate(line))
	}
	_, oldCount, err = parseRange(f[1][1:])
	if err != nil {
		return 0, 0, 0, fmt.Errorf("bad hunk header %q", truncate(line))
	}
	start, count, err = parseRange(f[2][1:])
	if err != nil {
		return 0, 0, 0, fmt.Errorf("bad hunk header %q", truncate(line))
	}
	return oldCount, start, count, nil
}

func parseRange(s string) (start, count int, err error) {
	count = 1
	if i := strings.IndexByte(s, ','); i >= 0 {
		if count, err = strconv.Atoi(s[i+1:]); err != nil || count < 0 {
			return 0, 0, errors.New("bad count")
		}
		s = s[:i]
	}
	start, err = strconv.Atoi(s)
	if err != nil || start < 0 {
		return 0, 0, errors.New("bad start")
	}
	return start, count, nil
}

// git runs git in dir and returns its standard output, or an error carrying
// what git printed on standard error.
func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-c", "core.quotePath=false"}, args...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
	}
	return out, nil
}

// Root returns the top folder of the git work tree holding dir.
func Root(ctx context.Context, dir string) (string, error) {
	out, err := git(ctx, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", err
	}
	return filepath.FromSlash(strings.TrimSpace(string(out))), nil
}

// FromRev returns what changed in the work tree (committed since rev, staged
// or not, and untracked files that are not ignored) relative to rev, for the
// git work tree holding dir.
func FromRev(ctx context.Context, dir, rev string) (*Set, error) {
	if strings.HasPrefix(rev, "-") {
		return nil, fmt.Errorf("revision %q looks like an option", rev)
	}
	root, err := Root(ctx, dir)
	if err != nil {
		return nil, err
	}
	if _, err := git(ctx, root, "rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return nil, fmt.Errorf("unknown git revision %q (in a shallow CI clone, fetch more history: actions/checkout with fetch-depth: 0)", rev)
	}
	out, err := git(ctx, root, "diff", "--no-color", "--no-ext-diff", "--no-textconv", "--src-prefix=a/", "--dst-prefix=b/", "-U0", rev, "--")
	if err != nil {
		return nil, err
	}
	s, err := ParsePatch(bytes.NewReader(out), root)
	if err != nil {
		return nil, fmt.Errorf("reading git diff: %v", err)
	}
	untracked, err := git(ctx, root, "ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return nil, err
	}
	for _, p := range bytes.Split(untracked, []byte{0}) {
		if len(p) > 0 {
			s.add(filepath.Join(root, filepath.FromSlash(string(p)))).All = true
		}
	}
	return s, nil
}

// MergeBase returns the best common ancestor of HEAD and ref.
func MergeBase(ctx context.Context, dir, ref string) (string, error) {
	if strings.HasPrefix(ref, "-") {
		return "", fmt.Errorf("reference %q looks like an option", ref)
	}
	out, err := git(ctx, dir, "merge-base", "HEAD", ref)
	if err != nil {
		return "", fmt.Errorf("no merge base of HEAD and %q (%v); in a shallow CI clone, fetch more history", ref, err)
	}
	return strings.TrimSpace(string(out)), nil
}
