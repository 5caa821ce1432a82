package urlcheck

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"golang.org/x/net/idna"

	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

// "Host not found" is only evidence that a link is dead when DNS works:
// behind a resolver that answers NXDOMAIN for everything (egress-filtered
// CI) every link would otherwise be dead. So a link whose host is not
// found is Broken only if another host resolved in the same run, or, when
// none did, a probe host resolves now; otherwise it is Unverified. The
// cache keeps such a verdict briefly (Brief).

// HostResolver looks host names up; *net.Resolver is one. Tests inject a
// stub so they need no real DNS.
type HostResolver interface {
	LookupHost(ctx context.Context, host string) ([]string, error)
}

// DefaultDNSProbes are looked up when a run has a host not found and no
// other host resolved: names that exist as long as citelint's registries do.
var DefaultDNSProbes = []string{"doi.org", "export.arxiv.org"}

// dnsTimeout bounds one lookup, which the resolver otherwise retries for
// its own (often long) time.
const dnsTimeout = 10 * time.Second

// ReasonHostNotFound is the Reason of a link whose host does not exist.
const ReasonHostNotFound = "host not found"

// DNSEvidence records, for one run, which host names resolved. Share one
// between the checkers of a run so their evidence pools.
type DNSEvidence struct {
	mu       sync.Mutex
	resolved map[string]bool
	lookups  map[string]*hostLookup
}

type hostLookup struct {
	once sync.Once
	err  error
}

// Resolved records that host resolved.
func (d *DNSEvidence) Resolved(host string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.resolved == nil {
		d.resolved = map[string]bool{}
	}
	d.resolved[strings.ToLower(host)] = true
}

// WorksFor reports whether a host other than host resolved in this run.
func (d *DNSEvidence) WorksFor(host string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	for h := range d.resolved {
		if h != strings.ToLower(host) {
			return true
		}
	}
	return false
}

// lookup resolves host once per run through r, recording success.
func (d *DNSEvidence) lookup(ctx context.Context, r HostResolver, host string) error {
	key := strings.ToLower(host)
	d.mu.Lock()
	if d.lookups == nil {
		d.lookups = map[string]*hostLookup{}
	}
	l := d.lookups[key]
	if l == nil {
		l = &hostLookup{}
		d.lookups[key] = l
	}
	d.mu.Unlock()
	l.once.Do(func() {
		ctx, cancel := context.WithTimeout(ctx, dnsTimeout)
		defer cancel()
		_, l.err = r.LookupHost(ctx, host)
		if l.err == nil {
			d.Resolved(host)
		}
	})
	return l.err
}

func (c *Checker) dns() HostResolver {
	if c.DNS != nil {
		return c.DNS
	}
	return net.DefaultResolver
}

func (c *Checker) evidence() *DNSEvidence {
	c.evMu.Lock()
	defer c.evMu.Unlock()
	if c.Evidence == nil {
		c.Evidence = &DNSEvidence{}
	}
	return c.Evidence
}

// preResolve looks u's host up before any request, so that the run learns
// whether DNS works and a host that does not exist costs no HTTP attempt.
// It returns a final Lookup and true when the host did not resolve. Hosts
// given as addresses, in any spelling a browser or inet_aton reads as one
// ("127.1", "2130706433", "0x7f.0.0.1", "127.0.0.1."), names that always
// mean this machine and hosts a proxy resolves are left to the client,
// whose guard refuses the private ones: DNS would call such a host "not
// found", a dead link, when it is an address citelint must not ask.
func (c *Checker) preResolve(ctx context.Context, u *url.URL) (resolve.Lookup, bool) {
	host, err := idna.Lookup.ToASCII(u.Hostname()) // as the HTTP client will ask for it
	if err != nil {
		return resolve.Lookup{}, false
	}
	if _, ok := httpclient.ParseHost(httpclient.CanonicalHost(host)); ok || httpclient.PrivateHost(host) {
		return resolve.Lookup{}, false
	}
	if p, err := http.ProxyFromEnvironment(&http.Request{URL: u}); p != nil || err != nil {
		return resolve.Lookup{}, false
	}
	err = c.evidence().lookup(ctx, c.dns(), host)
	var dnsErr *net.DNSError
	switch {
	case err == nil:
		return resolve.Lookup{}, false
	case errors.As(err, &dnsErr) && dnsErr.IsNotFound:
		return resolve.Lookup{Verdict: resolve.Broken, Reason: ReasonHostNotFound}, true
	case ctx.Err() != nil:
		return resolve.Lookup{Reason: "canceled"}, true
	}
	return resolve.Lookup{Reason: "DNS error"}, true
}

// hostNotFound reports whether l says the host does not exist.
func hostNotFound(l resolve.Lookup) bool {
	return l.Verdict == resolve.Broken && l.Status == 0 && strings.HasPrefix(l.Reason, ReasonHostNotFound)
}

// Brief reports whether l rests on DNS evidence, which the cache keeps
// for minutes, not days: a resolver may be broken for a while.
func (c *Checker) Brief(l resolve.Lookup) bool { return hostNotFound(l) }

// judgeNotFound turns "host not found" answers into Unverified unless DNS
// demonstrably works in this run: another host resolved, or a probe host
// resolves now.
func (c *Checker) judgeNotFound(ctx context.Context, out map[string]resolve.Lookup) {
	ev := c.evidence()
	probed := false
	for id, l := range out {
		if !hostNotFound(l) {
			continue
		}
		host := ""
		if u, err := url.Parse(c.Key(id)); err == nil {
			host, _ = idna.Lookup.ToASCII(u.Hostname())
		}
		if !ev.WorksFor(host) && !probed {
			probed = true
			c.probe(ctx, ev)
		}
		if !ev.WorksFor(host) {
			l.Verdict = resolve.Unverified
			l.Reason = ReasonHostNotFound + " (no other host resolved: DNS may be filtered)"
			out[id] = l
		}
	}
}

func (c *Checker) probe(ctx context.Context, ev *DNSEvidence) {
	probes := c.DNSProbes
	if probes == nil {
		probes = DefaultDNSProbes
	}
	for _, h := range probes {
		if ev.lookup(ctx, c.dns(), h) == nil {
			return
		}
	}
}
