// Package urlcheck checks that cited web pages answer, and records what
// answered (status, final URL after redirects, content type, HTML title)
// so rules can spot a citation whose link now lands on a login wall, a
// domain parking page or an unrelated article.
//
// It tries HEAD first, because most servers answer it without sending the
// page, and falls back to GET when HEAD is refused (405, 501), walled
// (403: some sites wall HEAD only) or fails. Redirects are followed, and
// every hop passes the HTTP client's private-address guard, so a hostile
// document cannot make citelint probe the network it runs in. Only 404,
// 410 and a host name that does not exist (while DNS demonstrably works,
// see dns.go) are Broken: sites that block scripts (401, 403, 429, 5xx,
// captchas) are Unverified, never dead.
package urlcheck

import (
	"bytes"
	"context"
	"errors"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/sources"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"

	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

// Checker checks URLs.
type Checker struct {
	Client *httpclient.Client
	// Text makes Check GET every page (no HEAD first) and keep its
	// readable text in Lookup.Text, for claim-support rules.
	Text bool
	// Workers bounds the goroutines waiting for the client's host limits.
	Workers int
	// DNS looks host names up, net.DefaultResolver when nil.
	DNS HostResolver
	// DNSProbes are looked up to learn whether DNS works when no other
	// host of the run resolved; DefaultDNSProbes when nil.
	DNSProbes []string
	// Evidence pools what this run learnt about DNS; one is made when
	// nil. Checkers of one run should share it.
	Evidence *DNSEvidence

	evMu sync.Mutex
}

// New returns a Checker using c.
func New(c *httpclient.Client) *Checker {
	return &Checker{Client: c, Workers: 32}
}

// Name is "url".
func (c *Checker) Name() string {
	if c.Text {
		return "url-text" // cached apart: an answer without text cannot serve a request for text
	}
	return "url"
}

// Key is the URL without its fragment, which is never sent to the server,
// so page.html#a and page.html#b are checked once.
func (c *Checker) Key(id string) string {
	s := strings.TrimSpace(id)
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	return s
}

// Resolve checks each URL concurrently under the client's host limits. A
// host not found is Broken only when DNS demonstrably works in the run.
func (c *Checker) Resolve(ctx context.Context, ids []string) map[string]resolve.Lookup {
	out := resolve.Fanout(ctx, ids, c.Workers, c.Check)
	c.judgeNotFound(ctx, out)
	return out
}

// acceptHTML prefers a page over whatever else the server has, so the
// title can be read.
const acceptHTML = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"

// Check checks one URL. Its "host not found" is raw; Resolve weighs it
// against what the run learnt about DNS.
func (c *Checker) Check(ctx context.Context, raw string) resolve.Lookup {
	u, err := url.Parse(c.Key(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return resolve.Lookup{Reason: "not an http(s) URL"}
	}
	if l, done := c.preResolve(ctx, u); done {
		return l
	}
	target := u.String()
	if !c.Text {
		resp, err := c.Client.Head(ctx, target)
		if !needGet(resp, err) || ctx.Err() != nil {
			return httpclient.LookupOf(resp, err)
		}
	}
	resp, err := c.Client.Get(ctx, target, acceptHTML)
	l := httpclient.LookupOf(resp, err)
	if err == nil && resp != nil && len(resp.Body) > 0 && l.Verdict == resolve.OK {
		mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
		switch {
		case mt == "text/html" || mt == "application/xhtml+xml":
			l.HTMLTitle = Title(resp.Body, resp.Header.Get("Content-Type"))
			if c.Text {
				l.Text = capText(sources.HTMLText(resp.Body))
			}
		case c.Text && (mt == "text/plain" || mt == "text/markdown"):
			l.Text = capText(string(resp.Body))
		}
	}
	return l
}

// maxText caps a page's stored text: claim support needs the article, not
// a 5 MB single-page app, and the cache keeps what it is given.
const maxText = 256 << 10

func capText(s string) string {
	if len(s) <= maxText {
		return s
	}
	cut := maxText
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// needGet reports whether a HEAD outcome should be confirmed with GET.
func needGet(resp *httpclient.Response, err error) bool {
	if err != nil {
		// No second try for answers a GET cannot change.
		return !errors.Is(err, httpclient.ErrPrivateAddress) && httpclient.Classify(0, err) != resolve.Broken &&
			!errors.Is(err, httpclient.ErrTooManyRedirects)
	}
	switch resp.Status {
	case http.StatusMethodNotAllowed, http.StatusForbidden, http.StatusNotImplemented:
		return true
	}
	return false
}

// Title returns the text of an HTML document's <title>, white space
// collapsed, or "" when the head has none. contentType's charset (or a
// <meta charset>) is honoured so Latin-1 and Shift JIS titles come out as
// UTF-8.
func Title(body []byte, contentType string) string {
	r, err := charset.NewReader(bytes.NewReader(body), contentType)
	if err != nil {
		r = bytes.NewReader(body)
	}
	z := html.NewTokenizer(r)
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "title":
				if z.Next() == html.TextToken {
					return strings.Join(strings.Fields(string(z.Text())), " ")
				}
				return ""
			case "body", "svg":
				// A <title> in the body belongs to an SVG or is misplaced.
				return ""
			}
		}
	}
}
