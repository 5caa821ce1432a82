package lint

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/registry"
)

// named returns the rules of those names.
func named(t *testing.T, names ...string) []*rules.Rule {
	var out []*rules.Rule
	for _, n := range names {
		r, ok := registry.Lookup(n)
		if !ok {
			t.Fatalf("no rule %s", n)
		}
		out = append(out, r)
	}
	return out
}

// TestTranscode: a file that is not UTF-8 is decoded, and every byte of
// the text maps back to the byte (or code unit) of the file it came
// from.
func TestTranscode(t *testing.T) {
	le := func(s string) []byte { // UTF-16LE with its BOM, from UTF-8
		b := []byte{0xff, 0xfe}
		for _, r := range s {
			var u [2]uint16
			n := 1
			if r >= 0x10000 {
				r -= 0x10000
				u[0], u[1], n = uint16(0xd800+(r>>10)), uint16(0xdc00+(r&0x3ff)), 2
			} else {
				u[0] = uint16(r)
			}
			for _, x := range u[:n] {
				b = append(b, byte(x), byte(x>>8))
			}
		}
		return b
	}
	be := func(s string) []byte {
		b := le(s)
		for i := 0; i+1 < len(b); i += 2 {
			b[i], b[i+1] = b[i+1], b[i]
		}
		return b
	}
	tests := []struct {
		name string
		src  []byte
		doc  string
		find string // in doc
		at   int    // its file offset
		msg  string
	}{
		{"latin-1", []byte("Caf\xe9 [1].\n"), "Café [1].\n", "[1]", 5, "byte 0xe9 on line 1): read as Windows-1252"},
		{"windows-1252 quotes", []byte("line\n\x93q\x94 [2]\n"), "line\n\u201cq\u201d [2]\n", "[2]", 9, "byte 0x93 on line 2, and 1 more"},
		{"UTF-8 kept, stray byte read", []byte("né \xff [3]"), "né ÿ [3]", "[3]", 6, "byte 0xff on line 1)"},
		{"UTF-16LE", le("A 😀 claim [4].\n"), "A 😀 claim [4].\n", "[4]", 2 + 2*(2+2+1+6), "UTF-16 (little-endian)"},
		{"UTF-16BE", be("é [5]"), "é [5]", "[5]", 2 + 2*2, "UTF-16 (big-endian)"},
		{"UTF-16 odd byte and lone surrogate", append(le("x"), 0x00, 0xd8, 0x41), "x\uFFFD\uFFFD", "x", 2, "UTF-16"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := transcode(tt.src)
			if tr == nil {
				t.Fatal("not decoded")
			}
			if string(tr.doc) != tt.doc {
				t.Errorf("doc = %q, want %q", tr.doc, tt.doc)
			}
			if i := strings.Index(string(tr.doc), tt.find); i < 0 || tr.fileOffset(i) != tt.at {
				t.Errorf("%q at doc %d maps to file %d, want %d", tt.find, i, tr.fileOffset(i), tt.at)
			}
			if !strings.Contains(tr.diag.Message, tt.msg) {
				t.Errorf("message %q, want %q", tr.diag.Message, tt.msg)
			}
			if tr.fileOffset(len(tr.doc)) != len(tt.src) {
				t.Errorf("the end maps to %d, want %d", tr.fileOffset(len(tr.doc)), len(tt.src))
			}
		})
	}
	if transcode([]byte("a\x00b\xff")) != nil {
		t.Error("a file with NUL bytes and no UTF-16 byte order mark is binary, not text to decode")
	}
}

// TestTranscodedPositions: findings in a decoded file are at the file's
// own bytes, and at the line and (UTF-16) column an editor that reads
// the encoding shows; no fix is offered.
func TestTranscodedPositions(t *testing.T) {
	src := []byte("# Caf\xe9\n\n\xc0 \xe9t\xe9 [1] and [2].\n\n[1]: https://example.org/1\n")
	o := offlineOptions(enable(named(t, "document", "unresolvable-label")...))
	fr := Source(context.Background(), "a.md", src, o)
	if fr.Err != nil {
		t.Fatal(fr.Err)
	}
	var got []string
	for _, is := range fr.Issues {
		got = append(got, fmt.Sprintf("%d:%d %s %q fix=%v", is.Pos.Line, is.Pos.Column, is.Rule, src[is.Start:is.End], is.Fix != nil))
	}
	want := []string{`3:15 unresolvable-label "[2]" fix=false`, `1:6 document "" fix=false`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("issues\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestIsLFSPointer: Git LFS's pointer file (either spec name), and
// nothing longer or without an oid.
func TestIsLFSPointer(t *testing.T) {
	ptr := "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n"
	for src, want := range map[string]bool{
		ptr: true,
		strings.Replace(ptr, "git-lfs.github.com", "hawser.github.com", 1): true,
		"version https://git-lfs.github.com/spec/v1\n":                     false, // no oid
		ptr + strings.Repeat("x", 1024):                                    false, // too long for a pointer
		"# version https://git-lfs.github.com/spec/v1\noid sha256:1\n":     false,
	} {
		if isLFSPointer([]byte(src)) != want {
			t.Errorf("isLFSPointer(%.60q) = %v", src, !want)
		}
	}
}

// TestClipMessage: a long token is cut to a few dozen bytes with its
// length, at a character boundary; the whole to about maxMessage.
func TestClipMessage(t *testing.T) {
	long := strings.Repeat("é", 100)
	got := clipMessage("found " + long + " here")
	if !strings.HasPrefix(got, "found éééé") || !strings.HasSuffix(got, "… (200 bytes) here") || !utf8.ValidString(got) || len(got) > 80 {
		t.Errorf("clipMessage = %q", got)
	}
	if got := clipMessage(strings.Repeat("a b ", 1000)); len(got) > maxMessage+len("…") || !utf8.ValidString(got) {
		t.Errorf("clipMessage of 4000 bytes = %d bytes", len(got))
	}
	if s := "short message"; clipMessage(s) != s {
		t.Errorf("clipMessage(%q) = %q", s, clipMessage(s))
	}
}

// FuzzLintOdd: any bytes, as a Markdown file or a notebook, are linted or
// reported on that file, never the run's error, never a panic; every
// issue lies inside the file, at a line it has.
func FuzzLintOdd(f *testing.F) {
	for _, s := range []string{"", "Caf\xe9 [1].\n\n[2]: https://x.org\n", "\xff\xfeA\x00[\x001\x00]\x00", "\xfe\xff\x00A", "a\x00b",
		"version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 12\n", "{\"cells\": [{\"cell_type\": 5}]}", "{\"cells\": [\n{\"cell_type\": \"markdown\", \"source\": \"[1]\"}"} {
		f.Add([]byte(s))
	}
	opts := offlineOptions(everyRule())
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, path := range []string{"a.md", "a.ipynb"} {
			fr := Source(ctx, path, src, opts)
			if fr.Err != nil {
				t.Fatalf("%s: %v on %q", path, fr.Err, src)
			}
			lines := 1 + bytes.Count(src, []byte{'\n'})
			for _, is := range fr.Issues {
				if is.Start < 0 || is.End < is.Start || is.End > len(src) || is.Pos.Line < 1 || is.Pos.Line > lines {
					t.Fatalf("%s: %s at %d..%d line %d, outside the file (%d bytes, %d lines) %q", path, is.Rule, is.Start, is.End, is.Pos.Line, len(src), lines, src)
				}
				if len(is.Message) > 1000 {
					t.Fatalf("%s: message of %d bytes", path, len(is.Message))
				}
			}
		}
	})
}
