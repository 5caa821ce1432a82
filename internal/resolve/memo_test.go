package resolve

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
)

// countingResolver answers OK for every id and counts how often each key
// was asked for. gate, when set, holds every call until closed, so that
// concurrent callers really overlap.
type countingResolver struct {
	mu    sync.Mutex
	asked map[string]int
	gate  chan struct{}
}

func (r *countingResolver) Name() string         { return "count" }
func (r *countingResolver) Key(id string) string { return strings.ToLower(id) }
func (r *countingResolver) Resolve(ctx context.Context, ids []string) map[string]Lookup {
	if r.gate != nil {
		<-r.gate
	}
	out := map[string]Lookup{}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, id := range ids {
		r.asked[r.Key(id)]++
		out[id] = Lookup{Verdict: OK, Reason: id}
	}
	return out
}

func TestMemoLooksUpEachKeyOnce(t *testing.T) {
	inner := &countingResolver{asked: map[string]int{}, gate: make(chan struct{})}
	m := NewMemo(inner)
	ids := []string{"A", "b", "a", "C", "B"}
	var wg sync.WaitGroup
	results := make([]map[string]Lookup, 50)
	for g := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[g] = m.Resolve(context.Background(), ids)
		}()
	}
	close(inner.gate)
	wg.Wait()
	for k, n := range inner.asked {
		if n != 1 {
			t.Errorf("key %q asked %d times, want 1", k, n)
		}
	}
	if len(inner.asked) != 3 {
		t.Errorf("asked %v, want keys a b c", inner.asked)
	}
	for _, res := range results {
		for _, id := range ids {
			if res[id].Verdict != OK {
				t.Fatalf("id %q: %+v", id, res[id])
			}
		}
	}
}

func TestMemoForgetsAnswersCutShortByCancel(t *testing.T) {
	inner := &countingResolver{asked: map[string]int{}}
	m := NewMemo(inner)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m.Resolve(ctx, []string{"x"}) // OK even though canceled: kept
	if res := m.Resolve(context.Background(), []string{"x"}); res["x"].Verdict != OK || inner.asked["x"] != 1 {
		t.Errorf("got %+v after %d asks", res["x"], inner.asked["x"])
	}
}

func TestVerdictJSON(t *testing.T) {
	for _, v := range []Verdict{Unverified, OK, Broken} {
		b, err := json.Marshal(Lookup{Verdict: v})
		if err != nil {
			t.Fatal(err)
		}
		var l Lookup
		if err := json.Unmarshal(b, &l); err != nil || l.Verdict != v {
			t.Errorf("%v: %s -> %v %v", v, b, l.Verdict, err)
		}
		if !strings.Contains(string(b), `"`+v.String()+`"`) {
			t.Errorf("%s does not name %v", b, v)
		}
	}
	var v Verdict
	if err := v.UnmarshalText([]byte("dead")); err == nil {
		t.Error("unknown verdict accepted")
	}
}

func TestFanoutAnswersEveryID(t *testing.T) {
	ids := []string{"a", "b", "a", "c"}
	got := Fanout(context.Background(), ids, 2, func(_ context.Context, id string) Lookup {
		return Lookup{Verdict: Broken, Reason: id}
	})
	if len(got) != 3 || got["a"].Reason != "a" || got["c"].Verdict != Broken {
		t.Errorf("got %v", got)
	}
}
