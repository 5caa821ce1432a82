package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// The YAML layer of the decoder: parsing with positioned syntax errors, key
// paths for messages, aliases, and describing a node in a message.

// kpath locates a node for messages ("exclusions.rules[0].text"): each
// step is a plain key, an index "[0]" or a quoted key `["a.b"]`.
type kpath []string

var plainKey = lazyRegexp(`^[A-Za-z0-9_-]+$`)

func (p kpath) key(k string) kpath {
	if !plainKey().MatchString(k) {
		k = fmt.Sprintf("[%q]", short(k))
	}
	return append(slices.Clip(p), k)
}

func (p kpath) index(i int) kpath { return append(slices.Clip(p), fmt.Sprintf("[%d]", i)) }

func (p kpath) String() string {
	var b strings.Builder
	for i, e := range p {
		if i > 0 && e[0] != '[' {
			b.WriteByte('.')
		}
		b.WriteString(e)
	}
	return b.String()
}

var yamlLineErr = lazyRegexp(`^yaml: line (\d+): (.*)$`)

// parserProblem matches yaml.v3's parser error messages (parserc.go); its
// scanner errors already carry 1-based lines.
var parserProblem = lazyRegexp(`^(did not find expected (',' or '[\]}]'|'-' indicator|<document start>|<stream-start>|key|node content)|found (duplicate %(TAG|YAML) directive|incompatible YAML document|undefined tag handle))$`)

// syntaxError turns the YAML library's "yaml: line 3: ..." into file:3: ...
// and repairs its line numbers where we can.
func (d *decoder) syntaxError(err error, data []byte) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	e := &Error{File: d.file}
	if m := yamlLineErr().FindStringSubmatch(err.Error()); m != nil {
		e.Line, _ = strconv.Atoi(m[1])
		msg = m[2]
	}
	switch {
	case parserProblem().MatchString(msg):
		// yaml.v3 reports parser (not scanner) errors with the 0-based line
		// of the construct being parsed.
		e.Line++
	case strings.Contains(msg, "UTF-8") || strings.Contains(msg, "UTF-16") || strings.Contains(msg, "control characters"):
		// Reader errors carry a byte offset yaml.v3 does not report: find it.
		e.Line, e.Column = badCharPos(data)
	case strings.HasPrefix(msg, "unknown anchor "):
		if m := anchorName().FindStringSubmatch(msg); m != nil {
			if i := bytes.Index(data, []byte("*"+m[1])); i >= 0 {
				e.Line, e.Column = lineCol(data, i)
			}
		}
	case e.Line == 0 && !strings.Contains(msg, "anchor") && !strings.Contains(msg, "alias"):
		// Scanner and parser errors without a line are on the first line
		// (yaml.v3 omits "line 0").
		e.Line = 1
	}
	e.Msg = "invalid YAML: " + msg
	d.errs = append(d.errs, e)
}

var anchorName = lazyRegexp(`^unknown anchor '(.*)' referenced$`)

// lineCol converts a byte offset into a 1-based line and byte column.
func lineCol(data []byte, off int) (int, int) {
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	return line, off - bytes.LastIndexByte(data[:off], '\n')
}

// badCharPos finds the first byte YAML's reader rejects: invalid UTF-8 or a
// character outside YAML's printable set.
func badCharPos(data []byte) (int, int) {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		ok := r != utf8.RuneError || size > 1
		ok = ok && (r == '\t' || r == '\n' || r == '\r' || (r >= 0x20 && r <= 0x7e) || r == 0x85 ||
			(r >= 0xa0 && r <= 0xd7ff) || (r >= 0xe000 && r <= 0xfffd) || r >= 0x10000)
		if !ok && !(i == 0 && r == 0xfeff) {
			return lineCol(data, i)
		}
		i += size
	}
	return 0, 0
}

// parseYAML returns the document's root node, or nil for an empty document
// (which means "all defaults") or a syntax error (recorded).
func (d *decoder) parseYAML(data []byte) *yaml.Node {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if !errors.Is(err, io.EOF) {
			d.syntaxError(err, data)
		}
		return nil
	}
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case err == nil:
		// A trailing "---" with nothing after it is harmless.
		if len(extra.Content) > 0 && !isNull(extra.Content[0]) {
			d.errf(extra.Content[0], nil, "more than one YAML document; citelint reads only the first, so merge them")
		}
	case !errors.Is(err, io.EOF):
		d.syntaxError(err, data)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil
	}
	return doc.Content[0]
}

// resolve follows aliases (*anchor) to the node they name. Cycles are cut
// off; the config's fixed depth bounds the rest of the walk.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode; i++ {
		if i > 100 {
			return nil
		}
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	n = resolve(n)
	return n == nil || n.Kind == 0 || (n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null")
}

// short truncates user text quoted back in messages, so a pasted blob or a
// fuzzer's megabyte does not flood the terminal.
func short(s string) string {
	const max = 60
	if len(s) <= max {
		return s
	}
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	return string(r[:max]) + "…"
}

// describe says what a node is, for "want X, got Y" messages.
func describe(n *yaml.Node) string {
	n = resolve(n)
	if n == nil {
		return "nothing"
	}
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!str":
			return fmt.Sprintf("the string %q", short(n.Value))
		case "!!int":
			return "the integer " + short(n.Value)
		case "!!float":
			return "the number " + short(n.Value)
		case "!!bool":
			return "the boolean " + n.Value
		case "!!null":
			return "null"
		}
		return fmt.Sprintf("a %s value", short(n.ShortTag()))
	}
	return "an unexpected node"
}

// entries walks a mapping with free-form keys (rule names, format names,
// host names), reporting duplicates, merge keys and non-string keys.
func (d *decoder) entries(n *yaml.Node, p kpath, fn func(key string, k, v *yaml.Node)) bool {
	r := resolve(n)
	if isNull(r) {
		return true
	}
	if r.Kind != yaml.MappingNode {
		d.errf(n, p, "%s: want a mapping, got %s", d.where(p), describe(r))
		return false
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(r.Content); i += 2 {
		k, v := resolve(r.Content[i]), r.Content[i+1]
		if k == nil || k.Kind != yaml.ScalarNode {
			d.errf(r.Content[i], p, "%s: keys must be plain strings", d.where(p))
			continue
		}
		if k.ShortTag() == "!!merge" {
			d.errf(k, p, "%s: merge keys (<<) are not supported; repeat the keys instead", d.where(p))
			continue
		}
		if line, dup := seen[k.Value]; dup {
			in := " at top level"
			if len(p) > 0 {
				in = " in " + p.String()
			}
			d.errf(k, p.key(k.Value), "duplicate key %q%s (first at line %d)", short(k.Value), in, line)
			continue
		}
		seen[k.Value] = k.Line
		fn(k.Value, k, v)
	}
	return true
}

func (d *decoder) where(p kpath) string {
	if len(p) == 0 {
		return "top level"
	}
	return p.String()
}

// lazyRegexp compiles expr on first use: compiling the package's expressions
// at initialisation cost every run's start-up, and a run without a config
// file, or with a valid one, uses few or none of them.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
