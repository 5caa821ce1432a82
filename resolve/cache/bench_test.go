package cache

import (
	"fmt"
	"testing"

	"github.com/citelint/citelint/resolve"
)

// BenchmarkWrite3000 stores the answers of a cold network run (3,006 in
// the measured one) into an empty cache and makes them durable.
func BenchmarkWrite3000(b *testing.B) {
	l := resolve.Lookup{Verdict: resolve.OK, Reason: "in Crossref", Status: 200,
		Record: &resolve.Record{Title: "A title of ordinary length for a paper", Authors: []string{"Lovelace", "Turing"}, Year: "2021"}}
	for b.Loop() {
		c, err := Open(Options{Dir: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		end := c.Batch()
		for i := range 3000 {
			if err := c.Put("crossref", fmt.Sprintf("10.1000/%d", i), l); err != nil {
				b.Fatal(err)
			}
		}
		end()
	}
}
