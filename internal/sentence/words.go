package sentence

import (
	"unicode"
	"unicode/utf8"
)

// HasWords reports whether s has at least n words, as
// len(strings.Fields(s)) >= n counts them (words are separated by
// unicode.IsSpace), without building them: callers ask it of every
// heading (is it short enough to name a source list?) and of quotations
// (is it long enough to be evidence?).
func HasWords[T ~string | ~[]byte](s T, n int) bool {
	if n <= 0 {
		return true
	}
	in := false
	for i := 0; i < len(s); {
		r, w := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			// At most four bytes: converting them copies to the stack,
			// where ranging over string(s) would copy a []byte whole.
			r, w = utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
		}
		if unicode.IsSpace(r) {
			in = false
		} else if !in {
			in = true
			if n--; n == 0 {
				return true
			}
		}
		i += w
	}
	return false
}
