package doi

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

func TestLookup(t *testing.T) {
	var mu sync.Mutex
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		paths = append(paths, r.URL.EscapedPath())
		mu.Unlock()
		d := strings.TrimPrefix(r.URL.Path, "/api/handles/")
		switch d {
		case "10.1000/ok", "10.1000/a#b":
			fmt.Fprintf(w, `{"responseCode":1,"handle":%q,"values":[{"index":1,"type":"URL","data":{"format":"string","value":"https://example.org/paper"}}]}`, d)
		case "10.1000/typeless":
			fmt.Fprint(w, `{"responseCode":200,"handle":"10.1000/typeless"}`)
		case "10.1000/missing":
			w.WriteHeader(404)
			fmt.Fprint(w, `{"responseCode":100}`)
		case "10.1000/missing200":
			fmt.Fprint(w, `{"responseCode":100}`)
		case "10.1000/error":
			w.WriteHeader(500)
			fmt.Fprint(w, `{"responseCode":2}`)
		case "10.1000/plain404":
			http.NotFound(w, r)
		case "10.1000/odd":
			fmt.Fprint(w, `{"responseCode":402}`)
		case "10.1000/busy":
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(429)
		case "10.1000/html":
			fmt.Fprint(w, `<html>captive portal</html>`)
		}
	}))
	defer srv.Close()
	c := httpclient.New(httpclient.Options{AllowPrivate: true, Backoff: time.Millisecond, Timeout: time.Minute})
	r := New(c)
	r.Base = srv.URL + "/"
	tests := []struct {
		id      string
		verdict resolve.Verdict
		reason  string
	}{
		{"10.1000/OK", resolve.OK, "handle exists"},
		{"https://doi.org/10.1000/ok", resolve.OK, "handle exists"},
		{"doi:10.1000/a%23b", resolve.OK, "handle exists"},
		{"10.1000/typeless", resolve.OK, "handle exists"},
		{"10.1000/missing", resolve.Broken, "handle not found"},
		{"10.1000/missing200", resolve.Broken, "handle not found"},
		{"10.1000/error", resolve.Unverified, "HTTP 500"},
		{"10.1000/plain404", resolve.Unverified, "HTTP 404, not a handle API response"},
		{"10.1000/odd", resolve.Unverified, "handle server answered responseCode 402"},
		{"10.1000/busy", resolve.Unverified, "HTTP 429"},
		{"10.1000/html", resolve.Unverified, "HTTP 200, not a handle API response"},
		{"10.1786", resolve.Unverified, "not a DOI"},
	}
	var ids []string
	for _, tt := range tests {
		ids = append(ids, tt.id)
	}
	got := r.Resolve(context.Background(), ids)
	if len(got) != len(ids) {
		t.Errorf("%d results for %d ids", len(got), len(ids))
	}
	for _, tt := range tests {
		l := got[tt.id]
		if l.Verdict != tt.verdict || !strings.HasPrefix(l.Reason, tt.reason) {
			t.Errorf("%s: got %v %q, want %v %q", tt.id, l.Verdict, l.Reason, tt.verdict, tt.reason)
		}
	}
	if u := got["10.1000/OK"].FinalURL; u != "https://example.org/paper" {
		t.Errorf("FinalURL %q", u)
	}
	for _, p := range paths {
		if strings.Contains(p, "a#b") || strings.HasPrefix(p, "//") {
			t.Errorf("badly escaped request path %q", p)
		}
	}
}
