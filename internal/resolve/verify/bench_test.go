package verify

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/registrystub"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/cache"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

// BenchmarkVerifyRun is issue 4's benchmark: 1,000 unique DOIs, 200 arXiv
// ids and 500 URLs, cited from a Markdown report, against stubs answering
// after 50 ms, one stub per service so that each gets the per-host limits
// citelint uses for the real host (doi.org 4 at a time, one request per
// 50 ms; export.arxiv.org one request per 3 s; other hosts 8 at a time).
// The cold run should take as long as the slowest host's rule allows
// (doi.org: 1,000 requests at 20/s = 50 s), the warm run as long as
// reading the cache. Run with -benchtime=1x; it reports requests per host
// and the process's peak RSS.
func BenchmarkVerifyRun(b *testing.B) {
	reg := registrystub.Registry{DOIs: map[string]*registrystub.Work{}, ArXiv: map[string]*registrystub.Work{}, Pages: map[string]int{}}
	var doc strings.Builder
	doc.WriteString("Claims.\n\n## References\n\n")
	n := 0
	entry := func(s string) { n++; fmt.Fprintf(&doc, "%d. Entry %d. %s\n", n, n, s) }
	stubs := map[string]*registrystub.Server{}
	for _, kind := range []string{"doi", "arxiv", "page"} {
		s := registrystub.Start(reg)
		s.Latency = 50 * time.Millisecond
		stubs[kind] = s
		defer s.Close()
	}
	for i := range 1000 {
		d := fmt.Sprintf("10.1000/bench.%d", i)
		if i%10 != 0 { // every tenth DOI does not exist
			reg.DOIs[d] = &registrystub.Work{Title: "T"}
		}
		entry("https://doi.org/" + d)
	}
	for i := range 200 {
		id := fmt.Sprintf("2101.%05d", i+1)
		reg.ArXiv[id] = &registrystub.Work{Title: "T", Year: 2021}
		entry("arXiv:" + id)
	}
	for i := range 500 {
		p := "/page/" + strconv.Itoa(i)
		reg.Pages[p] = 200
		entry(stubs["page"].URL + p)
	}
	d := markdown.Parse([]byte(doc.String()), markdown.Options{})
	resolve.Resolve(d, resolve.NewEnv(nil))
	req := NewRequest()
	req.Collect(d)
	if nd, na, nu := req.Len(); nd != 1000 || na != 200 || nu != 500 {
		b.Fatalf("collected %d DOIs, %d arXiv ids, %d URLs", nd, na, nu)
	}

	host := func(k string) string { return strings.TrimPrefix(stubs[k].URL, "http://") }
	limits := httpclient.DefaultHostLimits()
	opts := func(c *cache.Cache) Options {
		return Options{
			Client: httpclient.Options{AllowPrivate: true, Hosts: map[string]httpclient.HostLimit{
				host("doi"): limits["doi.org"], host("arxiv"): limits["export.arxiv.org"],
			}},
			DOIURL: stubs["doi"].URL, ArXivURL: stubs["arxiv"].URL,
			Cache: c, Needs: Needs{DOI: true, ArXiv: true, URL: true},
		}
	}
	run := func(b *testing.B, c *cache.Cache) {
		v := New(opts(c))
		res := v.Run(context.Background(), req)
		if u := res.Unverified(); len(u) > 0 && (u["doi"]+u["arxiv"]+u["url"]) > 0 {
			b.Errorf("unverified: %v", u)
		}
		for k := range stubs {
			b.ReportMetric(float64(v.Requests()[host(k)]), k+"-requests")
		}
	}
	dir := b.TempDir()
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			os.RemoveAll(dir)
			c, _ := cache.Open(cache.Options{Dir: dir})
			run(b, c)
		}
		reportRSS(b)
	})
	b.Run("warm", func(b *testing.B) {
		for b.Loop() {
			c, _ := cache.Open(cache.Options{Dir: dir})
			run(b, c)
		}
		reportRSS(b)
	})
}

// reportRSS reports the process's peak resident set size (Linux).
func reportRSS(b *testing.B) {
	s, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return
	}
	for _, l := range strings.Split(string(s), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			f := strings.Fields(l)
			if kb, err := strconv.Atoi(f[1]); err == nil {
				b.ReportMetric(float64(kb)/1024, "peak-RSS-MB")
			}
		}
	}
}
