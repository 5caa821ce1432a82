package reviewpage

import (
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// What the page asks of a report, as package format's printers ask it.

// timeUp reports whether r's Context has ended: the page asks once a
// document and once every timeCheck blocks.
func timeUp(r *output.Report) bool { return r.Context != nil && r.Context.Err() != nil }

const timeCheck = 64

// visible returns the issues that are not suppressed.
func visible(r *output.Report) []result.Issue {
	out := make([]result.Issue, 0, len(r.Issues))
	for _, i := range r.Issues {
		if !i.Suppressed {
			out = append(out, i)
		}
	}
	return out
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// truncate cuts s to at most n bytes, at a rune's start, with "..." for
// what it cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - 3
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "..."
}
