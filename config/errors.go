package config

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error is one problem found in a configuration file (or in a command-line
// override). It carries the position so that editors, CI logs and
// `citelint config verify` can point at the offending key, the way compilers
// do: "file:line:col: message".
type Error struct {
	File   string // as given to Parse or Load; "" for flag errors
	Line   int    // 1-based; 0 when there is no position
	Column int    // 1-based byte column as reported by the YAML parser; 0 if unknown
	Msg    string
}

func (e *Error) Error() string {
	var pos []string
	if e.File != "" {
		pos = append(pos, e.File)
	}
	if e.Line > 0 {
		pos = append(pos, strconv.Itoa(e.Line))
		if e.Column > 0 {
			pos = append(pos, strconv.Itoa(e.Column))
		}
	}
	if pos == nil {
		return e.Msg
	}
	return strings.Join(pos, ":") + ": " + e.Msg
}

// Errors is every problem found in one pass. Parse collects them all rather
// than stopping at the first, so a user fixing a config sees the whole list at
// once (golangci-lint and compilers behave the same way).
type Errors []*Error

// Error lists one problem per line, in file order.
func (es Errors) Error() string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Unwrap lets errors.As find the individual *Error values.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// sortErrors orders by position; errors without one keep their relative order
// at the end. The sort is stable so that two errors on the same node stay in
// the order the checks produced them.
func sortErrors(es []*Error) {
	sort.SliceStable(es, func(i, j int) bool {
		a, b := es[i], es[j]
		if (a.Line == 0) != (b.Line == 0) {
			return a.Line != 0
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
}

// suggest returns the candidate closest to name, or "" when none is close
// enough to be a plausible typo. Case, '_' versus '-' and transposed letters
// ("enabel") count as small mistakes; a candidate that name is a prefix of
// ("junit" for "junit-xml") is also offered.
func suggest(name string, candidates []string) string {
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

func didYouMean(name string, candidates []string) string {
	if s := suggest(name, candidates); s != "" {
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
