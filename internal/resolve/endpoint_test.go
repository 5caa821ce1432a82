package resolve_test

import (
	"testing"

	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/arxiv"
	"github.com/citelint/citelint/internal/resolve/cache"
	"github.com/citelint/citelint/internal/resolve/crossref"
	"github.com/citelint/citelint/internal/resolve/datacite"
	"github.com/citelint/citelint/internal/resolve/doi"
	"github.com/citelint/citelint/internal/resolve/httpclient"
)

// The endpoint is part of every cache key: a registry's default changing
// (or a mirror's trailing slash counting) would orphan every user's cache.
func TestRegistryEndpointsAreCacheKeys(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		make       func(base string) resolve.Resolver
	}{
		{"doi", "https://doi.org", func(b string) resolve.Resolver { r := doi.New(nil); setBase(&r.API, b); return r }},
		{"crossref", "https://api.crossref.org", func(b string) resolve.Resolver { r := crossref.New(nil); setBase(&r.API, b); return r }},
		{"datacite", "https://api.datacite.org", func(b string) resolve.Resolver { r := datacite.New(nil); setBase(&r.API, b); return r }},
		{"arxiv", "https://export.arxiv.org", func(b string) resolve.Resolver { r := arxiv.New(nil); setBase(&r.API, b); return r }},
	} {
		for base, want := range map[string]string{
			"keep": tc.want, "": tc.want,
			"http://127.0.0.1:9/mirror/": "http://127.0.0.1:9/mirror",
		} {
			r := tc.make(base)
			e, ok := r.(cache.Endpointer)
			if !ok {
				t.Fatalf("%s: not a cache.Endpointer", tc.name)
			}
			if got := e.Endpoint(); got != want || r.Name() != tc.name {
				t.Errorf("%s with Base %q: Endpoint() = %q, Name() = %q; want %q, %q", tc.name, base, got, r.Name(), want, tc.name)
			}
		}
	}
}

func setBase(a *httpclient.API, base string) {
	if base != "keep" {
		a.Base = base
	}
}
