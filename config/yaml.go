package config

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

// The YAML layer of the decoder: parsing (through yamlpos), key paths for
// messages, aliases, and describing a node in a message.

// kpath locates a node for messages ("exclusions.rules[0].text"; the root
// is "top level"): each step is a plain key, an index "[0]" or a quoted key
// `["a.b"]`.
type kpath []string

// plainKey are the bytes of a key written unquoted in a kpath.
const plainKey = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"

func (p kpath) key(k string) kpath {
	if k == "" || strings.Trim(k, plainKey) != "" {
		k = fmt.Sprintf("[%q]", short(k))
	}
	return append(slices.Clip(p), k)
}

func (p kpath) index(i int) kpath { return append(slices.Clip(p), fmt.Sprintf("[%d]", i)) }

func (p kpath) String() string {
	if len(p) == 0 {
		return "top level"
	}
	var b strings.Builder
	for i, e := range p {
		if i > 0 && e[0] != '[' {
			b.WriteByte('.')
		}
		b.WriteString(e)
	}
	return b.String()
}

// parseYAML returns the document's root node, or nil for an empty document
// (which means "all defaults") or a syntax error (recorded, placed by
// yamlpos where yaml.v3 misplaces it).
func (d *decoder) parseYAML(data []byte) *yaml.Node {
	root, extra, err := yamlpos.Parse(data)
	if se := (*yamlpos.SyntaxError)(nil); errors.As(err, &se) {
		d.errs = append(d.errs, &Error{File: d.file, Line: se.Line, Column: se.Column, Msg: "invalid YAML: " + se.Msg})
	}
	if extra != nil {
		d.errf(extra, nil, "more than one YAML document; citelint reads only the first, so merge them")
	}
	return root
}

// resolve follows an alias (*anchor) to the node it names, which is never
// another alias: YAML lets no alias carry an anchor.
func resolve(n *yaml.Node) *yaml.Node {
	if n != nil && n.Kind == yaml.AliasNode {
		return n.Alias
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
	if utf8.RuneCountInString(s) <= 60 {
		return s
	}
	return string([]rune(s)[:60]) + "…"
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
		d.errf(n, p, "%s: want a mapping, got %s", p, describe(r))
		return false
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(r.Content); i += 2 {
		k, v := resolve(r.Content[i]), r.Content[i+1]
		if k == nil || k.Kind != yaml.ScalarNode {
			d.errf(r.Content[i], p, "%s: keys must be plain strings", p)
			continue
		}
		if k.ShortTag() == "!!merge" {
			d.errf(k, p, "%s: merge keys (<<) are not supported; repeat the keys instead", p)
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
