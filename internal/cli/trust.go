package cli

import (
	"cmp"
	"flag"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/cliflag"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/version"
)

// The config file may come from the pull request being linted, so it
// cannot grant itself what a hostile pull request would want: private
// addresses and secrets. Those need the workflow's consent, given by a
// flag or an environment variable, which a pull request cannot set
// (docs/security.md).

// Environment variables a workflow sets to give its consent.
const (
	envAllowPrivate = "CITELINT_ALLOW_PRIVATE"
	envTrustedHosts = "CITELINT_TRUSTED_HOSTS"
	envJudgeURL     = "CITELINT_JUDGE_URL"
	// envJudgeKey holds the judge's API key itself; envJudgeKeyEnv, or
	// --judge-key-env, names another variable that does. A config inside
	// the project cannot name it (a pull request would pick GITHUB_TOKEN).
	envJudgeKey    = "CITELINT_JUDGE_API_KEY"
	envJudgeKeyEnv = "CITELINT_JUDGE_KEY_ENV"
)

// trustFlags are run's consent flags.
type trustFlags struct {
	allowPrivate bool
	hosts        cliflag.StringList
	judgeURL     string
	judgeKeyEnv  string
}

func (t *trustFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&t.allowPrivate, "allow-private", false, "let lookups reach loopback, private and link-local addresses (also "+envAllowPrivate+"=true); resolvers.url.allow-private in a config file alone does not")
	fs.Var(&t.hosts, "trusted-host", "a host (or host:port) the workflow vouches for as an endpoint: the judge and the resolvers' URLs may be private there, and the judge's API key may go there; document links to it stay refused (repeatable, comma-separated; also "+envTrustedHosts+")")
	fs.StringVar(&t.judgeURL, "judge-url", "", "the judge model's API base URL, trusted for the judge alone (it may be private and receive the API key); overrides judge.url (also "+envJudgeURL+")")
	fs.StringVar(&t.judgeKeyEnv, "judge-key-env", "", "the environment variable holding the judge's API key (default "+envJudgeKey+"; also "+envJudgeKeyEnv+"); a config inside the project cannot name it")
}

// trust is what the workflow consented to.
type trust struct {
	allowPrivate bool
	hosts        []string // lower-case host or host:port (--trusted-host)
	judgeURL     string   // from the workflow, not the config; "" = none
	keyEnv       string   // the variable the workflow names for the judge's key
}

// consent reads the flags and the environment; warnings say what the
// config asked for and did not get.
func (t *trustFlags) consent(cfg *config.Config, env Env) (trust, error) {
	tr := trust{allowPrivate: t.allowPrivate, judgeURL: t.judgeURL}
	if v := env.Getenv(envAllowPrivate); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return tr, fmt.Errorf("%s=%q: want true or false", envAllowPrivate, v)
		}
		tr.allowPrivate = tr.allowPrivate || b
	}
	hosts := append([]string{}, t.hosts...)
	hosts = append(hosts, strings.FieldsFunc(env.Getenv(envTrustedHosts), func(r rune) bool { return r == ',' || r == ' ' })...)
	for _, h := range hosts {
		tr.hosts = append(tr.hosts, strings.TrimSuffix(strings.ToLower(h), "."))
	}
	if tr.judgeURL == "" {
		tr.judgeURL = env.Getenv(envJudgeURL)
	}
	tr.keyEnv = cmp.Or(t.judgeKeyEnv, env.Getenv(envJudgeKeyEnv))
	if tr.judgeURL != "" {
		u, err := url.Parse(tr.judgeURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return tr, fmt.Errorf("judge URL %q: want an http(s) URL", tr.judgeURL)
		}
	}
	if cfg.Resolvers.URL.AllowPrivate && !tr.allowPrivate {
		fmt.Fprintf(env.Stderr, "citelint: warning: %sresolvers.url.allow-private is ignored without the workflow's consent (--allow-private or %s=true): a config file may come from the pull request; private addresses stay refused\n", cfgPrefix(cfg), envAllowPrivate)
	}
	return tr, nil
}

func cfgPrefix(cfg *config.Config) string {
	if cfg.Path == "" {
		return ""
	}
	return cfg.Path + ": "
}

// planJudge is what the judge may do under tr (engine.PlanJudge).
func planJudge(cfg *config.Config, tr trust, env Env) engine.JudgePlan {
	wd, err := env.Getwd()
	if err != nil {
		wd = "" // unknown: a config's api-key-env is not read
	}
	return engine.PlanJudge(cfg, wd, engine.JudgeConsent{AllowPrivate: tr.allowPrivate, TrustedHosts: tr.hosts, URL: tr.judgeURL,
		KeyEnv: tr.keyEnv, DefaultKeyEnv: envJudgeKey})
}

// warnJudge says on stderr what the judge was refused, if anything, in
// terms of the flags and variables that would grant it.
func warnJudge(p engine.JudgePlan, cfg *config.Config, env Env) {
	var host, hostname string
	if u, err := url.Parse(p.URL); err == nil {
		host, hostname = u.Host, u.Hostname()
	}
	var w string
	switch p.Refused {
	case engine.JudgePrivate:
		w = fmt.Sprintf("judge.url %s is a private address, refused without the workflow's consent (--trusted-host %s, %s or --judge-url); the judge is off", p.URL, hostname, envTrustedHosts)
	case engine.JudgeKeyEnvIgnored:
		w = fmt.Sprintf("judge.api-key-env ($%s) is not read from a config inside the project: a pull request could name any secret; the key is read from $%s (--judge-key-env or %s name another)", p.IgnoredKeyEnv, p.KeyEnv, envJudgeKeyEnv)
	case engine.JudgeKeyWithheld:
		w = fmt.Sprintf("the judge's API key is not sent to %s: a config file may come from the pull request, so the key goes only to a host the workflow names (--trusted-host, %s or --judge-url)", host, envTrustedHosts)
	default:
		return
	}
	fmt.Fprintf(env.Stderr, "citelint: warning: %s%s\n", cfgPrefix(cfg), w)
}

// networkOptions hands the engine what the workflow consented to: the
// addresses lookups may reach, and the judge as p allows it, with the
// API key read from the environment only when p may send it.
func (tr trust) networkOptions(offline, refresh bool, p engine.JudgePlan, env Env) engine.NetworkOptions {
	o := engine.NetworkOptions{Offline: offline, Refresh: refresh, AllowPrivate: tr.allowPrivate, TrustedHosts: tr.hosts,
		Version: version.Version, Stderr: env.Stderr}
	if !p.Off {
		o.Judge.URL, o.Judge.Trusted = p.URL, p.SendKey
		if p.SendKey {
			o.Judge.APIKey = env.Getenv(p.KeyEnv)
		}
	}
	return o
}
