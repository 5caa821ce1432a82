package lint

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/citelint/citelint/internal/lint/project"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/rules/input"
	"github.com/citelint/citelint/result"
)

// Odd files. A file citelint cannot read is a finding on that file, as
// ruff's io-error (E902) is, never the run's failure: the unreadable-file
// rule's (an error; a note for a Git LFS pointer), and the other files are
// linted as usual. A file it can read in part is linted, with a document
// finding for the part: a Markdown file that is not UTF-8 is decoded, a
// notebook cell of the wrong shape is skipped.

// lfsPrefixes open a Git LFS pointer file (the second is the spec's
// first name, still accepted by git-lfs).
var lfsPrefixes = [][]byte{[]byte("version https://git-lfs.github.com/spec/"), []byte("version https://hawser.github.com/spec/")}

// isLFSPointer reports whether src is a Git LFS pointer: a short text of
// "key value" lines opening with its version, standing in for a file
// whose content was not fetched (actions/checkout without lfs: true).
func isLFSPointer(src []byte) bool {
	if len(src) >= 1024 || !bytes.Contains(src, []byte("\noid sha256:")) {
		return false
	}
	for _, p := range lfsPrefixes {
		if bytes.HasPrefix(src, p) {
			return true
		}
	}
	return false
}

const lfsMessage = "a Git LFS pointer, not the file's content: its citations are not checked (fetch it with git lfs pull; actions/checkout needs lfs: true)"

// readError says why a file could not be read, without its path (the
// finding is on it).
func readError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Sprintf("cannot %s the file: %v", pe.Op, pe.Err)
	}
	return err.Error()
}

// maxMessage bounds a message about a file: what it quotes of the file is
// clipped where it is made (notebook), and this is the last guard.
const maxMessage = 300

// clipMessage shortens every run of more than 64 bytes without a space
// (a number, a path, a token of the file) and the whole message to about
// maxMessage bytes, at character boundaries.
func clipMessage(msg string) string {
	var b strings.Builder
	for i, f := range strings.Split(msg, " ") {
		if i > 0 {
			b.WriteByte(' ')
		}
		if len(f) > 64 {
			f = cut(f, 48) + fmt.Sprintf("… (%d bytes)", len(f))
		}
		b.WriteString(f)
	}
	msg = b.String()
	if len(msg) > maxMessage {
		msg = cut(msg, maxMessage) + "…"
	}
	return msg
}

// cut returns s cut to at most n bytes, at a character boundary.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// fileIssues runs the enabled rules among names on a Document that holds
// only diags, and returns their issues, not yet located. ok is false when
// none of those rules is enabled.
func fileIssues(ctx context.Context, path string, diags []markdown.Diagnostic, opts Options, names ...string) (issues []result.Issue, ferr *FileError, ok bool) {
	var enabled []Enabled
	for _, e := range opts.Rules {
		for _, n := range names {
			if e.Rule.Name == n {
				enabled = append(enabled, e)
			}
		}
	}
	if len(enabled) == 0 {
		return nil, nil, false
	}
	for i := range diags {
		diags[i].Message = clipMessage(diags[i].Message)
	}
	o := opts
	o.Rules = enabled
	issues, ferr = runRules(ctx, path, &markdown.Document{Diagnostics: diags}, o, nil)
	return issues, ferr, true
}

// unreadable is the result of a file that could not be read: an
// unreadable-file finding at file offset off of src (nil when nothing was
// read), of Kind kind. With the rule disabled it is a warning through
// opts.Warn, and the file counts as linted with no issue; without Warn
// it stays the file's error, of kind ekind.
func unreadable(ctx context.Context, path string, src []byte, opts Options, off int, kind string, ekind result.ErrorKind, msg string) FileResult {
	off = min(max(off, 0), len(src))
	line := 1 + bytes.Count(src[:off], []byte{'\n'})
	fr := FileResult{Path: path, Unread: true}
	issues, ferr, ok := fileIssues(ctx, path, []markdown.Diagnostic{{Offset: off, Message: msg, Kind: kind}}, opts, input.UnreadableFile.Name)
	if !ok {
		msg = clipMessage(msg)
		if opts.Warn == nil {
			return FileResult{Path: path, Err: &FileError{Path: path, Line: line, Kind: ekind, Err: errors.New(msg)}}
		}
		if line > 1 {
			opts.Warn(fmt.Sprintf("%s:%d: not read (unreadable-file is disabled): %s", path, line, msg))
		} else {
			opts.Warn(fmt.Sprintf("%s: not read (unreadable-file is disabled): %s", path, msg))
		}
		return fr
	}
	fr.Issues, fr.Err = issues, ferr
	text := isText(src)
	idx := result.NewLineIndex(src)
	for i := range fr.Issues {
		Locate(&fr.Issues[i], idx)
		if !text {
			fr.Issues[i].SourceLine = "" // not text: nothing to show
		}
	}
	if text && opts.KeepSources && len(fr.Issues) > 0 {
		fr.Src = src
	}
	return fr
}

// isText reports whether src may be shown as text: UTF-8 without NUL.
func isText(src []byte) bool {
	return utf8.Valid(src) && bytes.IndexByte(src, 0) < 0
}

// transcoded is a Markdown file that is not UTF-8, decoded: doc is its
// text in UTF-8, and off[i] the file offset doc[i] came from.
type transcoded struct {
	doc    []byte
	off    []int32
	srcLen int
	// what was decoded and how, for the document finding
	diag markdown.Diagnostic // Offset in doc
}

// fileOffset returns the file offset of document offset d.
func (t *transcoded) fileOffset(d int) int {
	if d < 0 {
		return 0
	}
	if d >= len(t.off) {
		return t.srcLen
	}
	return int(t.off[d])
}

// transcode decodes src, which is not UTF-8, when it is text in another
// encoding: UTF-16 with its byte order mark, or, when it has no NUL byte,
// UTF-8 whose bytes that are not (a Latin-1 or Windows-1252 file, or
// one stray byte) are read as Windows-1252, its most common neighbour,
// which gives every byte a character. nil when src is binary.
func transcode(src []byte) *transcoded {
	t := &transcoded{srcLen: len(src)}
	switch {
	case bytes.HasPrefix(src, []byte{0xff, 0xfe}):
		t.utf16(src, false)
		return t
	case bytes.HasPrefix(src, []byte{0xfe, 0xff}):
		t.utf16(src, true)
		return t
	case bytes.IndexByte(src, 0) >= 0:
		return nil
	}
	t.doc = make([]byte, 0, len(src)+len(src)/8)
	t.off = make([]int32, 0, cap(t.doc))
	first, n := -1, 0
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size == 1 {
			if first < 0 {
				first, t.diag.Offset = i, len(t.doc)
			}
			n++
			t.add(charmap.Windows1252.DecodeByte(src[i]), i)
			i++
			continue
		}
		for k := range size {
			t.doc = append(t.doc, src[i+k])
			t.off = append(t.off, int32(i+k))
		}
		i += size
	}
	line := 1 + bytes.Count(src[:first], []byte{'\n'})
	more := ""
	if n > 1 {
		more = fmt.Sprintf(", and %d more", n-1)
	}
	t.diag.Message = fmt.Sprintf("not valid UTF-8 (byte 0x%02x on line %d%s): read as Windows-1252; save the file as UTF-8, as Markdown tools and site generators expect", src[first], line, more)
	return t
}

// utf16 decodes src, UTF-16 after its byte order mark.
func (t *transcoded) utf16(src []byte, bigEndian bool) {
	t.doc = make([]byte, 0, len(src))
	t.off = make([]int32, 0, len(src))
	unit := func(i int) uint16 {
		if bigEndian {
			return uint16(src[i])<<8 | uint16(src[i+1])
		}
		return uint16(src[i+1])<<8 | uint16(src[i])
	}
	for i := 2; i < len(src); {
		if i+1 >= len(src) {
			t.add(utf8.RuneError, i) // an odd byte at the end
			break
		}
		r, n := rune(unit(i)), 2
		if utf16.IsSurrogate(r) {
			r = utf8.RuneError
			if i+3 < len(src) {
				if p := utf16.DecodeRune(rune(unit(i)), rune(unit(i+2))); p != utf8.RuneError {
					r, n = p, 4
				}
			}
		}
		t.add(r, i)
		i += n
	}
	order := "little-endian"
	if bigEndian {
		order = "big-endian"
	}
	t.diag.Message = fmt.Sprintf("a UTF-16 (%s) file: read as such; save it as UTF-8, as Markdown tools and site generators expect", order)
}

// add appends r, from file offset at, to the document.
func (t *transcoded) add(r rune, at int) {
	var buf [utf8.UTFMax]byte
	for _, b := range buf[:utf8.EncodeRune(buf[:], r)] {
		t.doc = append(t.doc, b)
		t.off = append(t.off, int32(at))
	}
}

// lintTranscoded lints a decoded file and moves every issue back to the
// bytes of the file, with a document finding that says how it was read.
// Its positions (lines, UTF-16 columns) and source lines are the decoded
// text's, which is what an editor that reads the encoding shows. Fixes are
// not offered: they would write UTF-8 into a file that is not.
func lintTranscoded(ctx context.Context, path string, src []byte, t *transcoded, opts Options, bibs *project.Cache) FileResult {
	opts.Fix = nil
	fr := lintSource(ctx, path, t.doc, opts, bibs)
	if more, _, ok := fileIssues(ctx, path, []markdown.Diagnostic{t.diag}, opts, input.Document.Name); ok {
		idx := result.NewLineIndex(t.doc)
		for i := range more {
			Locate(&more[i], idx)
		}
		fr.Issues = append(fr.Issues, more...)
	}
	for i := range fr.Issues {
		is := &fr.Issues[i]
		is.Start, is.End = t.fileOffset(is.Start), t.fileOffset(is.End)
		if is.End < is.Start {
			is.End = is.Start
		}
		is.Related = mapRelated(is.Related, t.fileOffset)
		is.Fix = nil
	}
	if fr.Src != nil || opts.KeepSources && len(fr.Issues) > 0 {
		fr.Src = src
	}
	return fr
}
