package bytecursor

import (
	"bytes"
	"testing"
)

func TestNext(t *testing.T) {
	for _, c := range []struct {
		text string
		from []int
		want []int
	}{
		{"a.b.c", []int{0, 1, 2, 3, 4, 5}, []int{1, 1, 3, 3, 5, 5}},
		{"...", []int{0, 0, 1, 2, 3}, []int{0, 0, 1, 2, 3}},
		{"no dot", []int{0, 3, 6}, []int{6, 6, 6}},
		{"", []int{0}, []int{0}},
		{".", []int{0, 1}, []int{0, 1}},
	} {
		k := New('.')
		for n, i := range c.from {
			// The answer must be what a fresh search from i finds.
			want := len(c.text)
			if j := bytes.IndexByte([]byte(c.text[i:]), '.'); j >= 0 {
				want = i + j
			}
			if want != c.want[n] {
				t.Fatalf("table wrong for %q at %d: want %d, IndexByte says %d", c.text, i, c.want[n], want)
			}
			if got := k.Next([]byte(c.text), i); got != want {
				t.Errorf("Next(%q, %d) = %d, want %d", c.text, i, got, want)
			}
		}
	}
}
