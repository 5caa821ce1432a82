package score

import (
	"container/list"
	"sync"
)

// SourceCache holds prepared sources (tokenised for ScorePrepared, numbers
// indexed for MissingNumbersIn) keyed by their text, so that a source cited
// by many documents of a run is prepared once, not once per document: with
// 20 documents citing the same ten pages, preparing them again for each
// document took two thirds of the claim-support rules' time.
//
// A source's identity is its text: the same page reached through two
// references, or two documents, is one entry, and a changed page is a new
// one. The cache is bounded by an estimate of the memory its entries hold;
// past the bound the least recently used entries go. It is safe for
// concurrent use, and two goroutines asking for the same source at once
// prepare it once.
type SourceCache struct {
	scorer *Scorer
	max    int64

	mu    sync.Mutex
	m     map[string]*list.Element // of *cacheEntry
	lru   list.List                // front: most recently used
	bytes int64
}

// cacheEntry is one source; each part is built on first use, since a run
// with number-mismatch alone needs no tokens and low-overlap alone no
// number index.
type cacheEntry struct {
	text    string
	cost    int64
	prepOne sync.Once
	prep    *Prepared
	numOne  sync.Once
	nums    *NumberIndex
}

// DefaultCacheBytes bounds a SourceCache made with max 0: room for about
// 800 pages of the median cited size (10 KB) at the estimate below. A run
// that cites more keeps the recently cited ones, which are the ones the
// next files of a folder tend to cite again.
const DefaultCacheBytes = 128 << 20

// preparedBytesPerByte estimates the memory a prepared source holds per
// byte of text: the text, its sentence spans, vocabulary, postings, the
// adjacent-pair index and the number index. Measured by
// TestSourceCacheCostEstimate on WiCE pages: about 12 bytes per byte.
const preparedBytesPerByte = 16

// NewSourceCache returns a cache preparing sources with s, holding about
// maxBytes of prepared data (DefaultCacheBytes when maxBytes ≤ 0).
func NewSourceCache(s *Scorer, maxBytes int64) *SourceCache {
	if maxBytes <= 0 {
		maxBytes = DefaultCacheBytes
	}
	return &SourceCache{scorer: s, max: maxBytes, m: map[string]*list.Element{}}
}

// Prepared returns text prepared for ScorePrepared by the cache's Scorer.
func (c *SourceCache) Prepared(text string) *Prepared {
	e := c.entry(text)
	e.prepOne.Do(func() { e.prep = c.scorer.Prepare(text) })
	return e.prep
}

// Numbers returns the number index of text, for MissingNumbersIn.
func (c *SourceCache) Numbers(text string) *NumberIndex {
	e := c.entry(text)
	e.numOne.Do(func() { e.nums = IndexNumbers(text) })
	return e.nums
}

// Reset empties the cache.
func (c *SourceCache) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	clear(c.m)
	c.lru.Init()
	c.bytes = 0
}

// entry finds or adds the entry of text and marks it most recently used.
// An entry evicted while another goroutine still prepares it stays valid
// for that goroutine; it is only no longer shared.
func (c *SourceCache) entry(text string) *cacheEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.m[text]; ok {
		c.lru.MoveToFront(el)
		return el.Value.(*cacheEntry)
	}
	e := &cacheEntry{text: text, cost: int64(len(text))*preparedBytesPerByte + 1024}
	c.m[text] = c.lru.PushFront(e)
	c.bytes += e.cost
	for c.bytes > c.max && c.lru.Len() > 1 {
		old := c.lru.Back()
		oe := old.Value.(*cacheEntry)
		c.lru.Remove(old)
		delete(c.m, oe.text)
		c.bytes -= oe.cost
	}
	return e
}

// Len returns the number of sources held.
func (c *SourceCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}
