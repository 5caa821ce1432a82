package result

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/hangguard"
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

// TestFingerprintsMemo: Next gives what LineFingerprint does whatever the
// line's text is made of: lines equal in text but not in memory, lines
// of the same length, rules and paths changing on one line, a line left
// and come back to.
func TestFingerprintsMemo(t *testing.T) {
	long := strings.Repeat("Claim.[^x] ", 1000)
	copyOf := func(s string) string { return string([]byte(s)) }
	same := []string{long, long, copyOf(long), long[:len(long)-1], strings.Replace(long, "x", "y", 1), "", "  ", long, " " + long}
	var f Fingerprints
	want := map[string]int{}
	for i, line := range same {
		for _, rule := range []string{"a", "b", "a"} {
			for _, path := range []string{"p.md", "q.md"} {
				fp := LineFingerprint(rule, path, line)
				want[fp]++
				if got, w := f.Next(rule, path, line), fp+":"+strconv.Itoa(want[fp]); got != w {
					t.Errorf("line %d, %s %s: Next = %s, want %s", i, rule, path, got, w)
				}
			}
		}
	}
}

// TestFingerprintsOneLine is the probe's shape (#14): thousands of
// issues on one line of a paragraph. Each gets the line's fingerprint
// and its own number.
func TestFingerprintsOneLine(t *testing.T) {
	var b strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&b, "Claim.[^x%d] ", i)
	}
	line := b.String()
	fp := LineFingerprint("unresolvable-label", "r.md", line)
	var f Fingerprints
	hangguard.Run(t, "20,000 fingerprints on one 300 KB line", func() {
		for i := 1; i <= 20000; i++ {
			if got, want := f.Next("unresolvable-label", "r.md", line), fp+":"+strconv.Itoa(i); got != want {
				t.Errorf("issue %d: %s, want %s", i, got, want)
				return
			}
		}
	})
}

// BenchmarkFingerprintsOneLine: n issues on one line of 14n bytes, as
// the probe's one-line document; ns/byte must stay flat as n doubles.
func BenchmarkFingerprintsOneLine(b *testing.B) {
	for _, n := range []int{20000, 40000, 80000} {
		var sb strings.Builder
		for i := range n {
			fmt.Fprintf(&sb, "Claim.[^x%d] ", i%10000)
		}
		line := sb.String()
		b.Run(fmt.Sprintf("issues=%d", n), func(b *testing.B) {
			for b.Loop() {
				var f Fingerprints
				for range n {
					f.Next("unresolvable-label", "r.md", line)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(line)), "ns/byte")
		})
	}
}
