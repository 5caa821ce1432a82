package httpclient

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/citelint/citelint/resolve"
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

// TestAllowHosts: a host the workflow names is exempt from the guard,
// with or without a proxy; others stay refused.
func TestAllowHosts(t *testing.T) {
	srv := httptest.NewServer(status(200))
	defer srv.Close()
	u, _ := url.Parse(srv.URL)
	for _, allow := range [][]string{{"127.0.0.1"}, {u.Host}} {
		c := New(Options{Timeout: time.Minute, Retries: -1, AllowHosts: allow, Proxy: func(*http.Request) (*url.URL, error) { return nil, nil }})
		if resp, err := c.Get(context.Background(), srv.URL, ""); err != nil || resp.Status != 200 {
			t.Errorf("allowed %v: %v %v", allow, resp, err)
		}
		if _, err := c.Get(context.Background(), "http://localhost:"+u.Port(), ""); !errors.Is(err, ErrPrivateAddress) {
			t.Errorf("allowed %v: localhost not refused: %v", allow, err)
		}
	}
	c := New(Options{Timeout: time.Minute, Retries: -1, AllowHosts: []string{"127.0.0.1:1"}})
	if _, err := c.Get(context.Background(), srv.URL, ""); !errors.Is(err, ErrPrivateAddress) {
		t.Errorf("another port of an allowed host was not refused: %v", err)
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
