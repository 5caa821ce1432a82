package lint

import (
	"context"
	"fmt"
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
	return lintRead(ctx, path, src, opts, &bibCache{m: map[string]bibLoad{}})
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
	if opts.Fix == nil {
		return lintSource(ctx, path, src, opts, bibs)
	}
	return fixSource(ctx, path, src, opts, bibs)
}
