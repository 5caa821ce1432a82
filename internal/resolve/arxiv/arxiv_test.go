package arxiv

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/cache"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

// fakeArXiv answers like export.arxiv.org/api/query: known papers as
// entries in reverse request order, unknown ones left out, and an error
// feed when an id is in rejected.
type fakeArXiv struct {
	mu       sync.Mutex
	batches  [][]string
	known    map[string]string // version-less id -> latest version
	rejected map[string]int    // id -> HTTP status of the error feed
	status   int               // when not 0, answer every request with it
}

func (f *fakeArXiv) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ids := strings.Split(r.URL.Query().Get("id_list"), ",")
	f.mu.Lock()
	f.batches = append(f.batches, ids)
	f.mu.Unlock()
	if f.status != 0 {
		w.WriteHeader(f.status)
		fmt.Fprint(w, "<html>busy</html>")
		return
	}
	for _, id := range ids {
		if st, ok := f.rejected[id]; ok {
			w.WriteHeader(st)
			fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>arXiv Query</title>
<entry><id>http://arxiv.org/api/errors#incorrect_id_format_for_%s</id><title>Error</title>
<summary>incorrect id format for %s</summary></entry></feed>`, id, id)
			return
		}
	}
	var b strings.Builder
	// totalResults is deliberately wrong, as arXiv's sometimes is.
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom">
<opensearch:totalResults>1</opensearch:totalResults>`)
	for i := len(ids) - 1; i >= 0; i-- {
		id := ids[i]
		base := id
		if j := strings.LastIndexByte(id, 'v'); j > 0 && !strings.Contains(id[j:], "/") && !strings.Contains(id[j:], "-") {
			base = id[:j]
		}
		v, ok := f.known[base]
		if !ok {
			continue
		}
		if base != id {
			v = id[len(base):]
		}
		fmt.Fprintf(&b, `<entry><id>http://arxiv.org/abs/%s%s</id><published>2021-01-01T00:00:00Z</published>
<title>Paper   %s
  continued</title><summary>abstract</summary>
<author><name>Ada Lovelace</name></author><author><name>Alan M. Turing</name></author>
<arxiv:journal_ref>J. Cats 1 (2021)</arxiv:journal_ref></entry>`, base, v, base)
	}
	b.WriteString("</feed>")
	w.Write([]byte(b.String()))
}

func newTest(t *testing.T, f *fakeArXiv) *Resolver {
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	c := httpclient.New(httpclient.Options{AllowPrivate: true, Retries: -1, Timeout: time.Minute})
	r := New(c)
	r.Base = srv.URL
	r.Now = func() time.Time { return time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC) }
	return r
}

func TestResolve(t *testing.T) {
	f := &fakeArXiv{
		known:    map[string]string{"2101.00001": "v2", "hep-th/9901001": "v1", "math/0611800": "v3"},
		rejected: map[string]int{"2001.99999": 200, "2002.99999": 400},
	}
	r := newTest(t, f)
	paper := func(id string) *resolve.Record {
		return &resolve.Record{Title: "Paper " + id + " continued", Authors: []string{"Lovelace", "Turing"}, Year: "2021", Container: "J. Cats 1 (2021)", Abstract: "abstract"}
	}
	tests := []struct {
		id      string
		verdict resolve.Verdict
		reason  string
		rec     *resolve.Record
	}{
		{"2101.00001", resolve.OK, "in arXiv", paper("2101.00001")},
		{"arXiv:2101.00001v1", resolve.OK, "in arXiv", paper("2101.00001")},
		{"hep-th/9901001", resolve.OK, "in arXiv", paper("hep-th/9901001")},
		{"math.CA/0611800v2", resolve.OK, "in arXiv", paper("math/0611800")},
		{"2101.99999", resolve.Broken, "not found", nil},
		{"2001.99999", resolve.Broken, "incorrect id format for 2001.99999", nil},
		{"2002.99999", resolve.Broken, "incorrect id format for 2002.99999", nil},
		{"2113.00001", resolve.Broken, "malformed arXiv id: month 13", nil},
	}
	var ids []string
	for _, tt := range tests {
		ids = append(ids, tt.id)
	}
	got := r.Resolve(context.Background(), ids)
	if len(got) != len(ids) {
		t.Errorf("%d answers for %d ids", len(got), len(ids))
	}
	for _, tt := range tests {
		l := got[tt.id]
		if l.Verdict != tt.verdict || !strings.HasPrefix(l.Reason, tt.reason) || !reflect.DeepEqual(l.Record, tt.rec) {
			t.Errorf("%s: got %v %q %+v\nwant %v %q %+v", tt.id, l.Verdict, l.Reason, l.Record, tt.verdict, tt.reason, tt.rec)
		}
	}
	// One request, then one more after each rejected id; the malformed id
	// is never sent.
	if len(f.batches) != 3 {
		t.Errorf("%d requests: %v", len(f.batches), f.batches)
	}
	for _, b := range f.batches {
		for _, id := range b {
			if id == "2113.00001" {
				t.Errorf("malformed id sent: %v", b)
			}
		}
	}
}

func TestBatching(t *testing.T) {
	f := &fakeArXiv{known: map[string]string{}}
	var ids []string
	for i := 1; i <= 250; i++ {
		id := fmt.Sprintf("2101.%05d", i)
		if i%2 == 0 {
			f.known[id] = "v1"
		}
		ids = append(ids, id, "arXiv:"+id) // every id twice, spelled differently
	}
	r := newTest(t, f)
	got := r.Resolve(context.Background(), ids)
	if len(f.batches) != 3 || len(f.batches[0]) != 100 || len(f.batches[2]) != 50 {
		t.Errorf("batches of %d, %d, ... (%d requests)", len(f.batches[0]), len(f.batches[len(f.batches)-1]), len(f.batches))
	}
	for i, id := range ids {
		want := resolve.Broken
		if (i/2+1)%2 == 0 {
			want = resolve.OK
		}
		if got[id].Verdict != want {
			t.Errorf("%s: %v, want %v", id, got[id].Verdict, want)
		}
	}
}

func TestTransientFailures(t *testing.T) {
	for _, status := range []int{503, 500, 403, 400, 404, 200} {
		f := &fakeArXiv{status: status, known: map[string]string{"2101.00001": "v1"}}
		r := newTest(t, f)
		got := r.Resolve(context.Background(), []string{"2101.00001", "2101.00002"})
		for id, l := range got {
			if l.Verdict != resolve.Unverified || l.Reason == "" {
				t.Errorf("HTTP %d, %s: %+v", status, id, l)
			}
		}
		if len(got) != 2 {
			t.Errorf("HTTP %d: %d answers", status, len(got))
		}
	}
}

func TestCanceledBeforeStart(t *testing.T) {
	f := &fakeArXiv{known: map[string]string{}}
	r := newTest(t, f)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got := r.Resolve(ctx, []string{"2101.00001"})
	if l := got["2101.00001"]; l.Verdict != resolve.Unverified || len(f.batches) != 0 {
		t.Errorf("got %+v after %d requests", l, len(f.batches))
	}
}

func TestKey(t *testing.T) {
	r := &Resolver{}
	for in, want := range map[string]string{
		"arXiv:2101.00001v2":     "2101.00001v2",
		"2101.00001":             "2101.00001",
		"math.CA/0611800":        "math/0611800",
		"ARXIV:hep-th/9901001v1": "hep-th/9901001v1",
	} {
		if got := r.Key(in); got != want {
			t.Errorf("Key(%q) = %q, want %q", in, got, want)
		}
	}
}

// An empty feed is not evidence: a stub or a broken mirror answering 200
// with no entries used to mark every id of the batch dead (issue 20,
// defect 8). Only when the canary comes back are missing ids Broken.
func TestEmptyFeedIsNotEvidence(t *testing.T) {
	tests := []struct {
		name     string
		known    map[string]string
		want     resolve.Verdict
		requests int
	}{
		{"API answers nothing", map[string]string{}, resolve.Unverified, 2},
		{"canary answers", map[string]string{DefaultCanary: "v1"}, resolve.Broken, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeArXiv{known: tt.known}
			r := newTest(t, f)
			ids := []string{"2101.00001", "2101.00002"}
			got := r.Resolve(context.Background(), ids)
			for _, id := range ids {
				if l := got[id]; l.Verdict != tt.want || l.Reason == "" {
					t.Errorf("%s: %+v, want %v", id, l, tt.want)
				}
			}
			if len(f.batches) != tt.requests {
				t.Errorf("%d requests: %v", len(f.batches), f.batches)
			}
		})
	}
}

// A bare empty feed, the reproduction of defect 8, through the cache:
// nothing is stored, so the next run asks again.
func TestEmptyFeedNotCached(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"></feed>`)
	}))
	t.Cleanup(srv.Close)
	r := New(httpclient.New(httpclient.Options{AllowPrivate: true, Retries: -1}))
	r.Base = srv.URL
	c, err := cache.Open(cache.Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	got := cache.Wrap(r, c, cache.ReadWrite).Resolve(context.Background(), []string{"2101.00001"})
	if l := got["2101.00001"]; l.Verdict != resolve.Unverified {
		t.Errorf("empty feed: %+v", l)
	}
	c.Flush()
	off := cache.Wrap(r, c, cache.Offline).Resolve(context.Background(), []string{"2101.00001"})
	if l := off["2101.00001"]; l.Reason != cache.OfflineReason {
		t.Errorf("an empty feed was cached: %+v", l)
	}
}
