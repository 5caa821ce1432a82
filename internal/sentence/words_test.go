package sentence

import (
	"strings"
	"testing"
)

func TestHasWords(t *testing.T) {
	for _, s := range []string{"", " ", "a", "a b", "\ta  b\tc ", "one two three four five six seven eight", "one two three four five six seven eight nine", "a\u00a0b\u3000c\u2003d", "\xff \xfe", "a\xffb c", "x y z w v u t s r q p"} {
		for n := 0; n <= 12; n++ {
			want := len(strings.Fields(s)) >= n
			if got := HasWords(s, n); got != want {
				t.Errorf("HasWords(%q, %d) = %v, want %v", s, n, got, want)
			}
			if got := HasWords([]byte(s), n); got != want {
				t.Errorf("HasWords([]byte(%q), %d) = %v, want %v", s, n, got, want)
			}
		}
	}
}

// TestHasWordsAllocates: reading bytes as a string does not copy them.
func TestHasWordsAllocates(t *testing.T) {
	b := []byte(strings.Repeat("word\u00a0wörd ", 100))
	if n := testing.AllocsPerRun(100, func() { HasWords(b, 1000) }); n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}
