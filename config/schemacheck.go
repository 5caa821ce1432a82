package config

// This file validates a config against the embedded JSON Schema without a
// JSON Schema library. github.com/santhosh-tekuri/jsonschema/v6 used to do
// it, but its package init compiles five metaschemas on every process start
// (about 5 ms of a 12 ms start-up) and it links golang.org/x/text/message,
// while only `citelint config verify` ever validates anything.
//
// The validator knows exactly the keywords citelint.schema.json uses and
// refuses to compile a schema with any other, so the schema cannot outgrow it
// unnoticed. It reproduces the innermost errors jsonschema/v6 reports (the
// ones schemaCheck prints): the same instance locations, the same English
// messages, in the same order at each location. schemacheck_test.go checks
// that against jsonschema/v6, still a test dependency, on a table of configs
// and in FuzzSchemaCheckEquiv.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

const draft202012 = "https://json-schema.org/draft/2020-12/schema"

var (
	schemaOnce sync.Once
	schemaRoot *schemaNode
	schemaErr  error
)

// compiledSchema returns the embedded schema, compiled on first use so that
// only `citelint config verify` pays for it.
func compiledSchema() (*schemaNode, error) {
	schemaOnce.Do(func() { schemaRoot, schemaErr = compileSchema(schemaJSON) })
	return schemaRoot, schemaErr
}

// schemaLeaf is one innermost schema violation: where it is in the instance
// (JSON pointer tokens) and jsonschema/v6's message for it.
type schemaLeaf struct {
	loc []string
	msg string
}

// schemaNode is one compiled subschema: the assertions of its keywords in the
// form validation needs. An absent keyword leaves its field at the zero value,
// except the min* counts, which are -1.
type schemaNode struct {
	types     jsonType // "type"; 0 when absent
	hasConst  bool
	constant  any
	enum      []any
	enumTypes jsonType // the types of the enum's values
	ref       *schemaNode

	properties        map[string]*schemaNode
	patternProperties []patternSchema
	noAdditional      bool        // additionalProperties: false
	additional        *schemaNode // additionalProperties: {...}
	required          []string
	minProperties     int

	items    *schemaNode
	minItems int

	minLength int
	pattern   *regexp.Regexp

	minimum *big.Rat

	allOf, anyOf, oneOf []*schemaNode
}

// patternSchema is one patternProperties entry.
type patternSchema struct {
	re     *regexp.Regexp
	schema *schemaNode
}

// violations returns every innermost violation of inst (a value as toJSON
// builds it) against s; nil means valid.
func (s *schemaNode) violations(inst any) []schemaLeaf {
	return s.validate(inst, nil, nil)
}

// ---- compiling ----

// compileSchema compiles a draft 2020-12 schema document that uses only the
// keywords schemaNode implements. Anything else is an error, not ignored.
func compileSchema(doc []byte) (*schemaNode, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber() // keep numbers exact, as jsonschema/v6 does
	var root any
	if err := dec.Decode(&root); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("schema: data after the top-level value")
	}
	top, ok := root.(map[string]any)
	if !ok {
		return nil, errors.New("schema: the document is not an object")
	}
	if d, ok := top["$schema"]; ok && d != draft202012 {
		return nil, fmt.Errorf("schema: $schema is %v; only draft 2020-12 is implemented", d)
	}
	c := &schemaCompiler{compiled: map[string]*schemaNode{}, pending: map[string]bool{}}
	if defs, ok := top["$defs"]; ok {
		if c.defs, ok = defs.(map[string]any); !ok {
			return nil, errors.New("schema /$defs: not an object")
		}
	}
	// Compile every definition, so an unsupported keyword in an unused one
	// fails too.
	for _, name := range sortedKeys(c.defs) {
		if _, err := c.def(name, "/$defs"); err != nil {
			return nil, err
		}
	}
	return c.compile(top, "")
}

// schemaCompiler turns subschemas into schemaNodes. Each $defs entry is
// compiled once and shared by every $ref to it.
type schemaCompiler struct {
	defs     map[string]any         // the document's raw $defs
	compiled map[string]*schemaNode // $defs compiled so far, by name
	pending  map[string]bool        // $defs being compiled: a $ref back to one recurses
}

// compile compiles the subschema raw found at loc (a JSON pointer into the
// schema document, "" for the document itself).
func (c *schemaCompiler) compile(raw any, loc string) (*schemaNode, error) {
	obj, ok := raw.(map[string]any)
	if !ok {
		return nil, schemaErrorf(loc, "want a schema object (boolean schemas are not implemented), got %v", raw)
	}
	s := &schemaNode{minProperties: -1, minItems: -1, minLength: -1}
	for _, kw := range sortedKeys(obj) {
		if err := c.keyword(s, kw, obj[kw], loc); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// keyword compiles one keyword of the subschema at loc into s.
func (c *schemaCompiler) keyword(s *schemaNode, kw string, v any, loc string) error {
	at := loc + "/" + escapePointerToken(kw)
	var err error
	switch kw {
	case "$schema", "$id", "$defs":
		// Read by compileSchema. Elsewhere they would start a new resource
		// with its own base URI or dialect, which is not implemented.
		if loc != "" {
			return schemaErrorf(at, "%s is implemented only at the top level", kw)
		}
	case "title", "description", "default", "examples", "format", "$comment", "deprecated", "readOnly", "writeOnly":
		// Annotations: they assert nothing. That includes format, which
		// draft 2020-12 treats as an annotation unless the format-assertion
		// vocabulary is asked for; jsonschema/v6 was not asked to assert it.
	case "type":
		s.types, err = compileTypes(v, at)
	case "const":
		s.hasConst, s.constant = true, v
	case "enum":
		s.enum, s.enumTypes, err = compileEnum(v, at)
	case "$ref":
		s.ref, err = c.ref(v, at)
	case "properties":
		s.properties, err = c.schemaMap(v, at)
	case "patternProperties":
		s.patternProperties, err = c.patternSchemas(v, at)
	case "additionalProperties":
		if b, ok := v.(bool); ok {
			s.noAdditional = !b
		} else {
			s.additional, err = c.compile(v, at)
		}
	case "required":
		s.required, err = compileStrings(v, at)
	case "minProperties":
		s.minProperties, err = compileCount(v, at)
	case "items":
		s.items, err = c.compile(v, at)
	case "minItems":
		s.minItems, err = compileCount(v, at)
	case "minLength":
		s.minLength, err = compileCount(v, at)
	case "pattern":
		s.pattern, err = compilePattern(v, at)
	case "minimum":
		s.minimum, err = compileNumber(v, at)
	case "allOf":
		s.allOf, err = c.schemaList(v, at)
	case "anyOf":
		s.anyOf, err = c.schemaList(v, at)
	case "oneOf":
		s.oneOf, err = c.schemaList(v, at)
	default:
		return schemaErrorf(at, "keyword %q is not implemented by config/schemacheck.go: implement it there (the differential test compares it with jsonschema/v6) or do without it", kw)
	}
	return err
}

// ref resolves a local "#/$defs/NAME" reference, the only kind implemented.
func (c *schemaCompiler) ref(v any, at string) (*schemaNode, error) {
	r, _ := v.(string)
	name, ok := strings.CutPrefix(r, "#/$defs/")
	if !ok || name == "" || strings.ContainsAny(name, "/~%") {
		return nil, schemaErrorf(at, "want a reference of the form #/$defs/NAME, got %v", v)
	}
	return c.def(name, at)
}

// def returns the compiled $defs entry name, compiling it on first use.
func (c *schemaCompiler) def(name, at string) (*schemaNode, error) {
	if s, ok := c.compiled[name]; ok {
		return s, nil
	}
	raw, ok := c.defs[name]
	if !ok {
		return nil, schemaErrorf(at, "no $defs entry %q", name)
	}
	if c.pending[name] {
		return nil, schemaErrorf(at, "$defs entry %q refers to itself; recursive schemas are not implemented", name)
	}
	c.pending[name] = true
	s, err := c.compile(raw, "/$defs/"+escapePointerToken(name))
	delete(c.pending, name)
	if err != nil {
		return nil, err
	}
	c.compiled[name] = s
	return s, nil
}

// schemaMap compiles the value of properties: subschemas by property name.
func (c *schemaCompiler) schemaMap(v any, at string) (map[string]*schemaNode, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, schemaErrorf(at, "want an object")
	}
	out := make(map[string]*schemaNode, len(obj))
	for _, k := range sortedKeys(obj) {
		s, err := c.compile(obj[k], at+"/"+escapePointerToken(k))
		if err != nil {
			return nil, err
		}
		out[k] = s
	}
	return out, nil
}

// patternSchemas compiles the value of patternProperties.
func (c *schemaCompiler) patternSchemas(v any, at string) ([]patternSchema, error) {
	m, err := c.schemaMap(v, at)
	if err != nil {
		return nil, err
	}
	var out []patternSchema
	for _, src := range sortedKeys(m) {
		re, err := regexp.Compile(src)
		if err != nil {
			return nil, schemaErrorf(at, "pattern %q: %v", src, err)
		}
		out = append(out, patternSchema{re, m[src]})
	}
	return out, nil
}

// schemaList compiles the value of allOf, anyOf or oneOf.
func (c *schemaCompiler) schemaList(v any, at string) ([]*schemaNode, error) {
	arr, ok := v.([]any)
	if !ok || len(arr) == 0 {
		return nil, schemaErrorf(at, "want a non-empty array of schemas")
	}
	out := make([]*schemaNode, len(arr))
	for i, raw := range arr {
		s, err := c.compile(raw, at+"/"+strconv.Itoa(i))
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

func compileTypes(v any, at string) (jsonType, error) {
	names, ok := v.([]any)
	if !ok {
		names = []any{v}
	}
	var t jsonType
	for _, n := range names {
		s, _ := n.(string)
		nt := parseJSONType(s)
		if nt == 0 {
			return 0, schemaErrorf(at, "unknown type %v", n)
		}
		t |= nt
	}
	if t == 0 {
		return 0, schemaErrorf(at, "no type given")
	}
	return t, nil
}

func compileEnum(v any, at string) ([]any, jsonType, error) {
	vals, ok := v.([]any)
	if !ok || len(vals) == 0 {
		return nil, 0, schemaErrorf(at, "want a non-empty array")
	}
	var types jsonType
	for _, x := range vals {
		types |= typeOfValue(x)
	}
	return vals, types, nil
}

func compileStrings(v any, at string) ([]string, error) {
	arr, ok := v.([]any)
	if !ok {
		return nil, schemaErrorf(at, "want an array of strings")
	}
	out := make([]string, len(arr))
	for i, x := range arr {
		if out[i], ok = x.(string); !ok {
			return nil, schemaErrorf(at, "want an array of strings")
		}
	}
	return out, nil
}

func compileCount(v any, at string) (int, error) {
	n, ok := v.(json.Number)
	i, err := strconv.Atoi(string(n))
	if !ok || err != nil || i < 0 {
		return 0, schemaErrorf(at, "want a non-negative integer, got %v", v)
	}
	return i, nil
}

func compileNumber(v any, at string) (*big.Rat, error) {
	r, ok := ratOf(v)
	if !ok {
		return nil, schemaErrorf(at, "want a number, got %v", v)
	}
	return r, nil
}

// compilePattern compiles a pattern with Go's regexp package, as
// jsonschema/v6 does by default.
func compilePattern(v any, at string) (*regexp.Regexp, error) {
	src, ok := v.(string)
	if !ok {
		return nil, schemaErrorf(at, "want a string")
	}
	re, err := regexp.Compile(src)
	if err != nil {
		return nil, schemaErrorf(at, "%v", err)
	}
	return re, nil
}

func schemaErrorf(at, format string, args ...any) error {
	if at == "" {
		at = "(top level)"
	}
	return fmt.Errorf("schema %s: %s", at, fmt.Sprintf(format, args...))
}

func escapePointerToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// ---- validating ----
//
// The order of the checks is jsonschema/v6's (validator.go), because it
// decides which errors are reported and in which order: a failed type, const
// or enum ends the subschema's checks; otherwise $ref, then the keywords of
// the value's type, then allOf, anyOf and oneOf all report. anyOf and oneOf
// report their branches' errors only when no branch matches. Properties are
// visited in sorted order (jsonschema/v6 uses map order, so only the order at
// one location is defined there).

// validate appends the innermost violations of v, found at loc, to out.
func (s *schemaNode) validate(v any, loc []string, out []schemaLeaf) []schemaLeaf {
	vt := typeOfValue(v)
	if vt == 0 {
		return addLeaf(out, loc, fmt.Sprintf("invalid jsonType %T", v))
	}
	if s.types != 0 && !s.types.admits(v, vt) {
		return addLeaf(out, loc, "got "+vt.String()+", want "+s.types.String())
	}
	if s.hasConst && !jsonEqual(v, s.constant) {
		return addLeaf(out, loc, constMessage(s.constant))
	}
	if s.enum != nil && !s.inEnum(v, vt) {
		return addLeaf(out, loc, enumMessage(s.enum))
	}
	if s.ref != nil {
		out = s.ref.validate(v, loc, out)
	}
	switch v := v.(type) {
	case map[string]any:
		out = s.validateObject(v, loc, out)
	case []any:
		out = s.validateArray(v, loc, out)
	case string:
		out = s.validateString(v, loc, out)
	default:
		if vt == typeNumber {
			out = s.validateNumber(v, loc, out)
		}
	}
	for _, b := range s.allOf {
		out = b.validate(v, loc, out)
	}
	out = validateAnyOf(s.anyOf, v, loc, out)
	return validateOneOf(s.oneOf, v, loc, out)
}

func (s *schemaNode) inEnum(v any, vt jsonType) bool {
	if s.enumTypes&vt == 0 {
		return false
	}
	return slices.ContainsFunc(s.enum, func(e any) bool { return jsonEqual(v, e) })
}

func (s *schemaNode) validateObject(obj map[string]any, loc []string, out []schemaLeaf) []schemaLeaf {
	if s.minProperties >= 0 && len(obj) < s.minProperties {
		out = addLeaf(out, loc, "minProperties: got "+groupDigits(len(obj))+", want "+groupDigits(s.minProperties))
	}
	var missing []string
	for _, name := range s.required {
		if _, ok := obj[name]; !ok {
			missing = append(missing, name)
		}
	}
	switch len(missing) {
	case 0:
	case 1:
		out = addLeaf(out, loc, "missing property "+quoteLikeJSONSchema(missing[0]))
	default:
		out = addLeaf(out, loc, "missing properties "+joinQuoted(missing))
	}
	var extra []string
	for _, name := range sortedKeys(obj) {
		val, at := obj[name], append(loc, name)
		evaluated := false
		if p, ok := s.properties[name]; ok {
			evaluated = true
			out = p.validate(val, at, out)
		}
		for _, pp := range s.patternProperties {
			if pp.re.MatchString(name) {
				evaluated = true
				out = pp.schema.validate(val, at, out)
			}
		}
		switch {
		case evaluated:
		case s.noAdditional:
			extra = append(extra, name)
		case s.additional != nil:
			out = s.additional.validate(val, at, out)
		}
	}
	if len(extra) > 0 {
		out = addLeaf(out, loc, "additional properties "+joinQuoted(extra)+" not allowed")
	}
	return out
}

func (s *schemaNode) validateArray(arr []any, loc []string, out []schemaLeaf) []schemaLeaf {
	if s.minItems >= 0 && len(arr) < s.minItems {
		out = addLeaf(out, loc, "minItems: got "+groupDigits(len(arr))+", want "+groupDigits(s.minItems))
	}
	if s.items != nil {
		for i, item := range arr {
			out = s.items.validate(item, append(loc, strconv.Itoa(i)), out)
		}
	}
	return out
}

func (s *schemaNode) validateString(str string, loc []string, out []schemaLeaf) []schemaLeaf {
	if n := utf8.RuneCountInString(str); s.minLength >= 0 && n < s.minLength {
		out = addLeaf(out, loc, "minLength: got "+groupDigits(n)+", want "+groupDigits(s.minLength))
	}
	if s.pattern != nil && !s.pattern.MatchString(str) {
		out = addLeaf(out, loc, quoteLikeJSONSchema(str)+" does not match pattern "+quoteLikeJSONSchema(s.pattern.String()))
	}
	return out
}

func (s *schemaNode) validateNumber(num any, loc []string, out []schemaLeaf) []schemaLeaf {
	if s.minimum == nil {
		return out
	}
	if r, ok := ratOf(num); ok && r.Cmp(s.minimum) < 0 {
		out = addLeaf(out, loc, "minimum: got "+ratMessage(r)+", want "+ratMessage(s.minimum))
	}
	return out
}

// validateAnyOf reports every branch's violations when none matches.
func validateAnyOf(branches []*schemaNode, v any, loc []string, out []schemaLeaf) []schemaLeaf {
	start := len(out)
	for _, b := range branches {
		n := len(out)
		if out = b.validate(v, loc, out); len(out) == n {
			return out[:start]
		}
	}
	return out
}

// validateOneOf reports every branch's violations when none matches, and
// the first two matching branches when more than one does.
func validateOneOf(branches []*schemaNode, v any, loc []string, out []schemaLeaf) []schemaLeaf {
	start, matched := len(out), -1
	for i, b := range branches {
		n := len(out)
		out = b.validate(v, loc, out)
		switch {
		case len(out) > n && matched >= 0:
			out = out[:n]
		case len(out) > n:
		case matched < 0:
			matched, out = i, out[:start]
		default:
			return addLeaf(out, loc, "'oneOf' failed, subschemas "+groupDigits(matched)+", "+groupDigits(i)+" matched")
		}
	}
	return out
}

func addLeaf(out []schemaLeaf, loc []string, msg string) []schemaLeaf {
	return append(out, schemaLeaf{slices.Clone(loc), msg})
}

// ---- JSON values ----

// jsonType is a set of JSON types as the "type" keyword names them.
type jsonType uint8

const (
	typeNull jsonType = 1 << iota
	typeBoolean
	typeNumber
	typeInteger
	typeString
	typeArray
	typeObject
)

// jsonTypeNames are the type names in jsonType's bit order, which is the
// order jsonschema/v6 lists them in ("want null or object").
var jsonTypeNames = [...]string{"null", "boolean", "number", "integer", "string", "array", "object"}

func parseJSONType(name string) jsonType {
	for i, n := range jsonTypeNames {
		if n == name {
			return 1 << i
		}
	}
	return 0
}

func (t jsonType) String() string {
	var names []string
	for i, n := range jsonTypeNames {
		if t&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, " or ")
}

// admits reports whether v, of type vt, is one of the types t: an integer
// is a number whose value is integral, such as 1.0.
func (t jsonType) admits(v any, vt jsonType) bool {
	if t&vt != 0 {
		return true
	}
	if t&typeInteger == 0 || vt != typeNumber {
		return false
	}
	r, ok := ratOf(v)
	return ok && r.IsInt()
}

// typeOfValue is the JSON type of a decoded value (numbers are numbers, never
// integers), or 0 for a Go value JSON has no type for.
func typeOfValue(v any) jsonType {
	switch v := v.(type) {
	case nil:
		return typeNull
	case bool:
		return typeBoolean
	case json.Number, int, int64, uint64:
		return typeNumber
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0
		}
		return typeNumber
	case string:
		return typeString
	case []any:
		return typeArray
	case map[string]any:
		return typeObject
	}
	return 0
}

// ratOf reads a number exactly, from its text as jsonschema/v6 does.
func ratOf(v any) (*big.Rat, bool) {
	return new(big.Rat).SetString(fmt.Sprint(v))
}

// jsonEqual is JSON equality: numbers compare by value (1 == 1.0), objects
// and arrays element by element.
func jsonEqual(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, va := range a {
			vb, ok := b[k]
			if !ok || !jsonEqual(va, vb) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		return ok && slices.EqualFunc(a, b, jsonEqual)
	case nil, bool, string:
		return a == b
	}
	if typeOfValue(a) != typeNumber || typeOfValue(b) != typeNumber {
		return false
	}
	ra, ok1 := ratOf(a)
	rb, ok2 := ratOf(b)
	return ok1 && ok2 && ra.Cmp(rb) == 0
}
