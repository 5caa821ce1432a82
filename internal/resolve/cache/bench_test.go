package cache

import (
	"fmt"
	"testing"

	"github.com/citelint/citelint/internal/resolve"
)

// BenchmarkWrite3000 stores the answers of a cold network run (3,006 in
// the measured one) into an empty cache and makes them durable: batched,
// as Wrap does, and one at a time, as the judge does (each answer written
// at once: a shard rewrite, so it grows with the shard). On a 2-vCPU
// machine v1 (one fsync'd file per answer) took 894 ms/op; batched takes
// 19-26 ms/op; one-by-one 5.7 s/op, which only the judge pays, once per
// model call that itself takes seconds.
func BenchmarkWrite3000(b *testing.B) {
	l := resolve.Lookup{Verdict: resolve.OK, Reason: "in Crossref", Status: 200,
		Record: &resolve.Record{Title: "A title of ordinary length for a paper", Authors: []string{"Lovelace", "Turing"}, Year: "2021"}}
	for _, batched := range []bool{true, false} {
		b.Run(map[bool]string{true: "batched", false: "one-by-one"}[batched], func(b *testing.B) {
			for b.Loop() {
				c, err := Open(Options{Dir: b.TempDir()})
				if err != nil {
					b.Fatal(err)
				}
				end := func() error { return nil }
				if batched {
					end = c.Batch()
				}
				for i := range 3000 {
					if err := c.Put("crossref", fmt.Sprintf("10.1000/%d", i), l); err != nil {
						b.Fatal(err)
					}
				}
				if err := end(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
