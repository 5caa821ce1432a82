package rules

import (
	"strings"

	"github.com/citelint/citelint/internal/markdown"
)

// How rules word their messages, shared so that every rule names a
// reference, and shortens a quotation, the same way.

// Quote shortens text for messages: white space collapsed, at most max
// runes, an ellipsis where it was cut.
func Quote(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		s = string(r[:max-1]) + "…"
	}
	return s
}

// RefName names a reference for messages: "reference [3]", "footnote
// [^2]", "@key", or its title's first words.
func RefName(r *markdown.Reference) string {
	switch {
	case r.Kind == markdown.RefFootnote:
		return "footnote [^" + r.Label + "]"
	case r.Kind == markdown.RefSource:
		return "source " + r.Label
	case r.Kind == markdown.RefBibliography:
		return "@" + r.Label
	case r.Label != "":
		return "reference [" + r.Label + "]"
	case r.Title != "":
		return "reference " + `"` + Quote(r.Title, 50) + `"`
	}
	return "a reference"
}

// JoinAnd joins parts as prose does: "a", "a and b", "a, b and c".
func JoinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
