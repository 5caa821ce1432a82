package config

import (
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// DecodeSettings decodes rules.settings.<rule> into into, a non-nil pointer
// to the rule's settings struct pre-filled with its defaults: keys absent from
// the file keep their defaults, and a rule with no settings leaves into
// untouched. Field names follow yaml.v3 tags (`yaml:"min-words"`).
//
// Decoding is strict because the rules package owns these types and a typo
// in a setting silently falling back to the default is the worst outcome: an
// unknown key, a value of the wrong type, or a bare number given for a
// time.Duration ("30" would be 30 ns) is an error naming file:line:col.
// Settings that implement yaml.Unmarshaler or encoding.TextUnmarshaler
// validate themselves.
func (c *Config) DecodeSettings(rule string, into any) error {
	rv := reflect.ValueOf(into)
	if !rv.IsValid() || rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("config: DecodeSettings(%q) needs a non-nil pointer, got %T", rule, into)
	}
	if canon, ok := c.opts.canonical(rule); ok {
		rule = canon
	}
	n := c.Rules.Settings[rule]
	if n == nil {
		return nil
	}
	d := &decoder{file: c.Path, opts: c.opts}
	d.settings(rule, n, into)
	if len(d.errs) > 0 {
		sortErrors(d.errs)
		return d.errs
	}
	return nil
}

// Validator is implemented by a rule's settings type to check what struct
// tags cannot express (ranges, combinations). Its error is reported at the
// rule's settings, after the strict decode succeeded.
type Validator interface {
	Validate() error
}

// settings decodes n (rules.settings.<rule>) into into, recording every
// problem in d.errs. Parse and DecodeSettings share it, so a file that
// `config verify` accepts decodes the same way when a command runs it.
//
// Besides yaml.v3's typing, a string or list-of-strings field tagged
// `enum:"a,b"` must hold one of those values, and a type implementing
// Validator is asked last.
func (d *decoder) settings(rule string, n *yaml.Node, into any) {
	p := kpath{{key: "rules"}, {key: "settings"}, {key: rule}}
	s := strictChecker{d: d, budget: 100000}
	before := len(d.errs) // Parse may have found problems elsewhere in the file
	s.check(n, p, reflect.TypeOf(into).Elem(), 0)
	if len(d.errs) > before {
		return
	}
	if err := n.Decode(into); err != nil {
		switch e := d.yamlDecodeError(err, p).(type) {
		case Errors:
			d.errs = append(d.errs, e...)
		case *Error:
			// A custom unmarshaler's error carries no position: give it
			// the rule's settings, so every error names file:line:col.
			e.Line, e.Column = n.Line, n.Column
			d.errs = append(d.errs, e)
		}
		return
	}
	if v, ok := into.(Validator); ok {
		if err := v.Validate(); err != nil {
			d.errf(n, p, "%s: %v", p.String(), err)
		}
	}
}

// checkSettings decodes every rules.settings entry into a fresh value of its
// rule's settings type, so that a bad setting of a rule that is off is an
// error now rather than when someone turns the rule on.
func (d *decoder) checkSettings(c *Config, newSettings func(rule string) any) {
	names := make([]string, 0, len(c.Rules.Settings))
	for name := range c.Rules.Settings {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		n := c.Rules.Settings[name]
		into := newSettings(name)
		if into == nil {
			d.errf(n, kpath{{key: "rules"}, {key: "settings"}, {key: name}}, "rules.settings.%s: rule %q has no settings", name, name)
			continue
		}
		d.settings(name, n, into)
	}
}

var typeErrLine = lazyRegexp(`^line (\d+): (.*)$`)

// yamlDecodeError rewrites yaml.v3's "line N: cannot unmarshal ..." strings
// into positioned Errors. The strict check catches almost everything first;
// this covers what it leaves to the library (custom unmarshalers, overflows).
func (d *decoder) yamlDecodeError(err error, p kpath) error {
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		return &Error{File: d.file, Msg: fmt.Sprintf("%s: %s", p.String(), strings.TrimPrefix(err.Error(), "yaml: "))}
	}
	var es Errors
	for _, s := range te.Errors {
		e := &Error{File: d.file, Msg: p.String() + ": " + s}
		if m := typeErrLine().FindStringSubmatch(s); m != nil {
			e.Line, _ = strconv.Atoi(m[1])
			e.Msg = p.String() + ": " + m[2]
		}
		es = append(es, e)
	}
	return es
}

var (
	yamlUnmarshalerType = reflect.TypeFor[yaml.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	durationType        = reflect.TypeFor[time.Duration]()
)

// strictChecker walks a node against a Go type the way yaml.v3 would decode
// it, reporting what yaml.v3 would silently accept or ignore. budget bounds
// the work on alias-heavy input (a "billion laughs" document).
type strictChecker struct {
	d      *decoder
	budget int
}

func (s *strictChecker) check(n *yaml.Node, p kpath, t reflect.Type, depth int) {
	s.budget--
	if s.budget < 0 || depth > 64 {
		return
	}
	r := resolve(n)
	if isNull(r) {
		return
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if customDecoded(t) {
		return
	}
	d := s.d
	if t == durationType {
		d.duration(n, p)
		return
	}
	switch t.Kind() {
	case reflect.Interface:
		return
	case reflect.Struct:
		fields, inlineMap := structFields(t)
		if r.Kind != yaml.MappingNode {
			d.errf(n, p, "%s: want a mapping, got %s", p.String(), describe(r))
			return
		}
		names := make([]string, 0, len(fields))
		for name := range fields {
			names = append(names, name)
		}
		slices.Sort(names)
		d.entries(n, p, func(key string, k, v *yaml.Node) {
			if f, ok := fields[key]; ok {
				s.check(v, p.key(key), f.Type, depth+1)
				if allowed := f.Tag.Get("enum"); allowed != "" {
					s.enum(v, p.key(key), strings.Split(allowed, ","))
				}
				return
			}
			if inlineMap != nil {
				s.check(v, p.key(key), inlineMap.Elem(), depth+1)
				return
			}
			d.errf(k, p.key(key), "unknown key %q in %s%s", short(key), p.String(), didYouMean(key, names))
		})
	case reflect.Map:
		if r.Kind != yaml.MappingNode {
			d.errf(n, p, "%s: want a mapping, got %s", p.String(), describe(r))
			return
		}
		d.entries(n, p, func(key string, k, v *yaml.Node) {
			s.check(v, p.key(key), t.Elem(), depth+1)
		})
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return // []byte takes !!binary; leave it to yaml.v3
		}
		if r.Kind != yaml.SequenceNode {
			d.errf(n, p, "%s: want a list, got %s", p.String(), describe(r))
			return
		}
		if t.Kind() == reflect.Array && len(r.Content) > t.Len() {
			d.errf(n, p, "%s: want at most %d items, got %d", p.String(), t.Len(), len(r.Content))
		}
		for i, it := range r.Content {
			s.check(it, p.index(i), t.Elem(), depth+1)
		}
	case reflect.String:
		d.str(n, p)
	case reflect.Bool:
		if r.Kind != yaml.ScalarNode || r.ShortTag() != "!!bool" {
			d.errf(n, p, "%s: want true or false, got %s", p.String(), describe(r))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if r.Kind != yaml.ScalarNode || r.ShortTag() != "!!int" {
			d.errf(n, p, "%s: want an integer, got %s", p.String(), describe(r))
			return
		}
		if r.Decode(reflect.New(t).Interface()) != nil {
			d.errf(n, p, "%s: integer %s is out of range", p.String(), short(r.Value))
		}
	case reflect.Float32, reflect.Float64:
		if r.Kind != yaml.ScalarNode || (r.ShortTag() != "!!int" && r.ShortTag() != "!!float") {
			d.errf(n, p, "%s: want a number, got %s", p.String(), describe(r))
		}
	}
}

// enum checks a string, or each string of a list, against an `enum` tag.
// Type errors were reported by check already; only well-typed values are
// looked at here.
func (s *strictChecker) enum(n *yaml.Node, p kpath, allowed []string) {
	r := resolve(n)
	if r == nil {
		return
	}
	one := func(n *yaml.Node, p kpath) {
		if r := resolve(n); r != nil && r.Kind == yaml.ScalarNode && r.ShortTag() == "!!str" {
			s.d.enum(n, p, allowed)
		}
	}
	if r.Kind == yaml.SequenceNode {
		for i, it := range r.Content {
			one(it, p.index(i))
		}
		return
	}
	one(n, p)
}

func customDecoded(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	return t.Implements(yamlUnmarshalerType) || pt.Implements(yamlUnmarshalerType) ||
		t.Implements(textUnmarshalerType) || pt.Implements(textUnmarshalerType)
}

// structFields lists the YAML keys of a struct as yaml.v3 names them: the
// tag's name, else the lower-cased field name; ",inline" structs are merged
// and an ",inline" map collects the remaining keys.
func structFields(t reflect.Type) (map[string]reflect.StructField, reflect.Type) {
	fields := map[string]reflect.StructField{}
	var inlineMap reflect.Type
	var walk func(t reflect.Type, depth int)
	walk = func(t reflect.Type, depth int) {
		if depth > 16 {
			return
		}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.PkgPath != "" && !f.Anonymous {
				continue
			}
			tag := f.Tag.Get("yaml")
			if tag == "" && !strings.Contains(string(f.Tag), ":") {
				tag = string(f.Tag) // yaml.v3 accepts a bare tag as the name
			}
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			inline := false
			for _, o := range strings.Split(opts, ",") {
				if o == "inline" {
					inline = true
				}
			}
			if inline {
				ft := f.Type
				for ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				switch ft.Kind() {
				case reflect.Struct:
					walk(ft, depth+1)
				case reflect.Map:
					inlineMap = ft
				}
				continue
			}
			if f.PkgPath != "" {
				continue
			}
			if name == "" {
				name = strings.ToLower(f.Name)
			}
			fields[name] = f
		}
	}
	walk(t, 0)
	return fields, inlineMap
}
