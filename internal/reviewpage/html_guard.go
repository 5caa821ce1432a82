package reviewpage

import (
	"bytes"
	"io"
)

// commandGuard passes a page through to w with nothing a GitHub Actions
// runner would execute as a workflow command when the page is printed to
// a job's log (--format html without a path): a ':' starting a line
// (after blanks) becomes "&#58;" and the '[' of "##[" becomes "&#91;",
// which a browser shows as the same characters in text and attribute
// values. The page's own style and script, which hold neither, bypass it
// (writeRaw): a character reference means nothing there. See Neutralize
// for the formats that are not HTML.
type commandGuard struct {
	w         io.Writer
	lineStart bool
	hashes    int // '#' just written
	buf       []byte
}

func newCommandGuard(w io.Writer) *commandGuard { return &commandGuard{w: w, lineStart: true} }

func (g *commandGuard) Write(p []byte) (int, error) {
	if g.clean(p) {
		// Nothing to rewrite (almost every write): pass it on whole and
		// carry the state past it, without the byte-by-byte loop.
		_, err := g.w.Write(p)
		g.after(p)
		return len(p), err
	}
	g.buf = g.buf[:0]
	last := 0
	for i, c := range p {
		var rep string
		switch {
		case c == '\n' || c == '\r':
			g.lineStart, g.hashes = true, 0
			continue
		case g.lineStart && (c == ' ' || c == '\t'):
			continue
		case g.lineStart && c == ':':
			rep = "&#58;"
		case c == '[' && g.hashes >= 2:
			rep = "&#91;"
		}
		g.lineStart = false
		if c == '#' {
			g.hashes++
		} else {
			g.hashes = 0
		}
		if rep != "" {
			g.buf = append(append(g.buf, p[last:i]...), rep...)
			last = i + 1
		}
	}
	if len(g.buf) == 0 {
		_, err := g.w.Write(p)
		return len(p), err
	}
	g.buf = append(g.buf, p[last:]...)
	_, err := g.w.Write(g.buf)
	return len(p), err
}

// clean reports whether p, written after what came before, holds
// nothing Write rewrites: no ':' first on a line (after blanks) and no
// "##[", across the previous write's end too. It looks only at the colons
// and the "##[" in p, found by the fast searches of package bytes.
func (g *commandGuard) clean(p []byte) bool {
	if bytes.Contains(p, []byte("##[")) ||
		g.hashes >= 2 && len(p) > 0 && p[0] == '[' ||
		g.hashes >= 1 && bytes.HasPrefix(p, []byte("#[")) {
		return false
	}
	for off := 0; ; {
		k := bytes.IndexByte(p[off:], ':')
		if k < 0 {
			return true
		}
		k += off
		j := k - 1
		for j >= 0 && (p[j] == ' ' || p[j] == '\t') {
			j--
		}
		if j < 0 && g.lineStart || j >= 0 && (p[j] == '\n' || p[j] == '\r') {
			return false
		}
		off = k + 1
	}
}

// after sets the state as the loop in Write leaves it after p.
func (g *commandGuard) after(p []byte) {
	i := len(p) - 1
	for i >= 0 && p[i] == '#' {
		i--
	}
	if i < 0 {
		g.hashes += len(p)
	} else {
		g.hashes = len(p) - 1 - i
	}
	for j := len(p) - 1; j >= 0; j-- {
		switch p[j] {
		case '\n', '\r':
			g.lineStart = true
			return
		case ' ', '\t':
			continue
		}
		g.lineStart = false
		return
	}
}

// writeRaw writes s past the guard (the page's own style and script).
func (g *commandGuard) writeRaw(s string) error {
	_, err := io.WriteString(g.w, s)
	g.lineStart = len(s) > 0 && (s[len(s)-1] == '\n' || s[len(s)-1] == '\r')
	g.hashes = 0
	return err
}

// jsonGuard rewrites "##[" in JSON text as "##\u005b" (the same string to
// JSON.parse), since inside a script element a character reference would
// not be decoded.
func jsonGuard(b []byte) []byte {
	if !bytes.Contains(b, []byte("##[")) {
		return b
	}
	return bytes.ReplaceAll(b, []byte("##["), []byte(`##\u005b`))
}
