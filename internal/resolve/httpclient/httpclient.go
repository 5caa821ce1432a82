// Package httpclient is the one HTTP client every citelint network resolver
// goes through, so that politeness and safety are decided in one place
// rather than per registry:
//
//   - registries publish rate rules (arXiv: one request every 3 s, one
//     connection; Crossref polite pool: concurrency 3), so requests are
//     limited per host, both in concurrency and in spacing;
//   - 429 and 503 are "come back later", not "dead": they are retried with
//     exponential backoff, honouring Retry-After, up to a cap, and then
//     reported as unverified rather than broken; a Retry-After longer than
//     MaxWait (10 s by default) is not waited for;
//   - a hostile or broken server must not stall the run: each attempt is
//     bounded, body included (slow-drip servers), and each host has a
//     budget of time it may cost in failures and waits, after which its
//     remaining requests are not sent (unverified, never dead);
//   - the URLs come from documents citelint lints, which may be hostile, so
//     by default the dialer refuses loopback, private, link-local and
//     similar addresses, on every redirect hop too (no SSRF through a
//     linter running in CI);
//   - response bodies are capped so a huge or endless page cannot exhaust
//     memory, and the cap is reported;
//   - every request identifies citelint with a contact address, as Crossref
//     and DataCite ask.
//
// Classify and Reason turn an HTTP outcome into a resolve.Verdict and a
// short human reason, with one rule for all resolvers: only a definite
// answer (404, 410, NXDOMAIN) is Broken; everything transient is Unverified.
package httpclient

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/citelint/citelint/internal/resolve"
)

// HostLimit bounds the requests sent to one host.
type HostLimit struct {
	// Concurrency is the most requests in flight at once; 0 means 1.
	Concurrency int
	// Interval is the least time between the starts of two requests.
	Interval time.Duration
}

// DefaultHostLimits returns the limits the registries ask for: arXiv's
// terms of use (one request every 3 s, one connection); Crossref's polite
// pool from December 2025 (10 req/s, concurrency 3); DataCite's about 1000
// requests per 5 minutes when identified. The caller may change the
// returned map.
func DefaultHostLimits() map[string]HostLimit {
	return map[string]HostLimit{
		"export.arxiv.org": {Concurrency: 1, Interval: 3 * time.Second},
		"api.crossref.org": {Concurrency: 3, Interval: 100 * time.Millisecond},
		"api.datacite.org": {Concurrency: 2, Interval: 300 * time.Millisecond},
		"doi.org":          {Concurrency: 4, Interval: 50 * time.Millisecond},
	}
}

// Defaults for the zero Options.
const (
	DefaultTimeout      = 15 * time.Second
	DefaultMaxBody      = 2 << 20
	DefaultRetries      = 2
	DefaultBackoff      = time.Second
	DefaultMaxWait      = 10 * time.Second
	DefaultHostBudget   = 30 * time.Second
	DefaultMaxRedirects = 10
)

// Options configures a Client. The zero value is usable: every zero field
// takes the default named in its comment.
type Options struct {
	// Version goes into the User-Agent; "dev" when empty.
	Version string
	// Mailto is a contact address for the User-Agent and for registries
	// that take it as a parameter (Crossref's polite pool).
	Mailto string
	// Timeout bounds one attempt, body included; DefaultTimeout when 0.
	Timeout time.Duration
	// MaxBody is the most body bytes read; DefaultMaxBody when 0.
	MaxBody int64
	// Retries after the first attempt for 429, 502-504, timeouts and cut
	// connections; DefaultRetries when 0, none when negative.
	Retries int
	// Backoff is the wait before the first retry, doubled for each further
	// one, when the server gives no Retry-After; DefaultBackoff when 0.
	Backoff time.Duration
	// MaxWait is the longest single wait before a retry. A Retry-After
	// beyond it ends the retries at once (the answer is then unverified):
	// a linter should not sleep for an hour. DefaultMaxWait when 0.
	MaxWait time.Duration
	// Hosts are per-host limits, by host name or host:port, merged over
	// DefaultHostLimits.
	Hosts map[string]HostLimit
	// OtherHosts is the limit for hosts not in Hosts; {8, 0} when zero.
	OtherHosts HostLimit
	// MaxRedirects is how many redirects are followed; DefaultMaxRedirects
	// when 0, none when negative.
	MaxRedirects int
	// AllowPrivate lets requests reach loopback, private, link-local,
	// unspecified and multicast addresses. Only tests and people checking
	// an intranet should set it.
	AllowPrivate bool
	// AllowHosts are host names or host:port pairs the workflow (a flag
	// or an environment variable, not a config file from a pull request)
	// trusts as endpoints, such as a judge model or a registry mirror on
	// the runner's network: exempt from the guard for requests marked
	// with Endpoint (or sent through EndpointTransport), on their first
	// hop only. A document's link to such a host, and a redirect to it,
	// are checked like any other.
	AllowHosts []string
	// Proxy picks the proxy for a request; http.ProxyFromEnvironment when
	// nil.
	Proxy func(*http.Request) (*url.URL, error)
	// HostBudget is how much time one host may cost in failed attempts
	// (timeouts, cut connections, 429, 5xx) and in waits before retries;
	// once spent, the host's remaining requests fail at once with
	// ErrHostBudget. DefaultHostBudget when 0, none when negative.
	HostBudget time.Duration
	// OnRefused, when set, is called with the URL of each request the
	// guard refused (redirect hops included), so the caller can say what
	// was not checked rather than leave it among the unverified.
	OnRefused func(rawURL string, err error)
	// AllowAddrs are dial addresses ("10.0.0.5:443") exempt from the
	// private-address guard for every request, links included: for tests
	// (a loopback server standing for a public one) and one known
	// intranet mirror, without opening the whole private network. The
	// command line has no way to set them.
	AllowAddrs []string
}

// ErrPrivateAddress is returned (wrapped) when AllowPrivate is false and a
// request or redirect would connect to a non-public address.
var ErrPrivateAddress = errors.New("private address refused")

// ErrHostBudget is returned (wrapped) for requests to a host whose
// HostBudget is spent.
var ErrHostBudget = errors.New("network budget for the host spent")

// ErrTooManyRedirects is returned (wrapped) when a redirect chain is longer
// than MaxRedirects.
var ErrTooManyRedirects = errors.New("too many redirects")

// Response is a finished HTTP exchange with its body read.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
	// Truncated is set when the body was longer than MaxBody or the
	// connection ended before Content-Length was reached; Body then holds
	// what arrived.
	Truncated bool
	// FinalURL is the URL of the last request after redirects.
	FinalURL string
	// Attempts is how many times the request was sent.
	Attempts int
	// GaveUp says why retrying stopped early, e.g. a Retry-After longer
	// than MaxWait; empty otherwise.
	GaveUp string
}

// Client sends GET and HEAD requests under the rules described in the
// package comment. It is safe for concurrent use.
type Client struct {
	opts   Options
	limits map[string]HostLimit
	hc     *http.Client
	ua     string

	mu     sync.Mutex
	hosts  map[string]*hostState
	counts map[string]int64

	proxyFunc func(*http.Request) (*url.URL, error)
	lookup    func(ctx context.Context, network, host string) ([]netip.Addr, error)

	allowAddrs map[string]bool // AllowAddrs
	allowHosts []string        // AllowHosts, canonical (canonicalAllowHost)

	// now and withTimeout are the clock that bounds an attempt and
	// charges it to the host's budget. Tests replace them so that an
	// attempt times out when the test says, not when a loaded machine
	// happens to schedule a timer.
	now         func() time.Time
	withTimeout func(context.Context, time.Duration) (context.Context, context.CancelFunc)
}

type hostState struct {
	sem  chan struct{}
	mu   sync.Mutex
	next time.Time // earliest start of the next request
	gap  time.Duration

	// spent is the time failures and retry waits have cost (HostBudget).
	spent time.Duration
}

// New returns a Client for opts.
func New(opts Options) *Client {
	if opts.Version == "" {
		opts.Version = "dev"
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxBody <= 0 {
		opts.MaxBody = DefaultMaxBody
	}
	switch {
	case opts.Retries == 0:
		opts.Retries = DefaultRetries
	case opts.Retries < 0:
		opts.Retries = 0
	}
	if opts.Backoff <= 0 {
		opts.Backoff = DefaultBackoff
	}
	if opts.MaxWait <= 0 {
		opts.MaxWait = DefaultMaxWait
	}
	switch {
	case opts.MaxRedirects == 0:
		opts.MaxRedirects = DefaultMaxRedirects
	case opts.MaxRedirects < 0:
		opts.MaxRedirects = 0
	}
	if opts.HostBudget == 0 {
		opts.HostBudget = DefaultHostBudget
	}
	if opts.OtherHosts == (HostLimit{}) {
		opts.OtherHosts = HostLimit{Concurrency: 8}
	}
	c := &Client{
		opts:        opts,
		limits:      DefaultHostLimits(),
		hosts:       map[string]*hostState{},
		counts:      map[string]int64{},
		allowAddrs:  map[string]bool{},
		proxyFunc:   opts.Proxy,
		lookup:      net.DefaultResolver.LookupNetIP,
		now:         time.Now,
		withTimeout: context.WithTimeout,
	}
	if c.proxyFunc == nil {
		c.proxyFunc = http.ProxyFromEnvironment
	}
	for _, a := range opts.AllowAddrs {
		c.allowAddrs[a] = true
	}
	for _, h := range opts.AllowHosts {
		c.allowHosts = append(c.allowHosts, canonicalAllowHost(h))
	}
	for h, l := range opts.Hosts {
		c.limits[strings.ToLower(h)] = l
	}
	c.ua = "citelint/" + opts.Version + " (+https://github.com/citelint/citelint"
	if opts.Mailto != "" {
		c.ua += "; mailto:" + opts.Mailto
	}
	c.ua += ")"

	newTransport := func() *http.Transport {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.Proxy = c.proxy
		tr.DialContext = c.dial
		tr.MaxIdleConnsPerHost = 16
		return tr
	}
	c.hc = &http.Client{
		Transport: countingTransport{c: c, next: newTransport(), trusted: newTransport()},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			// Each hop is sent to the address the guard checks (canonicalURL).
			req.URL = canonicalURL(req.URL)
			if c.opts.MaxRedirects == 0 {
				return http.ErrUseLastResponse
			}
			if len(via) > c.opts.MaxRedirects { // via holds the original request too
				return fmt.Errorf("%w (more than %d)", ErrTooManyRedirects, c.opts.MaxRedirects)
			}
			return nil
		},
	}
	return c
}

// UserAgent is the User-Agent header the client sends.
func (c *Client) UserAgent() string { return c.ua }

// Mailto is the contact address from Options.
func (c *Client) Mailto() string { return c.opts.Mailto }

// Requests returns how many HTTP requests (redirect hops included) were
// sent to host, given as host:port or, for default ports, as the URL's
// Host field.
func (c *Client) Requests(host string) int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.counts[host]
}

// RequestCounts returns a copy of the request count of every host.
func (c *Client) RequestCounts() map[string]int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]int64, len(c.counts))
	for h, n := range c.counts {
		out[h] = n
	}
	return out
}

// countingTransport decides each hop's exemptions (hop), refuses a
// target spelled as a refused address, counts the request and hands it
// to the transport for its purpose: trusted holds the connections of
// exempt endpoint hops, next every other's, so that a connection opened
// under an exemption never serves a request without it.
type countingTransport struct {
	c             *Client
	next, trusted http.RoundTripper
	// endpoint marks every request as addressed to a configured
	// endpoint (EndpointTransport).
	endpoint bool
}

func (t countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	c := t.c
	var h hop
	// req.Response is set on a redirect hop: a redirect's target is the
	// server's choice, never the configuration's.
	if (t.endpoint || req.Context().Value(endpointKey{}) != nil) && req.Response == nil && c.trustedHost(req.URL) {
		h.trusted = true
	}
	if _, err := c.checkLiteral(req.URL, h); err != nil {
		return nil, err
	}
	if p, err := c.proxyFunc(req); err == nil && p != nil {
		h.proxied = true
	}
	req = req.WithContext(context.WithValue(req.Context(), hopKey{}, h))
	c.mu.Lock()
	c.counts[req.URL.Host]++
	c.mu.Unlock()
	if h.trusted {
		return t.trusted.RoundTrip(req)
	}
	return t.next.RoundTrip(req)
}

// Get sends a GET request; accept, when not empty, is the Accept header.
func (c *Client) Get(ctx context.Context, rawURL, accept string) (*Response, error) {
	return c.send(ctx, http.MethodGet, rawURL, accept)
}

// Head sends a HEAD request.
func (c *Client) Head(ctx context.Context, rawURL string) (*Response, error) {
	return c.send(ctx, http.MethodHead, rawURL, "")
}

func (c *Client) send(ctx context.Context, method, rawURL, accept string) (*Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, rawURL, nil)
	if err != nil {
		return nil, err
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	return c.Do(req)
}

// Do sends req (which must have no body: only GET and HEAD are retried
// safely) under the host's limits, retrying as described on Options.
// The request's context bounds the whole call, waits included: a retry
// whose wait would outlast the context's deadline is not attempted.
// On a non-nil error the Response may still be non-nil (a body cut off
// mid-way), and the last response is returned when retries run out.
func (c *Client) Do(req *http.Request) (resp *Response, err error) {
	if c.opts.OnRefused != nil {
		asked := req.URL.String() // as the document wrote it
		defer func() {
			if errors.Is(err, ErrPrivateAddress) {
				c.opts.OnRefused(asked, err)
			}
		}()
	}
	if req.Body != nil && req.Body != http.NoBody {
		return nil, errors.New("httpclient: requests with a body are not supported")
	}
	ctx := req.Context()
	if u := canonicalURL(req.URL); u != req.URL {
		req = req.Clone(ctx)
		req.URL, req.Host = u, ""
	}
	if req.Header.Get("User-Agent") == "" {
		req.Header.Set("User-Agent", c.ua)
	}
	host := c.host(req.URL.Host)
	for attempt := 0; ; attempt++ {
		resp, err := c.once(ctx, host, req)
		if resp != nil {
			resp.Attempts = attempt + 1
		}
		again := retryable(resp, err)
		if attempt >= c.opts.Retries || ctx.Err() != nil || !again {
			return resp, err
		}
		wait := c.opts.Backoff << attempt
		wait += rand.N(wait/4 + 1) // jitter, so parallel clients do not retry in lock-step
		if resp != nil {
			if ra, ok := retryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
				wait = ra
			}
		}
		if wait > c.opts.MaxWait {
			if resp != nil {
				resp.GaveUp = fmt.Sprintf("server asks to wait %s, more than %s", wait.Round(time.Second), c.opts.MaxWait)
			}
			return resp, err
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			if resp != nil {
				resp.GaveUp = "no time left to retry"
			}
			return resp, err
		}
		if left, limited := c.budgetRemaining(host); limited && left <= wait {
			// Waiting would spend the rest of the budget for nothing.
			if resp != nil {
				resp.GaveUp = "host's network budget spent"
			}
			return resp, err
		}
		// The wait applies to the whole host, not only this request: a
		// server that says "slow down" means it for every request.
		host.delay(time.Now().Add(wait))
		host.spend(wait)
	}
}

// budgetRemaining returns what is left of the host's budget; limited is
// false when there is no budget.
func (c *Client) budgetRemaining(host *hostState) (left time.Duration, limited bool) {
	if c.opts.HostBudget < 0 {
		return 0, false
	}
	host.mu.Lock()
	defer host.mu.Unlock()
	return c.opts.HostBudget - host.spent, true
}

// budgetLeft returns the time the host's budget leaves for one attempt
// (at most Timeout), and false when the budget is spent.
func (c *Client) budgetLeft(host *hostState) (time.Duration, bool) {
	left, limited := c.budgetRemaining(host)
	if !limited {
		return c.opts.Timeout, true
	}
	if left <= 0 {
		return 0, false
	}
	return min(left, c.opts.Timeout), true
}

// once sends one attempt, bounded by Timeout and by what is left of the
// host's budget, from the moment it may start to the end of its body. A
// failed attempt is charged to the budget.
func (c *Client) once(ctx context.Context, host *hostState, req *http.Request) (resp *Response, err error) {
	release, err := host.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	// The budget is checked after the wait for a slot: the requests
	// queued behind a hanging one must not each spend it again.
	timeout, ok := c.budgetLeft(host)
	if !ok {
		return nil, fmt.Errorf("%w: %s (%s)", ErrHostBudget, req.URL.Host, c.opts.HostBudget)
	}
	start := c.now()
	defer func() {
		if retryable(resp, err) {
			host.spend(c.now().Sub(start))
		}
	}()
	actx, cancel := c.withTimeout(ctx, timeout)
	defer cancel()
	hr, err := c.hc.Do(req.Clone(actx))
	if err != nil {
		return nil, err
	}
	defer hr.Body.Close()
	out := &Response{Status: hr.StatusCode, Header: hr.Header, FinalURL: hr.Request.URL.String()}
	body, err := io.ReadAll(io.LimitReader(hr.Body, c.opts.MaxBody+1))
	if int64(len(body)) > c.opts.MaxBody {
		body, out.Truncated = body[:c.opts.MaxBody], true
	}
	out.Body = body
	if err != nil {
		out.Truncated = true
		return out, fmt.Errorf("reading response body: %w", err)
	}
	return out, nil
}

// retryable reports whether another attempt may get a different answer.
func retryable(resp *Response, err error) bool {
	if err != nil {
		return isTimeout(err) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.ErrUnexpectedEOF)
	}
	switch resp.Status {
	case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// retryAfter parses a Retry-After value: delay seconds or an HTTP date.
func retryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n < 0 {
			return 0, false
		}
		if n > int64(365*24*time.Hour/time.Second) {
			n = int64(365 * 24 * time.Hour / time.Second) // no overflow
		}
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// host returns the state of hostport, creating it with its limit.
func (c *Client) host(hostport string) *hostState {
	key := strings.ToLower(hostport)
	c.mu.Lock()
	defer c.mu.Unlock()
	if h, ok := c.hosts[key]; ok {
		return h
	}
	l, ok := c.limits[key]
	if !ok {
		name := key
		if h, _, err := net.SplitHostPort(key); err == nil {
			name = h
		}
		if l, ok = c.limits[name]; !ok {
			l = c.opts.OtherHosts
		}
	}
	h := &hostState{sem: make(chan struct{}, max(l.Concurrency, 1)), gap: l.Interval}
	c.hosts[key] = h
	return h
}

// acquire waits for a free slot and for the host's next start time.
func (h *hostState) acquire(ctx context.Context) (func(), error) {
	select {
	case h.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	release := func() { <-h.sem }
	h.mu.Lock()
	now := time.Now()
	start := now
	if h.next.After(now) {
		start = h.next
	}
	h.next = start.Add(h.gap)
	h.mu.Unlock()
	if d := start.Sub(now); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			release()
			return nil, ctx.Err()
		}
	}
	return release, nil
}

// spend charges d to the host's budget.
func (h *hostState) spend(d time.Duration) {
	h.mu.Lock()
	h.spent += d
	h.mu.Unlock()
}

// delay holds back every request to the host until t.
func (h *hostState) delay(t time.Time) {
	h.mu.Lock()
	if t.After(h.next) {
		h.next = t
	}
	h.mu.Unlock()
}

// Classify turns the outcome of a request into a verdict: 2xx is OK; 404,
// 410 and a host name that does not exist (NXDOMAIN) are Broken; all else
// (429, 5xx, 401/403 bot walls, timeouts, TLS errors, refused connections,
// refused private addresses, cut-off bodies) is Unverified, because the
// target may well exist.
func Classify(status int, err error) resolve.Verdict {
	if err != nil {
		if errors.Is(err, ErrPrivateAddress) {
			return resolve.Unverified
		}
		var dnsErr *net.DNSError
		if errors.As(err, &dnsErr) && dnsErr.IsNotFound {
			return resolve.Broken
		}
		return resolve.Unverified
	}
	switch {
	case status >= 200 && status < 300:
		return resolve.OK
	case status == http.StatusNotFound || status == http.StatusGone:
		return resolve.Broken
	}
	return resolve.Unverified
}

// Reason is a short human explanation of the outcome: "HTTP 404",
// "timeout", "host not found", "private address refused".
func Reason(status int, err error) string {
	if err == nil {
		if status == 0 {
			return "no response"
		}
		return "HTTP " + strconv.Itoa(status)
	}
	var dnsErr *net.DNSError
	var certErr *tls.CertificateVerificationError
	var unknownAuth x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	var invalidErr x509.CertificateInvalidError
	var recErr tls.RecordHeaderError
	var alert tls.AlertError
	switch {
	case errors.Is(err, ErrPrivateAddress):
		return "private address refused"
	case errors.Is(err, ErrTooManyRedirects):
		return "too many redirects"
	case errors.Is(err, ErrHostBudget):
		return "host's network budget spent"
	case errors.Is(err, context.Canceled):
		return "canceled"
	case isTimeout(err):
		return "timeout"
	case errors.As(err, &dnsErr) && dnsErr.IsNotFound:
		return "host not found"
	case errors.As(err, &dnsErr):
		return "DNS error"
	case errors.As(err, &certErr), errors.As(err, &unknownAuth), errors.As(err, &hostErr),
		errors.As(err, &invalidErr), errors.As(err, &recErr), errors.As(err, &alert):
		return "TLS error"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET):
		return "connection reset"
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "response cut off"
	}
	return "network error"
}

func isTimeout(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// LookupOf turns a request outcome into a Lookup with the verdict of
// Classify, for resolvers whose answer is just the HTTP status. A body cut
// short is never taken as a definite answer.
func LookupOf(resp *Response, err error) resolve.Lookup {
	var l resolve.Lookup
	status := 0
	if resp != nil {
		status = resp.Status
		l.Status, l.FinalURL, l.ContentType = resp.Status, resp.FinalURL, resp.Header.Get("Content-Type")
	}
	if err != nil {
		l.Verdict, l.Reason = Classify(0, err), Reason(0, err)
	} else {
		l.Verdict, l.Reason = Classify(status, nil), Reason(status, nil)
	}
	if resp != nil && resp.GaveUp != "" {
		l.Reason += " (" + resp.GaveUp + ")"
	}
	if resp != nil && resp.Truncated && err == nil {
		l.Reason += " (response truncated)"
	}
	return l
}

// Unverified is LookupOf forced to Unverified, for registry APIs: when
// doi.org itself cannot be resolved or refuses, nothing is known about the
// DOI asked for, whatever Classify says about the registry's host.
func Unverified(resp *Response, err error) resolve.Lookup {
	l := LookupOf(resp, err)
	l.Verdict = resolve.Unverified
	return l
}

// PathEscapeDOI encodes a DOI for use as URL path segments: the "/"
// between prefix and suffix (and any in the suffix) stays, everything the
// DOI Handbook requires encoding (%, ", #, space, ?) and other reserved
// characters is percent-encoded, and a "." or ".." segment is encoded so
// that no one cleans it out of the path.
func PathEscapeDOI(doi string) string {
	segs := strings.Split(doi, "/")
	for i, s := range segs {
		switch s {
		case ".":
			segs[i] = "%2E"
		case "..":
			segs[i] = "%2E%2E"
		default:
			segs[i] = url.PathEscape(s)
		}
	}
	return strings.Join(segs, "/")
}
