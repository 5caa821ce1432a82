package engine

import (
	"path/filepath"
	"testing"

	"github.com/citelint/citelint/config"
)

// TestPlanJudge: the judge's URL is refused when private and not vouched
// for, its key goes only to a host the workflow names, and a config's
// api-key-env is read only from a config outside the project.
func TestPlanJudge(t *testing.T) {
	project := t.TempDir()
	inside := filepath.Join(project, ".citelint.yaml")
	outside := filepath.Join(filepath.Dir(project), "workflow.citelint.yaml")
	const def = "DEFAULT_KEY"
	for _, tc := range []struct {
		name    string
		cfgPath string
		judge   config.Judge
		c       JudgeConsent
		want    JudgePlan
	}{
		{"no URL", inside, config.Judge{}, JudgeConsent{DefaultKeyEnv: def}, JudgePlan{Off: true}},
		{"private, not vouched for", inside, config.Judge{URL: "http://127.0.0.1:8080/v1"}, JudgeConsent{DefaultKeyEnv: def},
			JudgePlan{URL: "http://127.0.0.1:8080/v1", Off: true, Refused: JudgePrivate}},
		{"private, allowed", inside, config.Judge{URL: "http://127.0.0.1:8080/v1"}, JudgeConsent{AllowPrivate: true, DefaultKeyEnv: def},
			JudgePlan{URL: "http://127.0.0.1:8080/v1", KeyEnv: def}},
		{"trusted host gets the key", inside, config.Judge{URL: "http://10.0.0.5/v1", APIKeyEnv: def}, JudgeConsent{TrustedHosts: []string{"10.0.0.5"}, DefaultKeyEnv: def},
			JudgePlan{URL: "http://10.0.0.5/v1", SendKey: true, KeyEnv: def}},
		{"trusted host:port", inside, config.Judge{URL: "https://j.example/v1"}, JudgeConsent{TrustedHosts: []string{"j.example:443"}, DefaultKeyEnv: def},
			JudgePlan{URL: "https://j.example/v1", SendKey: true, KeyEnv: def}},
		{"workflow's URL is trusted", inside, config.Judge{URL: "https://other.example/v1"}, JudgeConsent{URL: "http://10.0.0.5/v1", DefaultKeyEnv: def},
			JudgePlan{URL: "http://10.0.0.5/v1", SendKey: true, KeyEnv: def}},
		{"key withheld from an untrusted host", inside, config.Judge{URL: "https://j.example/v1", APIKeyEnv: def}, JudgeConsent{DefaultKeyEnv: def},
			JudgePlan{URL: "https://j.example/v1", KeyEnv: def, Refused: JudgeKeyWithheld}},
		{"project config's key variable ignored", inside, config.Judge{URL: "https://j.example/v1", APIKeyEnv: "GITHUB_TOKEN"}, JudgeConsent{DefaultKeyEnv: def},
			JudgePlan{URL: "https://j.example/v1", KeyEnv: def, Refused: JudgeKeyEnvIgnored, IgnoredKeyEnv: "GITHUB_TOKEN"}},
		{"workflow's config names the key variable", outside, config.Judge{URL: "https://j.example/v1", APIKeyEnv: "MY_KEY"}, JudgeConsent{TrustedHosts: []string{"j.example"}, DefaultKeyEnv: def},
			JudgePlan{URL: "https://j.example/v1", SendKey: true, KeyEnv: "MY_KEY"}},
		{"workflow's variable wins", inside, config.Judge{URL: "https://j.example/v1", APIKeyEnv: "GITHUB_TOKEN"}, JudgeConsent{TrustedHosts: []string{"j.example"}, KeyEnv: "FLAG_KEY", DefaultKeyEnv: def},
			JudgePlan{URL: "https://j.example/v1", SendKey: true, KeyEnv: "FLAG_KEY"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := config.New(ConfigOptions())
			cfg.Path, cfg.Judge = tc.cfgPath, tc.judge
			if got := PlanJudge(cfg, project, tc.c); got != tc.want {
				t.Errorf("PlanJudge = %+v, want %+v", got, tc.want)
			}
		})
	}
}
