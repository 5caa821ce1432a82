// Package didyoumean suggests the name a user probably meant: config keys,
// rule names, output formats and rule sets all share one notion of a
// plausible typo, so every "unknown X" message offers the same kind of hint.
package didyoumean

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Closest returns the candidate closest to name, or "" when none is close
// enough to be a plausible typo. Case, '_' versus '-' and transposed letters
// ("enabel") count as small mistakes; a candidate that name is a prefix of
// ("junit" for "junit-xml") is also offered.
func Closest(name string, candidates []string) string {
	n := normName(name)
	if n == "" {
		return ""
	}
	best, bestD := "", -1
	limit := utf8.RuneCountInString(n)/3 + 1
	for _, c := range candidates {
		cn := normName(c)
		if cn == n && c != name {
			return c
		}
		d := osaDistance(n, cn)
		ok := d <= limit && d < utf8.RuneCountInString(n)
		if !ok && len(n) >= 3 && (strings.HasPrefix(cn, n) || strings.HasPrefix(n, cn)) {
			ok = true
		}
		if ok && (bestD < 0 || d < bestD) {
			best, bestD = c, d
		}
	}
	if best == name {
		return ""
	}
	return best
}

// Hint is " (did you mean \"X\"?)" for the candidate closest to name,
// or "" when none is a plausible typo of it.
func Hint(name string, candidates []string) string {
	if s := Closest(name, candidates); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	return ""
}

func normName(s string) string {
	return strings.ReplaceAll(strings.ToLower(s), "_", "-")
}

// osaDistance is the optimal-string-alignment edit distance: Levenshtein plus
// transposition of adjacent runes, the commonest typing slip.
func osaDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		// Long inputs are never typos of short key names; avoid quadratic work
		// on hostile input (the fuzzer feeds us megabyte keys).
		if a == b {
			return 0
		}
		return 1 << 20
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
