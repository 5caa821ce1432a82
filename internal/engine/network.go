package engine

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve/cache"
	"github.com/citelint/citelint/internal/resolve/httpclient"
	"github.com/citelint/citelint/internal/resolve/judge"
	"github.com/citelint/citelint/internal/resolve/verify"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/registry"
	"github.com/citelint/citelint/internal/safefile"
	"github.com/citelint/citelint/internal/score"
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// NetworkOptions are what the caller decides for the network pass. A
// config may come from the pull request being linted, so it cannot grant
// itself private addresses or a secret: those decisions are the caller's
// (the command line takes them from flags and the environment) and reach
// the engine here as plain values. The engine never reads the
// environment.
type NetworkOptions struct {
	// Offline makes no request: the network rules use the resolver cache
	// alone and anything not cached is unverified (--offline).
	Offline bool
	// Refresh ignores cached answers and asks again (--refresh).
	Refresh bool
	// AllowPrivate lets lookups reach loopback, private and link-local
	// addresses; the config's resolvers.url.allow-private is not read.
	AllowPrivate bool
	// TrustedHosts are hosts (lower-case host or host:port) the caller
	// vouches for as endpoints: the judge and the resolvers' configured
	// URLs (a registry mirror) may be private there, and the judge's key
	// may go there. A document's link to such a host, and a redirect to
	// it, stay refused unless AllowPrivate (docs/security.md).
	TrustedHosts []string
	// Judge is the judge the caller allows; its zero value leaves the
	// judge off.
	Judge JudgeOptions
	// Version is citelint's version, for the User-Agent ("dev" when "").
	Version string
	// Stderr receives the pass's notes (refused private addresses) and
	// the judge's warnings and counts; nil discards them.
	Stderr io.Writer
}

// JudgeOptions are the judge the caller allows for a config's judge
// section: where it is asked and with which key.
type JudgeOptions struct {
	// URL is the API base URL (the config's judge.url, or the caller's
	// own); "" leaves the judge off.
	URL string
	// APIKey is sent to URL; "" sends none. The caller reads it (from
	// judge.api-key-env) only for a host it trusts.
	APIKey string
	// Trusted says the caller vouches for URL's host (run's --judge-url):
	// the judge's requests may go there though it is private. Nothing
	// else may: the resolvers and document links are not the judge.
	Trusted bool
}

// Network is what a network pass found and set up for the lints after it.
type Network struct {
	// Lookups are the registries' answers; nil when no network rule is on.
	Lookups *verify.Results
	// Support tallies the claim-support metrics; nil when no
	// claim-support rule is on.
	Support *rules.SupportStats
	// Judge is the run's judge session; nil when no judge is asked.
	Judge *judge.Session
}

// Unverified counts the lookups without a definite answer by kind (for
// Report.Finish); nil when there were no lookups.
func (n *Network) Unverified() map[string]int {
	if n == nil || n.Lookups == nil {
		return nil
	}
	return n.Lookups.Unverified()
}

// unverified is what the summary counts as unverified: the lookups of this
// lint's own pass (Options.Network), else those of an earlier LookUp or
// given as Options.Lookups, when they can say.
func (e *Engine) unverified(n *Network) map[string]int {
	if n != nil {
		return n.Unverified()
	}
	if u, ok := e.ruleEnv.Lookups.(interface{ Unverified() map[string]int }); ok {
		return u.Unverified()
	}
	return nil
}

// LookUp runs the network pass for the documents fs names: it collects
// every identifier they cite, looks each up once through the config's
// resolvers, cache, timeouts and host limits, and sets up the evidence
// (local files and fetched text), the support tally and the judge the
// claim-support rules use. Every lint after it uses them (Options,
// LintOptions, Check), so call it before linting. With no network or
// claim-support rule on, it makes no request. An error means the pass
// could not run (the cache cannot be opened); a lookup that failed is
// unverified, never an error.
func (e *Engine) LookUp(ctx context.Context, fs Files, o NetworkOptions) (*Network, error) {
	return e.lookUp(ctx, fs.Paths, e.Options(fs), o, e.ruleEnv)
}

// LookUpBytes is LookUp for one document held in memory as the file at
// path (an agent's document).
func (e *Engine) LookUpBytes(ctx context.Context, path string, src []byte, o NetworkOptions) (*Network, error) {
	opts := e.LintOptions(nil)
	opts.Inputs = map[string][]byte{path: src}
	return e.lookUp(ctx, []string{path}, opts, o, e.ruleEnv)
}

// DefaultNetworkRunTimeout is the time limit of a run that makes network
// requests when the command line gives none (--timeout): a config's
// run.timeout may lower it, not raise it, since a config may come from
// the pull request. It leaves the network pass its default budget
// (resolvers.timeout, 10 min) with time to lint and report, and ends a
// run whose servers hang long before a CI job's own limit (GitHub
// Actions': 6 hours). golangci-lint v1 had 1 min for a whole run and v2
// has none, but neither waits on other people's servers; lychee, a link
// checker, bounds each request (20 s) but not the run.
const DefaultNetworkRunTimeout = 15 * time.Minute

// UsesNetwork reports whether a run of cfg's rules asks the network
// (unless offline): a rule looks identifiers up, or judge (a judge URL is
// configured) and a claim-support rule would ask it.
func UsesNetwork(cfg *config.Config, judge bool) bool {
	var enabled []lint.Enabled
	for _, r := range registry.All() {
		if ruleEnabled(&cfg.Rules, r.Name, r.Default, r.Reports) {
			enabled = append(enabled, lint.Enabled{Rule: r})
		}
	}
	return networkNeeds(enabled).Any() || judge && usesSourceText(enabled)
}

// NetworkShare is the part of a time limit the network pass may take: it
// leaves the lint a quarter of it (at least 100 ms, at most 30 s), so a
// run whose lookups are slow still reports every file, the lookups it had
// no time for unverified.
func NetworkShare(limit time.Duration) time.Duration {
	return limit - min(max(limit/4, 100*time.Millisecond), 30*time.Second)
}

// ReportShare is the part of a time limit kept for the report: its
// issues go through the pipeline and the printers write it in that time,
// after the lint, which stops when only that is left (a tenth of the
// limit, at least 0.2 s, at most 30 s, never more than half).
func ReportShare(limit time.Duration) time.Duration {
	return min(max(limit/10, 200*time.Millisecond), 30*time.Second, limit/2)
}

// NetworkContext bounds a network pass by its share (NetworkShare) of the
// time ctx has left; with no deadline, or too little time for a share,
// the pass ends with ctx.
func NetworkContext(ctx context.Context) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if !ok {
		return context.WithCancel(ctx)
	}
	share := NetworkShare(time.Until(dl))
	if share <= 0 {
		return context.WithCancel(ctx)
	}
	return NetworkDeadline(ctx, share)
}

// NetworkDeadline starts the network pass's timer; a test replaces it to
// end the pass when its server has the lookups, not when a loaded machine
// happens to fire the timer.
var NetworkDeadline = context.WithTimeout

// lockedWriter serialises writes: lints that run at once share the
// caller's Stderr.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// lookUp runs the pass over files read with opts and sets up env.
func (e *Engine) lookUp(ctx context.Context, files []string, opts lint.Options, o NetworkOptions, env *rules.Env) (*Network, error) {
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
	n := &Network{}
	if needs := networkNeeds(e.rules); needs.Any() {
		res, err := e.verify(ctx, files, opts, needs, o)
		if err != nil {
			return nil, err
		}
		n.Lookups = res
		env.Lookups = res
	}
	if usesSourceText(e.rules) {
		e.addEvidence(n, env, o)
	}
	return n, nil
}

// setNetwork keeps Options.Network for LintPaths and LintBytes. The
// resolver cache is opened once here, so that a cache that cannot be
// opened is New's error (as it is run's) rather than every lint's.
func (e *Engine) setNetwork(o *NetworkOptions) error {
	if o == nil {
		return nil
	}
	if o.Stderr != nil {
		// LintBytes and LintPaths may run at once; their notes share it.
		c := *o
		c.Stderr = &lockedWriter{w: o.Stderr}
		o = &c
	}
	e.net = o
	if !networkNeeds(e.rules).Any() || cacheMode(e.cfg, o.Offline, o.Refresh) == cache.Offline {
		return nil
	}
	if _, err := OpenCache(e.cfg); err != nil {
		if ce := (*config.Error)(nil); errors.As(err, &ce) {
			return err // it names the file and line
		}
		return fmt.Errorf("resolver cache: %v", err)
	}
	return nil
}

// networkFor runs the pass Options.Network asks for over files (read
// with in) and points out's rules at what it set up: a copy of the rule
// environment, so that lints running at once do not share answers. An
// error (the cache could not be opened after all) becomes an error of
// the config file that names the cache; the files are still linted.
func (e *Engine) networkFor(ctx context.Context, files []string, in lint.Options, out *lint.Options) (*Network, []lint.FileError) {
	if e.net == nil {
		return nil, nil
	}
	env := *out.RuleEnv
	out.RuleEnv = &env
	// As run does: the pass gets its share of ctx's time, so a deadline
	// that ends it leaves the lint time to report every file.
	netCtx, cancel := NetworkContext(ctx)
	defer cancel()
	n, err := e.lookUp(netCtx, files, in, *e.net, &env)
	if err != nil {
		return nil, []lint.FileError{{Path: cmp.Or(e.cfg.Path, "."), Kind: result.ErrFailed, Err: err}}
	}
	return n, nil
}

// judgeStats says on Options.Network's Stderr what the judge did, as run
// does after its report.
func (e *Engine) judgeStats(n *Network) {
	if n != nil && n.Judge != nil && e.net.Stderr != nil {
		fmt.Fprintf(e.net.Stderr, "citelint: %s\n", n.Judge.Stats())
	}
}

// networkNeeds says which lookups the enabled rules declare (Rule.Needs).
// Claim-support rules get fetched source text (abstracts, pages) only when
// some rule needs a network lookup: enabling one is the user's consent to
// network access.
func networkNeeds(enabled []lint.Enabled) verify.Needs {
	var all rules.Need
	for _, e := range enabled {
		all |= e.Rule.Needs
	}
	n := verify.Needs{
		DOI:      all.Has(rules.NeedDOI),
		Metadata: all.Has(rules.NeedMetadata),
		ArXiv:    all.Has(rules.NeedArXiv),
		URL:      all.Has(rules.NeedURL),
	}
	n.Text = all.Has(rules.NeedSourceText) && n.Any()
	return n
}

// verify collects every identifier files cite, then looks each up once.
func (e *Engine) verify(ctx context.Context, files []string, opts lint.Options, needs verify.Needs, o NetworkOptions) (*verify.Results, error) {
	mode := cacheMode(e.cfg, o.Offline, o.Refresh)
	c, err := OpenCache(e.cfg)
	if err != nil {
		if ce := (*config.Error)(nil); errors.As(err, &ce) {
			return nil, err // a folder the config may not name, even offline
		}
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
	lint.Run(ctx, files, collect)

	vo := verifierOptions(e.cfg, c, mode, needs, o)
	var refused refusals
	vo.Client.OnRefused = refused.add
	v := verify.New(vo)
	// resolvers.timeout always bounds the pass: a config cannot remove it.
	ctx, cancel := context.WithTimeout(ctx, e.cfg.Resolvers.Bounded().Timeout)
	defer cancel()
	res := v.Run(ctx, req)
	refused.report(o.Stderr)
	return res, nil
}

// cacheMode turns the config value and the caller's choice into a cache.Mode.
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

// OpenCache opens the resolver cache the config names, or the default one
// under the user cache directory. A folder from a config file (which a
// pull request may have written, with links beside it) must resolve
// inside the config's project and not under .git: here, with an error
// naming the file and line, and again each time the cache opens it to
// read or write (cache.Options.Within). One the caller chose
// (Cache.FromFlag: --cache-dir, CITELINT_CACHE_DIR) is used as given.
func OpenCache(cfg *config.Config) (*cache.Cache, error) {
	cc := cfg.Resolvers.Cache
	if cc.Dir == "" || cc.FromFlag {
		return cache.Open(cache.Options{Dir: cc.Dir})
	}
	root, err := safefile.ProjectRoot(cfg.Dir)
	var dir string
	if err == nil && !filepath.IsLocal(filepath.FromSlash(cc.Dir)) {
		// config.Parse refuses these; a program may set Dir itself.
		err = fmt.Errorf("%q is not a folder inside the project", cc.Dir)
	}
	if err == nil {
		// From the root with its links resolved, as Within is.
		dir = filepath.Join(root.Dir(), filepath.FromSlash(cc.Dir))
		err = root.Holds(dir)
	}
	if err == nil {
		var c *cache.Cache
		if c, err = cache.Open(cache.Options{Dir: dir, Within: root.Dir()}); err == nil {
			return c, nil
		}
	}
	return nil, &config.Error{File: cfg.Path, Line: cc.Line, Column: cc.Column,
		Msg: fmt.Sprintf("resolvers.cache.dir: %v; a cache folder outside the project is the workflow's choice: --cache-dir or CITELINT_CACHE_DIR", err)}
}

// verifierOptions maps resolvers.* and the caller's consent to the verify
// package's options.
func verifierOptions(cfg *config.Config, c *cache.Cache, mode cache.Mode, needs verify.Needs, o NetworkOptions) verify.Options {
	// The budgets within their ranges: config.Load refuses a file that
	// passes them, and a config built in Go is held to them here.
	r := cfg.Resolvers.Bounded()
	hosts := map[string]httpclient.HostLimit{}
	for h, l := range r.Hosts {
		hosts[h] = httpclient.HostLimit{Concurrency: l.Concurrency, Interval: l.Interval}
	}
	return verify.Options{
		Client: httpclient.Options{
			Version: o.Version, Mailto: r.CrossrefMailto(), Timeout: r.RequestTimeout,
			HostBudget: r.HostBudget, MaxWait: r.MaxRetryWait,
			Hosts: hosts, AllowPrivate: o.AllowPrivate, AllowHosts: o.TrustedHosts,
		},
		DOIURL: r.DOI.URL, CrossrefURL: r.Crossref.URL, DataCiteURL: r.DataCite.URL, ArXivURL: r.ArXiv.URL,
		Cache: c, Mode: mode, Needs: needs,
	}
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
	fmt.Fprintf(w, "citelint: note: %d %s not checked, private address refused: %s%s (links need the workflow's --allow-private, a resolver's URL on a private host its --trusted-host; see docs/security.md)\n",
		len(r.urls), output.Plural(len(r.urls), "request"), strings.Join(list, ", "), more)
}

// addEvidence gives the claim-support rules what they read: the sources
// (local files, and the registry answers when lookups ran), a support
// tally for the summary, and the judge when the caller allows one.
func (e *Engine) addEvidence(n *Network, env *rules.Env, o NetworkOptions) {
	finder := e.NewFinder()
	if n.Lookups != nil {
		finder.Lookups = n.Lookups
	}
	n.Support = &rules.SupportStats{}
	env.Evidence, env.Support = finder, n.Support
	if s := NewJudge(e.cfg, o); s != nil {
		n.Judge = s
		env.Judge, env.JudgePolicy = s, JudgePolicy(e.cfg.Judge)
	}
}

// NewJudge returns the judge session the config's judge section
// describes, asked at o.Judge.URL with o.Judge.APIKey, its answers kept
// in the resolver cache; nil when o.Judge.URL is "". Its failures are
// said on o.Stderr once each and counted (Session.Stats).
func NewJudge(cfg *config.Config, o NetworkOptions) *judge.Session {
	if o.Judge.URL == "" {
		return nil
	}
	j := cfg.Judge.Bounded()
	c := &judge.Client{URL: o.Judge.URL, Model: j.Model, Timeout: j.Timeout, Format: j.Format, Logprobs: j.Logprobs, APIKey: o.Judge.APIKey,
		Offline: o.Offline, Refresh: o.Refresh}
	// The judge's host is exempt from the guard only when the caller
	// trusts it; every other address is checked, and the judge follows
	// no redirect.
	allow := o.TrustedHosts
	if u, err := url.Parse(o.Judge.URL); err == nil && o.Judge.Trusted && u.Host != "" {
		allow = append(slices.Clip(allow), strings.ToLower(u.Host))
	}
	guard := httpclient.New(httpclient.Options{Version: o.Version, AllowPrivate: o.AllowPrivate, AllowHosts: allow})
	c.HTTP = &http.Client{Transport: guard.EndpointTransport(), Timeout: j.Timeout}
	if cc, err := OpenCache(cfg); err == nil {
		c.Cache = cc
	}
	w := o.Stderr
	if w == nil {
		w = io.Discard
	}
	return &judge.Session{Client: c, MaxCalls: j.MaxCalls, Concurrency: j.Concurrency, Warn: w}
}

// JudgePolicy is what the config says the judge is asked about and reads.
func JudgePolicy(j config.Judge) rules.JudgePolicy {
	return rules.JudgePolicy{All: j.Mode == "all", Evidence: score.SelectOptions{Budget: j.MaxTokens, ChunkTokens: j.ChunkTokens}}
}
