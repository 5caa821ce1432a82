package engine

import (
	"cmp"
	"net"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/resolve/httpclient"
	"github.com/citelint/citelint/internal/safefile"
)

// JudgeConsent is what the workflow consented to for the judge, as the
// caller read it from its flags and environment: never from the config,
// which may come from the pull request being linted (docs/security.md).
type JudgeConsent struct {
	// AllowPrivate lets the judge reach any private address.
	AllowPrivate bool
	// TrustedHosts are the hosts (lower-case host or host:port) the
	// workflow vouches for as endpoints.
	TrustedHosts []string
	// URL is the workflow's own judge URL (an http(s) URL), which takes
	// the place of the config's judge.url; its host is trusted for the
	// judge alone. "" is none.
	URL string
	// KeyEnv names the variable holding the judge's API key, as the
	// workflow named it; "" is none. DefaultKeyEnv is read when neither
	// it nor a config the workflow wrote names one.
	KeyEnv, DefaultKeyEnv string
}

// JudgeRefusal says what the judge was refused, if anything.
type JudgeRefusal int

const (
	// JudgeNotRefused: nothing was refused.
	JudgeNotRefused JudgeRefusal = iota
	// JudgePrivate: the judge's URL is a private address the workflow
	// did not vouch for; the judge is off.
	JudgePrivate
	// JudgeKeyEnvIgnored: a config inside the project named the key's
	// variable (JudgePlan.IgnoredKeyEnv), which is not read.
	JudgeKeyEnvIgnored
	// JudgeKeyWithheld: the config asks for a key, but the judge's host
	// is not one the workflow vouched for, so none is sent.
	JudgeKeyWithheld
)

// JudgePlan is what the judge may do under a workflow's consent.
type JudgePlan struct {
	// URL is where the judge is asked: the workflow's, else judge.url.
	URL string
	// Off says the judge is not asked (no URL, or a refused one).
	Off bool
	// SendKey says the API key may go to URL's host, read from KeyEnv.
	SendKey bool
	KeyEnv  string
	// Refused says what was held back, for the caller's warning;
	// IgnoredKeyEnv is the config's variable with JudgeKeyEnvIgnored.
	Refused       JudgeRefusal
	IgnoredKeyEnv string
}

// PlanJudge decides what cfg's judge may do under consent c, the project
// being the one holding the working directory wd ("" for unknown): its
// URL is refused when private and not vouched for, and the key goes only
// to a host the workflow names, read from the variable the workflow
// names, or the config's judge.api-key-env when that config lies outside
// the project (the workflow's own file, which no pull request wrote: a
// pull request would pick GITHUB_TOKEN).
func PlanJudge(cfg *config.Config, wd string, c JudgeConsent) JudgePlan {
	j := cfg.Judge
	keyEnv, ignored := c.KeyEnv, ""
	if k := j.APIKeyEnv; k != "" && keyEnv == "" {
		if configOutsideProject(cfg, wd) {
			keyEnv = k
		} else if k != c.DefaultKeyEnv {
			ignored = k
		}
	}
	keyEnv = cmp.Or(keyEnv, c.DefaultKeyEnv)
	p := JudgePlan{URL: cmp.Or(c.URL, j.URL)}
	if p.URL == "" {
		return JudgePlan{Off: true}
	}
	ok := c.trusted(p.URL)
	u, _ := url.Parse(p.URL)
	if !ok && !c.AllowPrivate && u != nil && httpclient.PrivateHost(u.Hostname()) {
		p.Off, p.Refused = true, JudgePrivate
		return p
	}
	p.KeyEnv, p.SendKey = keyEnv, ok
	switch {
	case ignored != "":
		p.Refused, p.IgnoredKeyEnv = JudgeKeyEnvIgnored, ignored
	case !ok && j.APIKeyEnv != "":
		p.Refused = JudgeKeyWithheld
	}
	return p
}

// trusted reports whether rawURL's host is one the workflow named, for
// the judge: a trusted host or the host of the workflow's judge URL.
func (c JudgeConsent) trusted(rawURL string) bool {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return false
	}
	judgeHost := ""
	if ju, err := url.Parse(c.URL); err == nil && c.URL != "" {
		judgeHost = strings.ToLower(ju.Host)
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	for _, h := range append(slices.Clip(c.TrustedHosts), judgeHost) {
		if h != "" && (h == host || h == strings.ToLower(u.Host) || h == net.JoinHostPort(host, port)) {
			return true
		}
	}
	return false
}

// configOutsideProject reports whether the config file lies outside the
// project root of wd (the workflow's own file, named with -c): only then
// may it name the variable that holds a secret.
func configOutsideProject(cfg *config.Config, wd string) bool {
	if cfg.Path == "" || wd == "" {
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
