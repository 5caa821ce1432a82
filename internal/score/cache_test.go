package score

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
)

func TestSourceCacheSharesPreparedSources(t *testing.T) {
	c := NewSourceCache(New(Options{}), 0)
	a := "Global mean sea level rose by 0.20 m between 1901 and 2018."
	b := "Penguins live almost exclusively in the Southern Hemisphere."
	// A copy with its own backing array: identity is the text, not the pointer.
	a2 := strings.Clone(a)
	if c.Prepared(a) != c.Prepared(a2) {
		t.Error("the same text was prepared twice")
	}
	if c.Prepared(a) == c.Prepared(b) {
		t.Error("two texts share one prepared source")
	}
	if c.Numbers(a) != c.Numbers(a2) {
		t.Error("the same text's numbers were indexed twice")
	}
	if c.Len() != 2 {
		t.Errorf("Len = %d, want 2", c.Len())
	}
	s := New(Options{})
	claim := "Sea level rose 0.20 m from 1901 to 2018."
	if got, want := s.ScorePrepared(claim, c.Prepared(a)), s.Score(claim, a); got.Score != want.Score || got.Best != want.Best {
		t.Errorf("cached score %+v, uncached %+v", got, want)
	}
	if got := MissingNumbersIn("It rose 0.3 m by 2018.", c.Numbers(a)); len(got) != 1 || got[0] != "0.3" {
		t.Errorf("MissingNumbersIn with a cached index = %q, want [0.3]", got)
	}
	c.Reset()
	if c.Len() != 0 {
		t.Errorf("after Reset Len = %d", c.Len())
	}
}

func TestSourceCacheConcurrent(t *testing.T) {
	c := NewSourceCache(New(Options{}), 0)
	texts := make([]string, 4)
	for i := range texts {
		texts[i] = strings.Repeat(fmt.Sprintf("Sentence %d about topic %d. ", i, i), 200)
	}
	got := make([][]*Prepared, 8)
	var wg sync.WaitGroup
	for g := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, tx := range texts {
				got[g] = append(got[g], c.Prepared(tx))
				c.Numbers(tx)
			}
		}()
	}
	wg.Wait()
	for g := range got {
		for i := range texts {
			if got[g][i] != got[0][i] {
				t.Fatalf("goroutine %d got a different prepared source %d", g, i)
			}
		}
	}
}

func TestSourceCacheEvictsLeastRecentlyUsed(t *testing.T) {
	text := func(c byte) string { return strings.Repeat(string(c)+"word ", 200) } // 1,200 bytes
	per := int64(len(text('a')))*preparedBytesPerByte + 1024
	c := NewSourceCache(New(Options{}), 2*per) // room for two
	a, b, d := text('a'), text('b'), text('d')
	pa := c.Prepared(a)
	c.Prepared(b)
	c.Prepared(a) // a is now the most recently used
	c.Prepared(d) // evicts b
	if c.Len() != 2 {
		t.Fatalf("Len = %d, want 2", c.Len())
	}
	if c.Prepared(a) != pa {
		t.Error("the most recently used source was evicted")
	}
	// A source larger than the whole bound is still prepared and held alone.
	small := NewSourceCache(New(Options{}), 1)
	if small.Prepared(a) == nil || small.Len() != 1 {
		t.Errorf("an oversized source: Len = %d", small.Len())
	}
}

// TestSourceCacheCostEstimate checks that preparedBytesPerByte does not
// understate what a prepared source holds on real pages, so that the
// cache's bound is a bound.
func TestSourceCacheCostEstimate(t *testing.T) {
	items := loadWiCE(t)
	s := New(Options{})
	var keep []any
	text := 0
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	for _, it := range items {
		src := strings.Clone(it.source)
		text += len(src)
		keep = append(keep, s.Prepare(src), IndexNumbers(src), src)
	}
	runtime.GC()
	runtime.ReadMemStats(&m1)
	runtime.KeepAlive(keep)
	// Signed: the heap may have shrunk by more than the sources hold
	// (a collection of the items read above), which unsigned subtraction
	// would turn into a huge ratio.
	ratio := (float64(m1.HeapAlloc) - float64(m0.HeapAlloc)) / float64(text)
	t.Logf("prepared sources hold %.1f bytes per byte of text", ratio)
	if ratio > preparedBytesPerByte {
		t.Errorf("prepared sources hold %.1f bytes per byte of text, the estimate is %d", ratio, preparedBytesPerByte)
	}
}
