package markdown

import (
	"strings"
	"testing"
)

func TestMoreWordsThan(t *testing.T) {
	for _, s := range []string{"", " ", "a", "a b", "\ta  b\tc ", "one two three four five six seven eight", "one two three four five six seven eight nine", "a\u00a0b\u3000c\u2003d", "\xff \xfe", "x y z w v u t s r q p"} {
		for n := 0; n <= 10; n++ {
			if got, want := moreWordsThan(s, n), len(strings.Fields(s)) > n; got != want {
				t.Errorf("moreWordsThan(%q, %d) = %v, want %v", s, n, got, want)
			}
		}
	}
}
