package reviewpage

import (
	"bytes"
	"strings"
	"testing"
)

// guardReference is what commandGuard makes of s, written in one piece,
// by the rule itself: a ':' first on a line (after blanks) becomes
// "&#58;", a '[' after two or more '#' becomes "&#91;".
func guardReference(s string) string {
	var b strings.Builder
	lineStart, hashes := true, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n' || c == '\r':
			lineStart, hashes = true, 0
			b.WriteByte(c)
			continue
		case lineStart && (c == ' ' || c == '\t'):
			b.WriteByte(c)
			continue
		case lineStart && c == ':':
			b.WriteString("&#58;")
		case c == '[' && hashes >= 2:
			b.WriteString("&#91;")
		default:
			b.WriteByte(c)
		}
		lineStart = false
		if c == '#' {
			hashes++
		} else {
			hashes = 0
		}
	}
	return b.String()
}

// guarded writes s through a commandGuard in the pieces cuts gives
// (each byte of cuts is the length of the next piece less one, mod 8).
func guarded(s string, cuts []byte) string {
	var out bytes.Buffer
	g := newCommandGuard(&out)
	for k := 0; len(s) > 0; k++ {
		n := len(s)
		if len(cuts) > 0 {
			n = min(n, 1+int(cuts[k%len(cuts)]%8))
		}
		g.Write([]byte(s[:n]))
		s = s[n:]
	}
	return out.String()
}

// TestCommandGuard: however a page is cut into writes, the guard rewrites
// exactly what the rule says, the fast path for clean writes included.
func TestCommandGuard(t *testing.T) {
	for _, s := range []string{
		"::add-mask::x", "a\n::x", "a\n  \t::x", "a::b", "##[x", "# #[x", "###[x", "a\r::x\r\n::y", "##\n[x", "  ##[ :",
		"<p>\n:\n</p>", "x ##[add-mask] y\n ::stop-commands::z",
	} {
		want := guardReference(s)
		for _, cuts := range [][]byte{nil, {0}, {1}, {2}, {0, 1}, {4, 0, 2}} {
			if got := guarded(s, cuts); got != want {
				t.Errorf("%q in pieces %v: %q, want %q", s, cuts, got, want)
			}
		}
	}
}

func FuzzCommandGuard(f *testing.F) {
	f.Add("::a\n ##[b\r\t:c", []byte{1, 2, 3})
	f.Add("##", []byte{1})
	f.Fuzz(func(t *testing.T, s string, cuts []byte) {
		if got, want := guarded(s, cuts), guardReference(s); got != want {
			t.Errorf("%q in pieces %v: %q, want %q", s, cuts, got, want)
		}
	})
}
