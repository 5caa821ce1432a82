// Package verify runs the network resolvers (doi, crossref, datacite,
// arxiv, urlcheck) over the identifiers a set of documents cites, once per
// unique identifier, through the on-disk cache, and hands the results to
// the network rules (dead-doi, dead-arxiv, dead-link, reference-mismatch,
// retracted-source) through rules.Env.
//
// A run has two phases: Collect gathers identifiers from every document,
// then Run asks the registries. Seeing every identifier first is what lets
// the arXiv resolver batch 100 ids per request under arXiv's one request
// per three seconds, and what makes each identifier cost one request however
// many files cite it.
package verify

import (
	"context"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/citelint/citelint/internal/ident"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/arxiv"
	"github.com/citelint/citelint/internal/resolve/cache"
	"github.com/citelint/citelint/internal/resolve/crossref"
	"github.com/citelint/citelint/internal/resolve/datacite"
	"github.com/citelint/citelint/internal/resolve/doi"
	"github.com/citelint/citelint/internal/resolve/httpclient"
	"github.com/citelint/citelint/internal/resolve/urlcheck"
)

// Needs says which lookups the enabled rules use.
type Needs struct {
	DOI      bool // existence at doi.org (dead-doi)
	Metadata bool // Crossref, then DataCite, records (reference-mismatch, retracted-source)
	ArXiv    bool // the arXiv export API (dead-arxiv, and arXiv records for reference-mismatch)
	URL      bool // web pages (dead-link)
	// Text fetches source text for claim-support rules: abstracts (from
	// the metadata of DOIs and arXiv ids) and the readable text of pages.
	Text bool
}

// Any reports whether any lookup is needed.
func (n Needs) Any() bool { return n.DOI || n.Metadata || n.ArXiv || n.URL || n.Text }

// Options configure a Verifier. Base URLs default to the public registries.
type Options struct {
	Client httpclient.Options

	DOIURL, CrossrefURL, DataCiteURL, ArXivURL string

	// Cache is nil for no cache; Mode is cache.ReadWrite, Refresh or Offline.
	Cache *cache.Cache
	Mode  cache.Mode

	Needs Needs

	// DNS looks host names up for the URL checks, net.DefaultResolver
	// when nil (tests inject a stub).
	DNS urlcheck.HostResolver
}

// Verifier holds the resolvers of one run.
type Verifier struct {
	client                              *httpclient.Client
	needs                               Needs
	doi, crossref, datacite, arxiv, url resolve.Resolver
	pages                               resolve.Resolver // url with text
}

// New builds the resolvers, each wrapped in the cache and a per-run memo.
func New(o Options) *Verifier {
	if o.Client.Mailto == "" {
		// Without a contact address Crossref and DataCite put clients in
		// their anonymous pools: Crossref 5 requests/s one at a time,
		// DataCite about 500 per 5 minutes. Stay inside them.
		hosts := map[string]httpclient.HostLimit{
			"api.crossref.org": {Concurrency: 1, Interval: 200 * time.Millisecond},
			"api.datacite.org": {Concurrency: 1, Interval: 600 * time.Millisecond},
		}
		for h, l := range o.Client.Hosts {
			hosts[h] = l
		}
		o.Client.Hosts = hosts
	}
	c := httpclient.New(o.Client)
	wrap := func(r resolve.Resolver) resolve.Resolver {
		return resolve.NewMemo(cache.Wrap(r, o.Cache, o.Mode))
	}
	d := doi.New(c)
	if o.DOIURL != "" {
		d.Base = strings.TrimRight(o.DOIURL, "/")
	}
	cr := crossref.New(c)
	if o.CrossrefURL != "" {
		cr.Base = strings.TrimRight(o.CrossrefURL, "/")
	}
	dc := datacite.New(c)
	if o.DataCiteURL != "" {
		dc.Base = strings.TrimRight(o.DataCiteURL, "/")
	}
	ax := arxiv.New(c)
	if o.ArXivURL != "" {
		ax.Base = strings.TrimRight(o.ArXivURL, "/")
	}
	// Both URL checkers pool what they learn about DNS: a host not found
	// is dead only if some other host resolved.
	dns := &urlcheck.DNSEvidence{}
	urls := urlcheck.New(c)
	urls.DNS, urls.Evidence = o.DNS, dns
	pages := urlcheck.New(c)
	pages.Text, pages.DNS, pages.Evidence = true, o.DNS, dns
	return &Verifier{client: c, needs: o.Needs,
		doi: wrap(d), crossref: wrap(cr), datacite: wrap(dc), arxiv: wrap(ax), url: wrap(urls), pages: wrap(pages)}
}

// Requests reports how many HTTP requests went to each host.
func (v *Verifier) Requests() map[string]int64 { return v.client.RequestCounts() }

// Request is the set of identifiers to look up.
type Request struct {
	mu                 sync.Mutex
	dois, arxivs, urls map[string]bool
}

// NewRequest returns an empty request.
func NewRequest() *Request {
	return &Request{dois: map[string]bool{}, arxivs: map[string]bool{}, urls: map[string]bool{}}
}

// Collect adds the identifiers doc cites, in prose and in its reference
// entries. It is safe for concurrent use.
func (r *Request) Collect(doc *markdown.Document) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.Problem() != "" {
			continue // malformed-identifier reports it; no registry can know it
		}
		r.addTarget(c.SelfTarget())
	}
	for i := range doc.References {
		ref := &doc.References[i]
		if ref.DOI != "" {
			r.dois[ident.NormalizeDOI(ref.DOI)] = true
		}
		if ref.ArXiv != "" {
			r.arxivs[ref.ArXiv+ref.ArXivVersion] = true
		}
		if ref.URL != "" && ref.DOI == "" && ref.ArXiv == "" {
			r.addTarget(ref.URL)
		}
	}
}

func (r *Request) addTarget(t string) {
	switch {
	case strings.HasPrefix(t, "doi:"):
		r.dois[ident.NormalizeDOI(t[4:])] = true
	case strings.HasPrefix(t, "arxiv:"):
		r.arxivs[t[6:]] = true
	case Checkable(t):
		r.urls[t] = true
	}
}

// Checkable reports whether dead-link checks a URL: http(s) only, and not
// the reserved example and test domains of RFC 2606 and RFC 6761, which
// documentation uses on purpose.
func Checkable(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return false
	}
	h := strings.ToLower(u.Hostname())
	for _, reserved := range []string{"example.com", "example.org", "example.net", "localhost"} {
		if h == reserved || strings.HasSuffix(h, "."+reserved) {
			return false
		}
	}
	for _, tld := range []string{".test", ".example", ".invalid", ".localhost"} {
		if strings.HasSuffix(h, tld) {
			return false
		}
	}
	return true
}

// Len reports how many unique identifiers the request holds, by kind.
func (r *Request) Len() (dois, arxivs, urls int) { return len(r.dois), len(r.arxivs), len(r.urls) }

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Results are the lookups of one run. The zero value answers nothing.
type Results struct {
	v                             *Verifier
	doi, meta, arxiv, urls, pages map[string]resolve.Lookup
	sharedPages                   bool // urls is pages: count it once
	Elapsed                       time.Duration
}

// Run looks up everything req holds that the rules need. Registries are
// asked concurrently; each applies its own host limits.
func (v *Verifier) Run(ctx context.Context, req *Request) *Results {
	start := time.Now()
	res := &Results{v: v}
	var wg sync.WaitGroup
	run := func(dst *map[string]resolve.Lookup, r resolve.Resolver, ids []string) {
		if len(ids) == 0 {
			return
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			*dst = rekey(r, r.Resolve(ctx, ids))
		}()
	}
	if v.needs.DOI {
		run(&res.doi, v.doi, keys(req.dois))
	}
	if v.needs.ArXiv || v.needs.Metadata || v.needs.Text {
		run(&res.arxiv, v.arxiv, keys(req.arxivs))
	}
	switch {
	case v.needs.Text:
		// One GET per page serves both dead-link (its status) and claim
		// support (its text); a HEAD first would ask every page twice.
		run(&res.pages, v.pages, keys(req.urls))
	case v.needs.URL:
		run(&res.urls, v.url, keys(req.urls))
	}
	if v.needs.Metadata || v.needs.Text {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res.meta = v.metadata(ctx, keys(req.dois))
		}()
	}
	wg.Wait()
	if v.needs.Text && v.needs.URL {
		res.urls, res.sharedPages = res.pages, true
	}
	res.Elapsed = time.Since(start)
	return res
}

// metadata asks Crossref, then DataCite for DOIs Crossref does not hold
// (DataCite registers arXiv's 10.48550 DOIs and most datasets).
func (v *Verifier) metadata(ctx context.Context, dois []string) map[string]resolve.Lookup {
	var cr, dc []string
	for _, d := range dois {
		if strings.HasPrefix(d, "10.48550/") || strings.HasPrefix(d, "10.5281/") {
			dc = append(dc, d) // arXiv and Zenodo: DataCite
		} else {
			cr = append(cr, d)
		}
	}
	out := map[string]resolve.Lookup{}
	for k, l := range rekey(v.crossref, v.crossref.Resolve(ctx, cr)) {
		if l.Verdict == resolve.Broken {
			dc = append(dc, k) // not a Crossref DOI: maybe DataCite's
			continue
		}
		out[k] = l
	}
	if len(dc) > 0 {
		for k, l := range rekey(v.datacite, v.datacite.Resolve(ctx, dc)) {
			if l.Verdict == resolve.Broken {
				// Neither registry has a record. That is a definite
				// answer about metadata, not about existence (dead-doi
				// asks doi.org for that): rules use only OK records.
				l.Reason = "no record at Crossref or DataCite"
			}
			out[k] = l
		}
	}
	return out
}

func rekey(r resolve.Resolver, m map[string]resolve.Lookup) map[string]resolve.Lookup {
	out := make(map[string]resolve.Lookup, len(m))
	for id, l := range m {
		out[resolve.KeyOf(r, id)] = l
	}
	return out
}

func (r *Results) get(m map[string]resolve.Lookup, rr func(*Verifier) resolve.Resolver, id string) (resolve.Lookup, bool) {
	if r == nil || r.v == nil || m == nil {
		return resolve.Lookup{}, false
	}
	l, ok := m[resolve.KeyOf(rr(r.v), id)]
	return l, ok
}

// DOI is doi.org's answer for a DOI.
func (r *Results) DOI(id string) (resolve.Lookup, bool) {
	return r.get(r.doi, func(v *Verifier) resolve.Resolver { return v.doi }, id)
}

// Metadata is Crossref's or DataCite's record for a DOI.
func (r *Results) Metadata(id string) (resolve.Lookup, bool) {
	return r.get(r.meta, func(v *Verifier) resolve.Resolver { return v.crossref }, id)
}

// ArXiv is the arXiv API's answer for an id.
func (r *Results) ArXiv(id string) (resolve.Lookup, bool) {
	return r.get(r.arxiv, func(v *Verifier) resolve.Resolver { return v.arxiv }, id)
}

// URL is the answer for a web page.
func (r *Results) URL(u string) (resolve.Lookup, bool) {
	// url and url-text checkers share Key, so either keys the map.
	return r.get(r.urls, func(v *Verifier) resolve.Resolver { return v.url }, u)
}

// PageText is the fetched page (with Lookup.Text) for a URL.
func (r *Results) PageText(u string) (resolve.Lookup, bool) {
	return r.get(r.pages, func(v *Verifier) resolve.Resolver { return v.pages }, u)
}

// Unverified counts, by kind (doi, metadata, arxiv, url), the identifiers
// that got no definite answer.
func (r *Results) Unverified() map[string]int {
	out := map[string]int{}
	if r == nil {
		return out
	}
	pages := r.pages
	if r.sharedPages {
		pages = nil // counted as "url"
	}
	for kind, m := range map[string]map[string]resolve.Lookup{"doi": r.doi, "metadata": r.meta, "arxiv": r.arxiv, "url": r.urls, "page-text": pages} {
		for _, l := range m {
			if l.Verdict == resolve.Unverified {
				out[kind]++
			}
		}
	}
	return out
}
