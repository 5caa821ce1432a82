package verify

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/registrystub"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/cache"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

func TestCheckable(t *testing.T) {
	for u, want := range map[string]bool{
		"https://www.ipcc.ch/report/": true, "http://noaa.gov": true,
		"https://example.com/x": false, "https://sub.example.org": false, "http://localhost:8080": false,
		"https://site.test/a": false, "ftp://ftp.gnu.org": false, "mailto:a@b.c": false, "/relative": false,
	} {
		if got := Checkable(u); got != want {
			t.Errorf("Checkable(%q) = %v", u, got)
		}
	}
}

func TestCollectAndRun(t *testing.T) {
	stub := registrystub.Start(registrystub.Registry{
		DOIs: map[string]*registrystub.Work{
			"10.1000/cr":                {Title: "In Crossref", Year: 2020},
			"10.48550/arxiv.1706.03762": {Title: "Attention", DataCite: true, Year: 2017},
			"10.5555/nowhere":           nil, // exists, no metadata anywhere
		},
		ArXiv: map[string]*registrystub.Work{"1706.03762": {Title: "Attention", Year: 2017}},
		Pages: map[string]int{"/p": 200},
	})
	defer stub.Close()
	src := "See https://doi.org/10.1000/CR and doi:10.48550/arXiv.1706.03762, arXiv:1706.03762v2, " + stub.URL + "/p and https://example.com/skip.\n\n" +
		"## References\n\n1. Nowhere. https://doi.org/10.5555/nowhere\n2. Malformed doi:10.1/x\n"
	doc := markdown.Parse([]byte(src), markdown.Options{})
	resolve.Resolve(doc, resolve.NewEnv(nil))
	req := NewRequest()
	req.Collect(doc)
	req.Collect(doc) // collecting twice adds nothing
	if d, a, u := req.Len(); d != 3 || a != 1 || u != 1 {
		t.Fatalf("collected %d DOIs, %d arXiv ids, %d URLs; want 3, 1, 1", d, a, u)
	}
	v := New(Options{Client: httpclient.Options{AllowPrivate: true},
		DOIURL: stub.URL, CrossrefURL: stub.URL, DataCiteURL: stub.URL, ArXivURL: stub.URL,
		Needs: Needs{DOI: true, Metadata: true, ArXiv: true, URL: true}})
	res := v.Run(context.Background(), req)
	check := func(what string, l resolve.Lookup, ok bool, want resolve.Verdict, title string) {
		t.Helper()
		if !ok || l.Verdict != want || title != "" && (l.Record == nil || l.Record.Title != title) {
			t.Errorf("%s: %+v (found %v), want %v %q", what, l, ok, want, title)
		}
	}
	l, ok := res.DOI("10.1000/cr")
	check("doi 10.1000/cr", l, ok, resolve.OK, "")
	l, ok = res.Metadata("doi:10.1000/CR")
	check("crossref record", l, ok, resolve.OK, "In Crossref")
	l, ok = res.Metadata("10.48550/arXiv.1706.03762")
	check("datacite record for an arXiv DOI", l, ok, resolve.OK, "Attention")
	l, ok = res.Metadata("10.5555/nowhere")
	check("no record anywhere", l, ok, resolve.Broken, "")
	l, ok = res.ArXiv("1706.03762v2")
	check("arXiv", l, ok, resolve.OK, "Attention")
	l, ok = res.URL(stub.URL + "/p")
	check("page", l, ok, resolve.OK, "")
	if u := res.Unverified(); len(u) != 0 {
		t.Errorf("unverified %v", u)
	}
	if n := stub.Requests()["crossref"]; n != 2 {
		t.Errorf("%d Crossref requests, want 2 (arXiv DOIs go straight to DataCite)", n)
	}
}

// TestPagesFetchedOnce: with dead-link and claim support both on, each page
// is requested once and answers both.
func TestPagesFetchedOnce(t *testing.T) {
	stub := registrystub.Start(registrystub.Registry{Pages: map[string]int{"/a": 200, "/gone": 404, "/busy": 503}})
	defer stub.Close()
	src := "Pages " + stub.URL + "/a, " + stub.URL + "/gone and " + stub.URL + "/busy.\n"
	doc := markdown.Parse([]byte(src), markdown.Options{})
	req := NewRequest()
	req.Collect(doc)
	v := New(Options{Client: httpclient.Options{AllowPrivate: true, Retries: -1}, Needs: Needs{URL: true, Text: true}})
	res := v.Run(context.Background(), req)
	if n := stub.Requests()["page"]; n != 3 {
		t.Errorf("%d page requests for 3 pages", n)
	}
	if l, _ := res.URL(stub.URL + "/gone"); l.Verdict != resolve.Broken {
		t.Errorf("/gone: %+v", l)
	}
	if l, _ := res.PageText(stub.URL + "/a"); l.Verdict != resolve.OK || l.Text == "" {
		t.Errorf("/a text: %+v", l)
	}
	if u := res.Unverified(); u["url"] != 1 || u["page-text"] != 0 {
		t.Errorf("unverified %v, want the busy page once, as url", u)
	}
}

// nxdomain answers "no such host" for every name, like the resolver of an
// egress-filtered CI runner.
type nxdomain struct{}

func (nxdomain) LookupHost(_ context.Context, host string) ([]string, error) {
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

// Behind such a resolver every link used to be dead (issue 20, defect 8):
// now it is unverified, and counted.
func TestFilteredDNSIsNotDead(t *testing.T) {
	doc := markdown.Parse([]byte("See https://www.ipcc.ch/report/ and http://noaa.gov/x.\n"), markdown.Options{})
	req := NewRequest()
	req.Collect(doc)
	v := New(Options{Client: httpclient.Options{Retries: -1}, DNS: nxdomain{}, Needs: Needs{URL: true}})
	res := v.Run(context.Background(), req)
	for _, u := range []string{"https://www.ipcc.ch/report/", "http://noaa.gov/x"} {
		if l, ok := res.URL(u); !ok || l.Verdict != resolve.Unverified {
			t.Errorf("%s: %+v", u, l)
		}
	}
	if n := res.Unverified()["url"]; n != 2 {
		t.Errorf("%d unverified URLs, want 2", n)
	}
	if n := len(v.Requests()); n != 0 {
		t.Errorf("HTTP requests sent: %v", v.Requests())
	}
}

// An empty or unparseable 200 reply from any registry is unverified and
// never cached (issue 20, defect 8): the next run, even offline, has no
// verdict from it.
func TestEmptyRepliesAreUnverifiedAndNotCached(t *testing.T) {
	for _, body := range []string{"", "{}", "null", "<html>captive portal</html>", `{"message":`,
		`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"></feed>`} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, body)
		}))
		doc := markdown.Parse([]byte("See doi:10.1000/x and arXiv:2101.00001.\n"), markdown.Options{})
		req := NewRequest()
		req.Collect(doc)
		c, err := cache.Open(cache.Options{Dir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		run := func(mode cache.Mode) *Results {
			v := New(Options{Client: httpclient.Options{AllowPrivate: true, Retries: -1},
				DOIURL: srv.URL, CrossrefURL: srv.URL, DataCiteURL: srv.URL, ArXivURL: srv.URL,
				Cache: c, Mode: mode, Needs: Needs{DOI: true, Metadata: true, ArXiv: true}})
			return v.Run(context.Background(), req)
		}
		online := run(cache.ReadWrite)
		offline := run(cache.Offline)
		for _, r := range []*Results{online, offline} {
			if u := r.Unverified(); u["doi"] != 1 || u["metadata"] != 1 || u["arxiv"] != 1 {
				t.Errorf("body %q: unverified %v, want one of each", body, u)
			}
		}
		for what, l := range map[string]resolve.Lookup{"doi": must(offline.DOI("10.1000/x")), "metadata": must(offline.Metadata("10.1000/x")), "arxiv": must(offline.ArXiv("2101.00001"))} {
			if l.Reason != cache.OfflineReason {
				t.Errorf("body %q: %s cached: %+v", body, what, l)
			}
		}
		srv.Close()
	}
}

func must(l resolve.Lookup, _ bool) resolve.Lookup { return l }
