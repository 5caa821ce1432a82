package config

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/rules/registry"
)

var updateSchema = flag.Bool("update-schema", false, "rewrite citelint.schema.json from the Config types")

// TestSchemaUpToDate: the committed schema, which editors fetch by its $id,
// is exactly what generateSchema makes of the types the decoder reads. After
// changing a type or tag, run `go test ./config -update-schema`.
func TestSchemaUpToDate(t *testing.T) {
	const file = "citelint.schema.json"
	if *updateSchema {
		if err := os.WriteFile(file, generateSchema(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	committed, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(committed, generateSchema()) {
		t.Errorf("%s differs from the Config types' schema; run go test ./config -update-schema", file)
	}
	if !bytes.Equal(Schema(), committed) && !*updateSchema {
		t.Errorf("Schema() does not serve %s", file)
	}
}

const schemaURL = "https://raw.githubusercontent.com/citelint/citelint/main/config/citelint.schema.json"

// generateSchema builds the schema Schema serves from the Config types and
// their tags, the same ones the decoder reads.
func generateSchema() []byte {
	g := schemaGen{defs: map[string]any{}}
	s := g.object(reflect.TypeFor[Config]())
	s["type"] = "object" // an empty file is all defaults, but a file of "~" is not one to edit
	s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	s["$id"] = schemaURL
	s["title"] = "citelint configuration (.citelint.yaml)"
	s["$defs"] = g.defs
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		panic(err)
	}
	return b.Bytes()
}

type schemaGen struct{ defs map[string]any }

// shared are the schemas of values that recur, kept once under $defs.
var shared = map[string]map[string]any{
	"duration": {"description": `A Go duration such as "30s", "1m30s" or "2h"; 0 means none.`, "oneOf": []any{
		map[string]any{"type": "string", "pattern": `^\+?(0|(([0-9]+(\.[0-9]*)?|\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+)$`},
		map[string]any{"type": []string{"integer", "number"}, "const": 0}}},
	"regexp": {"type": "string", "minLength": 1, "format": "regex"},
	"glob": {"type": "string", "pattern": "^[^/]",
		"description": `A doublestar glob over slash-separated paths relative to the config file's directory, e.g. "docs/**/*.md".`},
	"rule":   {"type": "string", "pattern": patterns["rule"], "description": "A rule name (see `citelint rules`)."},
	"url":    {"type": "string", "pattern": `^(https?://[^/\s]+.*)?$`},
	"mailto": {"type": "string", "pattern": patterns["mailto"]},
	"env":    {"type": "string", "pattern": patterns["env"]},
	"cachedir": {"type": "string", "not": map[string]any{"pattern": unsafeCacheDirPattern},
		"description": "A folder inside the project, relative to the config file's directory: not absolute, not under ~, no .. and not in .git."},
	"bibliography": {"type": "string", "pattern": patterns["bibliography"],
		"description": "A BibTeX (.bib) or CSL-JSON (.json) file, relative to the config file's directory."},
}

func (g *schemaGen) ref(name string) map[string]any {
	g.defs[name] = shared[name]
	return map[string]any{"$ref": "#/$defs/" + name}
}

// object is a struct's schema: its keys, none other, required ones.
func (g *schemaGen) object(t reflect.Type) map[string]any {
	props := map[string]any{}
	var required []string
	for _, f := range fieldsOf(t) {
		props[f.name] = g.value(t.FieldByIndex(f.index).Type, f.tag)
		if doc := f.tag.Get("doc"); doc != "" {
			props[f.name].(map[string]any)["description"] = doc
		}
		if f.tag.Get("required") != "" {
			required = append(required, f.name)
		}
	}
	s := map[string]any{"type": []string{"object", "null"}, "properties": props, "additionalProperties": false}
	if required != nil {
		s["required"] = required
	}
	if t == reflect.TypeFor[Match]() || t == reflect.TypeFor[SeverityRule]() {
		// Match.check: at least one condition.
		var anyOf []any
		for _, f := range fieldsOf(reflect.TypeFor[Match]()) {
			anyOf = append(anyOf, map[string]any{"required": []string{f.name}})
		}
		s["anyOf"] = anyOf
	}
	return s
}

// value is the schema of one field (or list item) of type t with tag.
func (g *schemaGen) value(t reflect.Type, tag reflect.StructTag) map[string]any {
	var s map[string]any
	check := tag.Get("check")
	switch {
	case check == "version":
		s = map[string]any{"enum": []any{Version, 1}}
	case tag.Get("enum") != "" && t.Kind() != reflect.Slice:
		s = map[string]any{"enum": enumValues(tag.Get("enum"))}
	case t == durationType:
		s = g.ref("duration")
	case t == regexpType:
		s = g.ref("regexp")
	case check == "path":
		s = map[string]any{"type": "string", "minLength": 1}
	case check != "" && t.Kind() == reflect.String:
		s = g.ref(check)
	case t == nodeType:
		s = map[string]any{"type": []string{"object", "null"}}
	case t.Kind() == reflect.String:
		s = map[string]any{"type": "string"}
	case t.Kind() == reflect.Bool:
		s = map[string]any{"type": "boolean"}
	case t.Kind() == reflect.Int:
		s = map[string]any{"type": "integer"}
		if min, ok := tag.Lookup("min"); ok {
			s["minimum"] = json.Number(min)
		}
	case t.Kind() == reflect.Struct:
		s = g.object(t)
	case t.Kind() == reflect.Float64:
		s = map[string]any{"type": "number"}
	case t.Kind() == reflect.Map && tag.Get("key") == "rule":
		s = g.ruleSettings()
	case t.Kind() == reflect.Map:
		s = map[string]any{"type": []string{"object", "null"}, "additionalProperties": false,
			"patternProperties": map[string]any{patterns[tag.Get("key")]: g.value(t.Elem(), "")}}
	default: // a slice
		s = g.list(t, tag)
	}
	return s
}

// list is a slice's schema: a list of items, or the mapping from a mapkey
// field, or with a single tag one item alone.
func (g *schemaGen) list(t reflect.Type, tag reflect.StructTag) map[string]any {
	if key, ok := keyField(t.Elem()); ok {
		name := strings.ToLower(t.Elem().Name()[:1]) + t.Elem().Name()[1:]
		g.defs[name] = g.object(t.Elem())
		props := map[string]any{}
		for _, k := range enumValues(key.Tag.Get("enum")) {
			props[k] = map[string]any{"$ref": "#/$defs/" + name}
		}
		s := map[string]any{"type": []string{"object", "null"}, "properties": props, "additionalProperties": false}
		if tag.Get("nonempty") != "" {
			s["minProperties"] = 1
		}
		return s
	}
	item := g.value(t.Elem(), tag)
	if item["type"] == "string" {
		item["minLength"] = 1 // Parse rejects empty entries
	}
	if t.Elem().Kind() == reflect.Struct {
		item["type"] = "object" // a null entry is an empty one
	}
	s := map[string]any{"type": "array", "items": item}
	if tag.Get("nonempty") != "" {
		s["minItems"] = 1
	}
	if tag.Get("single") != "" {
		return map[string]any{"oneOf": []any{item, s}}
	}
	return s
}

// ruleSettings is rules.settings' schema: for each rule with settings,
// the schema of its settings type (rules.Rule.NewSettings), so editors
// complete and check them; a rule without settings has none to give.
func (g *schemaGen) ruleSettings() map[string]any {
	props := map[string]any{}
	for _, r := range registry.All() {
		if r.NewSettings == nil {
			continue
		}
		s := g.object(reflect.TypeOf(r.NewSettings()).Elem())
		s["description"] = r.Summary + "; see `citelint rule " + r.Name + "`."
		props[r.Name] = s
	}
	return map[string]any{"type": []string{"object", "null"}, "properties": props, "additionalProperties": false}
}
