package result

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
)

// LineFingerprint is what identifies an issue whatever line it moves to:
// a hash of its rule, its path and the text of its line (trimmed), as
// SARIF's primaryLocationLineHash and baseline entries record it.
// Fingerprints numbers issues that share one.
func LineFingerprint(rule, path, sourceLine string) string {
	h := sha256.Sum256([]byte(rule + "\x00" + path + "\x00" + strings.TrimSpace(sourceLine)))
	return hex.EncodeToString(h[:8])
}

// Fingerprints gives each issue its LineFingerprint and ":n", n counting
// the issues before it with the same one (two identical lines citing the
// same missing entry), so that every issue of a file has its own. Issues
// must come in a stable order (the report's).
type Fingerprints struct {
	seen map[string]int
}

// Next returns the fingerprint of the next issue of rule at path on a
// line with text sourceLine.
func (f *Fingerprints) Next(rule, path, sourceLine string) string {
	if f.seen == nil {
		f.seen = map[string]int{}
	}
	fp := LineFingerprint(rule, path, sourceLine)
	f.seen[fp]++
	return fp + ":" + strconv.Itoa(f.seen[fp])
}
