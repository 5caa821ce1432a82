package lsp

import "context"

// WithLintStarted sets the hook called as each lint starts, with its
// context and the document's rev.
func WithLintStarted(o Options, f func(ctx context.Context, rev int)) Options {
	o.lintStarted = f
	return o
}

// WithMaxMessage sets the largest message body the server reads.
func WithMaxMessage(o Options, n int) Options {
	o.maxMessage = n
	return o
}
