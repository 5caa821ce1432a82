package mcpserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/citelint/citelint/internal/cli"
	"github.com/citelint/citelint/internal/mcpserver"
)

// report cites sources by RAG keys and by a numbered list, with one
// unresolvable marker, one unused entry, a non-canonical DOI and a number
// its source does not hold.
const report = `# Sea level

Global mean sea level increased by 0.20 m between 1901 and 2018 [id:d_1].
Penguins are common in the Arctic and nest on Greenland's glaciers [id:d_2].
The rate of rise accelerated to 9.9 mm per year between 2006 and 2018 [id:d_1].
Tide gauges have been read since the eighteenth century [3].
Satellites measure it too [1].

## References

1. Altimetry. https://dx.doi.org/10.1000/xyz123
2. Never cited. 2020.
`

var reportSources = map[string]string{
	"d_1": "Global mean sea level increased by 0.20 m between 1901 and 2018. The average rate of sea level rise was 1.3 mm per year between 1901 and 1971, increasing to 3.7 mm per year between 2006 and 2018.",
	"d_2": "Penguins are flightless seabirds that live almost exclusively in the Southern Hemisphere.",
}

// project makes a project folder (a Git work tree's top) with files.
func project(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// connect serves o over the SDK's in-memory transport and returns a
// connected client session.
func connect(t *testing.T, o mcpserver.Options) *mcp.ClientSession {
	t.Helper()
	return connectWith(t, o, nil)
}

// call calls a tool and returns its result, failing on protocol errors.
func call(t *testing.T, cs *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// structured decodes a result's structured content generically, so that
// a field the server's types dropped shows up as a difference.
func structured(t *testing.T, res *mcp.CallToolResult) map[string]any {
	t.Helper()
	if res.IsError {
		t.Fatalf("tool error: %s", text(res))
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func text(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// runJSON runs `citelint run --format json args...` in dir and decodes
// its report.
func runJSON(t *testing.T, dir string, args ...string) map[string]any {
	t.Helper()
	t.Chdir(dir) // run reads relative paths from the process's directory
	var stdout, stderr bytes.Buffer
	code := cli.Main(append([]string{"run", "--format", "json", "--issues-exit-code", "0"}, args...), cli.Env{
		Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr,
		Getenv: func(string) string { return "" },
		Getwd:  func() (string, error) { return dir, nil },
	})
	if code != cli.ExitOK && code != cli.ExitFailure {
		t.Fatalf("run %v: exit %d: %s", args, code, stderr.String())
	}
	var m map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &m); err != nil {
		t.Fatalf("run %v: %v\n%s", args, err, stdout.String())
	}
	return m
}

// sameAsRun compares a tool's issues and summary with run's, field by
// field, and fails when the case no longer exercises anything.
func sameAsRun(t *testing.T, got, run map[string]any, minIssues int) {
	t.Helper()
	for _, k := range []string{"issues", "summary"} {
		if !reflect.DeepEqual(got[k], run[k]) {
			g, _ := json.MarshalIndent(got[k], "", "  ")
			r, _ := json.MarshalIndent(run[k], "", "  ")
			t.Errorf("%s differ\ntool:\n%s\nrun --format json:\n%s", k, g, r)
		}
	}
	if n := len(run["issues"].([]any)); n < minIssues {
		t.Errorf("run reports %d issues, want at least %d: the case no longer exercises the rules", n, minIssues)
	}
}

// TestCheckIsRun pins the target: check_citations reports, field by
// field, the issues and summary `citelint run --format json` reports for
// the same document saved at the same path, under configs that exclude,
// change severities and limit, with suppressions, sources (inline for the
// tool, a --sources file for run) and a document that cannot be linted.
func TestCheckIsRun(t *testing.T) {
	sourcesJSON, _ := json.Marshal(reportSources)
	tests := []struct {
		name    string
		files   map[string]string // besides the document
		path    string
		doc     string
		args    []string // run's, besides the document's path
		in      map[string]any
		min     int
		grounds bool // the summary carries support metrics
		fileErr bool // the document cannot be linted
	}{
		{name: "defaults", path: "report.md", doc: report, args: []string{"--no-config"}, min: 2},
		{name: "config", path: "notes/report.md", doc: report,
			files: map[string]string{".citelint.yaml": "version: \"1\"\nrules:\n  enable: [non-canonical-doi]\nseverity:\n  rules:\n    - rules: [unresolvable-label]\n      path: \"notes/**\"\n      severity: note\nexclusions:\n  rules:\n    - rules: [unused-reference]\n      text: \"\\\\[2\\\\]\"\nissues:\n  max-same: 1\n"},
			min:   2},
		{name: "suppressed", path: "report.md", args: []string{"--no-config"}, min: 2,
			doc: strings.Replace(report, "Tide", "<!-- citelint-disable-next-line unresolvable-label -- tracked in #12 -->\nTide", 1)},
		{name: "reports rule set", path: "report.md", doc: report, args: []string{"--no-config", "--default", "reports"},
			in: map[string]any{"rule_set": "reports"}, min: 2},
		{name: "inline sources", path: "report.md", doc: report,
			files: map[string]string{"sources.json": string(sourcesJSON)},
			args:  []string{"--no-config", "--sources", "sources.json", "-E", "low-overlap,number-mismatch"},
			in:    map[string]any{"sources": reportSources, "enable": []string{"low-overlap", "number-mismatch"}},
			min:   4, grounds: true},
		{name: "sources folder", path: "report.md", doc: report,
			files: map[string]string{"src/d_1.txt": reportSources["d_1"], "src/d_2.txt": reportSources["d_2"]},
			args:  []string{"--no-config", "--sources", "src", "-E", "low-overlap"},
			in:    map[string]any{"sources_dir": "src", "enable": []string{"low-overlap"}},
			min:   3, grounds: true},
		// JSON strings cannot carry bytes that are not UTF-8, but they can
		// carry NUL: the document is an unreadable-file finding, as in run.
		{name: "binary", path: "bad.md", doc: "ok\n\x00\n", args: []string{"--no-config"}, min: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{tc.path: tc.doc}
			for k, v := range tc.files {
				files[k] = v
			}
			dir := project(t, files)
			run := runJSON(t, dir, append(tc.args, tc.path)...)

			o := mcpserver.Options{WorkDir: dir}
			if slices.Contains(tc.args, "--no-config") {
				o.NoConfig = true
			}
			in := map[string]any{"text": tc.doc, "path": tc.path}
			for k, v := range tc.in {
				in[k] = v
			}
			got := structured(t, call(t, connect(t, o), mcpserver.ToolCheck, in))
			sameAsRun(t, got, run, tc.min)
			sum := got["summary"].(map[string]any)
			if _, ok := sum["support"]; ok != tc.grounds {
				t.Errorf("summary support present = %v, want %v", ok, tc.grounds)
			}
			if errs := sum["errors"].([]any); (len(errs) > 0) != tc.fileErr {
				t.Errorf("summary errors %v, want some: %v", errs, tc.fileErr)
			}
			if _, ok := got["grounded"]; ok != tc.grounds {
				t.Errorf("grounded present = %v, want %v", ok, tc.grounds)
			}
		})
	}
}

// TestListTools: the three tools, each with a description an agent can
// act on and input and output schemas.
func TestListTools(t *testing.T) {
	cs := connect(t, mcpserver.Options{WorkDir: project(t, nil), NoConfig: true})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if len(tool.Description) < 200 || !strings.Contains(tool.Description, "Call it") {
			t.Errorf("%s: description %q does not say what it does and when to call it", tool.Name, tool.Description)
		}
		if tool.InputSchema == nil || tool.OutputSchema == nil {
			t.Errorf("%s: input schema %v, output schema %v", tool.Name, tool.InputSchema, tool.OutputSchema)
		}
		if tool.Annotations == nil || !tool.Annotations.ReadOnlyHint {
			t.Errorf("%s: not annotated read-only; no tool writes files", tool.Name)
		}
	}
	want := []string{mcpserver.ToolCheck, mcpserver.ToolExplain, mcpserver.ToolFix}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}
}

// TestFixIsRunFix: fix_citations returns the text `citelint run --fix`
// writes to the file, and the issues left are what run then reports.
func TestFixIsRunFix(t *testing.T) {
	dir := project(t, map[string]string{
		"report.md":      report,
		".citelint.yaml": "version: \"1\"\nrules:\n  enable: [non-canonical-doi]\n",
	})
	run := runJSON(t, dir, "--fix", "report.md")
	fixed, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if string(fixed) == report {
		t.Fatal("run --fix changed nothing: the case no longer exercises fixes")
	}
	res := call(t, connect(t, mcpserver.Options{WorkDir: dir}), mcpserver.ToolFix, map[string]any{"text": report, "path": "report.md"})
	got := structured(t, res)
	if got["text"] != string(fixed) {
		t.Errorf("fixed text:\n%s\nrun --fix wrote:\n%s", got["text"], fixed)
	}
	if got["changed"] != true || got["fixed"] != float64(2) {
		t.Errorf("changed %v, fixed %v; want true, 2 (the marker [3] and the DOI)", got["changed"], got["fixed"])
	}
	sameAsRun(t, got, run, 1)
	if !strings.Contains(text(res), "applied 2 fixes; 1 issue left") || !strings.Contains(text(res), "https://doi.org/10.1000/xyz123") {
		t.Errorf("text content:\n%s", text(res))
	}
}

// TestExplainIsRule: explain_rule's text is what `citelint rule NAME`
// prints; an unknown name is a tool error that lists the rules.
func TestExplainIsRule(t *testing.T) {
	cs := connect(t, mcpserver.Options{WorkDir: project(t, nil), NoConfig: true})
	var stdout bytes.Buffer
	if code := cli.Main([]string{"rule", "unresolvable-label"}, cli.Env{Stdout: &stdout, Stderr: &stdout}); code != 0 {
		t.Fatalf("rule: exit %d: %s", code, stdout.String())
	}
	res := call(t, cs, mcpserver.ToolExplain, map[string]any{"rule": "unresolvable-label"})
	got := structured(t, res)
	if text(res) != stdout.String() || got["doc"] != stdout.String() {
		t.Errorf("explain_rule text:\n%s\ncitelint rule prints:\n%s", text(res), stdout.String())
	}
	if got["severity"] != "error" || got["enabled_by_default"] != true || got["fixable"] != true {
		t.Errorf("structured: %v", got)
	}
	res = call(t, cs, mcpserver.ToolExplain, map[string]any{"rule": "no-such-rule"})
	if !res.IsError || !strings.Contains(text(res), "unknown rule \"no-such-rule\"") || !strings.Contains(text(res), "low-overlap") {
		t.Errorf("unknown rule: error %v, %q", res.IsError, text(res))
	}
}

// TestRefusals: what the agent must correct comes back as a tool error
// that says how, and nothing is read outside the project.
func TestRefusals(t *testing.T) {
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "s.json"), []byte(`{"d_1": "secret"}`), 0o644)
	dir := project(t, nil)
	if err := os.Symlink(outside, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	cs := connect(t, mcpserver.Options{WorkDir: dir, NoConfig: true, MaxBytes: 1000})
	tests := []struct {
		name string
		args map[string]any
		want string
	}{
		{"too large", map[string]any{"text": strings.Repeat("x", 1001)}, "document is 1001 bytes, over this server's limit of 1000 bytes"},
		{"sources too large", map[string]any{"text": "A [id:a].", "sources": map[string]string{"a": strings.Repeat("y", 1000)}}, "sources are 1001 bytes"},
		{"path outside", map[string]any{"text": "x", "path": "../x.md"}, "want a relative path inside the project"},
		{"absolute path", map[string]any{"text": "x", "path": "/etc/x.md"}, "want a relative path inside the project"},
		{"sources outside", map[string]any{"text": "x", "sources_dir": "../s.json"}, "sources_dir"},
		{"sources through a link", map[string]any{"text": "x", "sources_dir": "link/s.json"}, "resolves outside"},
		{"unknown rule", map[string]any{"text": "x", "enable": []string{"low-overlapp"}}, "low-overlapp"},
		{"unknown rule set", map[string]any{"text": "x", "rule_set": "most"}, "most does not equal any of: [standard reports all none]"},
		{"no text", map[string]any{"path": "a.md"}, "text"},
	}
	for _, tc := range tests {
		for _, tool := range []string{mcpserver.ToolCheck, mcpserver.ToolFix} {
			res := call(t, cs, tool, tc.args)
			if !res.IsError || !strings.Contains(text(res), tc.want) {
				t.Errorf("%s, %s: error %v, %q; want an error containing %q", tc.name, tool, res.IsError, text(res), tc.want)
			}
		}
	}
}

// TestNetworkRulesNotRun: a config's network rules are named as not run,
// never silently taken to pass, and no request is made.
func TestNetworkRulesNotRun(t *testing.T) {
	dir := project(t, map[string]string{".citelint.yaml": "version: \"1\"\nrules:\n  enable: [dead-doi, dead-link]\n"})
	cs := connect(t, mcpserver.Options{WorkDir: dir})
	res := call(t, cs, mcpserver.ToolCheck, map[string]any{"text": "A claim [1].\n\n[1]: https://doi.org/10.1000/none\n"})
	got := structured(t, res)
	if !reflect.DeepEqual(got["network_rules_not_run"], []any{"dead-doi", "dead-link"}) {
		t.Errorf("network_rules_not_run = %v", got["network_rules_not_run"])
	}
	if !strings.Contains(text(res), "Not run (network rules; this server makes no network lookups, citelint run checks them): dead-doi, dead-link.") {
		t.Errorf("text: %s", text(res))
	}
	res = call(t, connect(t, mcpserver.Options{WorkDir: dir, NoConfig: true}), mcpserver.ToolCheck, map[string]any{"text": "x"})
	if got := structured(t, res); !reflect.DeepEqual(got["network_rules_not_run"], []any{}) || strings.Contains(text(res), "Not run") {
		t.Errorf("no network rule: %v, %q", got["network_rules_not_run"], text(res))
	}
}

// TestOutputSchemasDescribeRunsFields: the issues and summary are the JSON
// report's types (format.JSONIssue, format.JSONSummary); their jsonschema
// tags must reach both tools' output schemas, which is what agents read.
func TestOutputSchemasDescribeRunsFields(t *testing.T) {
	cs := connect(t, mcpserver.Options{WorkDir: project(t, nil), NoConfig: true})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"issues.items.column":              "1-based column in UTF-16 code units",
		"issues.items.suppressed":          "silenced by a citelint-disable comment; not counted as a problem",
		"issues.items.fix.unsafe":          "true when the fix may change what the text says",
		"issues.items.fix.edits.items.end": "byte offset where the edit ends (exclusive)",
		"summary.support":                  "present when a claim-support rule ran",
		"summary.per_file.items.grounded":  "",
		"summary.errors.items.line":        "",
	}
	for _, tool := range res.Tools {
		if tool.Name == mcpserver.ToolExplain {
			continue
		}
		b, err := json.Marshal(tool.OutputSchema)
		if err != nil {
			t.Fatal(err)
		}
		var schema map[string]any
		if err := json.Unmarshal(b, &schema); err != nil {
			t.Fatal(err)
		}
		for path, desc := range want {
			got, ok := schemaAt(schema, path)
			if !ok {
				t.Errorf("%s: output schema has no %s", tool.Name, path)
				continue
			}
			if d, _ := got["description"].(string); !strings.HasPrefix(d, desc) {
				t.Errorf("%s: %s's description is %q, want it to start %q", tool.Name, path, d, desc)
			}
		}
	}
}

// schemaAt walks a JSON Schema by property names, "items" stepping into
// an array's element schema.
func schemaAt(s map[string]any, path string) (map[string]any, bool) {
	for _, name := range strings.Split(path, ".") {
		if name == "items" {
			s, _ = s["items"].(map[string]any)
		} else {
			props, _ := s["properties"].(map[string]any)
			s, _ = props[name].(map[string]any)
		}
		if s == nil {
			return nil, false
		}
	}
	return s, true
}

// The closed choices are enums in the input schema, so that a client can
// offer them; an unknown rule to explain gets a did-you-mean.
func TestInputEnumsAndDidYouMean(t *testing.T) {
	cs := connect(t, mcpserver.Options{WorkDir: project(t, nil), NoConfig: true})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range res.Tools {
		if tool.Name != mcpserver.ToolCheck && tool.Name != mcpserver.ToolFix {
			continue
		}
		b, _ := json.Marshal(tool.InputSchema)
		var sc struct {
			Properties map[string]struct {
				Enum  []string
				Items struct{ Enum []string }
			}
		}
		json.Unmarshal(b, &sc)
		if got := sc.Properties["rule_set"].Enum; !reflect.DeepEqual(got, []string{"standard", "reports", "all", "none"}) {
			t.Errorf("%s rule_set enum %v", tool.Name, got)
		}
		if got := sc.Properties["enable"].Items.Enum; !slices.Contains(got, "low-overlap") || !slices.Contains(got, "uncited-claim") {
			t.Errorf("%s enable enum %v", tool.Name, got)
		}
	}
	r := call(t, cs, mcpserver.ToolExplain, map[string]any{"rule": "unresolvable-lable"})
	if !r.IsError || !strings.Contains(text(r), `did you mean "unresolvable-label"?`) {
		t.Errorf("explain_rule with a typo: %q", text(r))
	}
}

// Hosts that show only the text cut it at about 4 KB: the text lists what
// fits and says where the next page starts; issues_from pages on.
func TestTextPagesIssues(t *testing.T) {
	var doc strings.Builder
	// 20 labels with no entry (more would be one finding for the cause),
	// each line long enough (its path) that they do not fit one page.
	longPath := strings.Repeat("reports-of-the-quarter/", 6) + "answer.md"
	for i := 1; i <= 20; i++ {
		fmt.Fprintf(&doc, "Claim number %d is made here [%d].\n\n", i, i+100)
	}
	doc.WriteString("## References\n\n[1] A source with a title long enough to matter, https://example.org/a\n")
	cs := connect(t, mcpserver.Options{WorkDir: project(t, nil), NoConfig: true})
	seen, from, pages := 0, 0, 0
	for page := 0; page < 20; page++ {
		pages++
		res := call(t, cs, mcpserver.ToolCheck, map[string]any{"text": doc.String(), "issues_from": from, "path": longPath})
		txt := text(res)
		if len(txt) > 4000 {
			t.Errorf("page %d: %d bytes of text", page, len(txt))
		}
		seen += strings.Count(txt, "(unresolvable-label)")
		i := strings.Index(txt, `"issues_from": `)
		if i < 0 {
			break
		}
		fmt.Sscanf(txt[i+len(`"issues_from": `):], "%d", &from)
	}
	var total int
	res := structured(t, call(t, cs, mcpserver.ToolCheck, map[string]any{"text": doc.String(), "path": longPath}))
	total = len(res["issues"].([]any))
	if pages < 2 || seen != total {
		t.Errorf("paged through %d issues of %d in %d pages; want all, in more than one", seen, total, pages)
	}
}
