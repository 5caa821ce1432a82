package lint

import (
	"context"
	"fmt"

	"github.com/citelint/citelint/notebook"
	"github.com/citelint/citelint/result"
)

// Source lints one document's bytes as the file at path: the same checks
// (text, UTF-8), parse, resolve, rules, suppression and, with opts.Fix,
// fixes as a file read from disk gets. It is for callers that already hold
// the bytes (an editor buffer, a Go program); path names the document in
// issues and anchors the bibliographies its front matter names.
func Source(ctx context.Context, path string, src []byte, opts Options) FileResult {
	if ctx.Err() != nil {
		return FileResult{Path: path, Err: &FileError{Path: path, Err: notChecked(ctx)}}
	}
	return lintRead(ctx, path, src, opts, &bibCache{m: map[string]bibLoad{}, inMemory: true})
}

// lintRead lints the bytes of the file at path once read, for Source and
// lintOne alike: the text checks, then the lint (and fixes with opts.Fix).
// A panic in a rule becomes the file's error, never the run's end.
func lintRead(ctx context.Context, path string, src []byte, opts Options, bibs *bibCache) (fr FileResult) {
	fr.Path = path
	defer func() {
		if v := recover(); v != nil {
			fr = FileResult{Path: path, Err: &FileError{Path: path, Err: fmt.Errorf("internal error: %v (please report this with the file)", v)}}
		}
	}()
	if line, err := checkText(src); err != nil {
		fr.Err = &FileError{Path: path, Line: line, Err: err}
		return fr
	}
	if notebook.Is(path) {
		return lintNotebook(ctx, path, src, opts, bibs)
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
// document.
func lintNotebook(ctx context.Context, path string, src []byte, opts Options, bibs *bibCache) FileResult {
	md, m, err := notebook.Markdown(src)
	if err != nil {
		fe := &FileError{Path: path, Err: err}
		if ne, ok := err.(*notebook.Error); ok {
			fe.Line, fe.Err = ne.Line, fmt.Errorf("not a Jupyter notebook: %w", ne.Err)
		}
		return FileResult{Path: path, Err: fe}
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
		is.Fix = nil
		if cell > 0 {
			is.Message += fmt.Sprintf(" (cell %d, line %d)", cell, line)
		}
		Locate(is, idx)
	}
	if fr.Src != nil {
		fr.Src = src
	}
	return fr
}
