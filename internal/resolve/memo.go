package resolve

import (
	"context"
	"sync"
)

// Memo wraps a Resolver so that each unique id (by KeyOf) is looked up at
// most once per run, however many files cite it and however many goroutines
// ask at the same time: a linter run over a large repository cites the same
// DOIs again and again, and registries ask us to be polite. A caller that
// asks for an id already in flight waits for the first caller's answer
// instead of sending its own request (singleflight style).
//
// A Memo lives for one run; the on-disk cache (resolve/cache) is what
// remembers answers between runs.
type Memo struct {
	inner Resolver
	mu    sync.Mutex
	calls map[string]*memoCall
}

type memoCall struct {
	done   chan struct{}
	lookup Lookup
}

// NewMemo returns a Memo in front of r.
func NewMemo(r Resolver) *Memo {
	return &Memo{inner: r, calls: map[string]*memoCall{}}
}

// Name is the inner resolver's name, so a Memo can stand in for it.
func (m *Memo) Name() string { return m.inner.Name() }

// Key is the inner resolver's canonical key.
func (m *Memo) Key(id string) string { return KeyOf(m.inner, id) }

// Resolve answers from earlier or in-flight lookups where it can and sends
// the remaining ids to the inner resolver in one batch.
func (m *Memo) Resolve(ctx context.Context, ids []string) map[string]Lookup {
	keyOf := make(map[string]string, len(ids)) // id as given -> key
	var mine []string                          // ids (one per key) this call looks up
	var mineCalls []*memoCall
	waits := map[string]*memoCall{}

	m.mu.Lock()
	for _, id := range ids {
		if _, dup := keyOf[id]; dup {
			continue
		}
		k := m.Key(id)
		keyOf[id] = k
		if _, ok := waits[k]; ok {
			continue
		}
		c, ok := m.calls[k]
		if !ok {
			c = &memoCall{done: make(chan struct{})}
			m.calls[k] = c
			mine = append(mine, id)
			mineCalls = append(mineCalls, c)
		}
		waits[k] = c
	}
	m.mu.Unlock()

	if len(mine) > 0 {
		m.lookupOwn(ctx, mine, mineCalls, keyOf)
	}

	out := make(map[string]Lookup, len(keyOf))
	for id, k := range keyOf {
		c := waits[k]
		select {
		case <-c.done:
			out[id] = c.lookup
		case <-ctx.Done():
			out[id] = Lookup{Verdict: Unverified, Reason: "canceled"}
		}
	}
	return out
}

// lookupOwn sends the ids this caller owns to the inner resolver and
// publishes the answers. It releases the waiters even if the inner resolver
// panics (the panic then continues), so no goroutine waits forever.
func (m *Memo) lookupOwn(ctx context.Context, ids []string, calls []*memoCall, keyOf map[string]string) {
	var res map[string]Lookup
	finished := false
	defer func() {
		canceled := ctx.Err() != nil
		m.mu.Lock()
		defer m.mu.Unlock()
		for i, id := range ids {
			c := calls[i]
			l, ok := res[id]
			if !ok {
				l = Lookup{Verdict: Unverified, Reason: "no answer"}
			}
			c.lookup = l
			// An answer cut short by this caller's cancellation (or a
			// panic) says nothing about the id; forget it so a later
			// caller can try again.
			if !finished || canceled && l.Verdict == Unverified {
				delete(m.calls, keyOf[id])
			}
			close(c.done)
		}
	}()
	res = m.inner.Resolve(ctx, ids)
	finished = true
}
