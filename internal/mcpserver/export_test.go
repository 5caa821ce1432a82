package mcpserver

import "context"

// WithHooks sets the hooks called as a check or fix starts linting (with
// its context) and as it returns.
func WithHooks(o Options, started func(ctx context.Context), ended func(err error)) Options {
	o.callStarted, o.callEnded = started, ended
	return o
}
