package urlcheck

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

func TestCheck(t *testing.T) {
	var mu sync.Mutex
	seen := map[string][]string{} // path -> methods
	page := func(w http.ResponseWriter, ct, body string) {
		w.Header().Set("Content-Type", ct)
		w.Write([]byte(body))
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen[r.URL.Path] = append(seen[r.URL.Path], r.Method)
		mu.Unlock()
		head := r.Method == http.MethodHead
		switch r.URL.Path {
		case "/ok":
			page(w, "text/html", "<title>ok</title>")
		case "/gone":
			w.WriteHeader(410)
		case "/missing":
			http.NotFound(w, r)
		case "/nohead":
			if head {
				w.WriteHeader(405)
				return
			}
			page(w, "text/html; charset=utf-8", "<!doctype html><html><head><title>\n  Hello &amp;\n world </title></head><body>x</body></html>")
		case "/headwall":
			if head {
				w.WriteHeader(403)
				return
			}
			page(w, "application/pdf", "%PDF-1.7 <title>not html</title>")
		case "/wall":
			w.WriteHeader(403)
		case "/latin1":
			if head {
				w.WriteHeader(501)
				return
			}
			page(w, "text/html; charset=iso-8859-1", "<title>Caf\xe9</title>")
		case "/redirect":
			http.Redirect(w, r, "/ok", http.StatusMovedPermanently)
		case "/busy":
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(429)
		case "/error":
			w.WriteHeader(500)
		}
	}))
	defer srv.Close()
	c := New(httpclient.New(httpclient.Options{AllowPrivate: true, Backoff: time.Millisecond, Timeout: time.Minute}))
	tests := []struct {
		path    string
		verdict resolve.Verdict
		reason  string
		title   string
		final   string
		methods string
	}{
		{"/ok", resolve.OK, "HTTP 200", "", "/ok", "HEAD"},
		{"/gone", resolve.Broken, "HTTP 410", "", "/gone", "HEAD"},
		{"/missing", resolve.Broken, "HTTP 404", "", "/missing", "HEAD"},
		{"/nohead", resolve.OK, "HTTP 200", "Hello & world", "/nohead", "HEAD GET"},
		{"/headwall", resolve.OK, "HTTP 200", "", "/headwall", "HEAD GET"},
		{"/wall", resolve.Unverified, "HTTP 403", "", "/wall", "HEAD GET"},
		{"/latin1", resolve.OK, "HTTP 200", "Café", "/latin1", "HEAD GET"},
		{"/redirect", resolve.OK, "HTTP 200", "", "/ok", "HEAD"},
		{"/busy", resolve.Unverified, "HTTP 429", "", "/busy", "HEAD"},
		{"/error", resolve.Unverified, "HTTP 500", "", "/error", "HEAD"},
	}
	var ids []string
	for _, tt := range tests {
		ids = append(ids, srv.URL+tt.path)
	}
	ids = append(ids, "ftp://example.org/file", srv.URL+"/ok#section")
	got := c.Resolve(context.Background(), ids)
	if len(got) != len(ids) {
		t.Errorf("%d answers for %d ids", len(got), len(ids))
	}
	for _, tt := range tests {
		l := got[srv.URL+tt.path]
		if l.Verdict != tt.verdict || !strings.HasPrefix(l.Reason, tt.reason) || l.HTMLTitle != tt.title || l.FinalURL != srv.URL+tt.final {
			t.Errorf("%s: got %+v", tt.path, l)
		}
		if tt.path != "/ok" && tt.path != "/redirect" {
			if m := strings.Join(seen[tt.path], " "); m != tt.methods {
				t.Errorf("%s: methods %q, want %q", tt.path, m, tt.methods)
			}
		}
	}
	if l := got["ftp://example.org/file"]; l.Verdict != resolve.Unverified || l.Reason != "not an http(s) URL" {
		t.Errorf("ftp: %+v", l)
	}
	if l := got[srv.URL+"/ok#section"]; l.Verdict != resolve.OK {
		t.Errorf("fragment: %+v", l)
	}
	if ct := got[srv.URL+"/headwall"].ContentType; ct != "application/pdf" {
		t.Errorf("content type %q", ct)
	}
}

func TestTitle(t *testing.T) {
	tests := []struct{ body, ct, want string }{
		{"<title>A</title>", "text/html", "A"},
		{"<html><head><meta charset=\"iso-8859-1\"><title>Caf\xe9</title>", "text/html", "Café"},
		{"<html><head></head><body><svg><title>icon</title></svg></body>", "text/html", ""},
		{"<title></title>", "text/html", ""},
		{"<title>cut off", "text/html", "cut off"},
		{"no markup at all", "text/html", ""},
		{"", "", ""},
	}
	for _, tt := range tests {
		if got := Title([]byte(tt.body), tt.ct); got != tt.want {
			t.Errorf("Title(%q) = %q, want %q", tt.body, got, tt.want)
		}
	}
}

func TestCheckText(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodHead {
			t.Error("text mode sent a HEAD request")
		}
		switch r.URL.Path {
		case "/article":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(`<html><head><title>T</title><script>var x = "noise";</script></head><body><nav>Home | About</nav><article><p>Sea level rose 20 cm since 1900.</p></article></body></html>`))
		case "/plain":
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte("Plain text source."))
		}
	}))
	defer srv.Close()
	c := New(httpclient.New(httpclient.Options{AllowPrivate: true}))
	c.Text = true
	if c.Name() != "url-text" {
		t.Errorf("name %q", c.Name())
	}
	l := c.Check(context.Background(), srv.URL+"/article")
	if !strings.Contains(l.Text, "Sea level rose 20 cm since 1900.") || strings.Contains(l.Text, "noise") {
		t.Errorf("article text %q", l.Text)
	}
	if l := c.Check(context.Background(), srv.URL+"/plain"); l.Text != "Plain text source." {
		t.Errorf("plain text %q", l.Text)
	}
}
