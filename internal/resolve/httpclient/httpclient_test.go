package httpclient

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/resolve"
)

// testOptions keep every wait short: tests never sleep for real intervals.
// The timeout is long because no test waits for it: a loopback answer on a
// loaded machine must never be taken for a timeout, and the tests that
// need one end their attempts with a fakeClock. The host budget (tested
// in budget_test.go) is longer than a few such attempts.
func testOptions() Options {
	return Options{AllowPrivate: true, Timeout: time.Minute, HostBudget: time.Hour, Backoff: time.Millisecond, MaxWait: time.Second, Version: "test"}
}

func TestClassifyAndReason(t *testing.T) {
	dnsNotFound := &url.Error{Op: "Get", URL: "http://nx.invalid/", Err: &net.OpError{Op: "dial", Err: &net.DNSError{Err: "no such host", Name: "nx.invalid", IsNotFound: true}}}
	dnsTemp := &net.DNSError{Err: "server misbehaving", Name: "x", IsTemporary: true}
	refusedConn := &url.Error{Op: "Get", URL: "http://x/", Err: &net.OpError{Op: "dial", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}}
	private := &url.Error{Op: "Get", URL: "http://x/", Err: &net.OpError{Op: "dial", Err: fmt.Errorf("%w: 127.0.0.1:80", ErrPrivateAddress)}}
	tests := []struct {
		status int
		err    error
		want   resolve.Verdict
		reason string
	}{
		{200, nil, resolve.OK, "HTTP 200"},
		{204, nil, resolve.OK, "HTTP 204"},
		{404, nil, resolve.Broken, "HTTP 404"},
		{410, nil, resolve.Broken, "HTTP 410"},
		{429, nil, resolve.Unverified, "HTTP 429"},
		{500, nil, resolve.Unverified, "HTTP 500"},
		{503, nil, resolve.Unverified, "HTTP 503"},
		{401, nil, resolve.Unverified, "HTTP 401"},
		{403, nil, resolve.Unverified, "HTTP 403"},
		{302, nil, resolve.Unverified, "HTTP 302"},
		{0, nil, resolve.Unverified, "no response"},
		{0, dnsNotFound, resolve.Broken, "host not found"},
		{0, dnsTemp, resolve.Unverified, "DNS error"},
		{0, refusedConn, resolve.Unverified, "connection refused"},
		{0, private, resolve.Unverified, "private address refused"},
		{0, context.DeadlineExceeded, resolve.Unverified, "timeout"},
		{0, fmt.Errorf("x: %w", context.Canceled), resolve.Unverified, "canceled"},
		{0, errors.New("weird"), resolve.Unverified, "network error"},
	}
	for _, tt := range tests {
		if got := Classify(tt.status, tt.err); got != tt.want {
			t.Errorf("Classify(%d, %v) = %v, want %v", tt.status, tt.err, got, tt.want)
		}
		if got := Reason(tt.status, tt.err); got != tt.reason {
			t.Errorf("Reason(%d, %v) = %q, want %q", tt.status, tt.err, got, tt.reason)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"3", 3 * time.Second, true},
		{" 0 ", 0, true},
		{"-1", 0, false},
		{"", 0, false},
		{"soon", 0, false},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second, true},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0, true},
	}
	for _, tt := range tests {
		got, ok := retryAfter(tt.in, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("retryAfter(%q) = %v %v, want %v %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestRefused(t *testing.T) {
	tests := map[string]bool{
		"127.0.0.1": true, "::1": true, "10.1.2.3": true, "172.16.0.1": true, "192.168.1.1": true,
		"169.254.169.254": true, "fe80::1": true, "0.0.0.0": true, "::": true, "224.0.0.1": true,
		"ff02::1": true, "fc00::1": true, "100.64.0.1": true, "0.1.2.3": true, "::ffff:127.0.0.1": true,
		"8.8.8.8": false, "2001:4860:4860::8888": false, "100.128.0.1": false, "93.184.216.34": false,
	}
	for s, want := range tests {
		if got := refused(netip.MustParseAddr(s)); got != want {
			t.Errorf("refused(%s) = %v, want %v", s, got, want)
		}
	}
}

func TestPathEscapeDOI(t *testing.T) {
	tests := map[string]string{
		"10.1000/xyz":        "10.1000/xyz",
		"10.1000/456#789":    "10.1000/456%23789",
		"10.1000/a b?c%d":    "10.1000/a%20b%3Fc%25d",
		"10.1000/./x":        "10.1000/%2E/x",
		"10.1000/../x":       "10.1000/%2E%2E/x",
		"10.1002/(SICI)<1>;": "10.1002/%28SICI%29%3C1%3E%3B",
	}
	for in, want := range tests {
		if got := PathEscapeDOI(in); got != want {
			t.Errorf("PathEscapeDOI(%q) = %q, want %q", in, got, want)
		}
	}
}

// sequence answers with the given handlers in turn, the last one repeating.
func sequence(hs ...http.HandlerFunc) (http.HandlerFunc, *atomic.Int64) {
	var n atomic.Int64
	return func(w http.ResponseWriter, r *http.Request) {
		i := int(n.Add(1)) - 1
		hs[min(i, len(hs)-1)](w, r)
	}, &n
}

func status(code int, header ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.WriteHeader(code)
		fmt.Fprint(w, "body")
	}
}

func TestDoRetriesAndGivesUp(t *testing.T) {
	// hang times out the attempt once it has arrived (see fakeClock), so
	// the server sees every attempt in order.
	var clk *fakeClock
	hang := func(w http.ResponseWriter, r *http.Request) {
		clk.expire()
		<-r.Context().Done()
	}
	cutOff := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000")
		w.Write([]byte("only a little"))
	}
	tests := []struct {
		name     string
		handlers []http.HandlerFunc
		retries  int
		status   int
		attempts int64 // requests the server saw
		verdict  resolve.Verdict
		reason   string
	}{
		{"429 then ok", []http.HandlerFunc{status(429, "Retry-After", "0"), status(200)}, 0, 200, 2, resolve.OK, "HTTP 200"},
		{"503 then ok", []http.HandlerFunc{status(503), status(200)}, 0, 200, 2, resolve.OK, "HTTP 200"},
		{"503 always", []http.HandlerFunc{status(503)}, 3, 503, 4, resolve.Unverified, "HTTP 503"},
		{"Retry-After too long", []http.HandlerFunc{status(429, "Retry-After", "3600"), status(200)}, 0, 429, 1, resolve.Unverified, "HTTP 429"},
		{"Retry-After date too far", []http.HandlerFunc{status(503, "Retry-After", time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)), status(200)}, 0, 503, 1, resolve.Unverified, "HTTP 503"},
		{"Retry-After date past", []http.HandlerFunc{status(503, "Retry-After", "Mon, 01 Jan 2001 00:00:00 GMT"), status(200)}, 0, 200, 2, resolve.OK, "HTTP 200"},
		{"404 not retried", []http.HandlerFunc{status(404), status(200)}, 0, 404, 1, resolve.Broken, "HTTP 404"},
		{"403 bot wall", []http.HandlerFunc{status(403)}, 0, 403, 1, resolve.Unverified, "HTTP 403"},
		{"timeout", []http.HandlerFunc{hang}, -1, 0, 1, resolve.Unverified, "timeout"},
		{"timeout then ok", []http.HandlerFunc{hang, status(200)}, 0, 200, 2, resolve.OK, "HTTP 200"},
		{"cut-off body", []http.HandlerFunc{cutOff}, -1, 200, 1, resolve.Unverified, "response cut off"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk = newFakeClock()
			h, n := sequence(tt.handlers...)
			srv := httptest.NewServer(h)
			defer srv.Close()
			o := testOptions()
			o.Retries = tt.retries
			c := clk.client(o)
			resp, err := c.Get(context.Background(), srv.URL+"/x", "")
			l := LookupOf(resp, err)
			if l.Verdict != tt.verdict || !strings.HasPrefix(l.Reason, tt.reason) || n.Load() != tt.attempts || l.Status != tt.status {
				t.Errorf("got %+v (err %v) after %d requests; want %v %q status %d after %d", l, err, n.Load(), tt.verdict, tt.reason, tt.status, tt.attempts)
			}
			if got := c.Requests(srv.Listener.Addr().String()); got != tt.attempts {
				t.Errorf("Requests = %d, want %d", got, tt.attempts)
			}
		})
	}
}

func TestDoStopsAtContextDeadline(t *testing.T) {
	srv := httptest.NewServer(status(503, "Retry-After", "30"))
	defer srv.Close()
	o := testOptions()
	o.MaxWait = time.Hour
	c := New(o)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	resp, err := c.Get(ctx, srv.URL, "")
	if err != nil || resp.Status != 503 || resp.GaveUp != "no time left to retry" {
		t.Fatalf("got %+v, %v", resp, err)
	}
}

func TestBodyCap(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(strings.Repeat("a", 100)))
	}))
	defer srv.Close()
	for _, limit := range []int64{10, 100, 1000} {
		o := testOptions()
		o.MaxBody = limit
		resp, err := New(o).Get(context.Background(), srv.URL, "")
		if err != nil {
			t.Fatal(err)
		}
		if want := min(limit, 100); int64(len(resp.Body)) != want || resp.Truncated != (limit < 100) {
			t.Errorf("limit %d: %d bytes, truncated %v", limit, len(resp.Body), resp.Truncated)
		}
	}
}

func TestUserAgentAndRedirects(t *testing.T) {
	var ua atomic.Value
	mux := http.NewServeMux()
	mux.HandleFunc("/end", func(w http.ResponseWriter, r *http.Request) {
		ua.Store(r.UserAgent())
		w.WriteHeader(200)
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop", http.StatusFound) })
	mux.HandleFunc("/hop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/end", http.StatusMovedPermanently) })
	srv := httptest.NewServer(mux)
	defer srv.Close()
	o := testOptions()
	o.Mailto = "dev@example.org"
	c := New(o)
	resp, err := c.Get(context.Background(), srv.URL+"/hop", "")
	if err != nil || resp.Status != 200 || resp.FinalURL != srv.URL+"/end" {
		t.Fatalf("got %+v, %v", resp, err)
	}
	if want := "citelint/test (+https://github.com/citelint/citelint; mailto:dev@example.org)"; ua.Load() != want {
		t.Errorf("User-Agent %q, want %q", ua.Load(), want)
	}
	_, err = c.Get(context.Background(), srv.URL+"/loop", "")
	if Reason(0, err) != "too many redirects" || Classify(0, err) != resolve.Unverified {
		t.Errorf("loop: %v", err)
	}
	if n := c.Requests(srv.Listener.Addr().String()); n != 2+DefaultMaxRedirects+1 {
		t.Errorf("%d requests, want %d", n, 2+DefaultMaxRedirects+1)
	}
}

func TestPrivateAddressGuard(t *testing.T) {
	var privateHits atomic.Int64
	private := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { privateHits.Add(1) }))
	defer private.Close()
	// "public" stands for a public site: the test exempts its address, and
	// it redirects to a loopback address the guard must refuse.
	public := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, private.URL+"/secret", http.StatusFound)
	}))
	defer public.Close()

	c := New(Options{Timeout: time.Minute, Retries: -1, AllowAddrs: []string{public.Listener.Addr().String()}})
	for _, u := range []string{private.URL, public.URL, "http://localhost:" + private.URL[strings.LastIndexByte(private.URL, ':')+1:]} {
		resp, err := c.Get(context.Background(), u, "")
		l := LookupOf(resp, err)
		if l.Verdict != resolve.Unverified || l.Reason != "private address refused" {
			t.Errorf("%s: got %+v (%v)", u, l, err)
		}
	}
	if privateHits.Load() != 0 {
		t.Errorf("the private server was reached %d times", privateHits.Load())
	}
	if c.Requests(public.Listener.Addr().String()) != 1 {
		t.Errorf("public server requests = %d", c.Requests(public.Listener.Addr().String()))
	}
}

func TestHostConcurrencyLimit(t *testing.T) {
	for _, limit := range []int{1, 3} {
		var inFlight, peak atomic.Int64
		release := make(chan struct{})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			n := inFlight.Add(1)
			defer inFlight.Add(-1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}))
		o := testOptions()
		o.Hosts = map[string]HostLimit{srv.Listener.Addr().String(): {Concurrency: limit}}
		c := New(o)
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c.Get(context.Background(), srv.URL, "")
			}()
		}
		// Let the requests pile up at the server, then let them all go;
		// the closed channel releases every later request at once.
		for inFlight.Load() < int64(limit) {
			time.Sleep(time.Millisecond)
		}
		close(release)
		wg.Wait()
		srv.Close()
		if peak.Load() != int64(limit) {
			t.Errorf("limit %d: peak in flight %d", limit, peak.Load())
		}
	}
}
