// Package wanttest reads expectations written next to the input, in the
// style of golang.org/x/tools/go/analysis/analysistest's "// want" comments:
//
//	Sea levels rose [7]. <!-- want unresolvable-label "citation \[7\]" -->
//
// Each expectation is a word (a rule name, or for extraction tests a
// kind:label pair) optionally followed by a quoted regular expression the
// message must match. Several may share one comment. The comments are
// replaced by spaces before the file is linted, so offsets stay true and the
// code under test never sees them.
package wanttest

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// Want is one expectation on a 1-based line.
type Want struct {
	Line int
	Key  string         // rule name, or kind:label
	Re   *regexp.Regexp // nil = any message
	Raw  string
}

var wantComment = regexp.MustCompile(`<!-- want (.*?) -->`)

// Parse returns the expectations in src and a copy of src with every want
// comment blanked out.
func Parse(src []byte) ([]Want, []byte, error) {
	clean := bytes.Clone(src)
	var wants []Want
	for _, m := range wantComment.FindAllSubmatchIndex(src, -1) {
		line := bytes.Count(src[:m[0]], []byte("\n")) + 1
		for i := m[0]; i < m[1]; i++ {
			clean[i] = ' '
		}
		ws, err := parseList(string(src[m[2]:m[3]]), line)
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: %v", line, err)
		}
		wants = append(wants, ws...)
	}
	return wants, clean, nil
}

func parseList(s string, line int) ([]Want, error) {
	var out []Want
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		end := strings.IndexAny(s, " \t")
		if end < 0 {
			end = len(s)
		}
		w := Want{Line: line, Key: s[:end], Raw: s[:end]}
		s = strings.TrimSpace(s[end:])
		if strings.HasPrefix(s, `"`) {
			// The pattern is a regexp written between double quotes; only \"
			// is unescaped, so regexp escapes such as \[ are written as is.
			end := 1
			for end < len(s) && !(s[end] == '"' && s[end-1] != '\\') {
				end++
			}
			if end >= len(s) {
				return nil, fmt.Errorf("unterminated pattern in %q", s)
			}
			pat := strings.ReplaceAll(s[1:end], `\"`, `"`)
			re, err := regexp.Compile(pat)
			if err != nil {
				return nil, err
			}
			w.Re, w.Raw = re, w.Raw+" "+s[:end+1]
			s = s[end+1:]
		}
		out = append(out, w)
	}
	return out, nil
}

// Got is one produced result to match against the wants.
type Got struct {
	Line int
	Key  string
	Msg  string
}

// Check matches got against wants one to one and reports every unmatched
// expectation and every unexpected result.
func Check(t *testing.T, file string, wants []Want, got []Got) {
	t.Helper()
	used := make([]bool, len(wants))
	for _, g := range got {
		found := false
		for i, w := range wants {
			if used[i] || w.Line != g.Line || w.Key != g.Key || w.Re != nil && !w.Re.MatchString(g.Msg) {
				continue
			}
			used[i], found = true, true
			break
		}
		if !found {
			t.Errorf("%s:%d: unexpected %s: %s", file, g.Line, g.Key, g.Msg)
		}
	}
	for i, w := range wants {
		if !used[i] {
			t.Errorf("%s:%d: no %s (want %s)", file, w.Line, w.Key, w.Raw)
		}
	}
}
