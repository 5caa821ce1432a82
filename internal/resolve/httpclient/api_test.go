package httpclient

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/citelint/citelint/internal/hangguard"
	"github.com/citelint/citelint/internal/resolve"
)

func TestAPIEndpoint(t *testing.T) {
	const def = "https://registry.example"
	for _, tc := range []struct {
		name, base, want string
	}{
		{"as made", def, def},
		{"emptied falls back to the registry", "", def},
		{"only slashes fall back too", "//", def},
		{"a mirror", "http://127.0.0.1:8080", "http://127.0.0.1:8080"},
		{"trailing slashes trimmed", "http://127.0.0.1:8080//", "http://127.0.0.1:8080"},
		{"a path kept", "http://mirror/api/", "http://mirror/api"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := NewAPI(nil, def, 1)
			a.Base = tc.base
			if got := a.Endpoint(); got != tc.want {
				t.Errorf("Endpoint() = %q, want %q", got, tc.want)
			}
			if got, want := a.URL("/works/10.1/x"), tc.want+"/works/10.1/x"; got != want {
				t.Errorf("URL() = %q, want %q", got, want)
			}
		})
	}
}

func TestAPIZeroHasNoEndpoint(t *testing.T) {
	// A resolver built without NewAPI has no registry to fall back on;
	// it must not invent one.
	var a API
	if got := a.Endpoint(); got != "" {
		t.Errorf("zero API's Endpoint() = %q, want empty", got)
	}
}

// Fanout must hand its Workers to resolve.Fanout: each lookup waits until
// Workers lookups run at once, which a smaller bound never reaches (the
// test then fails on the hang), and more than Workers never run together.
func TestAPIFanoutKeepsToWorkers(t *testing.T) {
	for _, workers := range []int{1, 3} {
		a := NewAPI(nil, "https://registry.example", workers)
		var running, most atomic.Int32
		full := make(chan struct{})
		var once sync.Once
		ids := []string{"a", "b", "c", "d", "e", "f", "a"}
		var got map[string]resolve.Lookup
		// A bound smaller than workers never reaches the count and hangs.
		hangguard.Run(t, fmt.Sprintf("workers %d: waiting for %d lookups at once", workers, workers), func() {
			got = a.Fanout(context.Background(), ids, func(_ context.Context, id string) resolve.Lookup {
				n := running.Add(1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				if n == int32(workers) {
					once.Do(func() { close(full) })
				}
				<-full
				running.Add(-1)
				return resolve.Lookup{Verdict: resolve.OK, Reason: id}
			})
		})
		if len(got) != 6 || got["f"].Reason != "f" {
			t.Errorf("workers %d: got %v", workers, got)
		}
		if most.Load() != int32(workers) {
			t.Errorf("workers %d: %d lookups ran at once", workers, most.Load())
		}
	}
}
