// Package atomicfile writes files so that a reader (or a crash) never sees a
// half-written file: the content goes to a temporary file in the same
// directory, is synced, and is renamed over the target. An existing file's
// permission bits are kept.
package atomicfile

import (
	"io"
	"os"
	"path/filepath"
)

// Write writes the output of fill to path atomically. When path is a
// symbolic link, the file it points to is replaced and the link kept.
func Write(path string, fill func(w io.Writer) error) error {
	return write(path, fill, true)
}

// WriteUnsynced is Write without syncing the file before the rename: a
// reader still never sees half a file, but a crash may cost the newest
// ones. It is for output a run writes anew each time, many files at once
// (a review page's folder), where a sync each cost more than the pages.
func WriteUnsynced(path string, fill func(w io.Writer) error) error {
	return write(path, fill, false)
}

func write(path string, fill func(w io.Writer) error, sync bool) error {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	tmp, err := temp(path, mode, fill, nil, sync)
	if err != nil {
		return err
	}
	return rename(tmp, path)
}

// Temp writes the output of fill, with mode, to a new temporary file in
// path's directory, syncs and closes it, and returns its name for the
// caller to rename over path (after checks of its own). prepare, when set,
// runs on the open file before it is synced (to set its owner). Nothing is
// left behind on error.
func Temp(path string, mode os.FileMode, fill func(w io.Writer) error, prepare func(*os.File) error) (name string, err error) {
	return temp(path, mode, fill, prepare, true)
}

func temp(path string, mode os.FileMode, fill func(w io.Writer) error, prepare func(*os.File) error, sync bool) (name string, err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".citelint-*")
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = fill(tmp); err != nil {
		return "", err
	}
	if err = tmp.Chmod(mode); err != nil {
		return "", err
	}
	if prepare != nil {
		if err = prepare(tmp); err != nil {
			return "", err
		}
	}
	if sync {
		if err = tmp.Sync(); err != nil {
			return "", err
		}
	}
	if err = tmp.Close(); err != nil {
		return "", err
	}
	return tmp.Name(), nil
}

// rename moves the temporary file tmp over path, removing tmp if it fails.
func rename(tmp, path string) error {
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// WriteBytes writes data to path atomically.
func WriteBytes(path string, data []byte) error {
	return Write(path, bytesFill(data))
}

// ReplaceLink writes data to path atomically, replacing whatever is there,
// a symbolic link included, rather than writing through it: for files
// citelint owns, such as its cache, where a link planted by someone else
// must not redirect the write.
func ReplaceLink(path string, data []byte, mode os.FileMode) error {
	tmp, err := Temp(path, mode, bytesFill(data), nil)
	if err != nil {
		return err
	}
	return rename(tmp, path)
}

func bytesFill(data []byte) func(w io.Writer) error {
	return func(w io.Writer) error { _, err := w.Write(data); return err }
}
