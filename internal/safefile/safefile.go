// Package safefile reads the files a document or a configuration makes
// citelint read. citelint runs in CI on pull requests from strangers, so the
// name of such a file is attacker-chosen: a front-matter bibliography of
// /dev/zero must not exhaust memory, and a link to ../../.git/config or to a
// symbolic link to /proc/self/environ must not be read and quoted back.
//
// Every read here is of a regular file (no FIFO, device or directory) and
// is capped in size. A Root further confines reads to one directory tree,
// after symbolic links are resolved, and never reads under a .git
// directory, where a checkout keeps its credentials.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Size caps for the kinds of file citelint reads.
const (
	// MaxData caps a bibliography, a source store file or one file of a
	// source folder: the largest real ones are a few megabytes.
	MaxData = 64 << 20
	// MaxConfig caps a configuration file.
	MaxConfig = 1 << 20
	// MaxBaseline caps a baseline file (--baseline): about 180,000
	// accepted issues, read in about a second and 170 MB. A committed
	// baseline may come from a pull request; 222 MB of one took 805 MB.
	MaxBaseline = 32 << 20
)

// TooLargeError is returned for a file over its cap.
type TooLargeError struct {
	Path  string
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: file is larger than the %s limit", e.Path, size(e.Limit))
}

func size(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d-byte", n)
}

// errNotRegular is wrapped in a PathError naming the file.
var errNotRegular = errors.New("not a regular file")

// ReadFile reads the regular file path whole, failing with an error that
// names path when it is not a regular file or is larger than limit bytes.
// It never blocks on a FIFO and never reads more than limit+1 bytes, even
// from a file that grows or whose size the system does not report.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, path, limit)
}

// Open opens the regular file path for reading. A FIFO, device, socket or
// directory is an error naming path; it is rejected before it is opened
// (opening a tape device rewinds it) and again after (the name may have
// changed in between).
func Open(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: path, Err: errNotRegular}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, err
	}
	return checkOpened(f, path)
}

func checkOpened(f *os.File, path string) (*os.File, error) {
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = &fs.PathError{Op: "open", Path: path, Err: errNotRegular}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// readLimited reads f to its end, or fails once it has more than limit
// bytes. The buffer starts at the size the file has now (io.ReadAll would
// start at 512 bytes and copy an 855 KB bibliography eleven times).
func readLimited(f *os.File, path string, limit int64) ([]byte, error) {
	n := int64(512)
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 {
		n = min(fi.Size(), limit) + 1 // one more: to see the end, or that the file is over the limit, without growing
	}
	b := make([]byte, 0, n)
	r := io.LimitReader(f, limit+1)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // the file grew
		}
		m, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+m]
		if err == io.EOF || int64(len(b)) > limit {
			break // over the limit: no need to read on to EOF
		}
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: path, Err: err}
		}
	}
	if int64(len(b)) > limit {
		return nil, &TooLargeError{Path: path, Limit: limit}
	}
	return b, nil
}

// Root confines reads to one directory tree. A nil *Root confines nothing:
// its methods read what they are given, still regular files only and
// capped.
type Root struct {
	dir string // absolute, symbolic links resolved
}

// NewRoot returns a Root for dir.
func NewRoot(dir string) (*Root, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	return &Root{dir: real}, nil
}

// Dir returns the root directory, symbolic links resolved ("" for nil).
func (r *Root) Dir() string {
	if r == nil {
		return ""
	}
	return r.dir
}

// ProjectRoot returns the Root for dir, or when dir is "" for the project
// root of the working directory (FindRoot).
func ProjectRoot(dir string) (*Root, error) {
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		dir = FindRoot(wd)
	}
	return NewRoot(dir)
}

// FindRoot returns the project root for the working directory wd: the top
// of the Git work tree that holds wd (the nearest directory, wd or above,
// with a .git entry), else wd itself.
func FindRoot(wd string) string {
	for dir := filepath.Clean(wd); ; {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return filepath.Clean(wd)
		}
		dir = parent
	}
}

// Check returns nil when path, after symbolic links are resolved, lies
// inside the root and not under .git, else an error naming path (also when
// path does not exist).
func (r *Root) Check(path string) error {
	if r == nil {
		return nil
	}
	_, err := r.resolve(path)
	return err
}

// Holds reports whether path would lie inside the root (and not under
// .git) once symbolic links are resolved, whether or not it exists yet: an
// editor's unsaved buffer or an agent's draft names a file that may not be
// on disk. The longest part of path that exists is resolved; the rest is
// taken as written, and must not climb with "..".
func (r *Root) Holds(path string) error {
	if r == nil {
		return nil
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	existing, rest := abs, ""
	for {
		if _, err := os.Lstat(existing); err == nil {
			break
		}
		parent := filepath.Dir(existing)
		if parent == existing {
			break
		}
		rest = filepath.Join(filepath.Base(existing), rest)
		existing = parent
	}
	if rest != "" && !filepath.IsLocal(rest) {
		return &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("resolves outside %s", r.dir)}
	}
	for _, part := range strings.Split(rest, string(filepath.Separator)) {
		if strings.EqualFold(part, ".git") {
			return &fs.PathError{Op: "open", Path: path, Err: errors.New("inside a .git directory, which citelint never reads")}
		}
	}
	if _, err := r.resolve(existing); err != nil {
		return &fs.PathError{Op: "open", Path: path, Err: errors.Unwrap(err)}
	}
	return nil
}

// resolve returns the path of path relative to the root once symbolic
// links are resolved, or an error naming path when it resolves outside the
// root or under a .git directory.
func (r *Root) resolve(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		// EvalSymlinks names the component it failed on, which may be a
		// link's target: name what the user wrote instead.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return "", &fs.PathError{Op: "open", Path: path, Err: pe.Err}
		}
		return "", err
	}
	rel, err := filepath.Rel(r.dir, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("resolves outside %s", r.dir)}
	}
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		if strings.EqualFold(part, ".git") {
			return "", &fs.PathError{Op: "open", Path: path, Err: errors.New("inside a .git directory, which citelint never reads")}
		}
	}
	return rel, nil
}

// Open opens the regular file path, which must resolve inside the root
// and not under .git.
func (r *Root) Open(path string) (*os.File, error) {
	if r == nil {
		return Open(path)
	}
	rel, err := r.resolve(path)
	if err != nil {
		return nil, err
	}
	// resolve checked the path; os.Root opens it without following any
	// link out of the root, should the tree change in between.
	root, err := os.OpenRoot(r.dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	fi, err := root.Stat(rel)
	if err != nil {
		return nil, named(err, path)
	}
	if !fi.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: path, Err: errNotRegular}
	}
	f, err := root.OpenFile(rel, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, named(err, path)
	}
	return checkOpened(f, path)
}

// named makes an error of os.Root name path as the user wrote it, not as
// relative to the root.
func named(err error, path string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: path, Err: pe.Err}
	}
	return err
}

// ReadFile reads the regular file path, which must resolve inside the
// root, failing with an error naming path when it is larger than limit.
func (r *Root) ReadFile(path string, limit int64) ([]byte, error) {
	f, err := r.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, path, limit)
}
