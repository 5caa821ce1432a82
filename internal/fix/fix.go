// Package fix applies the edits that rules attach to issues. Edits are
// byte ranges of the unmodified file; identical edits (several issues of one
// marker share a fix) are applied once, and an edit overlapping one already
// accepted is skipped, never merged: a skipped fix is reported and can be
// applied by the next pass, since callers re-lint until nothing changes.
package fix

import (
	"sort"

	"github.com/citelint/citelint/result"
)

// Outcome counts what Apply did.
type Outcome struct {
	Applied, Skipped int
}

// Apply returns src with the edits of fixes applied. Unsafe fixes are
// applied only when unsafe is true.
func Apply(src []byte, fixes []*result.Fix, unsafe bool) ([]byte, Outcome) {
	var edits []result.Edit
	var out Outcome
	seen := map[result.Edit]bool{}
	for _, f := range fixes {
		if f == nil || f.Unsafe && !unsafe {
			continue
		}
		// A fix is all or nothing: if any of its edits is invalid, skip it.
		ok := true
		for _, e := range f.Edits {
			if e.Start < 0 || e.End < e.Start || e.End > len(src) {
				ok = false
			}
		}
		if !ok {
			out.Skipped++
			continue
		}
		fresh := false
		for _, e := range f.Edits {
			if !seen[e] {
				seen[e] = true
				edits = append(edits, e)
				fresh = true
			}
		}
		if fresh {
			out.Applied++
		}
	}
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].Start != edits[j].Start {
			return edits[i].Start < edits[j].Start
		}
		return edits[i].End < edits[j].End
	})
	buf := make([]byte, 0, len(src))
	pos := 0
	for _, e := range edits {
		if e.Start < pos {
			out.Skipped++
			out.Applied--
			continue
		}
		buf = append(buf, src[pos:e.Start]...)
		buf = append(buf, e.New...)
		pos = e.End
	}
	buf = append(buf, src[pos:]...)
	if out.Applied < 0 {
		out.Applied = 0
	}
	return buf, out
}
