package rules

import (
	"bytes"
	"strings"

	"github.com/citelint/citelint/internal/markdown"
)

// Removing a citation marker from prose, for the fixes that drop one
// (unresolvable-label's, low-overlap's): what goes with the marker so that
// the sentence still reads.

// MarkerRemoval returns the bytes to delete to remove marker m: the
// marker, an HTML <sup>...</sup> wrapped around it alone, and what
// markerRemovalStart adds before it. A marker inside other inline HTML
// (">[1]<") is left alone.
func MarkerRemoval(src []byte, m markdown.Span) (start, end int, ok bool) {
	start, end = m.Start, m.End
	if hasSuffixFold(src[:start], "<sup>") && hasPrefixFold(src[end:], "</sup>") {
		start -= len("<sup>")
		end += len("</sup>")
	} else if start > 0 && src[start-1] == '>' && end < len(src) && src[end] == '<' {
		return 0, 0, false
	}
	if end < len(src) && src[end] == '[' {
		// "sustainability [21][25]": the next marker keeps the space, or
		// the fix would glue it to the word ("sustainability[25]").
		return start, end, start > 0 && src[start-1] != '\n'
	}
	at := start
	start, ok = markerRemovalStart(src, start)
	if !ok {
		return 0, 0, false
	}
	// What the marker leaves must read: "(Sources: [3])" is not left as
	// "(Sources:)", nor a line "Sources: [3]" as "Sources:".
	if s, e, shell := emptyShell(src, at, end); shell {
		return s, e, true
	}
	return start, end, true
}

// emptyShell reports the bytes to delete when removing the marker at
// src[at:end] would leave an empty shell: parentheses holding only a label
// ("(Sources: [3])", "(see [3])") or a line holding only a source note's
// lead ("Sources: [3]"). It returns the shell's span, its blanks before
// included (a line's, its line break).
func emptyShell(src []byte, at, end int) (int, int, bool) {
	ls := bytes.LastIndexByte(src[:at], '\n') + 1
	le := len(src)
	if i := bytes.IndexByte(src[end:], '\n'); i >= 0 {
		le = end + i
	}
	// Parentheses: "(" label? marker ")".
	if p := bytes.LastIndexByte(src[ls:at], '('); p >= 0 {
		p += ls
		label := bytes.TrimSpace(src[p+1 : at])
		rest := end
		for rest < le && src[rest] == ' ' {
			rest++
		}
		if rest < le && src[rest] == ')' && shellLabel(label) {
			s := p
			for s > ls && (src[s-1] == ' ' || src[s-1] == '\t') {
				s--
			}
			return s, rest + 1, true
		}
	}
	// A line: lead, marker, nothing else.
	line := bytes.TrimRight(src[ls:le], " \t\r")
	if ls+len(line) == end {
		head := bytes.TrimSpace(src[ls:at])
		if n := markdown.NoteLead(head); n > 0 && n == len(head) {
			e := le
			if e < len(src) {
				e++ // the line break
			}
			return ls, e, true
		}
	}
	return 0, 0, false
}

// shellLabel reports whether what stands between "(" and a marker is only
// a label that means nothing without it: nothing, a note lead
// ("Sources:"), or "see", "cf.", "e.g.".
func shellLabel(l []byte) bool {
	if len(l) == 0 {
		return true
	}
	if n := markdown.NoteLead(l); n > 0 && n == len(l) {
		return true
	}
	switch strings.ToLower(string(l)) {
	case "see", "cf.", "cf", "e.g.", "see also", "source", "sources", "ref.", "refs.":
		return true
	}
	return false
}

func hasSuffixFold(b []byte, s string) bool {
	return len(b) >= len(s) && strings.EqualFold(string(b[len(b)-len(s):]), s)
}

func hasPrefixFold(b []byte, s string) bool {
	return len(b) >= len(s) && strings.EqualFold(string(b[:len(s)]), s)
}

// markerRemovalStart returns where the removal of a marker starting at
// offset at should begin: the blanks before it go too, and so does a
// connective joining it to a marker before ("[1] and [7]", "[1], [7]"), so
// the sentence still reads. A marker that starts its line or follows an
// opening bracket is part of the sentence's grammar ("[7] shows that..."):
// removing it is not safe, and ok is false.
func markerRemovalStart(src []byte, at int) (start int, ok bool) {
	start = at
	for start > 0 && (src[start-1] == ' ' || src[start-1] == '\t') {
		start--
	}
	if start == 0 || src[start-1] == '\n' || src[start-1] == '(' || src[start-1] == '[' {
		return 0, false
	}
	// A connective after an earlier marker.
	before := string(src[max(0, start-6):start])
	for _, conn := range []string{",", " and", " or", " &", ";"} {
		if !strings.HasSuffix(before, conn) {
			continue
		}
		j := start - len(conn)
		for j > 0 && (src[j-1] == ' ' || src[j-1] == '\t') {
			j--
		}
		if j > 0 && (src[j-1] == ']' || src[j-1] == ')') {
			return j, true
		}
	}
	return start, true
}
