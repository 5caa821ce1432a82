package resolve

import (
	"context"
	"fmt"
	"sync"
)

// This file holds the types the network resolvers (subfolders doi, crossref,
// datacite, arxiv, urlcheck) share, so that rules and the cache can handle
// any of them without knowing which registry answered.

// Verdict is what a network lookup concluded about an identifier or URL.
// The zero value is Unverified so that a forgotten assignment, a panic
// recovered half-way or an empty map entry can never claim a citation is
// broken: only a definite answer from the registry may do that.
type Verdict int

const (
	// Unverified: no definite answer (rate limit, timeout, bot wall, offline).
	Unverified Verdict = iota
	// OK: the registry or server confirmed the target exists.
	OK
	// Broken: the registry or server said definitely that it does not exist.
	Broken
)

var verdictNames = [...]string{Unverified: "unverified", OK: "ok", Broken: "broken"}

func (v Verdict) String() string {
	if v >= 0 && int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// MarshalText writes the verdict's name, so cached and reported JSON stays
// readable and does not depend on the order of the constants.
func (v Verdict) MarshalText() ([]byte, error) {
	if v < 0 || int(v) >= len(verdictNames) {
		return nil, fmt.Errorf("resolve: invalid verdict %d", int(v))
	}
	return []byte(verdictNames[v]), nil
}

// UnmarshalText reads a verdict name written by MarshalText.
func (v *Verdict) UnmarshalText(b []byte) error {
	for i, n := range verdictNames {
		if string(b) == n {
			*v = Verdict(i)
			return nil
		}
	}
	return fmt.Errorf("resolve: unknown verdict %q", b)
}

// Record is the bibliographic metadata a registry returned, for rules that
// compare what the text says (title, authors, year) with what was cited.
type Record struct {
	Title     string   `json:"title,omitempty"`
	Authors   []string `json:"authors,omitempty"` // family names, in order
	Year      string   `json:"year,omitempty"`
	Container string   `json:"container,omitempty"` // journal, proceedings or publisher
	Retracted bool     `json:"retracted,omitempty"`
	// Abstract is the work's abstract as plain text, when the registry
	// has one: the source text claim-support rules score against.
	Abstract string `json:"abstract,omitempty"`
	// Notices lists editorial updates as "kind: DOI", e.g.
	// "retraction: 10.1021/acsami.9b11759".
	Notices []string `json:"notices,omitempty"`
}

// Lookup is the result of resolving one identifier or URL.
type Lookup struct {
	Verdict Verdict `json:"verdict"`
	// Reason says why, for people: "handle not found", "HTTP 404",
	// "timeout", "HTTP 429", "offline, not cached".
	Reason string  `json:"reason,omitempty"`
	Record *Record `json:"record,omitempty"`
	// Status is the last HTTP status seen, 0 when no response arrived.
	Status      int    `json:"status,omitempty"`
	FinalURL    string `json:"final_url,omitempty"`
	ContentType string `json:"content_type,omitempty"`
	HTMLTitle   string `json:"html_title,omitempty"`
	// Text is a web page's readable text (navigation, scripts and styles
	// removed, capped), fetched only when claim-support rules need it.
	Text string `json:"text,omitempty"`
}

// Resolver looks identifiers up in one registry or on the web. Resolve is
// batched so that registries with batch APIs (arXiv) can use them; every id
// in ids gets an entry in the result, keyed by the id exactly as given.
// Implementations must be safe for concurrent use.
type Resolver interface {
	Name() string
	Resolve(ctx context.Context, ids []string) map[string]Lookup
}

// Keyer is implemented by resolvers whose ids have several spellings
// (DOI case, "arXiv:" prefixes). Key returns the canonical spelling, so that
// the cache and Memo treat "10.1000/ABC" and "doi:10.1000/abc" as one id.
type Keyer interface {
	Key(id string) string
}

// KeyOf returns r's canonical key for id, or id itself when r has no Keyer.
func KeyOf(r Resolver, id string) string {
	if k, ok := r.(Keyer); ok {
		return k.Key(id)
	}
	return id
}

// Fanout resolves ids one at a time with at most workers concurrent calls
// of one, for registries without a batch API. Duplicate ids are looked up
// once. Politeness (per-host limits) belongs to the HTTP client; workers
// only bounds the goroutines waiting for it.
func Fanout(ctx context.Context, ids []string, workers int, one func(ctx context.Context, id string) Lookup) map[string]Lookup {
	if workers < 1 {
		workers = 1
	}
	out := make(map[string]Lookup, len(ids))
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, workers)
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			l := one(ctx, id)
			mu.Lock()
			out[id] = l
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out
}
