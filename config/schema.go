package config

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// schemaJSON is the JSON Schema (draft 2020-12) editors use to complete and
// check .citelint.yaml, e.g. with yaml-language-server's
// "# yaml-language-server: $schema=..." comment. It is embedded so that
// `citelint config verify` checks exactly what the shipped binary documents.
//
//go:embed citelint.schema.json
var schemaJSON []byte

const schemaURL = "https://raw.githubusercontent.com/citelint/citelint/main/config/citelint.schema.json"

// Schema returns the embedded JSON Schema, for `citelint config schema` and
// for editors.
func Schema() []byte { return bytes.Clone(schemaJSON) }

// Verify implements `citelint config verify`: it runs the semantic checks of
// Parse (rule names, globs, regexps, conflicts: things a schema cannot know)
// and validates the document against the embedded JSON Schema, so a mismatch
// between the two is caught too. It returns every problem, each an *Error
// with file:line:col where the YAML gives one, in file order; nil means valid.
//
// A schema error about a key the semantic checks already reported (or about
// its parent or one of its direct children) is dropped: the semantic message
// is the better one, with its did-you-mean.
func Verify(name string, data []byte, opts Options) []error {
	var out []*Error
	_, err := Parse(name, data, opts)
	if err != nil {
		es, ok := err.(Errors)
		if !ok {
			return []error{err}
		}
		out = append(out, es...)
	}
	d := &decoder{file: name}
	root := d.parseYAML(data)
	if len(d.errs) > 0 {
		// A syntax error: Parse reported it already and there is nothing to validate.
		return asErrors(out)
	}
	if root == nil || isNull(root) {
		// An empty file means "all defaults" to Parse; the schema agrees by
		// not being asked.
		return asErrors(out)
	}
	budget := 1 << 20
	inst, err := toJSON(root, &budget, 0)
	if err != nil {
		out = append(out, &Error{File: name, Line: root.Line, Column: root.Column, Msg: err.Error()})
		return asErrors(out)
	}
	schemaErrs, err := schemaCheck(name, root, inst)
	if err != nil {
		return append(asErrors(out), err)
	}
	semantic := slices.Clone(out)
	for _, e := range schemaErrs {
		if !covered(e.ptr, semantic) {
			out = append(out, e)
		}
	}
	sortErrors(out)
	return asErrors(out)
}

// schemaCheck validates inst (the JSON form of root) against the embedded
// schema and positions each failure on the YAML node it is about.
func schemaCheck(name string, root *yaml.Node, inst any) ([]*Error, error) {
	sch, err := compiledSchema()
	if err != nil {
		return nil, fmt.Errorf("config: embedded schema does not compile: %w", err)
	}
	var out []*Error
	seen := map[string]bool{}
	for _, leaf := range sch.violations(inst) {
		ptr := pointerOf(leaf.loc)
		n, p := locate(root, leaf.loc)
		where := p.String()
		if where == "" {
			where = "top level"
		}
		msg := fmt.Sprintf("%s: %s (schema)", where, leaf.msg)
		if seen[ptr+"\x00"+msg] {
			continue
		}
		seen[ptr+"\x00"+msg] = true
		e := &Error{File: name, Msg: msg, ptr: ptr}
		if n != nil {
			e.Line, e.Column = n.Line, n.Column
		}
		out = append(out, e)
	}
	sortErrors(out)
	return out, nil
}

func asErrors(es []*Error) []error {
	if len(es) == 0 {
		return nil
	}
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

func pointerOf(tokens []string) string {
	var p kpath
	for _, t := range tokens {
		p = append(p, elem{key: t})
	}
	return p.pointer()
}

// covered reports whether a semantic error already speaks about ptr: at it,
// at an ancestor, or at a direct child (an unknown or missing key).
func covered(ptr string, semantic []*Error) bool {
	for _, e := range semantic {
		sp := e.ptr
		switch {
		case sp == ptr,
			sp == "" || strings.HasPrefix(ptr, sp+"/"),
			strings.HasPrefix(sp, ptr+"/") && !strings.Contains(sp[len(ptr)+1:], "/"):
			return true
		}
	}
	return false
}

// locate finds the node at a JSON pointer's tokens, returning the deepest
// node reached and its key path for the message.
func locate(root *yaml.Node, tokens []string) (*yaml.Node, kpath) {
	n := root
	var p kpath
	for _, t := range tokens {
		r := resolve(n)
		if r == nil {
			break
		}
		var next *yaml.Node
		switch r.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(r.Content); i += 2 {
				if k := resolve(r.Content[i]); k != nil && k.Value == t {
					next = r.Content[i+1]
					break
				}
			}
			p = p.key(t)
		case yaml.SequenceNode:
			if i, err := strconv.Atoi(t); err == nil && i >= 0 && i < len(r.Content) {
				next = r.Content[i]
			}
			i, _ := strconv.Atoi(t)
			p = p.index(i)
		}
		if next == nil {
			break
		}
		n = next
	}
	return n, p
}

// toJSON converts a YAML node into the value encoding/json would produce, for
// schema validation. Null mapping values are dropped because Parse treats
// "key:" with no value as unset. budget bounds alias expansion.
func toJSON(n *yaml.Node, budget *int, depth int) (any, error) {
	*budget--
	if *budget < 0 || depth > 200 {
		return nil, fmt.Errorf("document too large or too deeply nested (aliases expand beyond the limit)")
	}
	r := resolve(n)
	if r == nil {
		return nil, nil
	}
	switch r.Kind {
	case yaml.MappingNode:
		m := make(map[string]any, len(r.Content)/2)
		for i := 0; i+1 < len(r.Content); i += 2 {
			k := resolve(r.Content[i])
			if k == nil || k.Kind != yaml.ScalarNode || isNull(r.Content[i+1]) {
				continue
			}
			if _, dup := m[k.Value]; dup {
				continue // Parse reports duplicates; keep the first like it does
			}
			v, err := toJSON(r.Content[i+1], budget, depth+1)
			if err != nil {
				return nil, err
			}
			m[k.Value] = v
		}
		return m, nil
	case yaml.SequenceNode:
		a := make([]any, 0, len(r.Content))
		for _, it := range r.Content {
			v, err := toJSON(it, budget, depth+1)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		return a, nil
	case yaml.ScalarNode:
		switch r.ShortTag() {
		case "!!null":
			return nil, nil
		case "!!bool":
			var b bool
			if r.Decode(&b) == nil {
				return b, nil
			}
		case "!!int", "!!float":
			var v any
			if r.Decode(&v) == nil {
				switch x := v.(type) {
				case int:
					return json.Number(strconv.Itoa(x)), nil
				case int64:
					return json.Number(strconv.FormatInt(x, 10)), nil
				case uint64:
					return json.Number(strconv.FormatUint(x, 10)), nil
				case float64:
					if !math.IsNaN(x) && !math.IsInf(x, 0) {
						return json.Number(strconv.FormatFloat(x, 'g', -1, 64)), nil
					}
				}
			}
		}
		return r.Value, nil
	}
	return nil, nil
}
