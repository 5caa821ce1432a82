package config

import (
	"cmp"
	"errors"
	"fmt"
	"net/url"
	"path"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bmatcuk/doublestar/v4"
	"go.yaml.in/yaml/v3"

	"github.com/citelint/citelint/internal/didyoumean"
	"github.com/citelint/citelint/result"
)

// One decoder reads every section and every rule's settings: it walks the
// yaml.Node tree against a Go type, led by the type and its struct tags (see
// Config), rather than calling yaml.Unmarshal, because only the node tree
// knows where each value is, every message must name file:line:col, and a
// user fixing a file wants every problem at once. The schema (schema.go) is
// generated from the same types and tags.
type decoder struct {
	file   string
	opts   Options
	errs   Errors
	budget int // nodes left to visit: aliases can make a small file huge ("billion laughs")
}

const maxNodes, maxDepth = 100000, 64

func newDecoder(file string, opts Options) *decoder { return &decoder{file, opts, nil, maxNodes} }

// err returns the problems found, in file order, or nil.
func (d *decoder) err() error {
	if len(d.errs) == 0 {
		return nil
	}
	sortErrors(d.errs)
	return d.errs
}

func (d *decoder) errf(n *yaml.Node, p kpath, format string, args ...any) {
	e := &Error{File: d.file, Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Column = n.Line, n.Column
	}
	d.errs = append(d.errs, e)
}

// checker is a config type's own validation of what its tags cannot say
// (conditions across fields). It runs whenever the type's mapping was read,
// so it must cope with fields left unset by errors; n is the mapping.
type checker interface {
	check(d *decoder, n *yaml.Node, p kpath)
}

// Validator is implemented by a rule's settings type to check what tags
// cannot say; it runs when every field decoded cleanly, and its error is
// reported at the settings' mapping.
type Validator interface {
	Validate() error
}

var (
	durationType = reflect.TypeFor[time.Duration]()
	severityType = reflect.TypeFor[result.Severity]()
	regexpType   = reflect.TypeFor[*regexp.Regexp]()
	nodeType     = reflect.TypeFor[*yaml.Node]()
	unmarshalers = []reflect.Type{reflect.TypeFor[yaml.Unmarshaler](), reflect.TypeFor[interface{ UnmarshalText([]byte) error }]()}
)

// decode reads n into v, which must be addressable. A null node leaves v
// as it was: keys absent or empty keep their defaults.
func (d *decoder) decode(n *yaml.Node, p kpath, v reflect.Value, tag reflect.StructTag) {
	if d.budget--; d.budget == -1 || len(p) > maxDepth {
		d.errf(n, p, "%s: aliases expand to more than %d values, or nest too deep", p, maxNodes)
	}
	r := resolve(n)
	if d.budget < 0 || len(p) > maxDepth || isNull(r) {
		return
	}
	t := v.Type()
	switch {
	case t == nodeType: // kept raw: rule settings, decoded by DecodeSettings
		if r.Kind != yaml.MappingNode {
			d.errf(n, p, "%s: want a mapping, got %s", p, describe(r))
			return
		}
		var x any // yaml.v3 rejects alias cycles and excessive aliasing
		if d.fallback(n, p, reflect.ValueOf(&x).Elem()) {
			v.Set(reflect.ValueOf(r))
		}
	case t == severityType:
		if s, ok := d.enum(n, p, enumValues(cmp.Or(tag.Get("enum"), "$severities"))); ok {
			sev, _ := result.ParseSeverity(s)
			v.Set(reflect.ValueOf(sev))
		}
	case t == durationType:
		d.duration(n, p, v, tag)
	case t == regexpType:
		d.regexp(n, p, v)
	case slices.ContainsFunc(unmarshalers, reflect.PointerTo(t).Implements):
		d.fallback(n, p, v) // the type validates itself
	case t.Kind() == reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(t.Elem()))
		}
		d.decode(n, p, v.Elem(), tag)
	case t.Kind() == reflect.String:
		d.string(n, p, v, tag)
	case t.Kind() == reflect.Bool:
		if r.Kind != yaml.ScalarNode || r.ShortTag() != "!!bool" || r.Decode(v.Addr().Interface()) != nil {
			d.errf(n, p, "%s: want true or false, got %s", p, describe(r))
		}
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Float64:
		d.number(n, p, v, tag)
	case t.Kind() == reflect.Struct:
		d.structure(n, p, v)
	case t.Kind() == reflect.Map && t.Key().Kind() == reflect.String:
		d.dict(n, p, v, tag)
	case t.Kind() == reflect.Slice && t.Elem().Kind() != reflect.Uint8:
		d.list(n, p, v, tag)
	default: // interfaces, arrays, []byte: as yaml.v3 reads them
		d.fallback(n, p, v)
	}
}

// The package's regular expressions are compiled on first use, not at
// every run's start-up: a run with a valid file needs few of them.
var (
	typeErrLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(^|\n\s*)line \d+: `) })
	indexRe     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\[[0-9]+\]`) })
)

// fallback lets yaml.v3 decode a value whose type this decoder leaves to
// it, and reports whether it could.
func (d *decoder) fallback(n *yaml.Node, p kpath, v reflect.Value) bool {
	err := n.Decode(v.Addr().Interface())
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		if te := (*yaml.TypeError)(nil); errors.As(err, &te) {
			msg = strings.Join(te.Errors, "; ")
		}
		d.errf(n, p, "%s: %s", p, typeErrLine().ReplaceAllString(msg, "$1"))
	}
	return err == nil
}

// field is one key of a struct as yaml.v3 names it: the tag's name, else
// the lower-cased field name; ",inline" structs are flattened.
type field struct {
	name  string
	index []int
	tag   reflect.StructTag
}

var fieldCache sync.Map // reflect.Type → []field: types do not change

func fieldsOf(t reflect.Type) []field {
	if fs, ok := fieldCache.Load(t); ok {
		return fs.([]field)
	}
	var out []field
	for f := range t.Fields() {
		name, opt, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		switch {
		case opt == "inline" && f.Type.Kind() == reflect.Struct:
			for _, sub := range fieldsOf(f.Type) {
				out = append(out, field{sub.name, append(f.Index, sub.index...), sub.tag})
			}
		case name == "-" || !f.IsExported():
		default:
			if name == "" {
				name = strings.ToLower(f.Name)
			}
			out = append(out, field{name, f.Index, f.Tag})
		}
	}
	fieldCache.Store(t, out)
	return out
}

func names(fs []field) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.name
	}
	return out
}

// structure reads a mapping into struct v, key by key, then runs the
// struct's checks: required keys, its checker, and, when v decoded cleanly,
// its Validator (methods of inline structs are promoted, so theirs run too).
func (d *decoder) structure(n *yaml.Node, p kpath, v reflect.Value) {
	fs := fieldsOf(v.Type())
	before := len(d.errs)
	if !d.entries(n, p, func(key string, k, val *yaml.Node) {
		i := slices.IndexFunc(fs, func(f field) bool { return f.name == key })
		if i < 0 {
			d.unknownKey(k, p, key, names(fs))
			return
		}
		d.decode(val, p.key(key), v.FieldByIndex(fs[i].index), fs[i].tag)
	}) {
		return
	}
	r := resolve(n)
	for _, f := range fs {
		if req := f.tag.Get("required"); req != "" && isNull(lookup(r, f.name)) {
			msg := fmt.Sprintf("missing required key %q%s", f.name, strings.TrimSuffix(" ("+req+")", " (true)"))
			if len(p) > 0 {
				msg = p.String() + ": " + msg
			}
			d.errf(n, p.key(f.name), "%s", msg)
		}
	}
	if !v.Addr().CanInterface() {
		return
	}
	switch x := v.Addr().Interface().(type) {
	case checker:
		x.check(d, r, p)
	case Validator:
		if len(d.errs) > before {
			return
		}
		if err := x.Validate(); err != nil {
			d.errf(r, p, "%s: %v", p, err)
		}
	}
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

func (d *decoder) unknownKey(k *yaml.Node, p kpath, key string, known []string) {
	where, in := "top-level key", ""
	if len(p) > 0 {
		where, in = "key", " in "+p.String()
	}
	hint := didyoumean.Hint(key, known)
	if h, ok := hints[indexRe().ReplaceAllString(p.key(key).String(), "")]; ok {
		hint = fmt.Sprintf(" (did you mean %q?)", h)
	}
	if key == "api-key" && p.String() == "judge" {
		hint = " (put the key in an environment variable and name the variable with api-key-env)"
	}
	d.errf(k, p.key(key), "unknown %s %q%s%s", where, short(key), in, hint)
}

// dict reads a mapping into map v. Entries are merged into the map's
// defaults (resolvers.hosts keeps the arXiv limit unless overridden); a key
// tag names the check each key must pass, which may normalise it.
func (d *decoder) dict(n *yaml.Node, p kpath, v reflect.Value, tag reflect.StructTag) {
	if v.IsNil() {
		v.Set(reflect.MakeMap(v.Type()))
	}
	lines := map[string]int{}
	d.entries(n, p, func(key string, k, val *yaml.Node) {
		kp := p.key(key)
		if check := tag.Get("key"); check != "" {
			norm, msg := d.checkString(check, key)
			if msg != "" {
				d.errf(k, kp, "%s: %s", p, msg)
				return
			}
			if line, dup := lines[norm]; dup {
				d.errf(k, kp, "%s: %q is %q again (line %d); give it once", p, short(key), norm, line)
				return
			}
			lines[norm], key = k.Line, norm
		}
		mk := reflect.ValueOf(key).Convert(v.Type().Key())
		elem := reflect.New(v.Type().Elem()).Elem()
		if old := v.MapIndex(mk); old.IsValid() {
			elem.Set(old)
		}
		d.decode(val, kp, elem, "")
		if elem.Kind() != reflect.Pointer || !elem.IsNil() { // "rule:" with no settings is none
			v.SetMapIndex(mk, elem)
		}
	})
}

// list reads a sequence into slice v, replacing its default. The field's
// tag applies to each item. A list of structs with a mapkey field is
// written as a mapping from that key (output.formats).
func (d *decoder) list(n *yaml.Node, p kpath, v reflect.Value, tag reflect.StructTag) {
	r, t := resolve(n), v.Type()
	out := reflect.MakeSlice(t, 0, len(r.Content))
	if key, ok := keyField(t.Elem()); ok {
		ok = d.entries(n, p, func(name string, k, val *yaml.Node) {
			if allowed := enumValues(key.Tag.Get("enum")); !slices.Contains(allowed, name) {
				d.errf(k, p.key(name), "unknown key %q in %s%s; want one of %s", short(name), p, didyoumean.Hint(name, allowed), strings.Join(allowed, ", "))
				return
			}
			elem := reflect.New(t.Elem()).Elem()
			elem.FieldByIndex(key.Index).SetString(name)
			d.decode(val, p.key(name), elem, "")
			out = reflect.Append(out, elem)
		})
		if !ok {
			return
		}
	} else {
		items := r.Content
		switch {
		case r.Kind == yaml.ScalarNode && tag.Get("single") != "":
			items = []*yaml.Node{n} // one file stands for a list of one
		case r.Kind != yaml.SequenceNode && tag.Get("single") != "":
			d.errf(n, p, "%s: want a string or a list of them, got %s", p, describe(r))
			return
		case r.Kind != yaml.SequenceNode:
			d.errf(n, p, "%s: want a list, got %s", p, describe(r))
			return
		}
		for i, it := range items {
			ip := p.index(i)
			if r.Kind != yaml.SequenceNode {
				ip = p
			}
			elem := reflect.New(t.Elem()).Elem()
			before := len(d.errs)
			d.decode(it, ip, elem, tag)
			if len(d.errs) == before && (isNull(it) || elem.Kind() == reflect.String && elem.String() == "") {
				d.errf(it, ip, "%s: empty entry", ip)
			}
			out = reflect.Append(out, elem)
		}
	}
	if what := tag.Get("nonempty"); what != "" && len(r.Content) == 0 {
		d.errf(n, p, "%s: want at least one %s", p, what)
	}
	v.Set(out)
}

// keyField finds the field a mapping's keys go into, tagged mapkey.
func keyField(t reflect.Type) (reflect.StructField, bool) {
	if t.Kind() == reflect.Struct {
		for f := range t.Fields() {
			if f.Tag.Get("mapkey") != "" {
				return f, true
			}
		}
	}
	return reflect.StructField{}, false
}

// SeverityNames are exactly the names result.ParseSeverity accepts ("info"
// is a synonym of note), so every severity error lists what it would take.
var SeverityNames = []string{"note", "warning", "error", "info"}

var enumLists = map[string][]string{"$rulesets": RuleSets, "$formats": FormatNames, "$severities": SeverityNames}

// enumValues reads an enum tag: a comma-separated list, or the name of one
// of the package's lists.
func enumValues(tag string) []string {
	if list, ok := enumLists[tag]; ok || tag == "" {
		return list
	}
	return strings.Split(tag, ",")
}

// string reads a string, then its enum or check tag. A checked string
// left empty keeps its default (resolvers.doi.url: "" is doi.org).
func (d *decoder) string(n *yaml.Node, p kpath, v reflect.Value, tag reflect.StructTag) {
	if enum := tag.Get("enum"); enum != "" {
		if s, ok := d.enum(n, p, enumValues(enum)); ok {
			v.SetString(s)
		}
		return
	}
	check := tag.Get("check")
	s, ok := d.str(n, p, check)
	if ok && check != "" {
		var msg string
		if s, msg = d.checkString(check, s); msg != "" {
			d.errf(n, p, "%s: %s", p, msg)
			return
		}
	}
	if ok && (s != "" || check == "") {
		v.SetString(s)
	}
}

// str reads a string scalar. Numbers and booleans are not silently turned into
// strings: `text: 404` is almost always meant as text, and saying so beats
// guessing (the JSON Schema agrees, so editors flag the same thing). The
// version may be an integer: `version: 1` is what people type.
func (d *decoder) str(n *yaml.Node, p kpath, check string) (string, bool) {
	r := resolve(n)
	if r.Kind == yaml.ScalarNode && (r.ShortTag() == "!!str" || check == "version" && r.ShortTag() == "!!int") {
		return r.Value, true
	}
	want, hint := "a string", ""
	switch {
	case check == "version":
		want = strconv.Quote(Version)
	case r.Kind == yaml.ScalarNode:
		hint = fmt.Sprintf(" (quote it: %q)", short(r.Value))
	}
	d.errf(n, p, "%s: want %s, got %s%s", p, want, describe(r), hint)
	return "", false
}

// enum reads a string that must be one of allowed.
func (d *decoder) enum(n *yaml.Node, p kpath, allowed []string) (string, bool) {
	s, ok := d.str(n, p, "")
	if !ok || slices.Contains(allowed, s) {
		return s, ok
	}
	quoted := slices.Clone(allowed)
	if i := slices.Index(quoted, ""); i >= 0 {
		quoted[i] = `""`
	}
	d.errf(n, p, "%s: invalid value %q; want one of %s%s", p, short(s), strings.Join(quoted, ", "), didyoumean.Hint(s, allowed))
	return "", false
}

// patterns are the checks a regular expression can say, for the decoder and
// the schema alike, so an editor flags what Parse rejects. mailto is
// deliberately loose: it catches a URL or a name pasted in the wrong field,
// not every invalid address. "" passes where it keeps the default.
var patterns = map[string]string{
	"mailto": `^((mailto:)?[^@\s<>]+@[^\s<>]+)?$`,
	"env":    `^([A-Za-z_][A-Za-z0-9_]*)?$`,
	"host":   `^([A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?$`,
	"rule":   `^[A-Za-z0-9][A-Za-z0-9_-]*$`,
	// bibliography: a file bib.Load reads, by its ending (any case).
	"bibliography": `\.([bB][iI][bB]([tT][eE][xX]|[lL][aA][tT][eE][xX])?|[jJ][sS][oO][nN])$`,
}

var matches = sync.OnceValue(func() map[string]*regexp.Regexp {
	out := map[string]*regexp.Regexp{}
	for check, expr := range patterns {
		out[check] = regexp.MustCompile(expr)
	}
	return out
})

// unsafeCacheDir matches a resolvers.cache.dir that may lead out of the
// project or into .git, written with either separator: absolute (also
// "C:" and "~"), or with a ".." or .git component. It is RE2 and ECMA-262
// alike, so the schema uses it too.
var unsafeCacheDir = regexp.MustCompile(unsafeCacheDirPattern)

const unsafeCacheDirPattern = `^([/\\~]|[A-Za-z]:)|(^|[/\\])(\.\.|\.[Gg][Ii][Tt])([/\\]|$)`

// checkString applies a check tag to s, returning it normalised, or the
// problem. The schema (generated by schemagen_test.go) says the same in JSON Schema terms.
func (d *decoder) checkString(check, s string) (string, string) {
	switch check {
	case "version":
		if s != Version {
			return "", fmt.Sprintf("unsupported version %q; this citelint reads version %q", short(s), Version)
		}
	case "glob":
		// Paths are matched cleaned ("docs/a.md"); "./docs/*" would never match.
		s = strings.TrimPrefix(s, "./")
		switch {
		case s == "":
			return "", "empty glob"
		case strings.HasPrefix(s, "/"):
			return "", fmt.Sprintf("glob %q must be relative to the config file's directory", short(s))
		case !doublestar.ValidatePattern(s):
			return "", fmt.Sprintf("invalid glob %q", short(s))
		}
	case "rule":
		if err := d.opts.CheckRule(s); err != nil {
			return "", err.Error()
		}
	case "url":
		if u, err := url.Parse(s); s != "" && (err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "") {
			return "", fmt.Sprintf("want an http(s) URL, got %q", short(s))
		}
		return strings.TrimRight(s, "/"), ""
	case "mailto":
		if !matches()[check].MatchString(s) {
			return "", fmt.Sprintf("want an e-mail address, got %q", short(s))
		}
		return strings.TrimPrefix(s, "mailto:"), ""
	case "env":
		if !matches()[check].MatchString(s) {
			return "", fmt.Sprintf("want the name of an environment variable (e.g. OPENAI_API_KEY), got %q", short(s))
		}
	case "cachedir":
		if s != "" && unsafeCacheDir.MatchString(s) {
			return "", fmt.Sprintf("%q: want a folder inside the project, relative to the config file's directory: not absolute, not under ~, no .. and not in .git (a cache elsewhere is the workflow's choice: --cache-dir or CITELINT_CACHE_DIR)", short(s))
		}
	case "path":
		if s == "" {
			return "", "empty path (use stdout, stderr or a file name)"
		}
	case "bibliography":
		if s == "" {
			return "", "empty file name"
		}
		if !matches()[check].MatchString(s) {
			return "", fmt.Sprintf("bibliography %q: unknown format (want BibTeX .bib, .bibtex, .biblatex or CSL-JSON .json)", short(s))
		}
	case "host":
		if !matches()[check].MatchString(s) {
			return "", fmt.Sprintf("%q is not a host name (write it without scheme or path, e.g. export.arxiv.org)", short(s))
		}
		return strings.ToLower(s), ""
	default:
		panic("config: unknown check " + check)
	}
	return s, ""
}

// number reads an integer or float of v's size, within its min tag.
func (d *decoder) number(n *yaml.Node, p kpath, v reflect.Value, tag reflect.StructTag) {
	r, x := resolve(n), reflect.New(v.Type())
	kind, want, tags := "integer", "an integer", []string{"!!int"}
	if v.CanFloat() {
		kind, want, tags = "number", "a number", []string{"!!int", "!!float"}
	}
	lo, err := strconv.ParseFloat(tag.Get("min"), 64)
	if err == nil {
		want += " ≥ " + tag.Get("min")
	}
	switch {
	case r.Kind != yaml.ScalarNode || !slices.Contains(tags, r.ShortTag()):
		d.errf(n, p, "%s: want %s, got %s", p, want, describe(r))
	case r.Decode(x.Interface()) != nil:
		d.errf(n, p, "%s: %s %s is out of range", p, kind, short(r.Value))
	case err == nil && x.Elem().Convert(reflect.TypeFor[float64]()).Float() < lo:
		d.errf(n, p, "%s: want %s, got %s", p, want, short(r.Value))
	default:
		v.Set(x.Elem())
	}
}

// duration reads a Go duration ("30s", "1m30s"). A bare 0 is accepted because
// "timeout: 0" is how golangci-lint users write "none"; any other bare number
// is an error, since yaml.v3 would read "timeout: 30" as 30 nanoseconds. A
// range tag bounds it (a network budget, which no config may remove or
// stretch: see DurationRange).
func (d *decoder) duration(n *yaml.Node, p kpath, v reflect.Value, tag reflect.StructTag) {
	before := len(d.errs)
	d.durationValue(n, p, v)
	if rg, ok := rangeOf(tag); ok && len(d.errs) == before {
		if x := time.Duration(v.Int()); !rg.Contains(x) {
			d.errf(n, p, "%s: %s is outside %s: a config may come from a pull request, so it cannot remove or stretch a network budget (docs/security.md)", p, short(resolve(n).Value), rg)
			v.SetInt(0)
		}
	}
}

func (d *decoder) durationValue(n *yaml.Node, p kpath, v reflect.Value) {
	r := resolve(n)
	x, err := time.ParseDuration(r.Value)
	f, ferr := strconv.ParseFloat(strings.ReplaceAll(r.Value, "_", ""), 64)
	switch tag := r.ShortTag(); {
	case r.Kind != yaml.ScalarNode || tag != "!!str" && tag != "!!int" && tag != "!!float":
		d.errf(n, p, "%s: want a duration such as \"30s\", got %s", p, describe(r))
	case tag != "!!str" && (ferr != nil || f != 0):
		d.errf(n, p, "%s: %s has no unit; write %q", p, short(r.Value), short(r.Value)+"s")
	case tag != "!!str":
		v.SetInt(0)
	case err != nil:
		d.errf(n, p, "%s: invalid duration %q (want e.g. \"30s\", \"1m30s\" or 0)", p, short(r.Value))
	// "-0" is zero but says negative; the schema rejects it, so must we.
	case x < 0 || strings.HasPrefix(r.Value, "-"):
		d.errf(n, p, "%s: duration %q must not be negative", p, r.Value)
	default:
		v.SetInt(int64(x))
	}
}

func (d *decoder) regexp(n *yaml.Node, p kpath, v reflect.Value) {
	s, ok := d.str(n, p, "")
	re, err := regexp.Compile(s)
	switch {
	case !ok:
	case s == "":
		d.errf(n, p, "%s: empty regexp", p)
	case err != nil:
		d.errf(n, p, "%s: invalid regexp %q: %s", p, short(s), strings.TrimPrefix(err.Error(), "error parsing regexp: "))
	default:
		v.Set(reflect.ValueOf(re))
	}
}

// lookup follows keys down nested mappings; nil when one is missing.
func lookup(n *yaml.Node, keys ...string) *yaml.Node {
	for _, key := range keys {
		r := resolve(n)
		n = nil
		for i := 0; r != nil && r.Kind == yaml.MappingNode && i+1 < len(r.Content); i += 2 {
			if k := resolve(r.Content[i]); k != nil && k.Value == key {
				n = r.Content[i+1]
				break
			}
		}
	}
	return n
}

// check: golangci-lint rejects a linter both enabled and disabled; so do
// we, pointing at the disable entry and naming the enable line. A name
// listed twice in one list is harmless: the lists are only searched.
func (r *Rules) check(d *decoder, n *yaml.Node, p kpath) {
	disable, enable := resolve(lookup(n, "disable")), resolve(lookup(n, "enable"))
	if disable == nil || enable == nil {
		return
	}
	for i, dis := range disable.Content {
		name := resolve(dis).Value
		j := slices.IndexFunc(enable.Content, func(en *yaml.Node) bool { return resolve(en).Value == name })
		if j >= 0 && slices.Contains(r.Enable, name) {
			ip := p.key("disable").index(i)
			d.errf(dis, ip, "%s: rule %q is also enabled (line %d); list it in one place", ip, name, enable.Content[j].Line)
		}
	}
}

// check: an entry with no condition would match every issue, which is
// never what a user meant. A condition counts when its key is given, even
// with a bad value (reported already); "rules: []" restricts nothing.
func (m *Match) check(d *decoder, n *yaml.Node, p kpath) {
	m.Line = n.Line
	conds := names(fieldsOf(reflect.TypeFor[Match]()))
	for _, c := range conds {
		if v := resolve(lookup(n, c)); !isNull(v) && (v.Kind != yaml.SequenceNode || len(v.Content) > 0) {
			return
		}
	}
	d.errf(n, p, "%s: set at least one of %s", p, strings.Join(conds, ", "))
}

// check keeps where dir is written, for the errors engine.OpenCache
// finds when it resolves the folder's links.
func (c *Cache) check(d *decoder, n *yaml.Node, p kpath) {
	if v := lookup(n, "dir"); v != nil {
		c.Line, c.Column = v.Line, v.Column
	}
}

// check: a format without a path writes to stdout; two formats writing one
// file would overwrite each other.
func (o *Output) check(d *decoder, n *yaml.Node, p kpath) {
	files := map[string]string{} // cleaned path → format that writes it
	for i := range o.Formats {
		f := &o.Formats[i]
		f.Path = cmp.Or(f.Path, Stdout)
		if f.Path == Stdout || f.Path == Stderr {
			continue
		}
		if other, dup := files[path.Clean(f.Path)]; dup {
			fp := p.key("formats").key(f.Format).key("path")
			d.errf(lookup(n, "formats", f.Format), fp, "%s: %q is also written by format %q", fp, short(f.Path), other)
			continue
		}
		files[path.Clean(f.Path)] = f.Format
	}
}
