package fix

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// DiffNames are the names a unified diff of the file at path gives its
// two sides: the path relative to the working directory wd when it lies
// under it ("" for unknown: the path as given), slash-separated, with
// git's prefixes a/ and b/ (git apply, patch -p1); an absolute path
// outside wd keeps itself on both sides, not "a//abs/path" (patch -p0
// takes it, as ruff writes it).
func DiffNames(path, wd string) (oldName, newName string) {
	name := path
	if wd != "" {
		if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
			name = rel
		}
	}
	name = filepath.ToSlash(name)
	if filepath.IsAbs(path) && name == filepath.ToSlash(path) {
		return name, name
	}
	return "a/" + name, "b/" + name
}

// Unified returns a unified diff (as `diff -u` and `git diff` print it, with
// three lines of context) that turns a into b, or "" when they are equal.
// Lines are compared whole, line endings included, so a fix that changed a
// CRLF file shows up as a change only where it changed text.
func Unified(oldName, newName string, a, b []byte) string {
	if bytes.Equal(a, b) {
		return ""
	}
	lines := diffLines(a, b)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	const context = 3
	for i := 0; i < len(lines); {
		// Find the next change.
		for i < len(lines) && lines[i].op == diffmatchpatch.DiffEqual {
			i++
		}
		if i == len(lines) {
			break
		}
		start := max(i-context, 0)
		// Extend the hunk while changes are within 2*context of each other.
		end := i
		for j := i; j < len(lines); j++ {
			if lines[j].op != diffmatchpatch.DiffEqual {
				end = j + 1
			} else if j-end >= 2*context {
				break
			}
		}
		stop := min(end+context, len(lines))
		writeHunk(&out, lines, start, stop)
		i = stop
	}
	return out.String()
}

type diffLine struct {
	op         diffmatchpatch.Operation
	text       string
	oldN, newN int // 1-based line numbers in a and b (of the line itself, or the next one)
}

func diffLines(a, b []byte) []diffLine {
	dmp := diffmatchpatch.New()
	ca, cb, table := dmp.DiffLinesToChars(string(a), string(b))
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(ca, cb, false), table)
	var lines []diffLine
	oldN, newN := 1, 1
	for _, d := range diffs {
		for _, l := range splitKeep(d.Text) {
			lines = append(lines, diffLine{op: d.Type, text: l, oldN: oldN, newN: newN})
			switch d.Type {
			case diffmatchpatch.DiffEqual:
				oldN++
				newN++
			case diffmatchpatch.DiffDelete:
				oldN++
			case diffmatchpatch.DiffInsert:
				newN++
			}
		}
	}
	return lines
}

// splitKeep splits s into lines, each keeping its "\n".
func splitKeep(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

func writeHunk(out *strings.Builder, lines []diffLine, start, stop int) {
	oldStart, newStart := lines[start].oldN, lines[start].newN
	oldCount, newCount := 0, 0
	for _, l := range lines[start:stop] {
		if l.op != diffmatchpatch.DiffInsert {
			oldCount++
		}
		if l.op != diffmatchpatch.DiffDelete {
			newCount++
		}
	}
	// diff -u writes the line before an empty range as its start.
	if oldCount == 0 {
		oldStart--
	}
	if newCount == 0 {
		newStart--
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(oldStart, oldCount), hunkRange(newStart, newCount))
	for _, l := range lines[start:stop] {
		prefix := " "
		switch l.op {
		case diffmatchpatch.DiffDelete:
			prefix = "-"
		case diffmatchpatch.DiffInsert:
			prefix = "+"
		}
		out.WriteString(prefix)
		out.WriteString(l.text)
		if !strings.HasSuffix(l.text, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

func hunkRange(start, count int) string {
	if count == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}
