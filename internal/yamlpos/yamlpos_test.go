package yamlpos

import (
	"bytes"
	"errors"
	"testing"
)

func TestParseSyntaxErrors(t *testing.T) {
	for _, tc := range []struct {
		src        string
		line, col  int
		msgPrefix  string
		wantExtra  bool
		wantNoRoot bool
	}{
		// yaml.v3 says "line 2" for the flow sequence opened on line 3.
		{"version: 1\nrun:\n  paths: [docs\n", 3, 0, "did not find expected ',' or ']'", false, true},
		{"a: [\n", 2, 0, "did not find expected node content", false, true},
		// No position at all from yaml.v3: found in the data.
		{"a:\n  b: *nowhere\n", 2, 6, "unknown anchor 'nowhere' referenced", false, true},
		{"a: \"x\xffy\"\n", 1, 6, "invalid leading UTF-8 octet", false, true},
		{"a: x\x01y\n", 1, 5, "control characters are not allowed", false, true},
		// yaml.v3 omits "line 0".
		{"\ta: 1\n", 1, 0, "found character that cannot start any token", false, true},
		{"a: 1\n---\nb: 2\n", 0, 0, "", true, false},
		{"a: 1\n---\n", 0, 0, "", false, false},
		{"a: 1\n---\nb: [\n", 4, 0, "did not find expected node content", false, false},
	} {
		root, extra, err := Parse([]byte(tc.src))
		if (root == nil) != tc.wantNoRoot || (extra != nil) != tc.wantExtra {
			t.Errorf("%q: root %v, extra %v", tc.src, root, extra)
		}
		if tc.msgPrefix == "" {
			if err != nil {
				t.Errorf("%q: %v", tc.src, err)
			}
			continue
		}
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v, want a *SyntaxError", tc.src, err)
			continue
		}
		if se.Line != tc.line || se.Column != tc.col || se.Msg != tc.msgPrefix {
			t.Errorf("%q: %d:%d %q, want %d:%d %q", tc.src, se.Line, se.Column, se.Msg, tc.line, tc.col, tc.msgPrefix)
		}
	}
}

func TestParseEmpty(t *testing.T) {
	for _, src := range []string{"", "# only a comment\n", "\ufeff"} {
		if root, extra, err := Parse([]byte(src)); root != nil || extra != nil || err != nil {
			t.Errorf("%q: %v %v %v", src, root, extra, err)
		}
	}
}

// FuzzParse: no input panics, and every position given is inside the
// input (a line that exists, a column within it or just past its end).
func FuzzParse(f *testing.F) {
	for _, s := range []string{"a: 1\n", "a: [\n", "a: *x\n", "a: \"\xff\"\n", "\ta: 1", "a: 1\n---\nb: [\n", "&a [*a]\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<12 {
			return
		}
		_, _, err := Parse(data)
		var se *SyntaxError
		if !errors.As(err, &se) {
			if err != nil {
				t.Fatalf("error %T, want *SyntaxError", err)
			}
			return
		}
		// YAML also breaks lines at CR, NEL, LS and PS; columns are
		// checked where only LF does.
		breaks := bytes.Count(data, []byte("\r")) + bytes.Count(data, []byte("\u0085")) + bytes.Count(data, []byte("\u2028")) + bytes.Count(data, []byte("\u2029"))
		lines := bytes.Split(data, []byte("\n"))
		if se.Line < 0 || se.Line > len(lines)+breaks+1 {
			t.Fatalf("line %d of %d: %v", se.Line, len(lines), se)
		}
		if breaks == 0 && (se.Column < 0 || se.Line >= 1 && se.Line <= len(lines) && se.Column > len(lines[se.Line-1])+1) {
			t.Fatalf("column %d of a %d-byte line: %v", se.Column, len(lines[se.Line-1]), se)
		}
	})
}
