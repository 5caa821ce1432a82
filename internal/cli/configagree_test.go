package cli

import (
	"strings"
	"testing"
)

// TestVerifyAndRunAgree pins issue 22's promise: `config verify` and `run`
// accept and reject exactly the same files, and a rejection names the
// offending key with file:line:col. Before, "scope: sentense" passed both
// and silently gave 0 issues, and "min-word" passed verify but failed run
// (only when the rule was on).
func TestVerifyAndRunAgree(t *testing.T) {
	const v1 = "version: \"1\"\n"
	const head = v1 + "rules:\n"
	tests := []struct {
		name string
		cfg  string
		want string // "" = valid; else a substring of both commands' stderr
	}{
		{"empty", "", ""},
		{"defaults", head + "  default: standard\n", ""},
		{"valid scope", head + "  settings:\n    uncited-claim:\n      scope: sentence\n", ""},
		{"valid exempt", head + "  settings:\n    uncited-claim:\n      exempt: [tables, quotes]\n", ""},
		{"valid low-overlap", head + "  settings:\n    low-overlap:\n      threshold: 0.4\n", ""},
		{"misspelt scope value, rule off", head + "  settings:\n    uncited-claim:\n      scope: sentense\n",
			`.citelint.yaml:5:14: rules.settings.uncited-claim.scope: invalid value "sentense"; want one of sentence, paragraph (did you mean "sentence"?)`},
		{"misspelt scope value, rule on", head + "  enable: [uncited-claim]\n  settings:\n    uncited-claim:\n      scope: sentense\n",
			`.citelint.yaml:6:14: rules.settings.uncited-claim.scope: invalid value "sentense"`},
		{"misspelt setting, rule off", head + "  settings:\n    uncited-claim:\n      min-word: 3\n",
			`.citelint.yaml:5:7: unknown key "min-word" in rules.settings.uncited-claim (did you mean "min-words"?)`},
		{"misspelt setting, rule on", head + "  enable: [uncited-claim]\n  settings:\n    uncited-claim:\n      min-word: 3\n",
			`.citelint.yaml:6:7: unknown key "min-word"`},
		{"bad exempt item", head + "  settings:\n    uncited-claim:\n      exempt: [title, heading]\n",
			`rules.settings.uncited-claim.exempt[1]: invalid value "heading"`},
		{"out of range", head + "  settings:\n    low-overlap:\n      threshold: 50\n",
			`.citelint.yaml:5:7: rules.settings.low-overlap: threshold must be between 0 and 1, got 50`},
		{"negative min-words", head + "  settings:\n    uncited-claim:\n      min-words: -1\n",
			`rules.settings.uncited-claim: min-words must be 0 or more`},
		{"wrong type", head + "  settings:\n    unused-reference:\n      all-link-definitions: yes please\n",
			`.citelint.yaml:5:29: rules.settings.unused-reference.all-link-definitions: want true or false`},
		{"settings for a rule without any", head + "  settings:\n    dead-link:\n      x: 1\n",
			`rules.settings.dead-link: rule "dead-link" has no settings`},
		{"unknown rule in settings", head + "  settings:\n    uncited-claims: {}\n", `did you mean "uncited-claim"?`},
		{"negative zero duration", "version: \"1\"\nrun: {timeout: \"-0\"}\n", `run.timeout: duration "-0" must not be negative`},
		{"over 1 MiB", "version: \"1\"\n" + strings.Repeat("# padding\n", 110000), "file is larger than the 1 MiB limit"},
		{"unknown top key", "version: \"1\"\nrulez: {}\n", `.citelint.yaml:2:1: unknown top-level key "rulez" (did you mean "rules"?)`},
		// Every section goes through the same decoder: good values pass both
		// commands, and each kind of bad one fails both with a position.
		{"valid sections", v1 + "run: {exclude: [\"vendor/**\"], concurrency: 2, timeout: 5m}\nexclusions:\n  rules: [{rules: [dead-link], path: \"drafts/**\"}]\n" +
			"severity: {default: error, rules: [{severity: note, text: x}]}\nissues: {max-same: 3, fail-level: error}\noutput: {formats: {text: {path: stderr}}}\n" +
			"resolvers: {cache: {mode: offline}, hosts: {Example.org: {concurrency: 1}}}\njudge: {url: \"\", api-key-env: KEY}\n", ""},
		{"misspelt key in run", v1 + "run:\n  exclud: [x]\n", `.citelint.yaml:3:3: unknown key "exclud" in run (did you mean "exclude"?)`},
		{"misspelt key in exclusions entry", v1 + "exclusions:\n  rules:\n    - paht: x\n", `.citelint.yaml:4:7: unknown key "paht" in exclusions.rules[0] (did you mean "path"?)`},
		{"misspelt key in resolvers", v1 + "resolvers:\n  cache: {mod: offline}\n", `.citelint.yaml:3:11: unknown key "mod" in resolvers.cache (did you mean "mode"?)`},
		{"bad rules.default", head + "  default: standart\n", `.citelint.yaml:3:12: rules.default: invalid value "standart"`},
		{"bad severity", v1 + "severity:\n  rules:\n    - {severity: fatal, text: x}\n", `.citelint.yaml:4:18: severity.rules[0].severity: invalid value "fatal"`},
		{"bad fail-level", v1 + "issues: {fail-level: warn}\n", `.citelint.yaml:2:22: issues.fail-level: invalid value "warn"`},
		{"bad cache mode", v1 + "resolvers: {cache: {mode: online}}\n", `.citelint.yaml:2:27: resolvers.cache.mode: invalid value "online"`},
		{"bad output format", v1 + "output: {formats: {sarf: {}}}\n", `.citelint.yaml:2:20: unknown key "sarf" in output.formats (did you mean "sarif"?)`},
		{"bad rule name in enable", head + "  enable: [dead-lnk]\n", `.citelint.yaml:3:12: rules.enable[0]: unknown rule "dead-lnk" (did you mean "dead-link"?)`},
		{"bad rule name in exclusions", v1 + "exclusions: {rules: [{rules: [uncited]}]}\n", `.citelint.yaml:2:31: exclusions.rules[0].rules[0]: unknown rule "uncited"`},
		{"enabled and disabled", head + "  enable: [dead-link]\n  disable: [dead-link]\n", `.citelint.yaml:4:13: rules.disable[0]: rule "dead-link" is also enabled (line 3)`},
		{"negative concurrency", v1 + "run: {concurrency: -1}\n", `.citelint.yaml:2:20: run.concurrency: want an integer ≥ 0, got -1`},
		{"negative host concurrency", v1 + "resolvers: {hosts: {x.org: {concurrency: -2}}}\n", `resolvers.hosts["x.org"].concurrency: want an integer ≥ 0, got -2`},
		{"bad host", v1 + "resolvers: {hosts: {\"https://x.org/\": {}}}\n", `.citelint.yaml:2:21: resolvers.hosts: "https://x.org/" is not a host name`},
		{"string for a number", v1 + "issues: {max-same: \"3\"}\n", `.citelint.yaml:2:20: issues.max-same: want an integer ≥ 0, got the string "3"`},
		{"string for a boolean", v1 + "issues: {fail-on-unverified: yes}\n", `.citelint.yaml:2:30: issues.fail-on-unverified: want true or false, got the string "yes"`},
		{"number for a string", v1 + "exclusions: {rules: [{text: 404}]}\n", `.citelint.yaml:2:29: exclusions.rules[0].text: want a string, got the integer 404`},
		{"bare number for a duration", v1 + "resolvers: {timeout: 30}\n", `.citelint.yaml:2:22: resolvers.timeout: 30 has no unit; write "30s"`},
		{"list for a section", v1 + "issues: [1]\n", `.citelint.yaml:2:9: issues: want a mapping, got a list`},
		{"mapping for a bibliography", v1 + "bibliography: {a: b}\n", `.citelint.yaml:2:15: bibliography: want a string or a list of them, got a mapping`},
		{"bad judge url", v1 + "judge: {url: ftp://x}\n", `.citelint.yaml:2:14: judge.url: want an http(s) URL, got "ftp://x"`},
		{"bad regexp", v1 + "exclusions: {rules: [{text: \"(\"}]}\n", `.citelint.yaml:2:29: exclusions.rules[0].text: invalid regexp "("`},
		{"missing version", "rules: {}\n", `.citelint.yaml:1:1: missing required key "version"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			doc := write(t, dir, "ok.md", clean)
			write(t, dir, ".citelint.yaml", tt.cfg)
			vcode, _, verrs := run(t, dir, "", "config", "verify")
			rcode, _, rerrs := run(t, dir, "", "run", doc)
			if tt.want == "" {
				if vcode != ExitOK || rcode != ExitOK {
					t.Fatalf("valid config rejected: verify exit %d %s; run exit %d %s", vcode, verrs, rcode, rerrs)
				}
				return
			}
			if vcode != ExitUsage || rcode != ExitUsage {
				t.Fatalf("bad config: verify exit %d, run exit %d; want both %d\nverify: %s\nrun: %s", vcode, rcode, ExitUsage, verrs, rerrs)
			}
			for cmd, errs := range map[string]string{"verify": verrs, "run": rerrs} {
				if !strings.Contains(errs, tt.want) {
					t.Errorf("%s stderr lacks %q:\n%s", cmd, tt.want, errs)
				}
			}
		})
	}
}
