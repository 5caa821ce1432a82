package tokenize

import (
	"fmt"
	"sync"
	"testing"
)

// TestWordCacheAgreesWithNormWord: the memo answers as normWord does,
// before and after its pending words are published in a snapshot, for
// content words, stopwords, capitalised and non-ASCII words, from several
// goroutines at once.
func TestWordCacheAgreesWithNormWord(t *testing.T) {
	c := &wordCache{pending: map[string]string{}}
	var words []string
	for i := range 300 {
		words = append(words, fmt.Sprintf("elected%d", i), fmt.Sprintf("Running%c", 'a'+i%26))
	}
	words = append(words, "the", "The", "NOT", "twelve", "Größe", "café", "elections", "Elections", "a")
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := range 2 {
				for _, w := range words {
					gotT, gotOK := c.norm(w, English)
					wantT, wantOK := normWord(w, English)
					if gotT != wantT || gotOK != wantOK {
						t.Errorf("goroutine %d round %d: norm(%q) = %q %v, normWord gives %q %v", g, round, w, gotT, gotOK, wantT, wantOK)
					}
				}
			}
		}()
	}
	wg.Wait()
	if c.snap.Load() == nil {
		t.Error("600 words were never published in a snapshot")
	}
}
