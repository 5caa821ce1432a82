package config

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Error is one problem found in a configuration file (or in a command-line
// override). It carries the position so that editors, CI logs and
// `citelint config verify` can point at the offending key, the way compilers
// do: "file:line:col: message".
type Error struct {
	File   string // as given to Parse or Load; "" for flag errors
	Line   int    // 1-based; 0 when there is no position
	Column int    // 1-based byte column as reported by the YAML parser; 0 if unknown
	Msg    string
}

func (e *Error) Error() string {
	pos := e.File
	if e.Line > 0 {
		pos += ":" + strconv.Itoa(e.Line)
	}
	if e.Line > 0 && e.Column > 0 {
		pos += ":" + strconv.Itoa(e.Column)
	}
	if pos = strings.TrimPrefix(pos, ":"); pos == "" {
		return e.Msg
	}
	return pos + ": " + e.Msg
}

// Errors is every problem found in one pass. Parse collects them all rather
// than stopping at the first, so a user fixing a config sees the whole list at
// once (golangci-lint and compilers behave the same way).
type Errors []*Error

// Error lists one problem per line, in file order.
func (es Errors) Error() string {
	msgs := make([]string, len(es))
	for i, e := range es {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// Unwrap lets errors.As find the individual *Error values.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// sortErrors orders by position; errors without one (Line 0, which
// uint(Line-1) makes the largest) keep their relative order at the end. The
// sort is stable so that two errors on the same node stay in the order the
// checks produced them.
func sortErrors(es []*Error) {
	slices.SortStableFunc(es, func(a, b *Error) int {
		return cmp.Or(cmp.Compare(uint(a.Line-1), uint(b.Line-1)), cmp.Compare(a.Column, b.Column))
	})
}
