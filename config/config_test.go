package config

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/citelint/citelint/result"
)

// testOpts stands in for the rules package's registry.
var testOpts = Options{
	Rules: []string{"uncited-claim", "unused-reference", "unresolvable-label", "dead-doi", "dead-link", "malformed-identifier"},
}

func mustParse(t *testing.T, src string) *Config {
	t.Helper()
	c, err := Parse(".citelint.yaml", []byte(src), testOpts)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return c
}

func TestParseFull(t *testing.T) {
	data, err := os.ReadFile("testdata/full.citelint.yaml")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Parse("testdata/full.citelint.yaml", data, testOpts)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	check := func(name string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %#v, want %#v", name, got, want)
		}
	}
	check("Dir", c.Dir, "testdata")
	check("Run", c.Run, Run{
		Paths:   []string{"docs", "README.md"},
		Include: []string{"**/*.md", "notes/*.txt"}, // "./" dropped
		Exclude: []string{"vendor/**"},
		Timeout: 5 * time.Minute, Concurrency: 4,
	})
	check("Rules.Default", c.Rules.Default, "all")
	check("Rules.Enable", c.Rules.Enable, []string{"uncited-claim", "dead-doi"})
	check("Rules.Disable", c.Rules.Disable, []string{"unused-reference"})
	check("Exclusions.Paths", c.Exclusions.Paths, []string{"CHANGELOG.md"})
	if len(c.Exclusions.Rules) != 1 {
		t.Fatalf("Exclusions.Rules = %d entries", len(c.Exclusions.Rules))
	}
	ex := c.Exclusions.Rules[0]
	check("exclusion", []any{ex.Path, ex.PathExcept, ex.Text.String(), ex.Source.String(), ex.Rules, ex.Line},
		[]any{"drafts/**", "drafts/keep/**", "^claim", "TODO", []string{"uncited-claim"}, 18})
	check("Severity.Default", c.Severity.Default, result.SeverityWarning)
	check("Severity.Rules", len(c.Severity.Rules), 1)
	check("severity rule", []any{c.Severity.Rules[0].Severity, c.Severity.Rules[0].Path}, []any{result.SeverityNote, "blog/**"})
	check("Issues", c.Issues, Issues{MaxPerRule: 50, MaxSame: 3, FailLevel: result.SeverityError, FailOnUnverified: true})
	check("Output", c.Output.Formats, []OutputFormat{{Format: "text", Path: Stderr}, {Format: "sarif", Path: "citelint.sarif"}, {Format: "json", Path: Stdout}})
	check("Bibliography", c.Bibliography, []string{"refs.bib"})
	check("Sources", c.Sources, "data/sources.jsonl")
	r := c.Resolvers
	check("Cache", r.Cache, Cache{Dir: ".citelint-cache", Mode: CacheOffline, Line: 42, Column: 16})
	check("Mailto", r.Mailto, "docs@example.org")
	check("CrossrefMailto", r.CrossrefMailto(), "crossref@example.org")
	check("Timeout", r.Timeout, 2*time.Minute)
	check("RequestTimeout", r.RequestTimeout, 10*time.Second)
	check("HostBudget", r.HostBudget, 45*time.Second)
	check("MaxRetryWait", r.MaxRetryWait, 5*time.Second)
	check("DOI", r.DOI.URL, "http://127.0.0.1:8080") // trailing slash dropped
	check("URL", r.URL.AllowPrivate, true)
	check("Hosts", r.Hosts, map[string]HostLimit{
		"example.org":      {Concurrency: 2, Interval: 500 * time.Millisecond},
		"export.arxiv.org": {Concurrency: 1, Interval: 5 * time.Second}, // default concurrency kept
	})
	check("Judge", c.Judge, Judge{URL: "http://localhost:8080/v1", Model: "llama", APIKeyEnv: "JUDGE_KEY", Timeout: time.Minute, Format: "json", Logprobs: true, Mode: "band", MaxCalls: 500})

	var s struct {
		Scope    string `yaml:"scope"`
		MinWords int    `yaml:"min-words"`
	}
	if err := c.DecodeSettings("uncited-claim", &s); err != nil {
		t.Fatal(err)
	}
	check("settings", s.Scope, "paragraph")
	check("settings", s.MinWords, 8)
}

func TestParseDefaults(t *testing.T) {
	for _, src := range []string{"", "# only a comment\n", "~\n", "---\n", "version: \"1\"\n", "version: 1\nrun:\nrules:\n"} {
		c, err := Parse("dir/.citelint.yaml", []byte(src), testOpts)
		if err != nil {
			t.Errorf("Parse(%q): %v", src, err)
			continue
		}
		want := New(testOpts)
		want.Path, want.Dir = "dir/.citelint.yaml", "dir"
		if !reflect.DeepEqual(c, want) {
			t.Errorf("Parse(%q) = %+v, want the defaults %+v", src, c, want)
		}
	}
	d := New(Options{})
	if d.Dir != "." || d.Rules.Default != DefaultStandard || d.Issues.FailLevel != result.SeverityWarning ||
		d.Run.Timeout != 0 || d.Issues.MaxPerRule != 0 || d.Issues.MaxSame != 0 ||
		!reflect.DeepEqual(d.Output.Formats, []OutputFormat{{Format: "text", Path: Stdout}}) ||
		d.Resolvers.Hosts["export.arxiv.org"] != (HostLimit{1, 3 * time.Second}) {
		t.Errorf("New(Options{}) = %+v", d)
	}
}

// TestParseErrors pins the exact messages, positions included: they are the
// user interface of a config file.
const v1 = "version: \"1\"\n"

// parseErrorCases are shared with the schema tests, which check that the JSON
// Schema rejects the same files (schemaMisses: what only code can check).
var parseErrorCases = []struct {
	name, src    string
	want         []string
	schemaMisses bool
}{
	{"unknown key with suggestion", v1 + "rules:\n  default: standard\n  enable: []\n  # comment\n  # comment\n  enabel: [uncited-claim]\n",
		[]string{`.citelint.yaml:7:3: unknown key "enabel" in rules (did you mean "enable"?)`}, false},
	{"unknown top-level key", v1 + "rule: {}\nfoo: 1\n", []string{
		`.citelint.yaml:2:1: unknown top-level key "rule" (did you mean "rules"?)`,
		`.citelint.yaml:3:1: unknown top-level key "foo"`}, false},
	{"golangci habit", v1 + "linters: {}\nissues:\n  max-same-issues: 0\n", []string{
		`.citelint.yaml:2:1: unknown top-level key "linters" (did you mean "rules"?)`,
		`.citelint.yaml:4:3: unknown key "max-same-issues" in issues (did you mean "max-same"?)`}, false},
	{"underscore spelling", v1 + "issues:\n  max_per_rule: 1\n",
		[]string{`.citelint.yaml:3:3: unknown key "max_per_rule" in issues (did you mean "max-per-rule"?)`}, false},
	{"missing version", "rules: {}\n",
		[]string{`.citelint.yaml:1:1: missing required key "version" (add version: "1" as the first line)`}, false},
	{"wrong version", "version: \"2\"\n",
		[]string{`.citelint.yaml:1:10: version: unsupported version "2"; this citelint reads version "1"`}, false},
	{"top level not a mapping", "- a\n", []string{`.citelint.yaml:1:1: top level: want a mapping, got a list`}, false},
	{"syntax error", v1 + "run:\n  paths: [docs\n", []string{`.citelint.yaml:3: invalid YAML: did not find expected ',' or ']'`}, true},
	{"two documents", v1 + "---\nversion: \"1\"\n",
		[]string{`.citelint.yaml:3:1: more than one YAML document; citelint reads only the first, so merge them`}, true},
	{"duplicate key", v1 + "rules:\n  enable: [dead-doi]\n  enable: [dead-link]\n",
		[]string{`.citelint.yaml:4:3: duplicate key "enable" in rules (first at line 3)`}, true},
	{"merge key", v1 + "base: &b {timeout: 1s}\nrun:\n  <<: *b\n", []string{
		`.citelint.yaml:2:1: unknown top-level key "base"`,
		`.citelint.yaml:4:3: run: merge keys (<<) are not supported; repeat the keys instead`}, false},
	{"wrong section type", v1 + "run: [docs]\nrules: standard\n", []string{
		`.citelint.yaml:2:6: run: want a mapping, got a list`,
		`.citelint.yaml:3:8: rules: want a mapping, got the string "standard"`}, false},
	{"run values", v1 + "run:\n  paths: docs\n  include: []\n  exclude: [\"/abs/**\", \"a/[b\", \"\"]\n  timeout: 30\n  concurrency: -1\n", []string{
		`.citelint.yaml:3:10: run.paths: want a list, got the string "docs"`,
		`.citelint.yaml:4:12: run.include: want at least one glob (an empty include selects no file)`,
		`.citelint.yaml:5:13: run.exclude[0]: glob "/abs/**" must be relative to the config file's directory`,
		`.citelint.yaml:5:24: run.exclude[1]: invalid glob "a/[b"`,
		`.citelint.yaml:5:32: run.exclude[2]: empty glob`,
		`.citelint.yaml:6:12: run.timeout: 30 has no unit; write "30s"`,
		`.citelint.yaml:7:16: run.concurrency: want an integer ≥ 0, got -1`}, false},
	{"durations", v1 + "run:\n  timeout: ten\nresolvers:\n  timeout: -1s\n  request-timeout: [1]\njudge:\n  timeout: true\n", []string{
		`.citelint.yaml:3:12: run.timeout: invalid duration "ten" (want e.g. "30s", "1m30s" or 0)`,
		`.citelint.yaml:5:12: resolvers.timeout: duration "-1s" must not be negative`,
		`.citelint.yaml:6:20: resolvers.request-timeout: want a duration such as "30s", got a list`,
		`.citelint.yaml:8:12: judge.timeout: want a duration such as "30s", got the boolean true`}, false},
	// Issue 37, finding 5: a config removed every network budget, and one
	// hanging link cost 608 s. Budgets have ranges a config cannot pass.
	{"network budgets", v1 + "resolvers:\n  host-budget: 0s\n  timeout: 0\n  request-timeout: 100s\n  max-retry-wait: 1h\njudge:\n  timeout: 10m\n", []string{
		`.citelint.yaml:3:16: resolvers.host-budget: 0s is outside 1s to 2m: a config may come from a pull request, so it cannot remove or stretch a network budget (docs/security.md)`,
		`.citelint.yaml:4:12: resolvers.timeout: 0 is outside 1s to 15m: a config may come from a pull request, so it cannot remove or stretch a network budget (docs/security.md)`,
		`.citelint.yaml:5:20: resolvers.request-timeout: 100s is outside 1s to 1m: a config may come from a pull request, so it cannot remove or stretch a network budget (docs/security.md)`,
		`.citelint.yaml:6:19: resolvers.max-retry-wait: 1h is outside 1s to 1m: a config may come from a pull request, so it cannot remove or stretch a network budget (docs/security.md)`,
		`.citelint.yaml:8:12: judge.timeout: 10m is outside 1s to 5m: a config may come from a pull request, so it cannot remove or stretch a network budget (docs/security.md)`}, true},
	// Issue 22: "-0" passed run but failed config verify (the schema's pattern).
	{"negative zero duration", v1 + "run: {timeout: \"-0\"}\n", []string{
		`.citelint.yaml:2:16: run.timeout: duration "-0" must not be negative`}, false},
	{"rule names", v1 + "rules:\n  default: standrd\n  enable: [uncited-claims, dead-doi, 7]\n  disable: [dead-doi, ~]\n  settings:\n    dead-lnk: {}\n    unused-reference: 3\n", []string{
		`.citelint.yaml:3:12: rules.default: invalid value "standrd"; want one of standard, reports, all, none (did you mean "standard"?)`,
		`.citelint.yaml:4:12: rules.enable[0]: unknown rule "uncited-claims" (did you mean "uncited-claim"?)`,
		`.citelint.yaml:4:38: rules.enable[2]: want a string, got the integer 7 (quote it: "7")`,
		`.citelint.yaml:5:13: rules.disable[0]: rule "dead-doi" is also enabled (line 4); list it in one place`,
		`.citelint.yaml:5:23: rules.disable[1]: empty entry`,
		`.citelint.yaml:7:5: rules.settings: unknown rule "dead-lnk" (did you mean "dead-link"?)`,
		`.citelint.yaml:8:23: rules.settings.unused-reference: want a mapping, got the integer 3`}, false},
	{"exclusions", v1 + "exclusions:\n  paths: [\"[\"]\n  rules:\n    - {rules: []}\n    - text: \"(\"\n      path: \"a/{b\"\n      rules: [nope]\n      linters: [x]\n    - text: 404\n", []string{
		`.citelint.yaml:3:11: exclusions.paths[0]: invalid glob "["`,
		`.citelint.yaml:5:7: exclusions.rules[0]: set at least one of rules, path, path-except, text, source`,
		`.citelint.yaml:6:13: exclusions.rules[1].text: invalid regexp "(": missing closing ): ` + "`(`",
		`.citelint.yaml:7:13: exclusions.rules[1].path: invalid glob "a/{b"`,
		`.citelint.yaml:8:15: exclusions.rules[1].rules[0]: unknown rule "nope"`,
		`.citelint.yaml:9:7: unknown key "linters" in exclusions.rules[1] (did you mean "rules"?)`,
		`.citelint.yaml:10:13: exclusions.rules[2].text: want a string, got the integer 404 (quote it: "404")`}, false},
	{"severity", v1 + "severity:\n  default: warn\n  rules:\n    - severity: fatal\n      rules: [dead-doi]\n    - path: x\n    - severity: error\n", []string{
		`.citelint.yaml:3:12: severity.default: invalid value "warn"; want one of "", note, warning, error, info (did you mean "warning"?)`,
		`.citelint.yaml:5:17: severity.rules[0].severity: invalid value "fatal"; want one of note, warning, error, info`,
		`.citelint.yaml:7:7: severity.rules[1]: missing required key "severity"`,
		`.citelint.yaml:8:7: severity.rules[2]: set at least one of rules, path, path-except, text, source`}, false},
	{"issues", v1 + "issues:\n  max-per-rule: lots\n  max-same: 1.5\n  fail-level: fatal\n  fail-on-unverified: yes\n", []string{
		`.citelint.yaml:3:17: issues.max-per-rule: want an integer ≥ 0, got the string "lots"`,
		`.citelint.yaml:4:13: issues.max-same: want an integer ≥ 0, got the number 1.5`,
		`.citelint.yaml:5:15: issues.fail-level: invalid value "fatal"; want one of note, warning, error, info`,
		`.citelint.yaml:6:23: issues.fail-on-unverified: want true or false, got the string "yes"`}, false},
	{"output", v1 + "output:\n  formats:\n    sarf: {path: a}\n    junit: {}\n    text: {path: out.txt, colors: true}\n    json: {path: out.txt}\n    sarif: {path: \"\"}\n", []string{
		`.citelint.yaml:4:5: unknown key "sarf" in output.formats (did you mean "sarif"?); want one of text, json, sarif, github-actions, checkstyle, junit-xml, code-climate, html`,
		`.citelint.yaml:5:5: unknown key "junit" in output.formats (did you mean "junit-xml"?); want one of text, json, sarif, github-actions, checkstyle, junit-xml, code-climate, html`,
		`.citelint.yaml:6:27: unknown key "colors" in output.formats.text`,
		`.citelint.yaml:7:11: output.formats.json.path: "out.txt" is also written by format "text"`,
		`.citelint.yaml:8:19: output.formats.sarif.path: empty path (use stdout, stderr or a file name)`}, false},
	{"empty formats", v1 + "output:\n  formats: {}\n", []string{`.citelint.yaml:3:12: output.formats: want at least one format`}, false},
	{"bibliography and sources", v1 + "bibliography: {a: b}\nsources: [a]\n", []string{
		`.citelint.yaml:2:15: bibliography: want a string or a list of them, got a mapping`,
		`.citelint.yaml:3:10: sources: want a string, got a list`}, false},
	{"bibliography format", v1 + "bibliography: [refs.bib, Refs.JSON, refs.yaml, \"\"]\n", []string{
		`.citelint.yaml:2:37: bibliography[2]: bibliography "refs.yaml": unknown format (want BibTeX .bib, .bibtex, .biblatex or CSL-JSON .json)`,
		`.citelint.yaml:2:48: bibliography[3]: empty file name`}, false},
	{"resolvers", v1 + "resolvers:\n  cache: {mode: online}\n  mailto: someone\n  doi: {url: doi.org}\n  datacite: {mailto: a@b.c}\n  url: {allow-private: 1}\n  hosts:\n    \"https://export.arxiv.org/api\": {interval: 3s}\n    example.org: {concurrency: x, rate: 1}\n", []string{
		`.citelint.yaml:3:17: resolvers.cache.mode: invalid value "online"; want one of normal, offline, refresh (did you mean "offline"?)`,
		`.citelint.yaml:4:11: resolvers.mailto: want an e-mail address, got "someone"`,
		`.citelint.yaml:5:14: resolvers.doi.url: want an http(s) URL, got "doi.org"`,
		`.citelint.yaml:6:14: unknown key "mailto" in resolvers.datacite`,
		`.citelint.yaml:7:24: resolvers.url.allow-private: want true or false, got the integer 1`,
		`.citelint.yaml:9:5: resolvers.hosts: "https://export.arxiv.org/api" is not a host name (write it without scheme or path, e.g. export.arxiv.org)`,
		`.citelint.yaml:10:32: resolvers.hosts["example.org"].concurrency: want an integer ≥ 0, got the string "x"`,
		`.citelint.yaml:10:35: unknown key "rate" in resolvers.hosts["example.org"]`}, false},
	{"judge", v1 + "judge:\n  url: ftp://x\n  api-key: sk-123\n  api-key-env: sk-123\n", []string{
		`.citelint.yaml:3:8: judge.url: want an http(s) URL, got "ftp://x"`,
		`.citelint.yaml:4:3: unknown key "api-key" in judge (put the key in an environment variable and name the variable with api-key-env)`,
		`.citelint.yaml:5:16: judge.api-key-env: want the name of an environment variable (e.g. OPENAI_API_KEY), got "sk-123"`}, false},
	{"only code can tell", v1 + "run:\n  include: [\"a/[b\"]\nrules:\n  enable: [nope, dead-doi]\n  disable: [dead-doi]\nexclusions:\n  rules:\n    - text: \"(\"\noutput:\n  formats:\n    json: {path: a.json}\n    sarif: {path: a.json}\n", []string{
		`.citelint.yaml:3:13: run.include[0]: invalid glob "a/[b"`,
		`.citelint.yaml:5:12: rules.enable[0]: unknown rule "nope"`,
		`.citelint.yaml:6:13: rules.disable[0]: rule "dead-doi" is also enabled (line 5); list it in one place`,
		`.citelint.yaml:9:13: exclusions.rules[0].text: invalid regexp "(": missing closing ): ` + "`(`",
		`.citelint.yaml:13:12: output.formats.sarif.path: "a.json" is also written by format "json"`}, true},
	{"cache dir out of the project", v1 + "resolvers:\n  cache:\n    dir: ../shared-cache\n", []string{
		`.citelint.yaml:4:10: resolvers.cache.dir: "../shared-cache": want a folder inside the project, relative to the config file's directory: not absolute, not under ~, no .. and not in .git (a cache elsewhere is the workflow's choice: --cache-dir or CITELINT_CACHE_DIR)`}, false},
	{"cache dir in .git", v1 + "resolvers: {cache: {dir: .git/citelint}}\n", []string{
		`.citelint.yaml:2:26: resolvers.cache.dir: ".git/citelint": want a folder inside the project, relative to the config file's directory: not absolute, not under ~, no .. and not in .git (a cache elsewhere is the workflow's choice: --cache-dir or CITELINT_CACHE_DIR)`}, false},
}

// TestCacheDir: resolvers.cache.dir, which a pull request may write,
// names a folder inside the project or is refused (issue 37: it named
// .git, /tmp and ../x, and the Action archived what citelint wrote there).
// Whether a link leads out is checked when the folder is opened
// (engine.OpenCache, resolve/cache).
func TestCacheDir(t *testing.T) {
	for _, dir := range []string{"", ".citelint-cache", "cache", "./cache", "docs/.cache/citelint", "x.git", ".github/cache", "a/.gitx", "."} {
		c, err := Parse(".citelint.yaml", []byte(v1+"resolvers: {cache: {dir: \""+dir+"\"}}\n"), testOpts)
		if err != nil || c.Resolvers.Cache.Dir != dir {
			t.Errorf("dir %q refused: %v", dir, err)
		}
	}
	for _, dir := range []string{"/tmp/cache", "/", "../x", "..", "a/../../x", "a/../b", "a/..", ".git", ".git/x", "docs/.git", "docs/.GIT/x", "~", "~/.cache/citelint",
		`C:\\cache`, `c:cache`, `\\\\server\\share`, `..\\x`, `a\\..\\..\\x`, `.git\\x`} {
		_, err := Parse(".citelint.yaml", []byte(v1+"resolvers: {cache: {dir: \""+dir+"\"}}\n"), testOpts)
		if err == nil || !strings.Contains(err.Error(), "resolvers.cache.dir") || !strings.Contains(err.Error(), ".citelint.yaml:2:") {
			t.Errorf("dir %q: %v, want an error naming the file, line and key", dir, err)
		}
	}
	c, err := Parse(".citelint.yaml", []byte(v1+"resolvers:\n  cache:\n    mode: offline\n    dir: cache\n"), testOpts)
	if err != nil || c.Resolvers.Cache.Line != 5 || c.Resolvers.Cache.Column != 10 {
		t.Errorf("position of dir: %+v, %v", c.Resolvers.Cache, err)
	}
}

func TestParseErrors(t *testing.T) {
	tests := parseErrorCases
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse(".citelint.yaml", []byte(tt.src), testOpts)
			if c != nil {
				t.Errorf("Parse returned a config along with errors")
			}
			var es Errors
			if !errors.As(err, &es) {
				t.Fatalf("Parse error = %v (%T), want Errors", err, err)
			}
			got := strings.Split(err.Error(), "\n")
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			var one *Error
			if !errors.As(err, &one) || one.File != ".citelint.yaml" {
				t.Errorf("errors.As(*Error) = %v", one)
			}
		})
	}
}

func TestParseWithoutRegistry(t *testing.T) {
	// Without a registry any name is accepted, so tools without the rules
	// package (an editor plugin) can still check the rest.
	c, err := Parse("x.yaml", []byte("version: \"1\"\nrules:\n  enable: [anything]\n"), Options{})
	if err != nil || !reflect.DeepEqual(c.Rules.Enable, []string{"anything"}) {
		t.Fatalf("Parse = %v, %v", c, err)
	}
}

func TestAliasesResolved(t *testing.T) {
	c := mustParse(t, "version: \"1\"\nrun:\n  exclude: &ex [\"vendor/**\"]\nexclusions:\n  paths: *ex\n")
	if !reflect.DeepEqual(c.Exclusions.Paths, []string{"vendor/**"}) {
		t.Errorf("Exclusions.Paths = %v", c.Exclusions.Paths)
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(p string) {
		t.Helper()
		if err := os.WriteFile(p, []byte("version: \"1\"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Nothing up to the filesystem root (t.TempDir is not under a config, we hope;
	// skip rather than fail if the machine has one above it).
	if p, err := Find(deep); err != nil || p != "" {
		if p != "" && !strings.HasPrefix(p, root) {
			t.Skipf("a config above the temp dir: %s", p)
		}
		t.Fatalf("Find in empty tree = %q, %v", p, err)
	}
	write(filepath.Join(root, "a", ".citelint.yml"))
	if p, err := Find(deep); err != nil || p != filepath.Join(root, "a", ".citelint.yml") {
		t.Errorf("Find = %q, %v; want the .yml two levels up", p, err)
	}
	write(filepath.Join(root, "a", "b", ".citelint.yaml"))
	if p, err := Find(deep); err != nil || p != filepath.Join(root, "a", "b", ".citelint.yaml") {
		t.Errorf("Find = %q, %v; want the nearest", p, err)
	}
	// A directory with the config's name is not a config.
	if err := os.Mkdir(filepath.Join(deep, ".citelint.yaml"), 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := Find(deep); err != nil || p != filepath.Join(root, "a", "b", ".citelint.yaml") {
		t.Errorf("Find past a directory = %q, %v", p, err)
	}
	write(filepath.Join(root, "a", "b", ".citelint.yml"))
	if _, err := Find(deep); err == nil || !strings.Contains(err.Error(), "remove one") {
		t.Errorf("Find with both names = %v, want an ambiguity error", err)
	}
}

// TestLoadRefuses: a config that is not a regular file of at most 1 MiB is
// an error naming it, never read whole (issue 20, defect 2: -c /dev/zero
// ran out of memory).
func TestLoadRefuses(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, append([]byte("version: \"1\"\n#"), make([]byte, 1<<20)...), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{big: "big.yaml: file is larger than the 1 MiB limit", dir: "not a regular file"}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases["/dev/zero"] = "/dev/zero: not a regular file"
	}
	for p, want := range cases {
		if _, err := Load(p, testOpts); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Load(%s) = %v, want %q", p, err, want)
		}
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, ".citelint.yaml")
	if err := os.WriteFile(p, []byte("version: \"1\"\nbibliography: [refs/a.bib]\nrun:\n  timeout: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(p, testOpts)
	if want := p + `:4:12: run.timeout: invalid duration "x" (want e.g. "30s", "1m30s" or 0)`; err == nil || err.Error() != want {
		t.Fatalf("Load error = %v, want %s", err, want)
	}
	if err := os.WriteFile(p, []byte("version: \"1\"\nbibliography: [refs/a.bib]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(p, testOpts)
	if err != nil {
		t.Fatal(err)
	}
	if c.Dir != dir || c.Path != p {
		t.Errorf("Dir, Path = %q, %q", c.Dir, c.Path)
	}
	if got := c.Resolve(c.Bibliography[0]); got != filepath.Join(dir, "refs", "a.bib") {
		t.Errorf("Resolve = %q", got)
	}
	for _, s := range []string{Stdout, Stderr, "", filepath.Join(dir, "abs")} {
		if got := c.Resolve(s); got != s {
			t.Errorf("Resolve(%q) = %q, want it unchanged", s, got)
		}
	}
	if _, err := Load(filepath.Join(dir, "missing.yaml"), testOpts); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load missing = %v", err)
	}
}

// exclusionsAndSeverityYAML exercises every field of exclusions and
// severity; the schema's differential test validates it too, and engine's
// match test applies it.
var exclusionsAndSeverityYAML = mustRead("testdata/exclusions-severity.citelint.yaml")

func mustRead(name string) string {
	b, err := os.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return string(b)
}
