package cache

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/citelint/citelint/resolve"
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
	for _, body := range []string{"", "{", "null", `{"kind":"doi","key":"other","stored":"2026-03-01T12:00:00Z","lookup":{"verdict":"ok"}}`,
		`{"kind":"doi","key":"k","stored":"2026-03-01T12:00:00Z","lookup":{"verdict":"dead"}}`, "\x00\xff garbage"} {
		p := c.path("doi", "k")
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if l, hit := c.Get("doi", "k"); hit {
			t.Errorf("%q: hit %+v", body, l)
		}
	}
	// A directory where the file should be is a miss too.
	p := c.path("doi", "dir")
	os.MkdirAll(p, 0o755)
	if _, hit := c.Get("doi", "dir"); hit {
		t.Error("directory read as entry")
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
	foreign := filepath.Join(c.Dir(), "v1", "doi", "notes.txt")
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
