package result

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"strconv"
	"strings"
	"unsafe"
)

// LineFingerprint is what identifies an issue whatever line it moves to:
// a hash of its rule, its path and the text of its line (trimmed), as
// SARIF's primaryLocationLineHash and baseline entries record it.
// Fingerprints numbers issues that share one.
func LineFingerprint(rule, path, sourceLine string) string {
	h := sha256.New()
	io.WriteString(h, rule)
	io.WriteString(h, "\x00")
	io.WriteString(h, path)
	io.WriteString(h, "\x00")
	io.WriteString(h, strings.TrimSpace(sourceLine))
	var sum [sha256.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0])[:8])
}

// Fingerprints gives each issue its LineFingerprint and ":n", n counting
// the issues before it with the same one (two identical lines citing the
// same missing entry), so that every issue of a file has its own. Issues
// must come in a stable order (the report's).
//
// The hash of a line is computed once per rule and path while issues stay
// on that line (see SameString): a paragraph written as one long line can
// hold thousands of issues, and hashing the line for each made SARIF and
// baselines cost issues × line length (a 1.3 MB line, 105 s).
type Fingerprints struct {
	seen map[string]int
	line LineMemo[rulePath, string]
}

type rulePath struct{ rule, path string }

// Next returns the fingerprint of the next issue of rule at path on a
// line with text sourceLine.
func (f *Fingerprints) Next(rule, path, sourceLine string) string {
	if f.seen == nil {
		f.seen = map[string]int{}
	}
	fp := f.line.Get(sourceLine, rulePath{rule, path}, func() string { return LineFingerprint(rule, path, sourceLine) })
	f.seen[fp]++
	return fp + ":" + strconv.Itoa(f.seen[fp])
}

// SameString reports whether a and b are the same string in memory: the
// same bytes at the same address. Strings are immutable, so two such are
// equal, and while a memo holds one its bytes cannot be reused for
// another. Issues on one line share its text (LineIndex.LineText copies
// a line once per run of issues on it), so this tells in constant time
// that an issue is on the line the one before it was on, where comparing
// the text would cost its length.
func SameString(a, b string) bool {
	return len(a) == len(b) && (len(a) == 0 || unsafe.StringData(a) == unsafe.StringData(b))
}

// LineMemo remembers values computed from one line's text (by key: a
// rule, a path, a config entry) while the issues asked about stay on it,
// that is while their line is the same string (SameString). A new line
// forgets the old one's values, so the memo holds one line. The zero
// value is ready; it is not safe for concurrent use.
type LineMemo[K comparable, V any] struct {
	line string
	vals map[K]V
}

// Get returns the value for key on line, computing it with f the first
// time it is asked for on this line.
func (m *LineMemo[K, V]) Get(line string, key K, f func() V) V {
	if m.vals == nil || !SameString(line, m.line) {
		if m.vals == nil || len(m.vals) > 8 {
			// A fresh map rather than clearing a big one for each line.
			m.vals = make(map[K]V)
		} else {
			clear(m.vals)
		}
		m.line = line
	}
	if v, ok := m.vals[key]; ok {
		return v
	}
	v := f()
	m.vals[key] = v
	return v
}
