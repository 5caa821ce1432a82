package engine_test

import (
	"fmt"
	"testing"

	"github.com/citelint/citelint/internal/engine"
)

func TestParseShard(t *testing.T) {
	for s, want := range map[string]engine.Shard{"1/1": {1, 1}, "2/4": {2, 4}, "4/4": {4, 4}} {
		if got, err := engine.ParseShard(s); err != nil || got != want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "0/4", "5/4", "1/0", "a/b", "1", "1/4/2", "-1/4"} {
		if _, err := engine.ParseShard(s); err == nil {
			t.Errorf("ParseShard(%q) accepted", s)
		}
	}
}

// TestShardHasIsStable: every path is in exactly one shard, and which one
// is pinned, so that jobs on different machines, systems and Go versions
// agree (a change of hash would split a CI matrix's files differently
// between jobs running different builds).
func TestShardHasIsStable(t *testing.T) {
	// FNV-1a 64 of the path, modulo 4, plus 1 (checked with an independent
	// implementation).
	want := map[string]int{"README.md": 3, "docs/a.md": 2, "docs/b.md": 3, "docs/sub/ch1.md": 2, "-": 1}
	for path, shard := range want {
		var in []int
		for i := 1; i <= 4; i++ {
			if (engine.Shard{Index: i, Count: 4}).Has(path) {
				in = append(in, i)
			}
		}
		if fmt.Sprint(in) != fmt.Sprint([]int{shard}) {
			t.Errorf("%s is in shards %v of 4, want [%d]", path, in, shard)
		}
	}
	if !(engine.Shard{}).Has("x.md") {
		t.Error("no sharding must keep every file")
	}
}
