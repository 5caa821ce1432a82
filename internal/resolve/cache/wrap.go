package cache

import (
	"context"

	"github.com/citelint/citelint/internal/resolve"
)

// Mode says how Wrap uses the cache.
type Mode int

const (
	// ReadWrite answers from the cache when it can and stores new
	// definite answers.
	ReadWrite Mode = iota
	// Refresh ignores stored answers but stores new ones
	// (`--refresh-cache`).
	Refresh
	// Offline makes no requests: cached answers or Unverified
	// "offline, not cached" (`--offline`).
	Offline
)

// OfflineReason is the Reason of an offline miss.
const OfflineReason = "offline, not cached"

// Endpointer is implemented by resolvers that ask a configurable
// endpoint: Endpoint is its base URL, part of every cache key, so that
// answers of a test server or a mirror never stand in for the registry's.
type Endpointer interface {
	Endpoint() string
}

// Briefer is implemented by resolvers some of whose definite answers rest
// on circumstantial evidence: Brief reports whether l is one, to be kept
// for ShortTTL at most.
type Briefer interface {
	Brief(l resolve.Lookup) bool
}

// Wrap returns a Resolver that answers from c before asking r, under the
// resolver's name as kind, its endpoint and its canonical key
// (resolve.KeyOf). c may be nil: then nothing is read or stored, and
// Offline answers every id with OfflineReason. The answers of one Resolve
// are written together at its end. A failed cache write is a warning from
// the cache, once: the answer is still right, only the next run will ask
// again.
func Wrap(r resolve.Resolver, c *Cache, mode Mode) resolve.Resolver {
	w := &cached{inner: r, c: c, mode: mode}
	if e, ok := r.(Endpointer); ok {
		w.endpoint = e.Endpoint()
	}
	return w
}

type cached struct {
	inner    resolve.Resolver
	c        *Cache
	mode     Mode
	endpoint string
}

func (w *cached) Name() string         { return w.inner.Name() }
func (w *cached) Key(id string) string { return resolve.KeyOf(w.inner, id) }

func (w *cached) Resolve(ctx context.Context, ids []string) map[string]resolve.Lookup {
	kind := w.inner.Name()
	out := make(map[string]resolve.Lookup, len(ids))
	var misses []string
	for _, id := range ids {
		if _, done := out[id]; done {
			continue
		}
		if w.c != nil && w.mode != Refresh {
			if l, ok := w.c.GetFrom(kind, w.endpoint, w.Key(id)); ok {
				out[id] = l
				continue
			}
		}
		if w.mode == Offline {
			out[id] = resolve.Lookup{Verdict: resolve.Unverified, Reason: OfflineReason}
			continue
		}
		out[id] = resolve.Lookup{} // placeholder: a duplicate id is sent once
		misses = append(misses, id)
	}
	if len(misses) == 0 {
		return out
	}
	res := w.inner.Resolve(ctx, misses)
	if w.c != nil {
		defer w.c.Batch()()
	}
	briefer, _ := w.inner.(Briefer)
	for _, id := range misses {
		l, ok := res[id]
		if !ok {
			l = resolve.Lookup{Reason: "no answer"}
		}
		out[id] = l
		switch {
		case w.c == nil:
		case briefer != nil && briefer.Brief(l):
			_ = w.c.PutBrief(kind, w.endpoint, w.Key(id), l)
		default:
			_ = w.c.PutFrom(kind, w.endpoint, w.Key(id), l)
		}
	}
	return out
}
