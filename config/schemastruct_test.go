package config

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestSchemaMatchesStructs: the hand-kept schema names exactly the keys the
// decoder reads, which come from the Config structs' yaml tags, and lists
// the same enum values. A field added to a struct and not to the schema (or
// the reverse) fails here instead of leaving editors out of date.
func TestSchemaMatchesStructs(t *testing.T) {
	var root map[string]any
	if err := json.Unmarshal(schemaJSON, &root); err != nil {
		t.Fatal(err)
	}
	w := schemaWalker{t: t, defs: root["$defs"].(map[string]any)}
	w.object("top level", reflect.TypeFor[Config](), root, nil)
	if w.checked < 20 {
		t.Errorf("only %d keys compared", w.checked)
	}
}

type schemaWalker struct {
	t       *testing.T
	defs    map[string]any
	checked int
}

// deref follows a $ref, or the first $ref of an allOf, into $defs.
func (w *schemaWalker) deref(s map[string]any) map[string]any {
	for range 4 {
		ref, _ := s["$ref"].(string)
		if all, ok := s["allOf"].([]any); ok && ref == "" && len(all) > 0 {
			ref, _ = all[0].(map[string]any)["$ref"].(string)
		}
		if ref == "" {
			return s
		}
		s = w.defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
	}
	return s
}

// fields lists a struct's keys as the decoder reads them (inline structs
// flattened), restricted to only when set.
func fields(t reflect.Type, only []string) map[string]reflect.StructField {
	out := map[string]reflect.StructField{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if strings.Contains(f.Tag.Get("yaml"), ",inline") {
			for k, v := range fields(f.Type, nil) {
				out[k] = v
			}
			continue
		}
		if name := yamlName(f); name != "" && (only == nil || slices.Contains(only, name)) {
			out[name] = f
		}
	}
	return out
}

func (w *schemaWalker) object(where string, t reflect.Type, s map[string]any, only []string) {
	s = w.deref(s)
	props, _ := s["properties"].(map[string]any)
	fs := fields(t, only)
	if got, want := sortedKeys(fs), sortedKeys(props); !slices.Equal(got, want) {
		w.t.Errorf("%s: struct %s has keys %q, schema %q", where, t.Name(), got, want)
		return
	}
	for name, f := range fs {
		w.checked++
		w.field(strings.TrimPrefix(where+"."+name, "top level."), f, props[name].(map[string]any))
	}
}

func (w *schemaWalker) field(where string, f reflect.StructField, s map[string]any) {
	s = w.deref(s)
	if enum := f.Tag.Get("enum"); enum != "" {
		var want []string
		for _, v := range s["enum"].([]any) {
			want = append(want, v.(string))
		}
		if got := strings.Split(enum, ","); !slices.Equal(got, want) {
			w.t.Errorf("%s: enum tag %q, schema %q", where, got, want)
		}
	}
	switch ft := f.Type; {
	case ft == reflect.TypeFor[[]OutputFormat]():
		// A mapping from format name to its options.
		props := s["properties"].(map[string]any)
		if got := sortedKeys(props); !slices.Equal(got, slices.Sorted(slices.Values(FormatNames))) {
			w.t.Errorf("%s: schema formats %q, FormatNames %q", where, got, FormatNames)
		}
		for name, sub := range props {
			w.object(where+"."+name, reflect.TypeFor[OutputFormat](), sub.(map[string]any), nil)
		}
	case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct:
		w.object(where+"[]", ft.Elem(), s["items"].(map[string]any), nil)
	case ft.Kind() == reflect.Map && ft.Elem().Kind() == reflect.Struct:
		for _, sub := range s["patternProperties"].(map[string]any) {
			w.object(where+"{}", ft.Elem(), sub.(map[string]any), nil)
		}
	case ft.Kind() == reflect.Struct && ft != reflect.TypeFor[time.Duration]():
		var only []string
		if keys := f.Tag.Get("keys"); keys != "" {
			only = strings.Split(keys, ",")
		}
		w.object(where, ft, s, only)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	})
}
