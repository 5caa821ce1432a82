package main

import "testing"

func TestLimitFor(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int64
	}{
		{0, softLimit},
		{10 << 20, softLimit},
		{softLimit / 2, softLimit},
		{softLimit/2 + 1, softLimit + 2},
		{300 << 20, 600 << 20},
	} {
		if got := limitFor(c.live); got != c.want {
			t.Errorf("limitFor(%d) = %d, want %d", c.live, got, c.want)
		}
	}
}
