package resolve_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/arxiv"
	"github.com/citelint/citelint/internal/resolve/crossref"
	"github.com/citelint/citelint/internal/resolve/datacite"
	"github.com/citelint/citelint/internal/resolve/doi"
	"github.com/citelint/citelint/internal/resolve/httpclient"
	"github.com/citelint/citelint/internal/resolve/urlcheck"
)

// Fault injection: whatever a server or the network does wrong, a lookup
// must not call a citation broken, must not panic and must return. Each
// fault is served to every resolver.

// brokenIfWhole are bodies that would mean "does not exist" if they
// arrived whole; cut short they must mean nothing.
var brokenIfWhole = map[string]string{
	"doi":      `{"responseCode":100,"pad":"` + strings.Repeat("x", 4000) + `"}`,
	"crossref": `{"status":"ok","message":{"title":["` + strings.Repeat("x", 4000) + `"]}}`,
	"datacite": `{"data":{"attributes":{"titles":[{"title":"` + strings.Repeat("x", 4000) + `"}]}}}`,
	"arxiv":    `<feed xmlns="http://www.w3.org/2005/Atom"><!--` + strings.Repeat("x", 4000) + `--></feed>`,
	"url":      `<html><title>` + strings.Repeat("x", 4000) + `</title></html>`,
}

type fault struct {
	name    string
	handler func(kind string, private string) http.HandlerFunc
}

var faults = []fault{
	{"timeout", func(string, string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }
	}},
	{"429 with long Retry-After", func(string, string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(429)
		}
	}},
	{"429 with Retry-After date", func(string, string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", time.Now().Add(2*time.Hour).UTC().Format(http.TimeFormat))
			w.WriteHeader(429)
		}
	}},
	{"503 always", func(string, string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(503)
		}
	}},
	{"body cut off before Content-Length", func(kind, _ string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "100000")
			w.Write([]byte(brokenIfWhole[kind][:20]))
		}
	}},
	{"body over the size cap", func(kind, _ string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(brokenIfWhole[kind])) }
	}},
	{"connection dropped", func(string, string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
		}
	}},
	{"garbage body", func(string, string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("\x00\xff<<{{not json or xml")) }
	}},
	{"redirect to a private address", func(_ string, private string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, private+r.URL.RequestURI(), http.StatusFound)
		}
	}},
}

type subject struct {
	kind string
	ids  []string
	make func(c *httpclient.Client, base string) resolve.Resolver
}

var subjects = []subject{
	{"doi", []string{"10.1000/a", "10.1000/b"}, func(c *httpclient.Client, base string) resolve.Resolver {
		r := doi.New(c)
		r.Base = base
		return r
	}},
	{"crossref", []string{"10.1000/a", "10.1000/b"}, func(c *httpclient.Client, base string) resolve.Resolver {
		r := crossref.New(c)
		r.Base = base
		return r
	}},
	{"datacite", []string{"10.1000/a", "10.1000/b"}, func(c *httpclient.Client, base string) resolve.Resolver {
		r := datacite.New(c)
		r.Base = base
		return r
	}},
	{"arxiv", []string{"2101.00001", "hep-th/9901001"}, func(c *httpclient.Client, base string) resolve.Resolver {
		r := arxiv.New(c)
		r.Base = base
		return r
	}},
	{"url", []string{"/page", "/other?q=1"}, func(c *httpclient.Client, base string) resolve.Resolver {
		return urlcheck.New(c)
	}},
}

func TestFaultsNeverBroken(t *testing.T) {
	var privateHits atomic.Int64
	private := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		privateHits.Add(1)
		http.NotFound(w, r) // would be Broken if it were ever reached
	}))
	defer private.Close()
	for _, f := range faults {
		for _, s := range subjects {
			t.Run(f.name+"/"+s.kind, func(t *testing.T) {
				srv := httptest.NewServer(f.handler(s.kind, private.URL))
				defer srv.Close()
				// The faulty server stands for a public host; everything
				// else on loopback is private and must be refused.
				c := httpclient.New(httpclient.Options{
					AllowAddrs: []string{srv.Listener.Addr().String()},
					Timeout:    100 * time.Millisecond, Retries: 1, Backoff: time.Millisecond,
					MaxWait: time.Second, MaxBody: 1000,
				})
				r := s.make(c, srv.URL)
				ids := s.ids
				if s.kind == "url" {
					ids = []string{srv.URL + ids[0], srv.URL + ids[1]}
				}
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				got := r.Resolve(ctx, ids)
				if ctx.Err() != nil {
					t.Errorf("returned after the context's deadline")
				}
				for _, id := range ids {
					l, ok := got[id]
					if !ok {
						t.Errorf("%s: no answer", id)
					}
					if l.Verdict == resolve.Broken {
						t.Errorf("%s: Broken (%s)", id, l.Reason)
					}
					t.Logf("%s: %v %q", id, l.Verdict, l.Reason)
					if l.Verdict == resolve.Unverified && l.Reason == "" {
						t.Errorf("%s: Unverified without a reason", id)
					}
				}
			})
		}
	}
	if n := privateHits.Load(); n != 0 {
		t.Errorf("the private server was reached %d times", n)
	}
}

func TestContextDeadlineBoundsTheCall(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	defer srv.Close()
	// The client would wait a minute per attempt; the caller's deadline
	// is what must end the call.
	c := httpclient.New(httpclient.Options{AllowPrivate: true, Timeout: time.Minute, Backoff: time.Minute, MaxWait: time.Hour})
	for _, s := range subjects {
		r := s.make(c, srv.URL)
		ids := s.ids
		if s.kind == "url" {
			ids = []string{srv.URL + ids[0]}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		start := time.Now()
		got := r.Resolve(ctx, ids)
		cancel()
		// Far below the client's one-minute timeout: only the context can
		// have ended the call. (A generous bound, not a timing test.)
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%s: took %v", s.kind, d)
		}
		for _, id := range ids {
			if l := got[id]; l.Verdict != resolve.Unverified {
				t.Errorf("%s %s: %+v", s.kind, id, l)
			}
		}
	}
}

func ExampleFanout() {
	got := resolve.Fanout(context.Background(), []string{"a", "b"}, 4, func(_ context.Context, id string) resolve.Lookup {
		return resolve.Lookup{Verdict: resolve.OK, Reason: "seen " + id}
	})
	fmt.Println(got["a"].Reason, got["b"].Verdict)
	// Output: seen a ok
}
