package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// The validator in schemacheck.go replaced jsonschema/v6 at run time (its
// package init cost every start ~5 ms). jsonschema/v6 stays here as the
// reference: for every config below, for every config schemaErrors sees and
// in FuzzSchemaCheckEquiv, both must report the same innermost errors.

// referenceSchema is the embedded schema compiled by jsonschema/v6 exactly
// as config/schema.go used to compile it.
var referenceSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schemaJSON))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, err
	}
	return c.Compile(schemaURL)
})

// referenceViolations are jsonschema/v6's innermost errors for inst, with
// the messages schemaCheck used to print.
func referenceViolations(sch *jsonschema.Schema, inst any) []schemaLeaf {
	verr, ok := sch.Validate(inst).(*jsonschema.ValidationError)
	if !ok {
		return nil
	}
	printer := message.NewPrinter(language.English)
	var out []schemaLeaf
	for _, e := range innermost(verr, nil) {
		out = append(out, schemaLeaf{e.InstanceLocation, e.ErrorKind.LocalizedString(printer)})
	}
	return out
}

// innermost collects the errors without causes, which say what is wrong.
// (jsonschema/v6.0.3 gives a propertyNames error an InstanceLocation that
// aliases its scratch slice; the schema does without propertyNames, and
// schemacheck.go does not implement it.)
func innermost(e *jsonschema.ValidationError, acc []*jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return append(acc, e)
	}
	for _, c := range e.Causes {
		acc = innermost(c, acc)
	}
	return acc
}

// checkSchemaEquiv fails tb unless the validator and jsonschema/v6 report the
// same messages at each instance location, in the same order.
func checkSchemaEquiv(tb testing.TB, inst any) {
	tb.Helper()
	sch, err := compiledSchema()
	if err != nil {
		tb.Fatal(err)
	}
	ref, err := referenceSchema()
	if err != nil {
		tb.Fatal(err)
	}
	compareViolations(tb, sch, ref, inst)
}

func compareViolations(tb testing.TB, sch *schemaNode, ref *jsonschema.Schema, inst any) {
	tb.Helper()
	got, want := sch.violations(inst), referenceViolations(ref, inst)
	if g, w := byLocation(got), byLocation(want); !reflect.DeepEqual(g, w) {
		doc, _ := json.Marshal(inst)
		tb.Fatalf("instance %s\nschemacheck:\n%s\njsonschema/v6:\n%s", doc, showLeaves(got), showLeaves(want))
	}
}

// byLocation groups messages by instance location. jsonschema/v6 visits an
// object's properties, and lists additional properties, in map order, so
// only the order at one location and the set of names are defined.
func byLocation(leaves []schemaLeaf) map[string][]string {
	m := map[string][]string{}
	for _, l := range leaves {
		ptr := pointerOf(l.loc)
		m[ptr] = append(m[ptr], sortAdditional(l.msg))
	}
	return m
}

func sortAdditional(msg string) string {
	list, ok := strings.CutPrefix(msg, "additional properties '")
	list, ok2 := strings.CutSuffix(list, "' not allowed")
	if !ok || !ok2 {
		return msg
	}
	names := strings.Split(list, "', '") // a quoted ' is \', so this splits names
	slices.Sort(names)
	return "additional properties '" + strings.Join(names, "', '") + "' not allowed"
}

func showLeaves(leaves []schemaLeaf) string {
	var b strings.Builder
	for _, l := range leaves {
		fmt.Fprintf(&b, "  %q: %s\n", pointerOf(l.loc), l.msg)
	}
	return b.String()
}

// yamlInstance is the instance Verify validates for src, if it validates one.
func yamlInstance(src []byte) (any, bool) {
	d := &decoder{file: "f.yaml"}
	root := d.parseYAML(src)
	if len(d.errs) > 0 || root == nil {
		return nil, false
	}
	budget := 1 << 20
	inst, err := toJSON(root, &budget, 0)
	return inst, err == nil
}

// schemaEquivCases aim at the corners of the schema and of jsonschema/v6's
// reporting: every keyword failing, several at one location, anyOf/oneOf
// branches, numbers in every notation, odd keys and strings.
var schemaEquivCases = []string{
	// The top level and version.
	"- a\n", "42\n", "\"str\"\n", "true\n", "~\n", "{}\n", "[]\n",
	"version: 1\n", "version: 1.0\n", "version: 1e0\n", "version: \"1.0\"\n", "version: 2\n",
	"version: true\n", "version: [1]\n", "version: {a: 1}\n", "version: \"\"\n", "version: -0\n",
	"version: 0x1\n", "version: 0o1\n", "version: .inf\n", "version: .nan\n",
	"{\"version\": \"1\", \"run\": {\"paths\": []}, \"zzz\": 1, \"aaa\": null, \"mmm\": 2}\n",
	"foo: 1\nbar: 2\nbaz: 3\n",
	// run.
	v1 + "run: {paths: [], include: [], exclude: x}\n",
	v1 + "run: {paths: [\"\", 1, ~, [a]], include: [/a, \"\", 3], exclude: [/a, 3, \"\"]}\n",
	v1 + "run: {paths: docs, include: \"**/*.md\", exclude: {a: b}}\n",
	v1 + "run: {timeout: 0}\n", v1 + "run: {timeout: 0.0}\n", v1 + "run: {timeout: -0.0}\n",
	v1 + "run: {timeout: 1}\n", v1 + "run: {timeout: -1}\n", v1 + "run: {timeout: 1.5}\n",
	v1 + "run: {timeout: \"0\"}\n", v1 + "run: {timeout: \"+0\"}\n", v1 + "run: {timeout: \"-0\"}\n",
	v1 + "run: {timeout: 1.5h}\n", v1 + "run: {timeout: .5s}\n", v1 + "run: {timeout: 5.s}\n",
	v1 + "run: {timeout: 1h2m3s4ms5us6µs7μs8ns}\n", v1 + "run: {timeout: µs}\n", v1 + "run: {timeout: \"\"}\n",
	v1 + "run: {timeout: -1s}\n", v1 + "run: {timeout: true}\n", v1 + "run: {timeout: []}\n",
	v1 + "run: {timeout: {}}\n", v1 + "run: {timeout: 1e3}\n", v1 + "run: {timeout: 0e5}\n",
	v1 + "run: {concurrency: -1}\n", v1 + "run: {concurrency: -1000}\n", v1 + "run: {concurrency: -999999}\n",
	v1 + "run: {concurrency: -1000000}\n", v1 + "run: {concurrency: -1234567}\n", v1 + "run: {concurrency: -1e300}\n",
	v1 + "run: {concurrency: -1.0}\n", v1 + "run: {concurrency: 1.5}\n", v1 + "run: {concurrency: -1.5}\n",
	v1 + "run: {concurrency: \"3\"}\n", v1 + "run: {concurrency: 99999999999999999999}\n",
	v1 + "run: {concurrency: -9223372036854775808}\n", v1 + "run: {concurrency: -9223372036854775809}\n",
	v1 + "run: {concurrency: -123456789012345678901234567890}\n", v1 + "run: {concurrency: -4.5e-5}\n",
	v1 + "run: {concurrency: -0x10}\n", v1 + "run: {concurrency: -.inf}\n", v1 + "run: {concurrency: 1_000}\n",
	v1 + "run: []\n", v1 + "run: 1\n", v1 + "run: {extra: 1, other: 2}\n",
	// rules.
	v1 + "rules: {default: most, enable: x, disable: [\"bad name\", 1, \"\", -x, ok]}\n",
	v1 + "rules: {default: 1, enable: [~], settings: []}\n",
	v1 + "rules: {settings: {\"bad name\": {}, ok: 3, -x: {}, dead-doi: ~, CL001: [1], é: {}}}\n",
	v1 + "rules:\n  enabel: [x]\n  default: most\nissues: {max-same: -2}\n",
	// exclusions and severity: anyOf and required.
	v1 + "exclusions: {rules: [{}, {rules: []}, {rules: [\"\"]}, {path: /a, foo: 1}, x, 1, ~]}\n",
	v1 + "exclusions: {rules: [{rules: [a], text: \"\"}, {source: 1}, {path-except: \"\"}], paths: [/x]}\n",
	v1 + "exclusions: {rules: {}, paths: x}\n",
	v1 + "severity: {default: warn, rules: [{}, {severity: fatal}, {severity: note, rules: []}, {severity: 1, text: x}]}\n",
	v1 + "severity: {default: \"\", rules: [{path: x}, {severity: note, bogus: 1}]}\n",
	v1 + "severity: {default: 1, rules: x}\n",
	exclusionsAndSeverityYAML,
	// issues and output.
	v1 + "issues: {max-per-rule: -1, max-same: 1.5, fail-level: fatal, fail-on-unverified: yes}\n",
	v1 + "issues: {max-per-rule: \"x\", max-same: -2.0, fail-level: 1, fail-on-unverified: 1}\n",
	v1 + "output: {formats: {}}\n", v1 + "output: {formats: ~}\n", v1 + "output: {formats: []}\n",
	v1 + "output: {formats: {json: 1, sarif: {path: \"\"}, text: {path: 1, colors: 1}}}\n",
	v1 + "output: {formats: {sarf: {}, junit: {}}, other: 1}\n",
	// bibliography and sources: oneOf.
	v1 + "bibliography: \"\"\n", v1 + "bibliography: []\n", v1 + "bibliography: [\"\"]\n",
	v1 + "bibliography: {a: b}\n", v1 + "bibliography: 1\n", v1 + "bibliography: [1, \"\", ok]\n",
	v1 + "bibliography: ~\nsources: 1\n", v1 + "sources: [a]\n", v1 + "bibliography: true\n",
	// resolvers and judge.
	v1 + "resolvers: {cache: {mode: x, dir: 1, extra: 1}, mailto: someone, timeout: x, request-timeout: -1}\n",
	v1 + "resolvers: {mailto: \"mailto:a@b\", doi: {url: \"http://x\"}, datacite: str, arxiv: {url: ftp://x, mailto: a}}\n",
	v1 + "resolvers: {crossref: {url: \"ftp://\", mailto: 1}, url: {allow-private: 1}, hosts: []}\n",
	v1 + "resolvers:\n  hosts:\n    \"a..b\": {}\n    \"[::1]:80\": {concurrency: -1, interval: 5}\n    \"x:123456\": {}\n    \"https://x/\": {}\n    example.org: {concurrency: x, rate: 1}\n    LOCALHOST: 1\n",
	v1 + "resolvers: {mailto: \"a b@c\", timeout: 1.5h, request-timeout: 0.0, doi: ~}\n",
	v1 + "judge: {url: \"\", model: 1, api-key-env: 1A, timeout: 1x}\n",
	v1 + "judge: {url: ftp://x, api-key: sk-123, api-key-env: sk-123}\n",
	v1 + "judge: {url: \"https:// x\", api-key-env: \"_A1\"}\n",
	// Strings, keys and structure.
	v1 + "run: {paths: [\"ü\", \"\\t\", \"a'b\\\"c\\\\\"]}\njudge: {api-key-env: \"it's\", url: \"\\u00e9\"}\n",
	v1 + "\"a/b\": 1\n\"~0\": 2\n\"it's\": 3\n\"\": 4\n\"\\\\\": 5\n",
	v1 + "rules:\n  enable: &e [\"bad name\", 1]\n  disable: *e\nexclusions:\n  rules: [{rules: *e}]\n",
	v1 + "base: &b {timeout: 1s}\nrun:\n  <<: *b\n",
	v1 + "rules:\n  settings:\n    uncited-claim: &a {nested: {depth: 1}, extra: {x: 1}, exempt: [*a]}\n",
	"a: &a [*a, *a]\nb: &b [*a, *a]\nc: [*b, *b]\n",
	v1 + "run:\nrules:\nseverity:\nissues: ~\n",
	v1 + "rules:\n  settings:\n    CL001: {retries: 2}\n    dead-link:\n",
	v1 + "run:\n  exclude: [\"vendor/**\", \"**/drafts/*.md\"]\n",
}

// knownConfigs are the configs the other tests use, valid and invalid
// (schemaErrors checks those it is given itself).
func knownConfigs(tb testing.TB) []string {
	full, err := os.ReadFile("testdata/full.citelint.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	out := []string{string(full), string(InitTemplate()), uncommentExamples(InitTemplate())}
	for _, tt := range parseErrorCases {
		out = append(out, tt.src)
	}
	for _, tt := range verifyCases {
		out = append(out, tt.src)
	}
	return append(out, schemaEquivCases...)
}

func TestSchemaCheckMatchesJSONSchema(t *testing.T) {
	checked := 0
	for _, src := range knownConfigs(t) {
		if inst, ok := yamlInstance([]byte(src)); ok {
			checkSchemaEquiv(t, inst)
			checked++
		}
	}
	if checked < len(schemaEquivCases) {
		t.Errorf("only %d configs checked", checked)
	}
	// The instances the fuzz target derives from the seeds, too.
	for _, src := range knownConfigs(t) {
		checkSchemaEquiv(t, newInstanceGen([]byte(src)).root())
	}
}

// TestSchemaCheckKeywordsMatchJSONSchema covers what the embedded schema
// does not exercise but schemacheck.go implements: a oneOf with two
// matching branches, composite const and enum values, several missing
// properties, additionalProperties as a schema, numbers that are not
// integers.
func TestSchemaCheckKeywordsMatchJSONSchema(t *testing.T) {
	tests := []struct {
		schema string
		insts  []string
	}{
		{`{"oneOf": [{"type": "integer"}, {"minimum": 0}, {}]}`, []string{`1`, `-1`, `1.5`, `-1.5`, `"x"`}},
		{`{"oneOf": [{"type": "string"}, {"type": "array", "minItems": 2}]}`, []string{`[]`, `{}`, `"x"`}},
		{`{"const": {"a": [1, null, true, "x"]}}`, []string{`{"a": [1.0, null, true, "x"]}`, `{"a": [2, null, true, "x"]}`, `{"a": []}`, `{}`, `1`}},
		{`{"const": null}`, []string{`null`, `false`}},
		{`{"const": 1.50}`, []string{`1.5`, `1`, `"1.50"`}},
		{`{"enum": [[1], "x"]}`, []string{`[1]`, `[1.0]`, `"y"`, `[2]`}},
		{`{"enum": ["x"]}`, []string{`"x"`, `"y"`, `1`}},
		{`{"enum": [false, null, 1e2]}`, []string{`100`, `true`, `"x"`}},
		{`{"required": ["a", "b", "c"], "minProperties": 2}`, []string{`{}`, `{"b": 1}`, `{"a": 1, "b": 2, "c": 3}`}},
		{`{"properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "string", "minLength": 3}}`,
			[]string{`{"a": 1, "b": 2, "c": "xy", "d": "xyz"}`}},
		{`{"additionalProperties": true, "properties": {"a": {"type": "null"}}}`, []string{`{"a": 1, "b": 2}`}},
		{`{"patternProperties": {"^a": {"type": "string"}, "b$": {"minLength": 2}}, "additionalProperties": false}`,
			[]string{`{"ab": "xy", "a": 1, "b": "x", "c": 1, "d": 2}`}},
		{`{"items": {"minimum": 1.5}, "minItems": 4}`, []string{`[1, 2, "x", -1e7, 1.25]`}},
		{`{"type": "integer", "minimum": -2.5}`, []string{`1.0`, `1.5`, `-3`, `-2`, `-3.0`, `"x"`}},
		{`{"type": ["string", "null", "boolean"], "minLength": 3, "pattern": "^é"}`, []string{`"éé"`, `"aaa"`, `null`, `[]`}},
		{`{"$ref": "#/$defs/a", "type": "object", "required": ["y"], "$defs": {"a": {"required": ["x"], "allOf": [{"required": ["z"]}]}}}`,
			[]string{`[]`, `{}`, `{"x": 1, "y": 2, "z": 3}`}},
		{`{"allOf": [{"type": "object"}, {"required": ["a"]}], "anyOf": [{"required": ["b"]}, {"minProperties": 3}]}`,
			[]string{`{}`, `[]`, `{"a": 1, "b": 2}`}},
	}
	for _, tt := range tests {
		sch, err := compileSchema([]byte(tt.schema))
		if err != nil {
			t.Fatalf("%s: %v", tt.schema, err)
		}
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(tt.schema))
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource("s.json", doc); err != nil {
			t.Fatal(err)
		}
		ref, err := c.Compile("s.json")
		if err != nil {
			t.Fatalf("%s: %v", tt.schema, err)
		}
		for _, src := range tt.insts {
			inst, err := jsonschema.UnmarshalJSON(strings.NewReader(src))
			if err != nil {
				t.Fatal(err)
			}
			t.Run(tt.schema+" "+src, func(t *testing.T) { compareViolations(t, sch, ref, inst) })
		}
	}
}

// FuzzSchemaCheckEquiv compares the validator with jsonschema/v6 on the YAML
// in data and on a config-shaped instance generated from data.
//
//	go test ./config -run '^$' -fuzz '^FuzzSchemaCheckEquiv$' -fuzztime 3m -fuzzminimizetime 2s
func FuzzSchemaCheckEquiv(f *testing.F) {
	for _, src := range knownConfigs(f) {
		f.Add([]byte(src))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if inst, ok := yamlInstance(data); ok {
			checkSchemaEquiv(t, inst)
		}
		checkSchemaEquiv(t, newInstanceGen(data).root())
	})
}

// instanceGen builds a config-shaped instance from fuzz bytes. Random YAML
// seldom gets past the top level's additionalProperties, so it walks the
// schema document instead, mostly giving each subschema what it asks for
// (its properties, an enum value, a string near its pattern) and sometimes
// anything at all: mutated bytes then reach every keyword and mix of errors.
type instanceGen struct {
	data   []byte
	schema map[string]any
}

func newInstanceGen(data []byte) *instanceGen {
	return &instanceGen{data, rawSchema()}
}

// rawSchema is the schema document as JSON values, for instanceGen to walk.
var rawSchema = sync.OnceValue(func() map[string]any {
	dec := json.NewDecoder(bytes.NewReader(schemaJSON))
	dec.UseNumber()
	var schema map[string]any
	if err := dec.Decode(&schema); err != nil {
		panic(err)
	}
	return schema
})

func (g *instanceGen) root() any { return g.value(g.schema, 0) }

// next consumes one byte of input; 0 when it is used up.
func (g *instanceGen) next() int {
	if len(g.data) == 0 {
		return 0
	}
	b := g.data[0]
	g.data = g.data[1:]
	return int(b)
}

func (g *instanceGen) pick(n int) int { return g.next() % n }

func (g *instanceGen) value(s map[string]any, depth int) any {
	if depth > 6 {
		return g.scalar()
	}
	choice := g.next()
	if choice%11 == 10 {
		return g.anything(depth)
	}
	ref, hasRef := s["$ref"].(string)
	if _, typed := s["type"]; hasRef && (!typed || choice%2 == 0) {
		def := g.schema["$defs"].(map[string]any)[strings.TrimPrefix(ref, "#/$defs/")]
		return g.value(def.(map[string]any), depth)
	}
	for _, kw := range []string{"allOf", "anyOf", "oneOf"} {
		if branches, ok := s[kw].([]any); ok && (choice%3 == 0 || s["type"] == nil) {
			return g.value(branches[g.pick(len(branches))].(map[string]any), depth)
		}
	}
	if e, ok := s["enum"].([]any); ok && choice%5 != 0 {
		return e[g.pick(len(e))]
	}
	if c, ok := s["const"]; ok && choice%5 != 0 {
		return c
	}
	switch g.typeFor(s) {
	case "object":
		return g.object(s, depth)
	case "array":
		var items map[string]any
		items, _ = s["items"].(map[string]any)
		arr := []any{}
		for n := g.pick(4); n > 0; n-- {
			if items != nil {
				arr = append(arr, g.value(items, depth+1))
			} else {
				arr = append(arr, g.anything(depth+1))
			}
		}
		return arr
	case "string":
		return g.str()
	case "integer", "number":
		return g.number()
	case "boolean":
		return g.pick(2) == 0
	case "null":
		return nil
	}
	return g.anything(depth)
}

// typeFor picks one of the types s allows, or guesses from its keywords.
func (g *instanceGen) typeFor(s map[string]any) string {
	switch t := s["type"].(type) {
	case string:
		return t
	case []any:
		return t[g.pick(len(t))].(string)
	}
	for kw, t := range map[string]string{"properties": "object", "patternProperties": "object", "items": "array", "pattern": "string", "minimum": "integer"} {
		if _, ok := s[kw]; ok {
			return t
		}
	}
	return ""
}

func (g *instanceGen) object(s map[string]any, depth int) map[string]any {
	m := map[string]any{}
	props, _ := s["properties"].(map[string]any)
	for _, k := range sortedKeys(props) {
		if g.pick(3) != 0 {
			m[k] = g.value(props[k].(map[string]any), depth+1)
		}
	}
	if pp, ok := s["patternProperties"].(map[string]any); ok {
		for n := g.pick(4); n > 0; n-- {
			for _, sub := range pp {
				m[g.key()] = g.value(sub.(map[string]any), depth+1)
			}
		}
	}
	for n := g.pick(8) - 5; n > 0; n-- {
		m[g.key()] = g.anything(depth + 1)
	}
	return m
}

var (
	fuzzKeys = []string{"dead-doi", "uncited-claim", "CL001", "bad name", "-x", "x_", "é", "example.org",
		"[::1]:8080", "host:123456", "a..b", "https://x/", "LOCALHOST", "version", "rules", "", "~/", "it's", "a\\b"}
	fuzzStrings = []string{"", "x", "1", "/abs", "docs/**/*.md", "10s", "1.5h", ".5s", "5.s", "+0", "0", "-0", "ten",
		"-1s", "1µs", "1μs", "1h2m", "https://x", "http://127.0.0.1:8080/", "ftp://x", "https:// x",
		"mailto:a@b.c", "a@b", "a b@c", "someone", "sk-123", "OPENAI_API_KEY", "_A1", "1A", "bad name",
		"dead-doi", "ü", "a'b\"c\\", "\t", "note", "warning", "standard", "offline", "\x00", "\xff"}
	fuzzNumbers = []string{"0", "-0", "1", "-1", "1.5", "-1.5", "-1000", "-999999", "-1000000", "-1234567", "1e300",
		"-1e300", "0.0", "-0.0", "1e-7", "-5e-324", "-4.5e-5", "9007199254740993", "-9223372036854775808",
		"-18446744073709551616", "1E2", "-1e2", "-123456.75", "-0.0001", "-0.00001"}
)

func (g *instanceGen) key() string {
	if i := g.pick(len(fuzzKeys) + 1); i < len(fuzzKeys) {
		return fuzzKeys[i]
	}
	return g.raw()
}

func (g *instanceGen) str() string {
	if i := g.pick(len(fuzzStrings) + 1); i < len(fuzzStrings) {
		return fuzzStrings[i]
	}
	return g.raw()
}

// raw is a string of up to 7 input bytes, not necessarily UTF-8.
func (g *instanceGen) raw() string {
	n := min(g.pick(8), len(g.data))
	s := string(g.data[:n])
	g.data = g.data[n:]
	return s
}

func (g *instanceGen) number() json.Number {
	return json.Number(fuzzNumbers[g.pick(len(fuzzNumbers))])
}

func (g *instanceGen) scalar() any {
	switch g.pick(4) {
	case 0:
		return nil
	case 1:
		return g.pick(2) == 0
	case 2:
		return g.number()
	}
	return g.str()
}

func (g *instanceGen) anything(depth int) any {
	switch g.pick(3) {
	case 0:
		return g.scalar()
	case 1:
		if depth > 6 {
			return []any{}
		}
		return []any{g.anything(depth + 1)}
	}
	if depth > 6 {
		return map[string]any{}
	}
	return map[string]any{g.key(): g.anything(depth + 1)}
}

// TestNumbersFormattedLikeXText: jsonschema/v6 formats the numbers in its
// messages with golang.org/x/text/message's English printer, which groups
// digits and writes 10⁶ in superscript; formatEnglish and groupDigits must
// agree with it without linking it.
func TestNumbersFormattedLikeXText(t *testing.T) {
	p := message.NewPrinter(language.English)
	floats := []float64{0, math.Copysign(0, -1), 1, -1, 999, 1000, -1000, 999999, 999999.5, 1e6, -1e6,
		1234567, 0.5, 0.0001, 0.00012, 1e-5, 1.2e-5, 1e21, 1e300, -math.MaxFloat64, 5e-324,
		math.Inf(1), math.Inf(-1), math.NaN(), 123456.7, -1234.5678, 9007199254740993}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		f := r.NormFloat64() * math.Pow(10, float64(r.IntN(40)-20))
		if r.IntN(4) == 0 {
			f = math.Round(f)
		}
		floats = append(floats, f, math.Float64frombits(r.Uint64()))
	}
	for _, f := range floats {
		if got, want := formatEnglish(f), p.Sprintf("%v", f); got != want {
			t.Errorf("formatEnglish(%v) = %q, x/text %q", f, got, want)
		}
	}
	ints := []int{0, 1, -1, 12, 123, 1234, -1234, 1234567, math.MaxInt, math.MinInt}
	for range 1000 {
		ints = append(ints, int(r.Int64()>>r.IntN(63)))
	}
	for _, n := range ints {
		if got, want := groupDigits(n), p.Sprintf("%d", n); got != want {
			t.Errorf("groupDigits(%d) = %q, x/text %q", n, got, want)
		}
	}
}

// TestSchemaCheckRefusesUnknownKeywords: a keyword schemacheck.go does not
// implement must stop compilation, so the schema cannot start using one that
// `config verify` would silently ignore.
func TestSchemaCheckRefusesUnknownKeywords(t *testing.T) {
	tests := []struct{ doc, want string }{
		{`{"maxLength": 3}`, `schema /maxLength: keyword "maxLength" is not implemented`},
		{`{"properties": {"a": {"propertyNames": {}}}}`, `schema /properties/a/propertyNames: keyword "propertyNames"`},
		{`{"$defs": {"unused": {"if": {}}}}`, `schema /$defs/unused/if: keyword "if"`},
		{`{"anyOf": [{"uniqueItems": true}]}`, `schema /anyOf/0/uniqueItems: keyword "uniqueItems"`},
		{`{"items": true}`, `schema /items: want a schema object (boolean schemas are not implemented)`},
		{`{"$ref": "other.json"}`, `want a reference of the form #/$defs/NAME`},
		{`{"$ref": "#/$defs/missing"}`, `no $defs entry "missing"`},
		{`{"$ref": "#/$defs/a", "$defs": {"a": {"items": {"$ref": "#/$defs/a"}}}}`, `recursive schemas are not implemented`},
		{`{"$schema": "http://json-schema.org/draft-07/schema#"}`, `only draft 2020-12 is implemented`},
		{`{"properties": {"a": {"$id": "x"}}}`, `$id is implemented only at the top level`},
		{`{"pattern": "("}`, `schema /pattern: error parsing regexp`},
		{`{"type": "int"}`, `unknown type int`},
		{`{"minItems": -1}`, `want a non-negative integer`},
		{`{} {}`, `data after the top-level value`},
	}
	for _, tt := range tests {
		_, err := compileSchema([]byte(tt.doc))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("compileSchema(%s) = %v, want an error containing %q", tt.doc, err, tt.want)
		}
	}
	// Annotations are fine, format included (draft 2020-12 only annotates it).
	if _, err := compileSchema([]byte(`{"title": "t", "description": "d", "format": "regex", "default": 1, "examples": [1], "$comment": "c"}`)); err != nil {
		t.Error(err)
	}
}
