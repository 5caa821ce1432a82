package cache

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/resolve"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func open(t *testing.T) (*Cache, *clock) {
	clk := &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	c, err := Open(Options{Dir: t.TempDir(), Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	return c, clk
}

func TestGetPutTTL(t *testing.T) {
	rec := &resolve.Record{Title: "T", Authors: []string{"A"}, Year: "2020", Retracted: true, Notices: []string{"retraction: 10.1/x"}}
	tests := []struct {
		kind    string
		lookup  resolve.Lookup
		age     time.Duration
		wantHit bool
	}{
		{"doi", resolve.Lookup{Verdict: resolve.OK, Reason: "handle exists", Record: rec, Status: 200}, 29 * day, true},
		{"doi", resolve.Lookup{Verdict: resolve.OK}, 31 * day, false},
		{"arxiv", resolve.Lookup{Verdict: resolve.Broken, Reason: "not found"}, 23 * time.Hour, true},
		{"arxiv", resolve.Lookup{Verdict: resolve.Broken}, 25 * time.Hour, false},
		{"url", resolve.Lookup{Verdict: resolve.OK, HTMLTitle: "x", FinalURL: "https://e.org/"}, 6 * day, true},
		{"url", resolve.Lookup{Verdict: resolve.OK}, 8 * day, false},
		{"other", resolve.Lookup{Verdict: resolve.OK}, 6 * day, true},
		{"doi", resolve.Lookup{Verdict: resolve.Unverified, Reason: "HTTP 429"}, 0, false},
		{"doi", resolve.Lookup{Verdict: resolve.OK}, -2 * time.Hour, false}, // stored in the future
	}
	for i, tt := range tests {
		c, clk := open(t)
		key := "10.1000/k" + string(rune('a'+i))
		if err := c.Put(tt.kind, key, tt.lookup); err != nil {
			t.Fatal(err)
		}
		clk.t = clk.t.Add(tt.age)
		got, hit := c.Get(tt.kind, key)
		if hit != tt.wantHit || (hit && !reflect.DeepEqual(got, tt.lookup)) {
			t.Errorf("%d: %s %v after %v: hit %v %+v", i, tt.kind, tt.lookup.Verdict, tt.age, hit, got)
		}
		if _, hit := c.Get("crossref", key); hit {
			t.Errorf("%d: kinds share entries", i)
		}
	}
}

func TestCorruptEntriesAreMisses(t *testing.T) {
	c, _ := open(t)
	p := filepath.Join(c.Dir(), c.shardPath("doi", entryID("doi", "", "k")))
	for _, body := range []string{"", "{", "null", `{"format":"citelint-cache/2","entries":null}`,
		`{"format":"citelint-cache/2","entries":[{"kind":"doi","key":"other","stored":"2026-03-01T12:00:00Z","lookup":{"verdict":"ok"}}]}`,
		`{"format":"citelint-cache/2","entries":[{"kind":"doi","key":"k","stored":"2026-03-01T12:00:00Z","lookup":{"verdict":"dead"}}]}`,
		`{"format":"citelint-cache/9","entries":[{"kind":"doi","key":"k","stored":"2026-03-01T12:00:00Z","lookup":{"verdict":"ok"}}]}`,
		"\x00\xff garbage"} {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		fresh, _ := Open(Options{Dir: c.Dir(), Now: c.now})
		if l, hit := fresh.Get("doi", "k"); hit {
			t.Errorf("%q: hit %+v", body, l)
		}
		// The refetched answer replaces the corrupt file.
		ok := resolve.Lookup{Verdict: resolve.OK}
		if err := fresh.Put("doi", "k", ok); err != nil {
			t.Errorf("%q: Put: %v", body, err)
		}
		again, _ := Open(Options{Dir: c.Dir(), Now: c.now})
		if _, hit := again.Get("doi", "k"); !hit {
			t.Errorf("%q: answer not stored over a corrupt shard", body)
		}
	}
}

// A cache entry that is a symlink to /dev/zero used to be read whole (out
// of memory), a FIFO hung the run (issue 20, defect 2). Anything but a
// regular file of sane size is a miss, with one warning.
func TestUntrustedEntries(t *testing.T) {
	valid := `{"format":"citelint-cache/2","entries":[{"kind":"doi","key":"k","stored":"2026-03-01T12:00:00Z","lookup":{"verdict":"ok"}}]}`
	tests := []struct {
		name  string
		plant func(t *testing.T, p string)
	}{
		{"symlink to /dev/zero", func(t *testing.T, p string) { must(t, os.Symlink("/dev/zero", p)) }},
		{"symlink to a valid file", func(t *testing.T, p string) {
			q := filepath.Join(t.TempDir(), "elsewhere.json")
			must(t, os.WriteFile(q, []byte(valid), 0o644))
			must(t, os.Symlink(q, p))
		}},
		{"fifo", func(t *testing.T, p string) { must(t, mkfifo(p)) }},
		{"directory", func(t *testing.T, p string) { must(t, os.Mkdir(p, 0o755)) }},
		{"over the size cap", func(t *testing.T, p string) {
			must(t, os.WriteFile(p, []byte(valid), 0o644))
			must(t, os.Truncate(p, maxRead+1)) // sparse: no disk used
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var warnings []string
			clk := &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
			c, _ := Open(Options{Dir: t.TempDir(), Now: clk.now, Warn: func(m string) { warnings = append(warnings, m) }})
			p := filepath.Join(c.Dir(), c.shardPath("doi", entryID("doi", "", "k")))
			must(t, os.MkdirAll(filepath.Dir(p), 0o755))
			tt.plant(t, p)
			for range 3 {
				if l, hit := c.Get("doi", "k"); hit {
					t.Errorf("hit %+v", l)
				}
			}
			other, _ := Open(Options{Dir: c.Dir(), Now: clk.now, Warn: func(m string) { warnings = append(warnings, m) }})
			other.Get("doi", "k")
			if len(warnings) != 2 { // one per Cache, i.e. per run
				t.Errorf("warnings: %q", warnings)
			}
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Answers of a test server or mirror used to stand in for the real
// registry's (issue 20, defect 12): the endpoint is part of the key.
func TestEndpointIsPartOfTheKey(t *testing.T) {
	c, _ := open(t)
	ok := resolve.Lookup{Verdict: resolve.OK, Reason: "handle exists"}
	must(t, c.PutFrom("doi", "http://127.0.0.1:9/", "10.1/x", ok))
	if _, hit := c.GetFrom("doi", "https://doi.org", "10.1/x"); hit {
		t.Error("an answer from another endpoint was served")
	}
	if _, hit := c.Get("doi", "10.1/x"); hit {
		t.Error("an answer from another endpoint was served for the default")
	}
	if _, hit := c.GetFrom("doi", "http://127.0.0.1:9/", "10.1/x"); !hit {
		t.Error("the endpoint's own answer is missing")
	}
	// Through Wrap: the same resolver at another endpoint asks again.
	mirror := &endpointResolver{fakeResolver{answers: map[string]resolve.Lookup{"a": ok}}, "http://mirror"}
	real := &endpointResolver{fakeResolver{answers: map[string]resolve.Lookup{"a": {Verdict: resolve.Broken}}}, "https://doi.org"}
	Wrap(mirror, c, ReadWrite).Resolve(context.Background(), []string{"a"})
	got := Wrap(real, c, ReadWrite).Resolve(context.Background(), []string{"a"})
	if got["a"].Verdict != resolve.Broken || len(real.asked) != 1 {
		t.Errorf("the real endpoint got the mirror's answer: %+v, asked %v", got["a"], real.asked)
	}
}

type endpointResolver struct {
	fakeResolver
	endpoint string
}

func (e *endpointResolver) Endpoint() string { return e.endpoint }

// A read-only cache used to turn caching off silently (issue 20, defect
// 12): it is one warning, and lookups go on.
func TestUnwritableCacheWarnsOnce(t *testing.T) {
	dir := t.TempDir()
	// A file where the layout directory should be fails every write, for
	// root too (a 0555 directory would not).
	must(t, os.WriteFile(filepath.Join(dir, formatDir), nil, 0o644))
	var warnings []string
	c, _ := Open(Options{Dir: dir, Warn: func(m string) { warnings = append(warnings, m) }})
	inner := &fakeResolver{answers: map[string]resolve.Lookup{"a": {Verdict: resolve.OK}, "b": {Verdict: resolve.OK}}}
	w := Wrap(inner, c, ReadWrite)
	for range 3 {
		got := w.Resolve(context.Background(), []string{"a", "b"})
		if got["a"].Verdict != resolve.OK || got["b"].Verdict != resolve.OK {
			t.Errorf("answers lost: %+v", got)
		}
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "cannot be written") {
		t.Errorf("warnings: %q", warnings)
	}
	if err := c.Put("doi", "c", resolve.Lookup{Verdict: resolve.OK}); err != nil {
		t.Errorf("Put after the warning: %v", err)
	}
}

// A batch writes nothing until it ends, then one file per shard touched;
// the answers are there for the next run.
func TestBatchWritesAtEnd(t *testing.T) {
	c, clk := open(t)
	end := c.Batch()
	for i := range 100 {
		must(t, c.Put("crossref", fmt.Sprint("10.1/", i), resolve.Lookup{Verdict: resolve.OK}))
	}
	if _, hit := c.Get("crossref", "10.1/7"); !hit {
		t.Error("pending answer not served")
	}
	files := func() int {
		n := 0
		c.walk(true, func(string, string, int64) error { n++; return nil })
		return n
	}
	if n := files(); n != 0 {
		t.Errorf("%d files written inside the batch", n)
	}
	must(t, end())
	if n := files(); n == 0 || n > shardsOfKind {
		t.Errorf("%d files after the batch", n)
	}
	next, _ := Open(Options{Dir: c.Dir(), Now: clk.now})
	for i := range 100 {
		if _, hit := next.Get("crossref", fmt.Sprint("10.1/", i)); !hit {
			t.Errorf("10.1/%d lost", i)
		}
	}
}

func TestBriefAnswersExpireSoon(t *testing.T) {
	c, clk := open(t)
	nx := resolve.Lookup{Verdict: resolve.Broken, Reason: "host not found"}
	must(t, c.PutBrief("url", "", "http://gone.example/", nx))
	if _, hit := c.Get("url", "http://gone.example/"); !hit {
		t.Error("brief answer not kept at all")
	}
	clk.t = clk.t.Add(ShortTTL + time.Minute)
	if _, hit := c.Get("url", "http://gone.example/"); hit {
		t.Error("brief answer kept past ShortTTL")
	}
}

// fakeResolver answers from a table and counts the ids it was asked.
type fakeResolver struct {
	mu      sync.Mutex
	answers map[string]resolve.Lookup
	asked   []string
}

func (f *fakeResolver) Name() string         { return "doi" }
func (f *fakeResolver) Key(id string) string { return strings.ToLower(id) }
func (f *fakeResolver) Resolve(_ context.Context, ids []string) map[string]resolve.Lookup {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]resolve.Lookup{}
	for _, id := range ids {
		f.asked = append(f.asked, id)
		out[id] = f.answers[f.Key(id)]
	}
	return out
}

func TestWrapModes(t *testing.T) {
	ok := resolve.Lookup{Verdict: resolve.OK, Reason: "handle exists"}
	broken := resolve.Lookup{Verdict: resolve.Broken, Reason: "handle not found"}
	busy := resolve.Lookup{Verdict: resolve.Unverified, Reason: "HTTP 429"}
	offline := resolve.Lookup{Verdict: resolve.Unverified, Reason: OfflineReason}
	c, _ := open(t)
	inner := &fakeResolver{answers: map[string]resolve.Lookup{"a": ok, "b": broken, "c": busy}}
	ids := []string{"a", "B", "c", "A"}
	steps := []struct {
		mode  Mode
		cache *Cache
		asked []string
		want  map[string]resolve.Lookup
	}{
		{Offline, c, nil, map[string]resolve.Lookup{"a": offline, "B": offline, "c": offline, "A": offline}},
		{ReadWrite, c, []string{"a", "B", "c", "A"}, map[string]resolve.Lookup{"a": ok, "B": broken, "c": busy, "A": ok}},
		{ReadWrite, c, []string{"c"}, map[string]resolve.Lookup{"a": ok, "B": broken, "c": busy, "A": ok}},
		{Offline, c, nil, map[string]resolve.Lookup{"a": ok, "B": broken, "c": offline, "A": ok}},
		{Refresh, c, []string{"a", "B", "c", "A"}, map[string]resolve.Lookup{"a": ok, "B": broken, "c": busy, "A": ok}},
		{Offline, nil, nil, map[string]resolve.Lookup{"a": offline, "B": offline, "c": offline, "A": offline}},
		{ReadWrite, nil, []string{"a", "B", "c", "A"}, map[string]resolve.Lookup{"a": ok, "B": broken, "c": busy, "A": ok}},
	}
	for i, s := range steps {
		inner.asked = nil
		w := Wrap(inner, s.cache, s.mode)
		got := w.Resolve(context.Background(), ids)
		if !reflect.DeepEqual(got, s.want) || !reflect.DeepEqual(inner.asked, s.asked) {
			t.Errorf("step %d (mode %d): got %v asked %v\nwant %v asked %v", i, s.mode, got, inner.asked, s.want, s.asked)
		}
		if w.Name() != "doi" {
			t.Errorf("Name %q", w.Name())
		}
	}
}

func TestStatusCleanPrune(t *testing.T) {
	c, clk := open(t)
	for i := range 20 {
		kind := []string{"doi", "url"}[i%2]
		c.Put(kind, "k"+string(rune('a'+i)), resolve.Lookup{Verdict: resolve.OK})
	}
	c.Put("arxiv", "gone", resolve.Lookup{Verdict: resolve.Broken})
	foreign := filepath.Join(c.Dir(), formatDir, "doi", "notes.txt")
	os.WriteFile(foreign, []byte("mine"), 0o644)
	outside := filepath.Join(c.Dir(), "keep.json")
	os.WriteFile(outside, []byte("mine"), 0o644)

	st, err := c.Status()
	if err != nil {
		t.Fatal(err)
	}
	if st.Entries != 21 || st.Kinds["doi"].Entries != 10 || st.Kinds["url"].Entries != 10 || st.Kinds["arxiv"].Entries != 1 || st.Bytes <= 0 {
		t.Errorf("status %+v", st)
	}
	clk.t = clk.t.Add(2 * day) // the Broken arxiv entry expires
	if st, _ := c.Status(); st.Kinds["arxiv"].Expired != 1 || st.Kinds["doi"].Expired != 0 {
		t.Errorf("expired counts %+v", st.Kinds)
	}
	if n, err := c.Prune(); n != 1 || err != nil {
		t.Errorf("Prune removed %d, %v", n, err)
	}
	if n, err := c.Clean(); n != 20 || err != nil {
		t.Errorf("Clean removed %d, %v", n, err)
	}
	if st, _ := c.Status(); st.Entries != 0 {
		t.Errorf("after Clean: %+v", st)
	}
	for _, p := range []string{foreign, outside} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("Clean removed a file it does not own: %v", err)
		}
	}
	// An empty or missing cache is fine.
	empty, _ := Open(Options{Dir: filepath.Join(t.TempDir(), "none")})
	if st, err := empty.Status(); err != nil || st.Entries != 0 {
		t.Errorf("missing dir: %+v %v", st, err)
	}
	if n, err := empty.Clean(); n != 0 || err != nil {
		t.Errorf("missing dir Clean: %d %v", n, err)
	}
}

func TestDefaultDir(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "/tmp/xdg-test")
	t.Setenv("HOME", "/tmp/home-test")
	c, err := Open(Options{})
	if err != nil {
		t.Skip("no user cache dir here:", err)
	}
	if filepath.Base(c.Dir()) != "citelint" {
		t.Errorf("Dir %q", c.Dir())
	}
}
