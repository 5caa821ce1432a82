package httpclient

import (
	"context"
	"strings"

	"github.com/citelint/citelint/internal/resolve"
)

// API is what every registry resolver holds the same way: the client it
// asks through, the base URL it asks (a test server or a mirror in place
// of the registry) and how many lookups may wait on the client at once.
// A resolver embeds it, so r.Base and r.Workers stay plain fields its
// callers set, and keeps only what differs: its paths, its answers'
// shape and its verdicts. Its requests go to its endpoint, so it marks
// their context with Endpoint: a host the workflow trusts (AllowHosts)
// may serve as a mirror.
type API struct {
	Client *Client
	// Base is the API's base URL, the registry's own (the one NewAPI
	// was given) when empty.
	Base string
	// Workers bounds the goroutines Fanout lets wait for the client's
	// host limit; those limits, not Workers, keep to a registry's rules.
	Workers int

	// def is the registry's own base URL. Unexported so that a caller
	// pointing a resolver elsewhere has one field to set, Base.
	def string
}

// NewAPI returns an API asking base (the registry's own URL, also the
// fallback when Base is emptied) through c with workers concurrent
// lookups.
func NewAPI(c *Client, base string, workers int) API {
	return API{Client: c, Base: base, Workers: workers, def: base}
}

// Endpoint is the base URL asked, without a trailing slash, so the cache
// keeps answers of a test server or a mirror apart from the registry's.
func (a *API) Endpoint() string {
	if b := strings.TrimRight(a.Base, "/"); b != "" {
		return b
	}
	return a.def
}

// URL is the address of path (which starts with "/") on the endpoint.
func (a *API) URL(path string) string { return a.Endpoint() + path }

// Fanout looks ids up one at a time through one, at most Workers at once,
// for registries without a batch form.
func (a *API) Fanout(ctx context.Context, ids []string, one func(context.Context, string) resolve.Lookup) map[string]resolve.Lookup {
	return resolve.Fanout(ctx, ids, a.Workers, one)
}
