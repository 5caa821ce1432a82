package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/citelint/citelint/internal/rules/registry"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// The generated schema is for editors; Verify is Parse alone. jsonschema/v6
// checks here that the two agree: every config Parse accepts the schema
// accepts (else editors would flag valid files), and the schema rejects
// what Parse rejects wherever a schema can express it.

// referenceSchema is the generated schema compiled by jsonschema/v6.
var referenceSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(Schema()))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, err
	}
	return c.Compile(schemaURL)
})

// schemaLeaf is one innermost schema violation: where it is in the instance
// (JSON pointer tokens) and jsonschema/v6's message for it.
type schemaLeaf struct {
	loc []string
	msg string
}

// referenceViolations are jsonschema/v6's innermost errors for inst.
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
func innermost(e *jsonschema.ValidationError, acc []*jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return append(acc, e)
	}
	for _, c := range e.Causes {
		acc = innermost(c, acc)
	}
	return acc
}

// schemaCheck validates root against the generated schema and positions each
// violation on the YAML node it is about, as "file:line:col: where: msg
// (schema)".
func schemaCheck(tb testing.TB, name string, root *yaml.Node) []string {
	tb.Helper()
	sch, err := referenceSchema()
	if err != nil {
		tb.Fatal(err)
	}
	budget := 1 << 20
	inst, err := toJSON(root, &budget, 0)
	if err != nil {
		tb.Fatal(err)
	}
	var out []*Error
	seen := map[string]bool{}
	for _, leaf := range referenceViolations(sch, inst) {
		n, p := locate(root, leaf.loc)
		where := p.String()
		if where == "" {
			where = "top level"
		}
		msg := fmt.Sprintf("%s: %s (schema)", where, leaf.msg)
		if seen[strings.Join(leaf.loc, "/")+"\x00"+msg] {
			continue
		}
		seen[strings.Join(leaf.loc, "/")+"\x00"+msg] = true
		e := &Error{File: name, Msg: msg}
		if n != nil {
			e.Line, e.Column = n.Line, n.Column
		}
		out = append(out, e)
	}
	sortErrors(out)
	var msgs []string
	for _, e := range out {
		msgs = append(msgs, e.Error())
	}
	return msgs
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
			i, _ := strconv.Atoi(t)
			if i >= 0 && i < len(r.Content) {
				next = r.Content[i]
			}
			p = p.index(i)
		}
		if next == nil {
			break
		}
		n = next
	}
	return n, p
}

// toJSON converts a YAML node into the value encoding/json would produce.
// Null mapping values are dropped because Parse treats "key:" with no value
// as unset. budget bounds alias expansion.
func toJSON(n *yaml.Node, budget *int, depth int) (any, error) {
	*budget--
	if *budget < 0 || depth > 200 {
		return nil, fmt.Errorf("document too large or too deeply nested")
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
	v1 + "resolvers: {cache: {dir: docs/.cache/citelint}}\n", v1 + "resolvers: {cache: {dir: ./x.git/.gitx}}\n",
	v1 + "resolvers: {cache: {dir: \"a\\\\..\\\\b\"}}\n", v1 + "resolvers: {cache: {dir: ~/.cache}}\n", v1 + "resolvers: {cache: {dir: \"C:cache\"}}\n",
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
	v1 + "rules:\n  settings:\n    dead-doi: {retries: 2}\n    dead-link:\n",
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

// TestSchemaAcceptsWhatParseAccepts: the schema is never stricter than
// Parse, so an editor never flags a file citelint accepts. (Before Verify
// became Parse alone, "run: {timeout: \"-0\"}" passed run but failed
// config verify through the schema.)
func TestSchemaAcceptsWhatParseAccepts(t *testing.T) {
	checked := 0
	for _, src := range knownConfigs(t) {
		// The binary's rules and their settings, as the schema has them.
		if _, err := Parse("s.yaml", []byte(src), Options{Rules: registry.Names(), NewSettings: registry.NewSettings}); err != nil {
			continue
		}
		d := newDecoder("s.yaml", Options{})
		root := d.parseYAML([]byte(src))
		if root == nil || isNull(root) {
			continue // an empty document is all defaults; nothing to validate
		}
		checked++
		if es := schemaCheck(t, "s.yaml", root); es != nil {
			t.Errorf("Parse accepts %q but the schema says:\n%s", src, strings.Join(es, "\n"))
		}
	}
	if checked < 10 {
		t.Errorf("only %d valid configs checked", checked)
	}
}
