package result

import (
	"strconv"
	"testing"
)

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

// pinnedFingerprints are LineFingerprint's values as of commit 537a6cd,
// before fingerprints were memoised: baselines and code scanning's alert
// history hold them, so no speed-up may change one.
var pinnedFingerprints = []struct{ rule, path, line, want string }{
	{"unresolvable-label", "docs/a.md", "A claim [7].", "422ab0289f5de920"},
	{"uncited-claim", "reports/r.md", "\t Sales rose 40% in 2020 — a record 😀.  ", "05087831f4094e8d"},
	{"dead-link", "x/ü b.md", "", "b3a5dbecb4442817"},
	{"unresolvable-label", "-", "   ", "1ad6916b0846ecd7"},
	{"non-canonical-doi", "a.md", "See http://dx.doi.org/10.1000/x and [1].\r", "2b4ff72e3e85d3ae"},
}

func TestFingerprintsPinned(t *testing.T) {
	var f Fingerprints
	for _, c := range pinnedFingerprints {
		if got := LineFingerprint(c.rule, c.path, c.line); got != c.want {
			t.Errorf("LineFingerprint(%q, %q, %q) = %s, want %s", c.rule, c.path, c.line, got, c.want)
		}
		for n := 1; n <= 2; n++ {
			if got, want := f.Next(c.rule, c.path, c.line), c.want+":"+strconv.Itoa(n); got != want {
				t.Errorf("Next(%q, %q, %q) #%d = %s, want %s", c.rule, c.path, c.line, n, got, want)
			}
		}
	}
}
