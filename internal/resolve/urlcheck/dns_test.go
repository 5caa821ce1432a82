package urlcheck

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/cache"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

// stubDNS resolves the names in ok and answers NXDOMAIN for all others,
// so tests need no real DNS.
type stubDNS struct {
	mu    sync.Mutex
	ok    map[string]bool
	asked []string
}

func (s *stubDNS) LookupHost(_ context.Context, host string) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.asked = append(s.asked, host)
	if s.ok[host] {
		return []string{"192.0.2.1"}, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

func newDNSChecker(dns *stubDNS) *Checker {
	c := New(httpclient.New(httpclient.Options{AllowPrivate: true, Retries: -1, Timeout: time.Minute}))
	c.DNS, c.DNSProbes = dns, []string{"probe.test"}
	return c
}

// Behind a resolver that answers NXDOMAIN for everything (egress-filtered
// CI) every link used to be "dead (host not found)", cached for a day and
// repeated under --offline (issue 20, defect 8).
func TestHostNotFoundNeedsWorkingDNS(t *testing.T) {
	urls := []string{"https://gone.test/a", "https://also-gone.test/b#x"}
	tests := []struct {
		name string
		ok   map[string]bool
		want resolve.Verdict
	}{
		{"every lookup fails", map[string]bool{}, resolve.Unverified},
		{"the probe resolves", map[string]bool{"probe.test": true}, resolve.Broken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dns := &stubDNS{ok: tt.ok}
			got := newDNSChecker(dns).Resolve(context.Background(), urls)
			for _, u := range urls {
				l := got[u]
				if l.Verdict != tt.want || !strings.HasPrefix(l.Reason, ReasonHostNotFound) {
					t.Errorf("%s: %+v, want %v", u, l, tt.want)
				}
			}
			probes := 0
			for _, h := range dns.asked {
				if h == "probe.test" {
					probes++
				}
			}
			if probes != 1 {
				t.Errorf("probe looked up %d times: %v", probes, dns.asked)
			}
		})
	}
}

// The host's own lookup is no evidence for itself: only another host's.
func TestDNSEvidence(t *testing.T) {
	var ev DNSEvidence
	if ev.WorksFor("a.test") {
		t.Error("empty evidence works")
	}
	ev.Resolved("A.test")
	if ev.WorksFor("a.test") {
		t.Error("a host is evidence for itself")
	}
	if !ev.WorksFor("b.test") {
		t.Error("another host's resolution is not evidence")
	}
}

// Evidence from another host of the run makes the probe unnecessary.
func TestHostNotFoundWithOtherHostResolved(t *testing.T) {
	dns := &stubDNS{ok: map[string]bool{}}
	c := newDNSChecker(dns)
	c.Evidence = &DNSEvidence{}
	c.Evidence.Resolved("resolved.test")
	got := c.Resolve(context.Background(), []string{"https://gone.test/"})
	if l := got["https://gone.test/"]; l.Verdict != resolve.Broken {
		t.Errorf("%+v", l)
	}
	for _, h := range dns.asked {
		if h == "probe.test" {
			t.Errorf("probed although another host resolved: %v", dns.asked)
		}
	}
}

// A dead host is cached for minutes, not a day; an unverified one not at
// all, so --offline does not repeat it.
func TestHostNotFoundCaching(t *testing.T) {
	clk := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	dir := t.TempDir()
	open := func() *cache.Cache {
		c, err := cache.Open(cache.Options{Dir: dir, Now: func() time.Time { return clk }})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	u := "https://gone.test/"
	cache.Wrap(newDNSChecker(&stubDNS{}), open(), cache.ReadWrite).Resolve(context.Background(), []string{u})
	if l := cache.Wrap(newDNSChecker(&stubDNS{}), open(), cache.Offline).Resolve(context.Background(), []string{u})[u]; l.Reason != cache.OfflineReason {
		t.Errorf("unverified host not found was cached: %+v", l)
	}
	working := &stubDNS{ok: map[string]bool{"probe.test": true}}
	cache.Wrap(newDNSChecker(working), open(), cache.ReadWrite).Resolve(context.Background(), []string{u})
	if l := cache.Wrap(newDNSChecker(working), open(), cache.Offline).Resolve(context.Background(), []string{u})[u]; l.Verdict != resolve.Broken {
		t.Errorf("dead host not cached at all: %+v", l)
	}
	clk = clk.Add(cache.ShortTTL + time.Minute)
	if l := cache.Wrap(newDNSChecker(working), open(), cache.Offline).Resolve(context.Background(), []string{u})[u]; l.Reason != cache.OfflineReason {
		t.Errorf("host not found kept past %v: %+v", cache.ShortTTL, l)
	}
}

// loopbackSpellings are the numeric spellings of 127.0.0.1 that browsers,
// curl and inet_aton read as that address (issue 37, finding 8): each
// went to DNS as a name and came back "host not found", a dead link.
var loopbackSpellings = []string{
	"127.1", "127.0.1", "2130706433", "0x7f000001", "017700000001", "0177.0.0.1",
	"0x7f.0.0.1", "127.0.0.1.", "[::ffff:127.0.0.1]", "１２７.０.０.１", "127。0。0。1",
}

// TestNumericLoopbackRefused: a link to a numeric spelling of loopback is
// refused by the guard, unverified and counted as refused (OnRefused),
// never looked up in DNS nor called dead, while DNS demonstrably works.
func TestNumericLoopbackRefused(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer srv.Close()
	port := srv.URL[strings.LastIndexByte(srv.URL, ':')+1:]
	var mu sync.Mutex
	var refused []string
	c := New(httpclient.New(httpclient.Options{Retries: -1, Timeout: time.Minute,
		Proxy: func(*http.Request) (*url.URL, error) { return nil, nil },
		OnRefused: func(u string, _ error) {
			mu.Lock()
			defer mu.Unlock()
			refused = append(refused, u)
		}}))
	dns := &stubDNS{ok: map[string]bool{"probe.test": true, "resolves.test": true}}
	c.DNS, c.DNSProbes = dns, []string{"probe.test"}
	var urls []string
	for _, h := range loopbackSpellings {
		urls = append(urls, "http://"+h+":"+port+"/status")
	}
	urls = append(urls, "http://gone.test/") // the control: a name DNS does not know is dead
	got := c.Resolve(context.Background(), urls)
	for _, u := range urls[:len(urls)-1] {
		if l := got[u]; l.Verdict != resolve.Unverified || l.Reason != "private address refused" {
			t.Errorf("%s: %+v, want unverified, private address refused", u, l)
		}
	}
	if l := got["http://gone.test/"]; l.Verdict != resolve.Broken {
		t.Errorf("control: %+v, want dead", l)
	}
	if len(refused) != len(loopbackSpellings) {
		t.Errorf("%d requests counted as refused, want %d: %v", len(refused), len(loopbackSpellings), refused)
	}
	for _, h := range dns.asked {
		if h != "gone.test" && h != "probe.test" {
			t.Errorf("asked DNS for %q", h)
		}
	}
	if hits.Load() != 0 {
		t.Errorf("the loopback server was reached %d times", hits.Load())
	}
}

// TestNumericPublicSpelling: a numeric spelling of an address the guard
// allows is asked at that address, as a browser would, not looked up in
// DNS as a name and called dead. (The test server stands for a public
// address through AllowAddrs.)
func TestNumericPublicSpelling(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Host != r.Context().Value(http.LocalAddrContextKey).(net.Addr).String() {
			t.Errorf("Host header %q: the request did not go to the canonical address", r.Host)
		}
	}))
	defer srv.Close()
	port := srv.URL[strings.LastIndexByte(srv.URL, ':')+1:]
	c := New(httpclient.New(httpclient.Options{Retries: -1, Timeout: time.Minute,
		Proxy: func(*http.Request) (*url.URL, error) { return nil, nil }, AllowAddrs: []string{srv.Listener.Addr().String()}}))
	dns := &stubDNS{ok: map[string]bool{"probe.test": true}}
	c.DNS, c.DNSProbes = dns, []string{"probe.test"}
	for _, h := range []string{"2130706433", "127.1", "0x7f.0.0.1", "127.0.0.1."} {
		u := "http://" + h + ":" + port + "/page"
		if l := c.Resolve(context.Background(), []string{u})[u]; l.Verdict != resolve.OK {
			t.Errorf("%s: %+v, want OK", u, l)
		}
	}
	if len(dns.asked) != 0 {
		t.Errorf("asked DNS for %v", dns.asked)
	}
}
