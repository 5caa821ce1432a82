package httpclient

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/resolve"
)

func TestParseHost(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" = a host name, not an address
	}{
		{"127.0.0.1", "127.0.0.1"},
		{"127.0.0.1.", "127.0.0.1"},
		{"2130706433", "127.0.0.1"},
		{"017700000001", "127.0.0.1"},
		{"0x7f000001", "127.0.0.1"},
		{"0X7F000001", "127.0.0.1"},
		{"127.1", "127.0.0.1"},
		{"127.0.1", "127.0.0.1"},
		{"0x7f.1", "127.0.0.1"},
		{"0177.0.0.1", "127.0.0.1"},
		{"0x7f.0x0.0x0.0x1", "127.0.0.1"},
		{"0", "0.0.0.0"},
		{"10.0x10000", "10.1.0.0"},
		{"169.254.43518", "169.254.169.254"},
		{"[::1]", "::1"},
		{"::ffff:127.0.0.1", "::ffff:127.0.0.1"},
		{"fe80::1%eth0", "fe80::1%eth0"},
		{"256.0.0.1", ""},
		{"127.256", "127.0.1.0"}, // the last part fills three bytes
		{"127.0.0.256", ""},
		{"1.2.3.4.5", ""},
		{"08.0.0.1", ""}, // 8 is no octal digit: a name, as inet_aton says
		{"1..1", ""},
		{"example.org", ""},
		{"localhost", ""},
		{"0x", "0.0.0.0"},
		{"4294967296", ""},
	}
	for _, tt := range tests {
		a, ok := ParseHost(tt.in)
		got := ""
		if ok {
			got = a.String()
		}
		if got != tt.want {
			t.Errorf("ParseHost(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRefusedEmbeddedIPv4(t *testing.T) {
	tests := map[string]bool{
		"64:ff9b::7f00:1":                      true,  // NAT64 of 127.0.0.1
		"64:ff9b::a9fe:a9fe":                   true,  // NAT64 of 169.254.169.254
		"64:ff9b:1::a00:1":                     true,  // local-use NAT64 of 10.0.0.1
		"64:ff9b::808:808":                     false, // NAT64 of 8.8.8.8 (DNS64 networks need it)
		"2002:7f00:1::":                        true,  // 6to4 of 127.0.0.1
		"2002:c0a8:101::1":                     true,  // 6to4 of 192.168.1.1
		"2002:808:808::1":                      false, // 6to4 of 8.8.8.8
		"::127.0.0.1":                          true,  // IPv4-compatible
		"::10.0.0.1":                           true,
		"::ffff:10.0.0.1":                      true, // IPv4-mapped
		"2001:0:4136:e378:8000:63bf:3fff:fdd2": true, // Teredo
		"fec0::1":                              true,
		"198.18.0.1":                           true,
		"192.0.0.8":                            true,
		"240.0.0.1":                            true,
		"255.255.255.255":                      true,
		"2606:4700::1111":                      false,
	}
	for s, want := range tests {
		if got := refused(netip.MustParseAddr(s)); got != want {
			t.Errorf("refused(%s) = %v, want %v", s, got, want)
		}
	}
}

// TestProxyNeverSeesRefusedTargets pins issue 20's proxy bypass: with
// HTTP_PROXY set, the proxy connected to whatever the URL named, so
// 127.1, 2130706433 and names resolving to loopback reached it.
func TestProxyNeverSeesRefusedTargets(t *testing.T) {
	var seen []string
	var hits atomic.Int64
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		seen = append(seen, r.URL.String())
		if r.URL.Host == "redirects.example" {
			http.Redirect(w, r, "http://127.1/secret", http.StatusFound)
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	defer proxy.Close()
	pu, _ := url.Parse(proxy.URL)
	c := New(Options{Timeout: time.Minute, Retries: -1, Proxy: http.ProxyURL(pu)})
	dns := map[string]string{
		"public.example": "93.184.216.34", "redirects.example": "93.184.216.34",
		"loopback.example": "127.0.0.1", "metadata.example": "169.254.169.254", "nat64.example": "64:ff9b::7f00:1",
	}
	c.lookup = func(_ context.Context, _, host string) ([]netip.Addr, error) {
		if a, ok := dns[host]; ok {
			return []netip.Addr{netip.MustParseAddr("93.184.216.34"), netip.MustParseAddr(a)}, nil
		}
		return nil, errors.New("no such host in the test")
	}
	for _, target := range []string{
		"http://2130706433:8080/", "http://127.1/", "http://0x7f.1/", "http://0177.0.0.1/", "http://127.0.0.1./",
		"http://localhost./", "http://LOCALHOST/", "http://app.localhost/", "http://0/", "http://10.1/",
		"http://169.254.43518/latest/meta-data/", "http://[::1]/", "http://[::ffff:127.0.0.1]/", "http://[::127.0.0.1]/",
		"http://[64:ff9b::7f00:1]/", "http://[2002:7f00:1::]/", "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
		"http://[fe80::1%25eth0]/", "https://127.1/", "http://loopback.example/", "http://metadata.example/",
		"http://nat64.example/", "http://unknown.example/", "http://redirects.example/",
	} {
		hits.Store(0)
		resp, err := c.Get(context.Background(), target, "")
		l := LookupOf(resp, err)
		if l.Verdict == resolve.Broken {
			t.Errorf("%s: refused target reported broken: %+v", target, l)
		}
		if target == "http://unknown.example/" {
			if hits.Load() != 0 || err == nil {
				t.Errorf("%s: a name citelint cannot resolve reached the proxy", target)
			}
			continue
		}
		want := int64(0)
		if target == "http://redirects.example/" {
			want = 1 // the public hop goes through; its redirect to 127.1 must not
		}
		if hits.Load() != want || !errors.Is(err, ErrPrivateAddress) || l.Reason != "private address refused" {
			t.Errorf("%s: proxy saw %d requests (want %d), err %v, lookup %+v", target, hits.Load(), want, err, l)
		}
	}
	// The control: a public target does go through the proxy.
	hits.Store(0)
	resp, err := c.Get(context.Background(), "http://public.example/", "")
	if err != nil || resp.Status != 200 || hits.Load() != 1 {
		t.Errorf("public target through the proxy: %v %v, %d hits", resp, err, hits.Load())
	}
	if t.Failed() {
		t.Logf("proxy saw %s", strings.Join(seen, " "))
	}
}

// TestAllowHostsOnlyForEndpoints pins issue 37, finding 4: a host the
// workflow trusts (--trusted-host, --judge-url) is exempt for requests
// citelint addresses there itself (a registry mirror, the judge), on
// their first hop, with or without a proxy; a document's link to it, a
// redirect that lands on it and other hosts stay refused.
func TestAllowHostsOnlyForEndpoints(t *testing.T) {
	var trustedHits atomic.Int64
	trusted := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		trustedHits.Add(1)
		if r.URL.Path == "/hop" {
			http.Redirect(w, r, "/status", http.StatusFound)
		}
	}))
	defer trusted.Close()
	u, _ := url.Parse(trusted.URL)
	// "public" stands for a public site (AllowAddrs) that redirects to
	// the trusted host.
	public := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, trusted.URL+"/status", http.StatusFound)
	}))
	defer public.Close()
	direct := func(*http.Request) (*url.URL, error) { return nil, nil }
	endpoint := Endpoint(context.Background())
	for _, allow := range [][]string{{"127.0.0.1"}, {u.Host}, {"127.1"}, {"LOCALHOST.", "0x7f000001:" + u.Port()}} {
		c := New(Options{Timeout: time.Minute, Retries: -1, AllowHosts: allow, Proxy: direct, AllowAddrs: []string{public.Listener.Addr().String()}})
		tests := []struct {
			name string
			ctx  context.Context
			url  string
			ok   bool
		}{
			{"endpoint", endpoint, trusted.URL + "/api", true},
			{"endpoint, numeric spelling", endpoint, "http://2130706433:" + u.Port() + "/api", true},
			{"document link", context.Background(), trusted.URL + "/status", false},
			{"endpoint redirected to the trusted host", Endpoint(context.Background()), public.URL, false},
			{"link redirected to the trusted host", context.Background(), public.URL, false},
			{"endpoint redirected within the trusted host", endpoint, trusted.URL + "/hop", false},
			{"endpoint on another host", endpoint, "http://127.0.0.2:" + u.Port() + "/", false},
		}
		for _, tt := range tests {
			trustedHits.Store(0)
			resp, err := c.Get(tt.ctx, tt.url, "")
			switch {
			case tt.ok && (err != nil || resp.Status != 200):
				t.Errorf("trusting %v, %s: %v %v", allow, tt.name, resp, err)
			case !tt.ok && !errors.Is(err, ErrPrivateAddress):
				t.Errorf("trusting %v, %s: not refused: %v", allow, tt.name, err)
			case !tt.ok && tt.name != "endpoint redirected within the trusted host" && trustedHits.Load() != 0:
				t.Errorf("trusting %v, %s: the trusted host was reached", allow, tt.name)
			}
		}
	}
	c := New(Options{Timeout: time.Minute, Retries: -1, AllowHosts: []string{"127.0.0.1:1"}})
	if _, err := c.Get(endpoint, trusted.URL, ""); !errors.Is(err, ErrPrivateAddress) {
		t.Errorf("another port of an allowed host was not refused: %v", err)
	}
}

// TestEndpointTransport: the judge's transport may reach a trusted host;
// the plain one may not.
func TestEndpointTransport(t *testing.T) {
	srv := httptest.NewServer(status(200))
	defer srv.Close()
	c := New(Options{Timeout: time.Minute, Retries: -1, AllowHosts: []string{srv.Listener.Addr().String()},
		Proxy: func(*http.Request) (*url.URL, error) { return nil, nil }})
	for _, tt := range []struct {
		name string
		rt   http.RoundTripper
		ok   bool
	}{{"endpoint", c.EndpointTransport(), true}, {"plain", c.Transport(), false}} {
		resp, err := (&http.Client{Transport: tt.rt}).Post(srv.URL+"/v1/chat/completions", "application/json", strings.NewReader("{}"))
		if resp != nil {
			resp.Body.Close()
		}
		if got := err == nil && resp.StatusCode == 200; got != tt.ok {
			t.Errorf("%s: %v %v, want allowed %v", tt.name, resp, err, tt.ok)
		}
	}
}

// TestProxyAddressNotATarget pins issue 37, finding 4: with HTTP_PROXY on
// loopback, the proxy's own host:port was exempt as a target, so a public
// page redirecting to http://127.0.0.1:3128/status had the proxy fetch
// its own status page, which low-overlap then quoted. The connection to
// the proxy is not checked; a request for the proxy's address is.
func TestProxyAddressNotATarget(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	var self string // the proxy's host:port
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.URL.String())
		mu.Unlock()
		switch {
		case r.URL.Host == self || r.URL.Host == "":
			w.Write([]byte("proxy status: secret"))
		case r.URL.Host == "public.example":
			http.Redirect(w, r, "http://"+self+"/status", http.StatusFound)
		default:
			w.Write([]byte("a public page"))
		}
	}))
	defer proxy.Close()
	self = proxy.Listener.Addr().String()
	pu, _ := url.Parse(proxy.URL)
	c := New(Options{Timeout: time.Minute, Retries: -1, Proxy: http.ProxyURL(pu)})
	c.lookup = func(_ context.Context, _, host string) ([]netip.Addr, error) {
		return []netip.Addr{netip.MustParseAddr("93.184.216.34")}, nil // every name is public here
	}
	// The control first: the proxy carries public requests (and its
	// address was once remembered as exempt from then on).
	if resp, err := c.Get(context.Background(), "http://other.example/", ""); err != nil || string(resp.Body) != "a public page" {
		t.Fatalf("public request through the proxy: %v %v", resp, err)
	}
	port := self[strings.LastIndexByte(self, ':')+1:]
	for _, target := range []string{"http://public.example/", "http://" + self + "/status", "http://127.1:" + port + "/status"} {
		resp, err := c.Get(context.Background(), target, "")
		if !errors.Is(err, ErrPrivateAddress) {
			t.Errorf("%s: not refused: %v %v", target, resp, err)
		}
		if resp != nil && strings.Contains(string(resp.Body), "secret") {
			t.Errorf("%s: the proxy's own page was fetched", target)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for _, s := range seen {
		if strings.Contains(s, "/status") {
			t.Errorf("the proxy was asked for %s; it saw %v", s, seen)
		}
	}
}

// TestDirectNumericSpellings: without a proxy, a spelling Go's resolver
// does not read as an address went to DNS and came back "host not found",
// a dead link; it is refused before that, on redirect hops too.
func TestDirectNumericSpellings(t *testing.T) {
	var privateHits atomic.Int64
	private := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { privateHits.Add(1) }))
	defer private.Close()
	port := private.URL[strings.LastIndexByte(private.URL, ':')+1:]
	public := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://2130706433:"+port+"/secret", http.StatusFound)
	}))
	defer public.Close()
	direct := func(*http.Request) (*url.URL, error) { return nil, nil }
	c := New(Options{Timeout: time.Minute, Retries: -1, Proxy: direct, AllowAddrs: []string{public.Listener.Addr().String()}})
	for _, target := range []string{
		"http://2130706433:" + port + "/", "http://127.1:" + port + "/", "http://0x7f.1:" + port + "/",
		"http://0177.0.0.1:" + port + "/", "http://localhost.:" + port + "/", "http://[::ffff:7f00:1]:" + port + "/",
		"http://[64:ff9b::7f00:1]:" + port + "/", public.URL,
	} {
		resp, err := c.Get(context.Background(), target, "")
		l := LookupOf(resp, err)
		if !errors.Is(err, ErrPrivateAddress) || l.Verdict != resolve.Unverified || l.Reason != "private address refused" {
			t.Errorf("%s: %+v (%v), want refused and unverified", target, l, err)
		}
	}
	if privateHits.Load() != 0 {
		t.Errorf("the loopback server was reached %d times", privateHits.Load())
	}
}

func TestCanonicalHost(t *testing.T) {
	tests := map[string]string{
		"127.1":              "127.0.0.1",
		"2130706433":         "127.0.0.1",
		"0177.0.0.1":         "127.0.0.1",
		"127.0.0.1.":         "127.0.0.1",
		"0x7f.0.0.1":         "127.0.0.1",
		"0X7F.1":             "127.0.0.1",
		"127.000.000.001":    "127.0.0.1",
		"１２７.０.０.１":          "127.0.0.1", // fullwidth digits and dots, as IDNA maps them
		"127。0。0。1":          "127.0.0.1", // ideographic full stops
		"::ffff:127.0.0.1":   "::ffff:127.0.0.1",
		"::FFFF:7f00:1":      "::ffff:127.0.0.1",
		"0:0:0:0:0:0:0:1":    "::1",
		"0x5db8d822":         "93.184.216.34",
		"Example.ORG":        "example.org",
		"example.org.":       "example.org.",
		"ｌｏｃａｌｈｏｓｔ":          "localhost",
		"256.0.0.1":          "256.0.0.1", // not an address: a name, as inet_aton says
		"xn--bcher-kva.test": "xn--bcher-kva.test",
		"bücher.test":        "xn--bcher-kva.test",
	}
	for in, want := range tests {
		if got := CanonicalHost(in); got != want {
			t.Errorf("CanonicalHost(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzCanonicalHost: the canonical form is a fixed point, an address
// stays the same address, and PrivateHost agrees across the two forms.
func FuzzCanonicalHost(f *testing.F) {
	for _, s := range []string{"127.1", "2130706433", "0x7f.0.0.1", "127.0.0.1.", "::ffff:127.0.0.1", "１２７.０.０.１",
		"example.org", "localhost.", "0x", "1..1", "fe80::1%eth0", "a.b.c.d.e", "ｌｏｃａｌｈｏｓｔ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, host string) {
		c := CanonicalHost(host)
		if CanonicalHost(c) != c {
			t.Errorf("CanonicalHost(%q) = %q, whose canonical form is %q", host, c, CanonicalHost(c))
		}
		if a, ok := ParseHost(c); ok && a.String() != c {
			t.Errorf("CanonicalHost(%q) = %q, not the address %s", host, c, a)
		}
		if PrivateHost(host) != PrivateHost(c) {
			t.Errorf("PrivateHost(%q) = %v but PrivateHost(%q) = %v", host, PrivateHost(host), c, PrivateHost(c))
		}
	})
}
