package cli

import (
	"cmp"
	"flag"
	"fmt"
	"net"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/resolve/httpclient"
	"github.com/citelint/citelint/internal/safefile"
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
	hosts        stringList
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
	judgeHost    string   // judgeURL's host, lower-case: trusted for the judge alone
	// keyEnv names the variable holding the judge's API key: the
	// workflow's choice, or a config's only when it lies outside the
	// project (the workflow's own file, which no pull request wrote).
	keyEnv string
	// ignoredKeyEnv is a project config's judge.api-key-env, not read.
	ignoredKeyEnv string
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
	if k := cfg.Judge.APIKeyEnv; k != "" && tr.keyEnv == "" {
		if configOutsideProject(cfg, env) {
			tr.keyEnv = k
		} else if k != envJudgeKey {
			tr.ignoredKeyEnv = k
		}
	}
	tr.keyEnv = cmp.Or(tr.keyEnv, envJudgeKey)
	if tr.judgeURL != "" {
		u, err := url.Parse(tr.judgeURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return tr, fmt.Errorf("judge URL %q: want an http(s) URL", tr.judgeURL)
		}
		tr.judgeHost = strings.ToLower(u.Host)
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

// trusted reports whether rawURL's host is one the workflow named, for the
// judge: a --trusted-host or the --judge-url's own.
func (tr trust) trusted(rawURL string) bool {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return false
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	for _, h := range append(slices.Clip(tr.hosts), tr.judgeHost) {
		if h != "" && (h == host || h == strings.ToLower(u.Host) || h == net.JoinHostPort(host, port)) {
			return true
		}
	}
	return false
}

// judgePlan is what the judge may do under tr: its URL, whether the API
// key may be sent, and why not (a warning for stderr), or off when the
// URL is refused outright.
type judgePlan struct {
	url     string
	sendKey bool
	keyEnv  string // the variable the key is read from
	off     bool
	warning string
}

func planJudge(cfg *config.Config, tr trust) judgePlan {
	j := cfg.Judge
	p := judgePlan{url: j.URL}
	if tr.judgeURL != "" {
		p.url = tr.judgeURL
	}
	if p.url == "" {
		return judgePlan{off: true}
	}
	ok := tr.trusted(p.url)
	u, _ := url.Parse(p.url)
	if !ok && !tr.allowPrivate && u != nil && httpclient.PrivateHost(u.Hostname()) {
		p.off = true
		p.warning = fmt.Sprintf("judge.url %s is a private address, refused without the workflow's consent (--trusted-host %s, %s or --judge-url); the judge is off", p.url, u.Hostname(), envTrustedHosts)
		return p
	}
	p.keyEnv = tr.keyEnv
	p.sendKey = ok
	switch {
	case tr.ignoredKeyEnv != "":
		p.warning = fmt.Sprintf("judge.api-key-env ($%s) is not read from a config inside the project: a pull request could name any secret; the key is read from $%s (--judge-key-env or %s name another)", tr.ignoredKeyEnv, tr.keyEnv, envJudgeKeyEnv)
	case !ok && j.APIKeyEnv != "":
		p.warning = fmt.Sprintf("the judge's API key is not sent to %s: a config file may come from the pull request, so the key goes only to a host the workflow names (--trusted-host, %s or --judge-url)", u.Host, envTrustedHosts)
	}
	return p
}

// configOutsideProject reports whether the config file lies outside the
// project root (the workflow's own file, named with -c): only then may it
// name the variable that holds a secret.
func configOutsideProject(cfg *config.Config, env Env) bool {
	if cfg.Path == "" {
		return false
	}
	wd, err := env.Getwd()
	if err != nil {
		return false
	}
	root := safefile.FindRoot(wd)
	p := cfg.Path
	if !filepath.IsAbs(p) {
		p = filepath.Join(wd, p)
	}
	rel, err := filepath.Rel(root, p)
	return err == nil && (rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)))
}

// warn says on stderr what the judge was refused, if anything.
func (p judgePlan) warn(cfg *config.Config, env Env) {
	if p.warning != "" {
		fmt.Fprintf(env.Stderr, "citelint: warning: %s%s\n", cfgPrefix(cfg), p.warning)
	}
}

// networkOptions hands the engine what the workflow consented to: the
// addresses lookups may reach, and the judge as p allows it, with the
// API key read from the environment only when p may send it.
func (tr trust) networkOptions(cfg *config.Config, offline, refresh bool, p judgePlan, env Env) engine.NetworkOptions {
	o := engine.NetworkOptions{Offline: offline, Refresh: refresh, AllowPrivate: tr.allowPrivate, TrustedHosts: tr.hosts,
		Version: Version, Stderr: env.Stderr}
	if !p.off {
		o.Judge.URL, o.Judge.Trusted = p.url, p.sendKey
		if p.sendKey {
			o.Judge.APIKey = env.Getenv(p.keyEnv)
		}
	}
	return o
}
