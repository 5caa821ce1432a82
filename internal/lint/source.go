package lint

import (
	"context"
	"errors"
	"fmt"

	"github.com/citelint/citelint/internal/lint/project"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/notebook"
	"github.com/citelint/citelint/internal/rules/input"
	"github.com/citelint/citelint/result"
)

// Source lints one document's bytes as the file at path: the same reading
// (a Git LFS pointer, binary or not-UTF-8 bytes, a notebook: odd.go),
// parse, resolve, rules, suppression and, with opts.Fix,
// fixes as a file read from disk gets. It is for callers that already hold
// the bytes (an editor buffer, a Go program); path names the document in
// issues and anchors the bibliographies its front matter names.
func Source(ctx context.Context, path string, src []byte, opts Options) FileResult {
	if ctx.Err() != nil {
		return FileResult{Path: path, Err: &FileError{Path: path, Kind: result.ErrNotChecked, Err: notChecked(ctx)}}
	}
	return lintRead(ctx, path, src, opts, project.NewInMemoryCache())
}

// lintRead lints the bytes of the file at path once read, for Source and
// lintOne alike: the text checks, then the lint (and fixes with opts.Fix).
// A panic in a rule becomes the file's error, never the run's end.
func lintRead(ctx context.Context, path string, src []byte, opts Options, bibs *project.Cache) (fr FileResult) {
	fr.Path = path
	defer func() {
		if v := recover(); v != nil {
			fr = FileResult{Path: path, Err: &FileError{Path: path, Kind: result.ErrFailed, Err: fmt.Errorf("internal error: %v (please report this with the file)", v)}}
		}
	}()
	if isLFSPointer(src) {
		return unreadable(ctx, path, src, opts, 0, markdown.DiagLFSPointer, result.ErrUnreadable, lfsMessage) // odd.go
	}
	off, err := checkText(src)
	if notebook.Is(path) {
		if err != nil { // JSON is UTF-8
			return unreadable(ctx, path, src, opts, off, markdown.DiagUnreadable, result.ErrUnreadable, "not a Jupyter notebook: "+err.Error())
		}
		return lintNotebook(ctx, path, src, opts, bibs)
	}
	if err := checkDocumentSize(len(src), &opts, false); err != nil {
		fr.Err = &FileError{Path: path, Kind: result.ErrTooLarge, Err: err}
		return fr
	}
	if err != nil {
		if t := transcode(src); t != nil {
			return lintTranscoded(ctx, path, src, t, opts, bibs)
		}
		return unreadable(ctx, path, src, opts, off, markdown.DiagUnreadable, result.ErrUnreadable, err.Error())
	}
	if opts.Fix == nil {
		return lintSource(ctx, path, src, opts, bibs)
	}
	return fixSource(ctx, path, src, opts, bibs)
}

// lintNotebook lints a Jupyter notebook's Markdown cells as one document
// and moves every issue to the bytes of the .ipynb it came from, naming
// the cell and its line in the message, so that editors and SARIF viewers
// open the right line of the notebook. Fixes are not offered: an edit to
// the joined Markdown is not an edit to the JSON, and a notebook corrupted
// by a "safe" fix is worse than no fix. fr.Doc is the joined Markdown's
// document. A file that is not a notebook is an unreadable-file finding at
// the line where reading failed; a cell of the wrong shape is a document
// finding on it, and the other cells are linted.
func lintNotebook(ctx context.Context, path string, src []byte, opts Options, bibs *project.Cache) FileResult {
	md, m, err := notebook.Markdown(src)
	if err != nil {
		off := 0
		var ne *notebook.Error
		if errors.As(err, &ne) {
			off, err = ne.Offset, ne.Err
		}
		return unreadable(ctx, path, src, opts, off, markdown.DiagUnreadable, result.ErrUnreadable, "not a Jupyter notebook: "+err.Error()) // odd.go
	}
	if err := checkDocumentSize(len(md), &opts, true); err != nil {
		return FileResult{Path: path, Err: &FileError{Path: path, Kind: result.ErrTooLarge, Err: err}}
	}
	opts.Fix = nil
	fr := lintSource(ctx, path, md, opts, bibs)
	idx, mdIdx := result.NewLineIndex(src), result.NewLineIndex(md)
	for i := range fr.Issues {
		is := &fr.Issues[i]
		cell, start := m.Cell(is.Start)
		line := mdIdx.LineOf(is.Start) - mdIdx.LineOf(start) + 1 // only lines: Position would count columns too
		is.Start, is.End = m.FileOffset(is.Start), m.FileOffset(is.End)
		if is.End < is.Start {
			is.End = is.Start
		}
		is.Related = mapRelated(is.Related, m.FileOffset)
		is.Fix = nil
		if cell > 0 {
			is.Message += fmt.Sprintf(" (cell %d, line %d)", cell, line)
		}
		Locate(is, idx)
	}
	// Cells not read, found on the file's own bytes.
	var diags []markdown.Diagnostic
	for _, p := range m.Problems() {
		diags = append(diags, markdown.Diagnostic{Offset: p.Offset, Message: p.Msg})
	}
	if len(diags) > 0 {
		if more, _, ok := fileIssues(ctx, path, diags, opts, input.Document.Name); ok { // odd.go
			for i := range more {
				Locate(&more[i], idx)
			}
			fr.Issues = append(fr.Issues, more...)
		}
	}
	if fr.Src != nil || opts.KeepSources && len(fr.Issues) > 0 {
		fr.Src = src
	}
	return fr
}

// mapRelated moves an issue's related places from the Markdown citelint
// read to the file's own offsets, as the issue's own.
func mapRelated(rel []result.Related, off func(int) int) []result.Related {
	if len(rel) == 0 {
		return nil
	}
	out := make([]result.Related, len(rel))
	for i, r := range rel {
		out[i] = result.Related{Start: off(r.Start), End: max(off(r.End), off(r.Start)), Message: r.Message}
	}
	return out
}
