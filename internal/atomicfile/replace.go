package atomicfile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Reasons Replace refuses to rewrite a file. Each leaves the file as it was.
var (
	ErrReadOnly  = errors.New("the file is read-only; not rewritten")
	ErrChanged   = errors.New("the file changed since it was read; not rewritten (run again)")
	ErrHardLinks = errors.New("the file has other hard links, which rewriting would break; not rewritten")
	ErrOwner     = errors.New("the file belongs to another user, whose ownership rewriting would drop; not rewritten")
	ErrNotFile   = errors.New("not a regular file; not rewritten")
)

// Refused reports whether err is one of Replace's refusals (the file left
// alone on purpose) rather than a failure to write.
func Refused(err error) bool {
	for _, r := range []error{ErrReadOnly, ErrChanged, ErrHardLinks, ErrOwner, ErrNotFile} {
		if errors.Is(err, r) {
			return true
		}
	}
	return false
}

// beforeCompare runs after the new content is on disk and before the file
// is compared with what was read: tests edit the file here, as a user
// saving in an editor while citelint runs would.
var beforeCompare func(path string)

// Replace writes data over path, whose content was read as old, for edits
// such as --fix that rewrite a user's file. Unlike Write, it refuses (and
// leaves the file alone) when the file is read-only, has other hard links,
// cannot keep its owner, is not a regular file, or no longer holds old just
// before the rename: an edit made meanwhile must not be lost. A symbolic
// link is followed to the file it names and the link kept; confining that
// target is the caller's job. The remaining window between the comparison
// and the rename is a few system calls.
func Replace(path string, old, data []byte) error {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if err := replaceable(path, fi); err != nil {
		return err
	}
	tmp, err := Temp(path, fi.Mode().Perm(), bytesFill(data), func(f *os.File) error { return keepOwner(f, fi) })
	if err != nil {
		return err
	}
	if beforeCompare != nil {
		beforeCompare(path)
	}
	if err := unchanged(path, fi, old); err != nil {
		os.Remove(tmp)
		return err
	}
	return rename(tmp, path)
}

// replaceable says why the file described by fi must not be rewritten.
func replaceable(path string, fi os.FileInfo) error {
	if !fi.Mode().IsRegular() {
		return ErrNotFile
	}
	// The mode bits, not a write attempt: root may write a 0444 file, but
	// its owner made it read-only on purpose.
	if fi.Mode().Perm()&0o222 == 0 || !writable(path) {
		return ErrReadOnly
	}
	if n := linkCount(fi); n > 1 {
		return fmt.Errorf("%w (%d links)", ErrHardLinks, n)
	}
	return nil
}

// unchanged reports ErrChanged unless path is still the file fi describes
// and holds exactly old.
func unchanged(path string, fi os.FileInfo, old []byte) error {
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return ErrChanged
		}
		return err
	}
	defer f.Close()
	now, err := f.Stat()
	if err != nil {
		return err
	}
	if !os.SameFile(fi, now) || now.Size() != int64(len(old)) {
		return ErrChanged
	}
	// Compared in chunks, never read whole: the size matched, so this reads
	// at most len(old) bytes.
	r := bufio.NewReaderSize(f, 64<<10)
	rest := old
	for len(rest) > 0 {
		chunk, err := r.Peek(min(len(rest), 64<<10))
		if !bytes.Equal(chunk, rest[:len(chunk)]) {
			return ErrChanged
		}
		if err != nil {
			if err == io.EOF {
				return ErrChanged
			}
			return err
		}
		r.Discard(len(chunk))
		rest = rest[len(chunk):]
	}
	return nil
}
