package cli

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/lint"
	"github.com/citelint/citelint/markdown"
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/resolve/cache"
	"github.com/citelint/citelint/resolve/httpclient"
	"github.com/citelint/citelint/resolve/judge"
	"github.com/citelint/citelint/resolve/verify"
	"github.com/citelint/citelint/rules"
	"github.com/citelint/citelint/score"
)

// networkNeeds says which lookups the enabled rules declare (Rule.Needs).
// Claim-support rules get fetched source text (abstracts, pages) only when
// some rule needs a network lookup: enabling one is the user's consent to
// network access.
func networkNeeds(enabled []lint.Enabled) verify.Needs {
	all := enabledNeeds(enabled)
	n := verify.Needs{
		DOI:      all.Has(rules.NeedDOI),
		Metadata: all.Has(rules.NeedMetadata),
		ArXiv:    all.Has(rules.NeedArXiv),
		URL:      all.Has(rules.NeedURL),
	}
	n.Text = all.Has(rules.NeedSourceText) && n.Any()
	return n
}

// enabledNeeds is the union of the enabled rules' needs.
func enabledNeeds(enabled []lint.Enabled) rules.Need {
	var all rules.Need
	for _, e := range enabled {
		all |= e.Rule.Needs
	}
	return all
}

// usesSources reports whether a claim-support rule is enabled.
func usesSources(enabled []lint.Enabled) bool {
	return enabledNeeds(enabled).Has(rules.NeedSourceText)
}

// supportSummary gathers the claim-support metrics of a run, overall and
// per file, or nil when no claim-support rule collected any.
func supportSummary(results []lint.FileResult, stats *rules.SupportStats) (*output.SupportMetrics, []output.FileSupport) {
	var total output.SupportMetrics
	var files []output.FileSupport
	for _, r := range results {
		c, ok := stats.Get(r.Path)
		if !ok {
			continue
		}
		m := output.SupportMetrics{Claims: c.Claims, CitedClaims: c.Cited, Scored: c.Scored, Supported: c.Supported, Unverified: c.Unverified}
		files = append(files, output.FileSupport{Path: r.Path, SupportMetrics: m})
		total.Claims += m.Claims
		total.CitedClaims += m.CitedClaims
		total.Scored += m.Scored
		total.Supported += m.Supported
		total.Unverified += m.Unverified
	}
	if files == nil {
		return nil, nil
	}
	return &total, files
}

// cacheMode turns the config value and the flags into a cache.Mode.
func cacheMode(cfg *config.Config, offline, refresh bool) cache.Mode {
	switch {
	case offline:
		return cache.Offline
	case refresh:
		return cache.Refresh
	}
	switch cfg.Resolvers.Cache.Mode {
	case config.CacheOffline:
		return cache.Offline
	case config.CacheRefresh:
		return cache.Refresh
	}
	return cache.ReadWrite
}

// openCache opens the resolver cache the config names (or the default one
// under the user cache directory).
func openCache(cfg *config.Config) (*cache.Cache, error) {
	dir := cfg.Resolvers.Cache.Dir
	if dir != "" {
		dir = cfg.Resolve(dir)
	}
	return cache.Open(cache.Options{Dir: dir})
}

// verifierOptions maps resolvers.* to the verify package's options.
func verifierOptions(cfg *config.Config, c *cache.Cache, mode cache.Mode, needs verify.Needs, tr trust) verify.Options {
	r := cfg.Resolvers
	hosts := map[string]httpclient.HostLimit{}
	for h, l := range r.Hosts {
		hosts[h] = httpclient.HostLimit{Concurrency: l.Concurrency, Interval: l.Interval}
	}
	budget := r.HostBudget
	if budget == 0 {
		budget = -1 // resolvers.host-budget: 0 means none
	}
	return verify.Options{
		Client: httpclient.Options{
			Version: Version, Mailto: r.CrossrefMailto(), Timeout: r.RequestTimeout,
			HostBudget: budget, MaxWait: r.MaxRetryWait,
			Hosts: hosts, AllowPrivate: tr.allowPrivate, AllowHosts: tr.hosts,
		},
		DOIURL: r.DOI.URL, CrossrefURL: r.Crossref.URL, DataCiteURL: r.DataCite.URL, ArXivURL: r.ArXiv.URL,
		Cache: c, Mode: mode, Needs: needs,
	}
}

// verifyFiles runs the network pass: collect every identifier the files
// cite, then look each up once. It returns nil when no network rule is on.
func verifyFiles(ctx context.Context, st *setup, opts lint.Options, offline, refresh bool, tr trust, stderr io.Writer) (*verify.Results, error) {
	needs := networkNeeds(st.rules)
	if !needs.Any() {
		return nil, nil
	}
	mode := cacheMode(st.cfg, offline, refresh)
	c, err := openCache(st.cfg)
	if err != nil {
		if mode != cache.Offline {
			return nil, fmt.Errorf("resolver cache: %v", err)
		}
		c = nil // offline without a cache: everything is unverified
	}
	req := verify.NewRequest()
	collect := opts
	collect.Rules = nil
	collect.Known = nil
	collect.KeepSources = false
	collect.Fix = nil
	collect.Changed = nil
	collect.Visit = func(_ string, doc *markdown.Document) { req.Collect(doc) }
	lint.Run(ctx, st.files, collect)

	vo := verifierOptions(st.cfg, c, mode, needs, tr)
	var refused refusals
	vo.Client.OnRefused = refused.add
	v := verify.New(vo)
	if t := st.cfg.Resolvers.Timeout; t > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, t)
		defer cancel()
	}
	res := v.Run(ctx, req)
	refused.report(stderr)
	return res, nil
}

// refusals collects the URLs the private-address guard refused, so the
// run says they were not checked (and why) instead of leaving them among
// the unverified or, worse, calling them dead.
type refusals struct {
	mu   sync.Mutex
	urls map[string]bool
}

func (r *refusals) add(rawURL string, _ error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.urls == nil {
		r.urls = map[string]bool{}
	}
	r.urls[rawURL] = true
}

// report prints one note naming a few of the refused URLs.
func (r *refusals) report(w io.Writer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.urls) == 0 {
		return
	}
	list := make([]string, 0, len(r.urls))
	for u := range r.urls {
		list = append(list, u)
	}
	sort.Strings(list)
	more := ""
	if len(list) > 5 {
		list, more = list[:5], fmt.Sprintf(" and %d more", len(list)-5)
	}
	fmt.Fprintf(w, "citelint: note: %d %s not checked, private address refused: %s%s (a workflow can allow them with --allow-private or --trusted-host; see docs/security.md)\n",
		len(r.urls), output.Plural(len(r.urls), "request"), strings.Join(list, ", "), more)
}

// newJudge returns the run's judge as the config and the workflow's
// consent allow, or nil; what was withheld is said on stderr, and the
// judge's own failures are said there once each and counted for the
// summary line.
func newJudge(cfg *config.Config, tr trust, env Env) *judge.Session {
	p := planJudge(cfg, tr)
	if p.warning != "" {
		fmt.Fprintf(env.Stderr, "citelint: warning: %s%s\n", cfgPrefix(cfg), p.warning)
	}
	if p.off {
		return nil
	}
	j := cfg.Judge
	c := &judge.Client{URL: p.url, Model: j.Model, Timeout: j.Timeout, Format: j.Format, Logprobs: j.Logprobs}
	if p.sendKey {
		c.APIKey = env.Getenv(j.APIKeyEnv)
	}
	// The judge's host is exempt from the guard only when the workflow
	// named it; every other address, redirect targets included, is checked.
	guard := httpclient.New(httpclient.Options{Version: Version, AllowPrivate: tr.allowPrivate, AllowHosts: tr.hosts})
	c.HTTP = &http.Client{Transport: guard.Transport(), Timeout: j.Timeout}
	return &judge.Session{Client: c, MaxCalls: j.MaxCalls, Concurrency: j.Concurrency, Warn: env.Stderr}
}

// judgePolicy is what the config says the judge is asked about and reads.
func judgePolicy(j config.Judge) rules.JudgePolicy {
	return rules.JudgePolicy{All: j.Mode == "all", Evidence: score.SelectOptions{Budget: j.MaxTokens, ChunkTokens: j.ChunkTokens}}
}
