package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"
	"go.yaml.in/yaml/v3"

	"github.com/citelint/citelint/result"
)

// The file is decoded by walking a yaml.Node tree by hand rather than with
// yaml.Unmarshal into structs: only the node tree knows where each value is,
// and every message must name file:line:col. It also lets us keep going after
// the first problem and report them all.

// elem is one step of a key path: a mapping key or a sequence index.
type elem struct {
	key   string
	idx   int
	isIdx bool
}

// kpath locates a node for messages ("exclusions.rules[0].text").
type kpath []elem

func (p kpath) key(k string) kpath { return append(slices.Clip(p), elem{key: k}) }
func (p kpath) index(i int) kpath  { return append(slices.Clip(p), elem{idx: i, isIdx: true}) }

var plainKey = lazyRegexp(`^[A-Za-z0-9_-]+$`)

func (p kpath) String() string {
	var b strings.Builder
	for i, e := range p {
		switch {
		case e.isIdx:
			fmt.Fprintf(&b, "[%d]", e.idx)
		case plainKey().MatchString(e.key):
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(e.key)
		default:
			fmt.Fprintf(&b, "[%q]", short(e.key))
		}
	}
	return b.String()
}

type decoder struct {
	file string
	opts Options
	errs Errors
}

func (d *decoder) errf(n *yaml.Node, p kpath, format string, args ...any) {
	e := &Error{File: d.file, Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Column = n.Line, n.Column
	}
	d.errs = append(d.errs, e)
}

var yamlLineErr = lazyRegexp(`^yaml: line (\d+): (.*)$`)

// parserProblems are yaml.v3's parser error messages (parserc.go); its scanner
// errors already carry 1-based lines.
var parserProblems = map[string]bool{
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"did not find expected '-' indicator":    true,
	"did not find expected <document start>": true,
	"did not find expected <stream-start>":   true,
	"did not find expected key":              true,
	"did not find expected node content":     true,
	"found duplicate %TAG directive":         true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found undefined tag handle":             true,
}

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
	case parserProblems[msg]:
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

// hints name the citelint key for keys golangci-lint users type by habit,
// which edit distance would not find.
var hints = map[string]string{
	"linters":                      "rules",
	"issues.max-issues-per-linter": "max-per-rule",
	"issues.max-same-issues":       "max-same",
	"issues.max-per-linter":        "max-per-rule",
	"exclusions.rules.linters":     "rules",
	"severity.rules.linters":       "rules",
}

var indexRe = lazyRegexp(`\[[0-9]+\]`)

// mapping walks a mapping node with a fixed key set, reporting unknown and
// duplicate keys, and calls fn for each known key. A null node is an unset
// section and yields nothing. It reports whether n was a mapping (or null).
func (d *decoder) mapping(n *yaml.Node, p kpath, keys []string, fn func(key string, k, v *yaml.Node)) bool {
	return d.entries(n, p, func(key string, k, v *yaml.Node) {
		if slices.Contains(keys, key) {
			fn(key, k, v)
			return
		}
		where := "top-level key"
		if len(p) > 0 {
			where = "key"
		}
		in := ""
		if len(p) > 0 {
			in = " in " + p.String()
		}
		hint := didYouMean(key, keys)
		if h, ok := hints[indexRe().ReplaceAllString(strings.TrimPrefix(p.String()+"."+key, "."), "")]; ok {
			hint = fmt.Sprintf(" (did you mean %q?)", h)
		}
		if key == "api-key" && p.String() == "judge" {
			hint = " (put the key in an environment variable and name the variable with api-key-env)"
		}
		d.errf(k, p.key(key), "unknown %s %q%s%s", where, short(key), in, hint)
	})
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

// str reads a string scalar. Numbers and booleans are not silently turned into
// strings: `text: 404` is almost always meant as text, and saying so beats
// guessing (the JSON Schema agrees, so editors flag the same thing).
func (d *decoder) str(n *yaml.Node, p kpath) (string, bool) {
	r := resolve(n)
	if isNull(r) {
		return "", false
	}
	if r.Kind == yaml.ScalarNode && r.ShortTag() == "!!str" {
		return r.Value, true
	}
	hint := ""
	if r.Kind == yaml.ScalarNode {
		hint = fmt.Sprintf(" (quote it: %q)", short(r.Value))
	}
	d.errf(n, p, "%s: want a string, got %s%s", p.String(), describe(r), hint)
	return "", false
}

func (d *decoder) boolean(n *yaml.Node, p kpath) (bool, bool) {
	r := resolve(n)
	if isNull(r) {
		return false, false
	}
	var b bool
	if r.Kind == yaml.ScalarNode && r.ShortTag() == "!!bool" && r.Decode(&b) == nil {
		return b, true
	}
	d.errf(n, p, "%s: want true or false, got %s", p.String(), describe(r))
	return false, false
}

// integer reads a non-negative int.
func (d *decoder) integer(n *yaml.Node, p kpath) (int, bool) {
	r := resolve(n)
	if isNull(r) {
		return 0, false
	}
	var i int
	if r.Kind != yaml.ScalarNode || r.ShortTag() != "!!int" {
		d.errf(n, p, "%s: want an integer ≥ 0, got %s", p.String(), describe(r))
		return 0, false
	}
	if err := r.Decode(&i); err != nil {
		d.errf(n, p, "%s: integer %s is out of range", p.String(), short(r.Value))
		return 0, false
	}
	if i < 0 {
		d.errf(n, p, "%s: want an integer ≥ 0, got %d", p.String(), i)
		return 0, false
	}
	return i, true
}

// duration reads a Go duration ("30s", "1m30s"). A bare 0 is accepted because
// "timeout: 0" is how golangci-lint users write "none"; any other bare number
// is an error, since yaml.v3 would read "timeout: 30" as 30 nanoseconds.
func (d *decoder) duration(n *yaml.Node, p kpath) (time.Duration, bool) {
	r := resolve(n)
	if isNull(r) {
		return 0, false
	}
	if r.Kind == yaml.ScalarNode {
		switch r.ShortTag() {
		case "!!str":
			v, err := time.ParseDuration(r.Value)
			if err != nil {
				d.errf(n, p, "%s: invalid duration %q (want e.g. \"30s\", \"1m30s\" or 0)", p.String(), short(r.Value))
				return 0, false
			}
			// "-0" is zero but says negative; the schema rejects it, so must we.
			if v < 0 || strings.HasPrefix(r.Value, "-") {
				d.errf(n, p, "%s: duration %q must not be negative", p.String(), r.Value)
				return 0, false
			}
			return v, true
		case "!!int", "!!float":
			if f, err := strconv.ParseFloat(strings.ReplaceAll(r.Value, "_", ""), 64); err == nil && f == 0 {
				return 0, true
			}
			d.errf(n, p, "%s: %s has no unit; write %q", p.String(), short(r.Value), short(r.Value)+"s")
			return 0, false
		}
	}
	d.errf(n, p, "%s: want a duration such as \"30s\", got %s", p.String(), describe(r))
	return 0, false
}

// enum reads a string that must be one of allowed.
func (d *decoder) enum(n *yaml.Node, p kpath, allowed []string) (string, bool) {
	s, ok := d.str(n, p)
	if !ok {
		return "", false
	}
	if slices.Contains(allowed, s) {
		return s, true
	}
	var quoted []string
	for _, a := range allowed {
		if a == "" {
			a = `""`
		}
		quoted = append(quoted, a)
	}
	d.errf(n, p, "%s: invalid value %q; want one of %s%s", p.String(), short(s), strings.Join(quoted, ", "), didYouMean(s, allowed))
	return "", false
}

// list calls fn for each item of a sequence. A null node is unset.
func (d *decoder) list(n *yaml.Node, p kpath, fn func(i int, item *yaml.Node)) bool {
	r := resolve(n)
	if isNull(r) {
		return false
	}
	if r.Kind != yaml.SequenceNode {
		d.errf(n, p, "%s: want a list, got %s", p.String(), describe(r))
		return false
	}
	for i, it := range r.Content {
		fn(i, it)
	}
	return true
}

// strList reads a list of non-empty strings; set reports whether the key
// had a value at all (an explicit [] is set and empty).
func (d *decoder) strList(n *yaml.Node, p kpath) (out []string, set bool) {
	out = []string{}
	set = d.list(n, p, func(i int, it *yaml.Node) {
		ip := p.index(i)
		if isNull(it) {
			d.errf(it, ip, "%s: empty entry", ip.String())
			return
		}
		if s, ok := d.str(it, ip); ok {
			if s == "" {
				d.errf(it, ip, "%s: empty entry", ip.String())
				return
			}
			out = append(out, s)
		}
	})
	return out, set
}

// glob validates a doublestar pattern. A leading "./" is dropped because
// paths are matched in cleaned form ("docs/a.md") and would never match it.
func (d *decoder) glob(n *yaml.Node, p kpath, g string) (string, bool) {
	g = strings.TrimPrefix(g, "./")
	switch {
	case g == "":
		d.errf(n, p, "%s: empty glob", p.String())
	case strings.HasPrefix(g, "/"):
		d.errf(n, p, "%s: glob %q must be relative to the config file's directory", p.String(), short(g))
	case !doublestar.ValidatePattern(g):
		d.errf(n, p, "%s: invalid glob %q", p.String(), short(g))
	default:
		return g, true
	}
	return "", false
}

func (d *decoder) globList(n *yaml.Node, p kpath) ([]string, bool) {
	var out []string
	set := d.list(n, p, func(i int, it *yaml.Node) {
		ip := p.index(i)
		s, ok := d.str(it, ip)
		if !ok {
			if isNull(it) {
				d.errf(it, ip, "%s: empty entry", ip.String())
			}
			return
		}
		if g, ok := d.glob(it, ip, s); ok {
			out = append(out, g)
		}
	})
	if out == nil {
		out = []string{}
	}
	return out, set
}

func (d *decoder) regexp(n *yaml.Node, p kpath) (*regexp.Regexp, bool) {
	s, ok := d.str(n, p)
	if !ok {
		return nil, false
	}
	if s == "" {
		d.errf(n, p, "%s: empty regexp", p.String())
		return nil, false
	}
	re, err := regexp.Compile(s)
	if err != nil {
		d.errf(n, p, "%s: invalid regexp %q: %s", p.String(), short(s), strings.TrimPrefix(err.Error(), "error parsing regexp: "))
		return nil, false
	}
	return re, true
}

// ruleName reads a rule name and returns its canonical form.
func (d *decoder) ruleName(n *yaml.Node, p kpath, name string) (string, bool) {
	canon, ok := d.opts.canonical(name)
	if !ok {
		d.errf(n, p, "%s: unknown rule %q%s", p.String(), short(name), didYouMean(name, d.opts.candidates()))
		return "", false
	}
	return canon, true
}

// ruleList reads a list of rule names; lines maps each canonical name to its
// node so conflicts can point at both places.
func (d *decoder) ruleList(n *yaml.Node, p kpath) (out []string, nodes map[string]*yaml.Node) {
	nodes = map[string]*yaml.Node{}
	d.list(n, p, func(i int, it *yaml.Node) {
		ip := p.index(i)
		s, ok := d.str(it, ip)
		if !ok {
			if isNull(it) {
				d.errf(it, ip, "%s: empty entry", ip.String())
			}
			return
		}
		canon, ok := d.ruleName(it, ip, s)
		if !ok {
			return
		}
		if _, dup := nodes[canon]; !dup {
			nodes[canon] = it
			out = append(out, canon)
		}
	})
	return out, nodes
}

func (d *decoder) httpURL(n *yaml.Node, p kpath) (string, bool) {
	s, ok := d.str(n, p)
	if !ok || s == "" {
		return "", ok
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		d.errf(n, p, "%s: want an http(s) URL, got %q", p.String(), short(s))
		return "", false
	}
	return strings.TrimRight(s, "/"), true
}

func (d *decoder) config(root *yaml.Node, c *Config) {
	ok := d.section(root, nil, reflect.ValueOf(c).Elem(), nil)
	if ok && !isNull(root) && !hasKey(root, "version") {
		d.errf(root, kpath{{key: "version"}}, "missing required key \"version\" (add version: %q as the first line)", Version)
	}
}

func hasKey(n *yaml.Node, key string) bool {
	r := resolve(n)
	for i := 0; r != nil && i+1 < len(r.Content); i += 2 {
		if k := resolve(r.Content[i]); k != nil && k.Value == key {
			return true
		}
	}
	return false
}

// section decodes the mapping n into the struct v, one key per field with
// a yaml tag (in field order: the order suggestions are offered in); only,
// when set, restricts the keys allowed. Each value is read by its field's
// Go type, enum tag or cfg hook. It reports whether n was a mapping (or
// null).
func (d *decoder) section(n *yaml.Node, p kpath, v reflect.Value, only []string) bool {
	t := v.Type()
	index := map[string]int{}
	var keys []string
	for i := 0; i < t.NumField(); i++ {
		name := yamlName(t.Field(i))
		if name != "" && (only == nil || slices.Contains(only, name)) {
			index[name] = i
			keys = append(keys, name)
		}
	}
	return d.mapping(n, p, keys, func(key string, k, val *yaml.Node) {
		d.value(val, p.key(key), v.Field(index[key]), t.Field(index[key]).Tag)
	})
}

// field reads n into the field of struct v whose key is key.
func (d *decoder) field(n *yaml.Node, p kpath, v reflect.Value, key string) {
	for i := 0; i < v.NumField(); i++ {
		if f := v.Type().Field(i); yamlName(f) == key {
			d.value(n, p, v.Field(i), f.Tag)
		}
	}
}

// keysOf lists the keys of a section whose decoder is hand-written, from
// the same tags section reads, so that the schema test covers them too.
func keysOf[T any]() []string {
	var keys []string
	t := reflect.TypeFor[T]()
	for i := 0; i < t.NumField(); i++ {
		if name := yamlName(t.Field(i)); name != "" {
			keys = append(keys, name)
		}
	}
	return keys
}

// yamlName is a field's key in the file, or "" for a field that has none.
func yamlName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
	if f.PkgPath != "" || name == "-" {
		return ""
	}
	return name
}

// value reads n into v. A null node leaves v at its default.
func (d *decoder) value(n *yaml.Node, p kpath, v reflect.Value, tag reflect.StructTag) {
	if h := tag.Get("cfg"); h != "" {
		d.hook(h, n, p, v)
		return
	}
	switch x := v.Addr().Interface().(type) {
	case *time.Duration:
		if t, ok := d.duration(n, p); ok {
			*x = t
		}
	case *string:
		if allowed := tag.Get("enum"); allowed != "" {
			if s, ok := d.enum(n, p, strings.Split(allowed, ",")); ok {
				*x = s
			}
		} else if s, ok := d.str(n, p); ok {
			*x = s
		}
	case *bool:
		if b, ok := d.boolean(n, p); ok {
			*x = b
		}
	case *int:
		if i, ok := d.integer(n, p); ok {
			*x = i
		}
	case **regexp.Regexp:
		*x, _ = d.regexp(n, p)
	case *[]Match:
		d.matches(n, p, x)
	default:
		if v.Kind() != reflect.Struct {
			panic(fmt.Sprintf("config: %s: no decoder for %s", p.String(), v.Type()))
		}
		var only []string
		if keys := tag.Get("keys"); keys != "" {
			only = strings.Split(keys, ",")
		}
		d.section(n, p, v, only)
	}
}

// hook reads the values whose checks go beyond their Go type (the cfg tag).
func (d *decoder) hook(name string, n *yaml.Node, p kpath, v reflect.Value) {
	switch x := v.Addr().Interface().(type) {
	case *string:
		var s string
		var ok bool
		switch name {
		case "version":
			s, ok = d.version(n, p)
		case "url":
			s, ok = d.httpURL(n, p)
		case "mailto":
			s, ok = d.mailto(n, p)
		case "env":
			s, ok = d.envName(n, p)
		case "glob":
			if s, ok = d.str(n, p); ok {
				s, ok = d.glob(n, p, s)
			}
		}
		// An empty URL keeps the default endpoint; an empty mailto or
		// variable name is the default already.
		if ok && s != "" {
			*x = s
		}
	case *[]string:
		switch name {
		case "paths":
			if l, set := d.strList(n, p); set {
				if len(l) == 0 && len(resolve(n).Content) == 0 {
					d.errf(n, p, "%s: want at least one path", p.String())
				}
				*x = l
			}
		case "include", "globs":
			if l, set := d.globList(n, p); set {
				if name == "include" && len(resolve(n).Content) == 0 {
					d.errf(n, p, "%s: want at least one glob (an empty include selects no file)", p.String())
				}
				*x = l
			}
		case "bibliography":
			d.bibliography(n, p, x)
		case "rule-list":
			*x, _ = d.ruleList(n, p)
		}
	case *result.Severity:
		if s, ok := d.enum(n, p, SeverityNames); ok {
			*x = parseSeverity(s)
		}
	case *Rules:
		d.rules(n, p, x)
	case *Severity:
		d.severity(n, p, x)
	case *Output:
		d.output(n, p, x)
	case *map[string]HostLimit:
		d.hosts(n, p, x)
	default:
		panic(fmt.Sprintf("config: %s: hook %q does not take %s", p.String(), name, v.Type()))
	}
}

// version accepts "1" quoted or not: `version: 1` is what people type.
func (d *decoder) version(v *yaml.Node, p kpath) (string, bool) {
	r := resolve(v)
	if r == nil || r.Kind != yaml.ScalarNode || (r.ShortTag() != "!!str" && r.ShortTag() != "!!int") {
		d.errf(v, p, "version: want %q, got %s", Version, describe(r))
		return "", false
	}
	if r.Value != Version {
		d.errf(v, p, "version: unsupported version %q; this citelint reads version %q", short(r.Value), Version)
		return "", false
	}
	return Version, true
}

func (d *decoder) rules(n *yaml.Node, p kpath, r *Rules) {
	var enableNodes, disableNodes map[string]*yaml.Node
	d.mapping(n, p, keysOf[Rules](), func(key string, k, v *yaml.Node) {
		kp := p.key(key)
		switch key {
		case "default":
			if s, ok := d.enum(v, kp, []string{DefaultStandard, DefaultReports, DefaultAll, DefaultNone}); ok {
				r.Default = s
			}
		case "enable":
			r.Enable, enableNodes = d.ruleList(v, kp)
		case "disable":
			r.Disable, disableNodes = d.ruleList(v, kp)
		case "settings":
			d.entries(v, kp, func(name string, k, v *yaml.Node) {
				sp := kp.key(name)
				canon, ok := d.ruleName(k, sp, name)
				if !ok {
					return
				}
				rv := resolve(v)
				if isNull(rv) {
					return
				}
				if rv.Kind != yaml.MappingNode {
					d.errf(v, sp, "%s: want a mapping of settings, got %s", sp.String(), describe(rv))
					return
				}
				if r.Settings == nil {
					r.Settings = map[string]*yaml.Node{}
				}
				if !d.aliasesOK(v, sp) {
					return
				}
				if _, dup := r.Settings[canon]; dup {
					d.errf(k, sp, "%s: settings for rule %q given twice (under another name)", sp.String(), canon)
					return
				}
				r.Settings[canon] = rv
			})
		}
	})
	// golangci-lint rejects a linter that is both enabled and disabled; so do
	// we, pointing at the disable entry and naming the enable line.
	for i, name := range r.Disable {
		if en, ok := enableNodes[name]; ok {
			dn := disableNodes[name]
			d.errf(dn, p.key("disable").index(i), "rules.disable[%d]: rule %q is also enabled (line %d); list it in one place", i, name, en.Line)
		}
	}
}

// maxExpanded bounds how many nodes rule settings may expand to through
// aliases. Settings are free-form, so this is where a "billion laughs"
// document could make DecodeSettings or Verify do unbounded work.
const maxExpanded = 100000

// aliasesOK rejects settings whose aliases form a cycle or expand beyond
// maxExpanded nodes; yaml.v3 would refuse the first later, with no position.
func (d *decoder) aliasesOK(n *yaml.Node, p kpath) bool {
	budget := maxExpanded
	onPath := map[*yaml.Node]bool{}
	var walk func(n *yaml.Node) bool
	walk = func(n *yaml.Node) bool {
		if budget--; budget < 0 {
			d.errf(n, p, "%s: aliases expand to more than %d values", p.String(), maxExpanded)
			return false
		}
		if n.Kind == yaml.AliasNode {
			if n.Alias == nil {
				return true
			}
			if onPath[n.Alias] {
				d.errf(n, p, "%s: alias *%s refers to a value that contains it", p.String(), short(n.Value))
				return false
			}
			return walk(n.Alias)
		}
		onPath[n] = true
		defer delete(onPath, n)
		for _, c := range n.Content {
			if !walk(c) {
				return false
			}
		}
		return true
	}
	return walk(n)
}

var matchKeys = keysOf[Match]()

// hasCondition reports whether an entry sets any condition. An entry with
// none would match every issue, which is never what a user meant.
func hasCondition(r *yaml.Node) bool {
	for i := 0; i+1 < len(r.Content); i += 2 {
		k, v := resolve(r.Content[i]), resolve(r.Content[i+1])
		if k == nil || !slices.Contains(matchKeys, k.Value) || isNull(v) {
			continue
		}
		if v.Kind == yaml.SequenceNode && len(v.Content) == 0 {
			continue // "rules: []" restricts nothing
		}
		return true
	}
	return false
}

// matches reads exclusions.rules: entries that each set a condition.
func (d *decoder) matches(n *yaml.Node, p kpath, ms *[]Match) {
	d.list(n, p, func(i int, it *yaml.Node) {
		ip := p.index(i)
		m := Match{Line: it.Line}
		if d.section(it, ip, reflect.ValueOf(&m).Elem(), nil) {
			if r := resolve(it); isNull(r) || !hasCondition(r) {
				d.errf(it, ip, "%s: set at least one of %s", ip.String(), strings.Join(matchKeys, ", "))
				return
			}
			*ms = append(*ms, m)
		}
	})
}

// SeverityNames are exactly the names result.ParseSeverity accepts ("info"
// is a synonym of note), so every severity error lists what it would take.
var SeverityNames = []string{"note", "warning", "error", "info"}

func parseSeverity(s string) result.Severity {
	sev, _ := result.ParseSeverity(s)
	return sev
}

func (d *decoder) severity(n *yaml.Node, p kpath, s *Severity) {
	d.mapping(n, p, keysOf[Severity](), func(key string, k, v *yaml.Node) {
		kp := p.key(key)
		switch key {
		case "default":
			if name, ok := d.enum(v, kp, append([]string{""}, SeverityNames...)); ok {
				s.Default = parseSeverity(name)
			}
		case "rules":
			d.list(v, kp, func(i int, it *yaml.Node) {
				ip := kp.index(i)
				sr := SeverityRule{Match: Match{Line: it.Line}}
				haveSev := false
				keys := append([]string{"severity"}, matchKeys...)
				if d.mapping(it, ip, keys, func(key string, k, v *yaml.Node) {
					if key == "severity" {
						haveSev = true
						if name, ok := d.enum(v, ip.key(key), SeverityNames); ok {
							sr.Severity = parseSeverity(name)
						} else if isNull(v) {
							d.errf(v, ip.key(key), "%s: want one of %s", ip.key(key).String(), strings.Join(SeverityNames, ", "))
						}
						return
					}
					d.field(v, ip.key(key), reflect.ValueOf(&sr.Match).Elem(), key)
				}) {
					r := resolve(it)
					if isNull(r) {
						d.errf(it, ip, "%s: want a mapping with severity and at least one of %s", ip.String(), strings.Join(matchKeys, ", "))
						return
					}
					if !haveSev {
						d.errf(it, ip.key("severity"), "%s: missing required key \"severity\"", ip.String())
					}
					if !hasCondition(r) {
						d.errf(it, ip, "%s: set at least one of %s", ip.String(), strings.Join(matchKeys, ", "))
					}
					if sr.Severity != result.SeverityUnset {
						s.Rules = append(s.Rules, sr)
					}
				}
			})
		}
	})
}

func (d *decoder) output(n *yaml.Node, p kpath, o *Output) {
	d.mapping(n, p, keysOf[Output](), func(key string, k, v *yaml.Node) {
		kp := p.key(key)
		var formats []OutputFormat
		files := map[string]string{} // path → format that writes it
		set := d.entries(v, kp, func(name string, k, v *yaml.Node) {
			fp := kp.key(name)
			if !slices.Contains(FormatNames, name) {
				d.errf(k, fp, "unknown output format %q in %s%s; want one of %s", short(name), kp.String(), didYouMean(name, FormatNames), strings.Join(FormatNames, ", "))
				return
			}
			f := OutputFormat{Format: name, Path: Stdout}
			d.mapping(v, fp, keysOf[OutputFormat](), func(key string, k, v *yaml.Node) {
				if s, ok := d.str(v, fp.key(key)); ok {
					if s == "" {
						d.errf(v, fp.key(key), "%s: empty path (use stdout, stderr or a file name)", fp.key(key).String())
						return
					}
					f.Path = s
				}
			})
			if f.Path != Stdout && f.Path != Stderr {
				key := path.Clean(f.Path) // "./a.json" is "a.json"
				if other, dup := files[key]; dup {
					d.errf(v, fp.key("path"), "%s: %q is also written by format %q", fp.key("path").String(), short(f.Path), other)
					return
				}
				files[key] = name
			}
			formats = append(formats, f)
		})
		if set && !isNull(v) {
			if len(resolve(v).Content) == 0 {
				d.errf(v, kp, "%s: want at least one format", kp.String())
				return
			}
			o.Formats = formats
		}
	})
}

// bibliography accepts one file or a list, as pandoc's metadata does.
func (d *decoder) bibliography(v *yaml.Node, p kpath, bib *[]string) {
	if r := resolve(v); r != nil && r.Kind == yaml.ScalarNode && r.ShortTag() == "!!str" {
		if r.Value == "" {
			d.errf(v, p, "bibliography: empty file name")
			return
		}
		*bib = []string{r.Value}
		return
	}
	if r := resolve(v); r != nil && r.Kind != yaml.SequenceNode && !isNull(r) {
		d.errf(v, p, "bibliography: want a file name or a list of them, got %s", describe(r))
		return
	}
	if l, set := d.strList(v, p); set {
		*bib = l
	}
}

var hostRe = lazyRegexp(`^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?$|^\[[0-9a-f:.]+\](:[0-9]{1,5})?$`)

// hosts reads resolvers.hosts: entries override the defaults per host and
// keep the others.
func (d *decoder) hosts(n *yaml.Node, p kpath, hosts *map[string]HostLimit) {
	d.entries(n, p, func(host string, k, v *yaml.Node) {
		hp := p.key(host)
		h := strings.ToLower(host)
		if !hostRe().MatchString(h) {
			d.errf(k, hp, "%s: %q is not a host name (write it without scheme or path, e.g. export.arxiv.org)", p.String(), short(host))
			return
		}
		lim := (*hosts)[h]
		d.section(v, hp, reflect.ValueOf(&lim).Elem(), nil)
		if *hosts == nil {
			*hosts = map[string]HostLimit{}
		}
		(*hosts)[h] = lim
	})
}

func (d *decoder) mailto(v *yaml.Node, p kpath) (string, bool) {
	s, ok := d.str(v, p)
	if !ok || s == "" {
		return "", ok
	}
	s = strings.TrimPrefix(s, "mailto:")
	if !mailRe().MatchString(s) {
		d.errf(v, p, "%s: want an e-mail address, got %q", p.String(), short(s))
		return "", false
	}
	return s, true
}

// mailRe is deliberately loose: it catches a URL or a name pasted in the
// wrong field, not every invalid address. The schema uses the same pattern.
var mailRe = lazyRegexp(`^[^@\s<>]+@[^\s<>]+$`)

var envName = lazyRegexp(`^[A-Za-z_][A-Za-z0-9_]*$`)

func (d *decoder) envName(n *yaml.Node, p kpath) (string, bool) {
	s, ok := d.str(n, p)
	if ok && s != "" && !envName().MatchString(s) {
		d.errf(n, p, "%s: want the name of an environment variable (e.g. OPENAI_API_KEY), got %q", p.String(), short(s))
		return "", false
	}
	return s, ok
}
