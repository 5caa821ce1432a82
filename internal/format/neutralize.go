package format

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// zwsp (U+200B ZERO WIDTH SPACE) breaks a workflow command without changing
// what a reader sees: the runner's TrimStart does not remove it, as it is
// not white space.
const zwsp = "\u200b"

// Neutralize returns s with nothing a GitHub Actions runner would execute
// as a workflow command, for text that reaches a job's log from a document
// or a file name (a pull request's, so an attacker's). The runner splits
// its log at \r and \n and runs a line that starts with "::" after leading
// white space (::add-mask::, ::set-output::, ::stop-commands::), or that
// contains "##[" with a known command anywhere (the older syntax). A zero
// width space goes before each such "::" and inside each "##[". lineStart
// says whether s begins a line of the output.
func Neutralize(s string, lineStart bool) string {
	if !needsNeutralizing(s, lineStart) {
		return s
	}
	s = strings.ReplaceAll(s, "##[", "##"+zwsp+"[")
	var b strings.Builder
	b.Grow(len(s) + 3*4)
	for {
		if lineStart {
			rest := strings.TrimLeftFunc(s, isBlank)
			b.WriteString(s[:len(s)-len(rest)])
			s = rest
			if strings.HasPrefix(s, "::") {
				b.WriteString(zwsp)
			}
		}
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i+1])
		s = s[i+1:]
		lineStart = true
	}
}

// isBlank is white space other than the line breaks the runner splits at.
func isBlank(r rune) bool { return r != '\r' && r != '\n' && unicode.IsSpace(r) }

// needsNeutralizing is Neutralize's fast path: most messages and lines
// contain no line break, no "##[" and do not start with "::".
func needsNeutralizing(s string, lineStart bool) bool {
	if strings.ContainsAny(s, "\r\n") || strings.Contains(s, "##[") {
		return true
	}
	return lineStart && strings.HasPrefix(strings.TrimLeftFunc(s, isBlank), "::")
}

// Escapes of '[' that decode to '[': JSON and XML consumers read the same
// text, and a runner that reads the report in a log finds no "##[".
const (
	jsonBracket = `\u005b`
	xmlBracket  = "&#x5B;"
)

// bracketEscaper writes through to w with each '[' that follows "##" (the
// older workflow command syntax, which the runner finds anywhere in a line)
// replaced by esc. JSON and XML printers write through it: their document
// text sits in strings and attributes, where an escape is lossless.
type bracketEscaper struct {
	w      io.Writer
	esc    string
	hashes int // '#' bytes at the end of what was written, up to 2
}

func (e *bracketEscaper) Write(p []byte) (int, error) {
	start := 0
	for i := 0; i < len(p); {
		j := bytes.IndexByte(p[i:], '[')
		if j < 0 {
			break
		}
		at := i + j
		if e.hashesBefore(p, at) == 2 {
			if _, err := e.w.Write(p[start:at]); err != nil {
				return start, err
			}
			if _, err := io.WriteString(e.w, e.esc); err != nil {
				return at, err
			}
			start = at + 1
		}
		i = at + 1
	}
	if _, err := e.w.Write(p[start:]); err != nil {
		return start, err
	}
	e.hashes = e.hashesBefore(p, len(p))
	return len(p), nil
}

// hashesBefore counts the '#' bytes (up to 2) just before p[at], going back
// into earlier writes.
func (e *bracketEscaper) hashesBefore(p []byte, at int) int {
	n := 0
	for k := at - 1; k >= 0 && n < 2; k-- {
		if p[k] != '#' {
			return n
		}
		n++
	}
	if n < 2 && n == at {
		n = min(2, n+e.hashes)
	}
	return n
}

// PauseWorkflowCommands makes a GitHub Actions runner take what follows
// on out as plain text until the returned function is called: --diff
// prints document lines as they are, a context line " ::add-mask::x"
// included, which the runner would execute (it trims leading space).
// Outside Actions (inActions false) it does nothing. The token is random
// so the document cannot end the pause itself.
func PauseWorkflowCommands(out io.Writer, inActions bool) (resume func()) {
	if !inActions {
		return func() {}
	}
	var b [16]byte
	rand.Read(b[:])
	token := hex.EncodeToString(b[:])
	fmt.Fprintf(out, "::stop-commands::%s\n", token)
	return func() { fmt.Fprintf(out, "::%s::\n", token) }
}
