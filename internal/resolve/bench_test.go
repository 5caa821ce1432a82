package resolve_test

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
	"github.com/citelint/citelint/internal/resolve/arxiv"
	"github.com/citelint/citelint/internal/resolve/cache"
	"github.com/citelint/citelint/internal/resolve/doi"
	"github.com/citelint/citelint/internal/resolve/httpclient"
	"github.com/citelint/citelint/internal/resolve/urlcheck"
)

// BenchmarkNetwork measures a run that checks 1000 unique DOIs, 200 arXiv
// ids and 500 URLs against local stubs that take 50 ms per answer (about a
// registry's round trip), first with an empty cache, then with a warm one.
// The requests per host show what batching, dedup and the cache save:
// cold, 1000 handle requests, 2 arXiv requests, 500 HEADs; warm, none.
//
//	go test -run '^$' -bench Network ./resolve/
func BenchmarkNetwork(b *testing.B) {
	const latency = 50 * time.Millisecond
	slow := func(h http.HandlerFunc) *httptest.Server {
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(latency)
			h(w, r)
		}))
	}
	doiSrv := slow(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "0") { // every tenth DOI does not exist
			w.WriteHeader(404)
			fmt.Fprint(w, `{"responseCode":100}`)
			return
		}
		fmt.Fprint(w, `{"responseCode":1,"values":[{"type":"URL","data":{"value":"https://example.org/"}}]}`)
	})
	defer doiSrv.Close()
	arxivSrv := slow(func(w http.ResponseWriter, r *http.Request) {
		var b strings.Builder
		b.WriteString(`<feed xmlns="http://www.w3.org/2005/Atom">`)
		for _, id := range strings.Split(r.URL.Query().Get("id_list"), ",") {
			fmt.Fprintf(&b, `<entry><id>http://arxiv.org/abs/%sv1</id><title>T</title><published>2021-01-01</published><author><name>A B</name></author></entry>`, id)
		}
		b.WriteString(`</feed>`)
		w.Write([]byte(b.String()))
	})
	defer arxivSrv.Close()
	urlSrv := slow(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "7") {
			w.WriteHeader(404)
		}
	})
	defer urlSrv.Close()

	var dois, arxivIDs, urls []string
	for i := range 1000 {
		dois = append(dois, fmt.Sprintf("10.1000/bench.%d", i))
	}
	for i := range 200 {
		arxivIDs = append(arxivIDs, fmt.Sprintf("2101.%05d", i+1))
	}
	for i := range 500 {
		urls = append(urls, fmt.Sprintf("%s/page/%d", urlSrv.URL, i))
	}
	host := func(s *httptest.Server) string { return s.Listener.Addr().String() }

	// run checks everything once with a fresh client (so the request
	// counts are this run's) and returns the client.
	run := func(b *testing.B, c *cache.Cache) *httpclient.Client {
		client := httpclient.New(httpclient.Options{
			AllowPrivate: true, Timeout: 10 * time.Second,
			Hosts: map[string]httpclient.HostLimit{
				host(doiSrv): {Concurrency: 32}, host(urlSrv): {Concurrency: 32},
				host(arxivSrv): {Concurrency: 1}, // arXiv's one connection, without the 3 s
			},
		})
		d := doi.New(client)
		d.Base, d.Workers = doiSrv.URL, 64
		a := arxiv.New(client)
		a.Base = arxivSrv.URL
		u := urlcheck.New(client)
		u.Workers = 64
		jobs := []struct {
			r   resolve.Resolver
			ids []string
		}{{d, dois}, {a, arxivIDs}, {u, urls}}
		var wg sync.WaitGroup
		for _, j := range jobs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := resolve.NewMemo(cache.Wrap(j.r, c, cache.ReadWrite)).Resolve(context.Background(), j.ids)
				for _, id := range j.ids {
					if res[id].Verdict == resolve.Unverified {
						b.Errorf("%s %s: %+v", j.r.Name(), id, res[id])
						return
					}
				}
			}()
		}
		wg.Wait()
		return client
	}
	report := func(b *testing.B, total map[string]int64) {
		b.ReportMetric(float64(total[host(doiSrv)])/float64(b.N), "doi-req/op")
		b.ReportMetric(float64(total[host(arxivSrv)])/float64(b.N), "arxiv-req/op")
		b.ReportMetric(float64(total[host(urlSrv)])/float64(b.N), "url-req/op")
	}
	add := func(total map[string]int64, c *httpclient.Client) {
		for h, n := range c.RequestCounts() {
			total[h] += n
		}
	}

	b.Run("cold", func(b *testing.B) {
		total := map[string]int64{}
		for b.Loop() {
			b.StopTimer()
			c, err := cache.Open(cache.Options{Dir: b.TempDir()})
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			add(total, run(b, c))
		}
		report(b, total)
	})
	b.Run("warm", func(b *testing.B) {
		c, err := cache.Open(cache.Options{Dir: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		run(b, c) // fill the cache
		total := map[string]int64{}
		for b.Loop() {
			add(total, run(b, c))
		}
		report(b, total)
	})
}
