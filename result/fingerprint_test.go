package result

import "testing"

// TestFingerprints pins the fingerprint: baseline files and code
// scanning's alert history hold it, so a change would make every
// recorded issue new. The value was computed independently (SHA-256 of
// "unresolvable-label\x00docs/a.md\x00A claim [7].", first 8 bytes).
func TestFingerprints(t *testing.T) {
	const want = "422ab0289f5de920"
	if got := LineFingerprint("unresolvable-label", "docs/a.md", "  A claim [7].\t"); got != want {
		t.Errorf("LineFingerprint = %s, want %s (the line's surrounding space does not count)", got, want)
	}
	var f Fingerprints
	for i, w := range []string{want + ":1", want + ":2", LineFingerprint("dead-link", "docs/a.md", "A claim [7].") + ":1", want + ":3"} {
		rule := "unresolvable-label"
		if i == 2 {
			rule = "dead-link"
		}
		if got := f.Next(rule, "docs/a.md", "A claim [7]."); got != w {
			t.Errorf("issue %d: %s, want %s", i+1, got, w)
		}
	}
}
