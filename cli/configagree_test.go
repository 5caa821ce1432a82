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
	const head = "version: \"1\"\nrules:\n"
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
