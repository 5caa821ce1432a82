package config

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
)

// schemaErrors validates src against the schema alone (with jsonschema/v6),
// so these tests exercise the schema itself.
func schemaErrors(t *testing.T, src string) []string {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatalf("YAML: %v", err)
	}
	return schemaCheck(t, "s.yaml", doc.Content[0])
}

func TestSchemaCompiles(t *testing.T) {
	if _, err := referenceSchema(); err != nil {
		t.Fatal(err)
	}
	// Compile also checks the document against the draft 2020-12 metaschema;
	// make sure it declares that draft rather than relying on the default.
	var top map[string]any
	if err := json.Unmarshal(Schema(), &top); err != nil {
		t.Fatal(err)
	}
	if top["$schema"] != "https://json-schema.org/draft/2020-12/schema" || top["$id"] != schemaURL {
		t.Errorf("$schema, $id = %v, %v", top["$schema"], top["$id"])
	}
	c := jsonschema.NewCompiler()
	doc, _ := jsonschema.UnmarshalJSON(bytes.NewReader(Schema()))
	if err := c.AddResource("x.json", doc); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Compile("x.json"); err != nil {
		t.Fatal(err)
	}
}

func TestSchemaAcceptsValid(t *testing.T) {
	full, err := os.ReadFile("testdata/full.citelint.yaml")
	if err != nil {
		t.Fatal(err)
	}
	valid := map[string]string{
		"full example":  string(full),
		"init template": string(InitTemplate()),
		"minimal":       "version: \"1\"\n",
		"variants": "version: 1\nrun:\n  timeout: 0.0\n  exclude: []\nrules:\nseverity:\n  default: \"\"\n  rules:\n    - {severity: info, text: x}\n" +
			"issues: {fail-level: note}\noutput:\n  formats:\n    json:\n    code-climate: {path: cc.json}\nbibliography: [a.bib, b.json]\n" +
			"resolvers:\n  timeout: 1.5m\n  request-timeout: 1m\n  mailto: \"\"\n  hosts:\n    \"[::1]:8080\": {concurrency: 0}\n    LOCALHOST: {}\njudge: {url: \"\", api-key-env: \"\"}\n",
	}
	for name, src := range valid {
		if _, err := Parse("s.yaml", []byte(src), testOpts); err != nil {
			t.Errorf("%s: Parse: %v", name, err)
		}
		if es := schemaErrors(t, src); es != nil {
			t.Errorf("%s: schema rejects it:\n%s", name, strings.Join(es, "\n"))
		}
	}
}

func TestSchemaRejects(t *testing.T) {
	tests := []struct{ src, want string }{
		{"rules: {}\n", `s.yaml:1:1: top level: missing property 'version' (schema)`},
		{v1 + "rules:\n  enabel: []\n", `s.yaml:3:3: rules: additional properties 'enabel' not allowed (schema)`},
		{v1 + "rules: {default: most}\n", `s.yaml:2:18: rules.default: value must be one of 'standard', 'reports', 'all', 'none' (schema)`},
		{v1 + "run: {timeout: ten}\n", `s.yaml:2:16: run.timeout: 'ten' does not match pattern`},
		{v1 + "issues: {max-same: -1}\n", `s.yaml:2:20: issues.max-same: minimum: got -1, want 0 (schema)`},
		{v1 + "output: {formats: {sarf: {}}}\n", `s.yaml:2:19: output.formats: additional properties 'sarf' not allowed (schema)`},
		{v1 + "exclusions: {rules: [{}]}\n", `s.yaml:2:22: exclusions.rules[0]: missing property 'rules' (schema)`},
		{v1 + "severity: {rules: [{path: x}]}\n", `s.yaml:2:20: severity.rules[0]: missing property 'severity' (schema)`},
		{"version: 2\n", `s.yaml:1:10: version: value must be one of '1', 1 (schema)`},
		{v1 + "exclusions: {paths: [/abs]}\n", `s.yaml:2:22: exclusions.paths[0]: '/abs' does not match pattern '^[^/]'`},
		{v1 + "judge: {api-key-env: sk-123}\n", `s.yaml:2:22: judge.api-key-env: 'sk-123' does not match pattern`},
		{v1 + "resolvers: {hosts: {\"https://x/\": {}}}\n", `s.yaml:2:20: resolvers.hosts: additional properties 'https://x/' not allowed (schema)`},
		{v1 + "resolvers: {mailto: someone}\n", `s.yaml:2:21: resolvers.mailto: 'someone' does not match pattern`},
		{v1 + "rules: {enable: [\"bad name\"]}\n", `s.yaml:2:18: rules.enable[0]: 'bad name' does not match pattern`},
		{v1 + "bibliography: refs.txt\n", `s.yaml:2:15: bibliography: 'refs.txt' does not match pattern`},
		// Each rule's settings, from the rule (rules.Rule.NewSettings).
		{v1 + "rules: {settings: {uncited-claim: {min-wrods: 5}}}\n", `s.yaml:2:35: rules.settings.uncited-claim: additional properties 'min-wrods' not allowed (schema)`},
		{v1 + "rules: {settings: {uncited-claim: {scope: page}}}\n", `s.yaml:2:43: rules.settings.uncited-claim.scope: value must be one of 'sentence', 'paragraph' (schema)`},
		{v1 + "rules: {settings: {low-overlap: {threshold: high}}}\n", `s.yaml:2:45: rules.settings.low-overlap.threshold: got string, want number (schema)`},
		{v1 + "rules: {settings: {dead-doi: {retries: 2}}}\n", `s.yaml:2:19: rules.settings: additional properties 'dead-doi' not allowed (schema)`},
	}
	for _, tt := range tests {
		es := schemaErrors(t, tt.src)
		found := false
		for _, e := range es {
			if strings.HasPrefix(e, tt.want) {
				found = true
			}
		}
		if !found {
			t.Errorf("schema errors for %q:\n%s\nwant one starting with:\n%s", tt.src, strings.Join(es, "\n"), tt.want)
		}
	}
}

// TestSchemaAgreesWithParse: every file Parse rejects for a reason a schema
// can express, the schema rejects too.
func TestSchemaAgreesWithParse(t *testing.T) {
	for _, tt := range parseErrorCases {
		if tt.schemaMisses {
			continue
		}
		if es := schemaErrors(t, tt.src); len(es) == 0 {
			t.Errorf("%s: Parse rejects it but the schema accepts it", tt.name)
		}
	}
}

// verifyCases are also inputs of the differential schema test.
var verifyCases = []struct {
	name, src string
	want      []string
}{
	{"valid", v1 + "rules: {enable: [dead-doi]}\n", nil},
	{"empty", "", nil},
	{"syntax", "a: [\n", []string{`v.yaml:2: invalid YAML: did not find expected node content`}},
	// The schema's "additional properties" and the semantic unknown-key
	// error are one problem: only the better message is shown.
	{"deduplicated", v1 + "rules:\n  enabel: [x]\n  default: most\nissues: {max-same: -2}\n", []string{
		`v.yaml:3:3: unknown key "enabel" in rules (did you mean "enable"?)`,
		`v.yaml:4:12: rules.default: invalid value "most"; want one of standard, reports, all, none`,
		`v.yaml:5:20: issues.max-same: want an integer ≥ 0, got -2`}},
	{"semantic only", v1 + "rules: {enable: [dead-lnk]}\n", []string{
		`v.yaml:2:18: rules.enable[0]: unknown rule "dead-lnk" (did you mean "dead-link"?)`}},
}

func TestVerify(t *testing.T) {
	tests := verifyCases
	for _, tt := range tests {
		var got []string
		for _, e := range Verify("v.yaml", []byte(tt.src), testOpts) {
			got = append(got, e.Error())
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Verify =\n%s\nwant\n%s", tt.name, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
}

func TestInitTemplate(t *testing.T) {
	tmpl := InitTemplate()
	c, err := Parse(".citelint.yaml", tmpl, testOpts)
	if err != nil {
		t.Fatalf("template does not parse: %v", err)
	}
	if es := Verify(".citelint.yaml", tmpl, testOpts); es != nil {
		t.Fatalf("template does not verify: %v", es)
	}
	// The template documents the defaults; it must not silently change them
	// (apart from the vendored folders it suggests excluding).
	d := New(testOpts)
	if !reflect.DeepEqual(c.Rules, d.Rules) || !reflect.DeepEqual(c.Issues, d.Issues) ||
		!reflect.DeepEqual(c.Output, d.Output) || !reflect.DeepEqual(c.Run.Include, d.Run.Include) {
		t.Errorf("template differs from the defaults: %+v", c)
	}
	// Uncommenting the examples must still give a valid file.
	// No registry: the examples name rules from later issues.
	uncommented := uncommentExamples(tmpl)
	if es := Verify(".citelint.yaml", []byte(uncommented), Options{}); es != nil {
		t.Errorf("template with examples uncommented does not verify: %v\n%s", es, uncommented)
	}
}

// TestInitTemplateSchemaReachable: the file config init writes lives on
// users' machines, so it must point editors at a schema they can reach
// (the published URL, or the output of `citelint config schema`), never
// at this repository's config/ folder.
func TestInitTemplateSchemaReachable(t *testing.T) {
	tmpl := string(InitTemplate())
	var id struct {
		ID string `json:"$id"`
	}
	if err := json.Unmarshal(Schema(), &id); err != nil {
		t.Fatal(err)
	}
	const modeline = "# yaml-language-server: $schema="
	var urls []string
	for _, line := range strings.Split(tmpl, "\n") {
		if u, ok := strings.CutPrefix(line, modeline); ok {
			urls = append(urls, u)
		}
		if strings.Contains(line, "citelint.schema.json") && !strings.Contains(line, "https://") && !strings.Contains(line, ".citelint.schema.json") {
			t.Errorf("template names a path only this repository has: %q", line)
		}
	}
	if len(urls) != 1 || urls[0] != id.ID || !strings.HasPrefix(id.ID, "https://") {
		t.Errorf("template's schema modelines %q, want exactly the schema's $id %q", urls, id.ID)
	}
	if !strings.Contains(tmpl, "`citelint config schema > .citelint.schema.json`") {
		t.Error("template does not say how to write the installed version's schema")
	}
}

// uncommentExamples removes the "# " before the example keys of the init
// template and the lines nested under them.
func uncommentExamples(tmpl []byte) string {
	var b strings.Builder
	for _, line := range strings.Split(string(tmpl), "\n") {
		trimmed := strings.TrimLeft(line, " ")
		if strings.HasPrefix(trimmed, "# ") && !strings.HasPrefix(trimmed, "#   ") && looksLikeYAMLKey(trimmed[2:]) {
			line = line[:len(line)-len(trimmed)] + trimmed[2:]
		} else if strings.HasPrefix(trimmed, "#   ") || strings.HasPrefix(trimmed, "#     ") {
			line = line[:len(line)-len(trimmed)] + trimmed[2:]
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

func looksLikeYAMLKey(s string) bool {
	k, _, ok := strings.Cut(s, ":")
	return ok && !strings.ContainsAny(k, " \"") && k != "" && k != "yaml-language-server"
}
