// Package yamlpos parses YAML into go.yaml.in/yaml/v3's node tree with
// syntax errors placed where they are. yaml.v3 reports parser errors on the
// 0-based line of the construct it was reading, reader errors (bad UTF-8,
// control characters) and unknown anchors with no position at all, and
// errors on the first line with none; a user told "line 1" about a typo on
// line 3 loses time. Both .citelint.yaml and documents' front matter are
// read through it.
package yamlpos

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// SyntaxError is invalid YAML at a 1-based line and byte column; Column is
// 0 when only the line is known, Line 0 when neither is (errors about
// aliases).
type SyntaxError struct {
	Line, Column int
	Msg          string // yaml.v3's message without its "yaml: line N: " prefix
}

func (e *SyntaxError) Error() string {
	switch {
	case e.Line == 0:
		return e.Msg
	case e.Column == 0:
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("line %d:%d: %s", e.Line, e.Column, e.Msg)
}

// Parse reads the first YAML document of data. root is nil for an empty
// document. extra is the first node of a second, non-empty document, which
// a caller reading one document should reject (a trailing "---" alone is
// harmless); it is nil otherwise. A syntax error is a *SyntaxError; root
// is kept when only the second document is invalid.
func Parse(data []byte) (root, extra *yaml.Node, err error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil, nil
		}
		return nil, nil, syntaxError(err, data)
	}
	if doc.Kind == yaml.DocumentNode && len(doc.Content) > 0 {
		root = doc.Content[0]
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == nil:
		if len(next.Content) > 0 && !isNull(next.Content[0]) {
			extra = next.Content[0]
		}
	case !errors.Is(err, io.EOF):
		return root, nil, syntaxError(err, data)
	}
	return root, extra, nil
}

func isNull(n *yaml.Node) bool {
	return n.Kind == 0 || n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

var (
	lineErr = lazyRegexp(`^yaml: line (\d+): (.*)$`)
	// parserProblem matches yaml.v3's parser error messages (parserc.go),
	// whose lines are 0-based; its scanner errors' lines are 1-based.
	parserProblem = lazyRegexp(`^(did not find expected (',' or '[\]}]'|'-' indicator|<document start>|<stream-start>|key|node content)|found (duplicate %(TAG|YAML) directive|incompatible YAML document|undefined tag handle))$`)
	anchorName    = lazyRegexp(`^unknown anchor '(.*)' referenced$`)
)

// syntaxError places err, one of yaml.v3's errors about data.
func syntaxError(err error, data []byte) *SyntaxError {
	e := &SyntaxError{Msg: strings.TrimPrefix(err.Error(), "yaml: ")}
	if m := lineErr().FindStringSubmatch(err.Error()); m != nil {
		e.Line, _ = strconv.Atoi(m[1])
		e.Msg = m[2]
	}
	switch {
	case parserProblem().MatchString(e.Msg):
		e.Line++
	case strings.Contains(e.Msg, "UTF-8") || strings.Contains(e.Msg, "UTF-16") || strings.Contains(e.Msg, "control characters"):
		e.Line, e.Column = badCharPos(data)
	case strings.HasPrefix(e.Msg, "unknown anchor "):
		if m := anchorName().FindStringSubmatch(e.Msg); m != nil {
			if i := bytes.Index(data, []byte("*"+m[1])); i >= 0 {
				e.Line, e.Column = LineCol(data, i)
			}
		}
	case e.Line == 0 && !strings.Contains(e.Msg, "anchor") && !strings.Contains(e.Msg, "alias"):
		// yaml.v3 omits "line 0": scanner and parser errors without a line
		// are on the first.
		e.Line = 1
	}
	return e
}

// LineCol converts a byte offset into a 1-based line and byte column.
func LineCol(data []byte, off int) (int, int) {
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	return line, off - bytes.LastIndexByte(data[:off], '\n')
}

// badCharPos finds the first byte YAML's reader rejects: invalid UTF-8 or a
// character outside YAML's printable set (a leading BOM is allowed).
func badCharPos(data []byte) (int, int) {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		ok := r != utf8.RuneError || size > 1
		ok = ok && (r == '\t' || r == '\n' || r == '\r' || (r >= 0x20 && r <= 0x7e) || r == 0x85 ||
			(r >= 0xa0 && r <= 0xd7ff) || (r >= 0xe000 && r <= 0xfffd) || r >= 0x10000)
		if !ok && !(i == 0 && r == 0xfeff) {
			return LineCol(data, i)
		}
		i += size
	}
	return 0, 0
}

// lazyRegexp compiles expr on first use: a valid file never needs these,
// and compiling them at start-up would cost every run.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
