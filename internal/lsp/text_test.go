package lsp

import (
	"testing"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

func p(line, char uint32) protocol.Position { return protocol.Position{Line: line, Character: char} }

// Positions in both encodings on text with 2-byte (é), 3-byte (€) and
// 4-byte, 2-unit (😀) characters.
func TestPositions(t *testing.T) {
	src := []byte("é€😀[1]\nsecond line\n")
	tests := []struct {
		off         int
		utf16, utf8 protocol.Position
		note        string
	}{
		{0, p(0, 0), p(0, 0), "start"},
		{2, p(0, 1), p(0, 2), "after é"},
		{5, p(0, 2), p(0, 5), "after €"},
		{9, p(0, 4), p(0, 9), "after 😀: two UTF-16 units"},
		{12, p(0, 7), p(0, 12), "end of line 0"},
		{13, p(1, 0), p(1, 0), "start of line 1"},
		{7, p(0, 2), p(0, 5), "inside 😀: its start"},
		{len(src), p(2, 0), p(2, 0), "end of text"},
	}
	for _, tt := range tests {
		for _, enc := range []struct {
			utf8 bool
			want protocol.Position
		}{{false, tt.utf16}, {true, tt.utf8}} {
			l := newLines(src, enc.utf8)
			if got := l.position(tt.off); got != enc.want {
				t.Errorf("%s (utf8=%v): position(%d) = %v, want %v", tt.note, enc.utf8, tt.off, got, enc.want)
			}
			back := l.offset(enc.want)
			if want := tt.off; tt.off == 7 {
				want = 5
			} else if back != want {
				t.Errorf("%s (utf8=%v): offset(%v) = %d, want %d", tt.note, enc.utf8, enc.want, back, want)
			}
		}
	}
}

// Out-of-range positions clamp as the protocol says: past a line's end is
// its end, past the last line is the text's end; half a surrogate pair is
// the character's start.
func TestOffsetClamps(t *testing.T) {
	src := []byte("a😀b\nxy")
	l := newLines(src, false)
	for _, tt := range []struct {
		pos  protocol.Position
		want int
	}{
		{p(0, 99), 6},
		{p(9, 0), len(src)},
		{p(0, 2), 1}, // between the two halves of 😀
		{p(0, 3), 5},
		{p(1, 1), 8},
	} {
		if got := l.offset(tt.pos); got != tt.want {
			t.Errorf("offset(%v) = %d, want %d", tt.pos, got, tt.want)
		}
	}
	// A character past the end of a CRLF line is before its "\r\n".
	l = newLines([]byte("ab\r\ncd"), false)
	for _, tt := range []struct {
		pos  protocol.Position
		want int
	}{
		{p(0, 9), 2},
		{p(1, 0), 4},
	} {
		if got := l.offset(tt.pos); got != tt.want {
			t.Errorf("offset(%v) = %d, want %d", tt.pos, got, tt.want)
		}
	}
}

func TestApplyChange(t *testing.T) {
	text := []byte("Québec 🌊 [8] et [3].\nfin\n")
	tests := []struct {
		name string
		utf8 bool
		rng  *protocol.Range
		new  string
		want string
	}{
		{"utf-16 after an emoji", false, &protocol.Range{Start: p(0, 11), End: p(0, 12)}, "1", "Québec 🌊 [1] et [3].\nfin\n"},
		{"utf-8 after an emoji", true, &protocol.Range{Start: p(0, 14), End: p(0, 15)}, "1", "Québec 🌊 [1] et [3].\nfin\n"},
		{"insert a line", false, &protocol.Range{Start: p(1, 0), End: p(1, 0)}, "début\n", "Québec 🌊 [8] et [3].\ndébut\nfin\n"},
		{"across lines", false, &protocol.Range{Start: p(0, 20), End: p(1, 3)}, "", "Québec 🌊 [8] et [3]\n"},
		{"whole text", false, nil, "neu", "neu"},
	}
	for _, tt := range tests {
		if got := string(applyChange(text, tt.rng, tt.new, tt.utf8)); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// FuzzPositions: any position maps to an offset on a rune boundary inside
// the text, and that offset maps back to a position that maps to it.
func FuzzPositions(f *testing.F) {
	f.Add("é€😀[1]\nsecond\n", uint32(0), uint32(3), false)
	f.Add("a\r\nb", uint32(1), uint32(9), true)
	f.Fuzz(func(t *testing.T, text string, line, char uint32, utf8Enc bool) {
		src := []byte(text)
		l := newLines(src, utf8Enc)
		off := l.offset(p(line%8, char%64))
		if off < 0 || off > len(src) {
			t.Fatalf("offset %d outside [0, %d]", off, len(src))
		}
		if utf8.Valid(src) && off < len(src) && !utf8.RuneStart(src[off]) {
			t.Fatalf("offset %d inside a rune", off)
		}
		if utf8.Valid(src) {
			if back := l.offset(l.position(off)); back != off {
				t.Fatalf("offset(position(%d)) = %d", off, back)
			}
		}
	})
}
