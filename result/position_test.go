package result

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPosition(t *testing.T) {
	tests := []struct {
		name string
		src  string
		off  int
		want Position
	}{
		{"start", "abc", 0, Position{1, 1}},
		{"second line", "ab\ncd", 4, Position{2, 2}},
		{"crlf", "ab\r\ncd", 5, Position{2, 2}},
		{"lone cr is not a break", "ab\rcd", 4, Position{1, 5}},
		// From the notes: in "Ünïcödé 😀 [18]" the marker is at 1-based byte column 18 (offset 17), UTF-16 column 12.
		{"utf16", "Ünïcödé 😀 [18]", 17, Position{1, 12}},
		{"bom is zero width", "\xEF\xBB\xBF# T [1]", 7, Position{1, 5}},
		{"past end clamps", "ab", 10, Position{1, 3}},
		{"invalid utf8 counts one", "\xff\xfe[1]", 2, Position{1, 3}},
		{"inside a rune counts it", "aé b", 2, Position{1, 3}},
		{"long ascii line", "x\n" + string(make([]byte, 0)) + "abcdefghij klmnop [1]", 19, Position{2, 18}},
		{"runes after eight ascii bytes", "abcdefghijé😀x", 16, Position{1, 14}},
		{"inside a rune after eight ascii bytes", "abcdefghijé😀x", 13, Position{1, 14}},
		{"rune in the second word of eight", "abcdefghijklmnoé", 16, Position{1, 17}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := NewLineIndex([]byte(tt.src)).Position(tt.off)
			if got != tt.want {
				t.Errorf("Position(%q, %d) = %+v, want %+v", tt.src, tt.off, got, tt.want)
			}
		})
	}
}

func TestLineText(t *testing.T) {
	x := NewLineIndex([]byte("one\r\ntwo\nthree"))
	// In this order, each line is asked for twice in a row and again
	// after others, so the remembered line is reused and replaced.
	for _, n := range []int{1, 1, 2, 2, 0, 3, 1, 4, 3, 3, 2} {
		want := []string{"", "one", "two", "three", ""}[n]
		if got := x.LineText(n); got != want {
			t.Errorf("LineText(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestLineTextCopiesOnce: issues on one line share its text, so a long
// line holding a dozen issues is copied once.
func TestLineTextCopiesOnce(t *testing.T) {
	x := NewLineIndex([]byte("a long line with several issues\nnext\n"))
	x.LineText(1)
	if n := testing.AllocsPerRun(100, func() { x.LineText(1) }); n != 0 {
		t.Errorf("LineText of the same line again: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { x.LineText(1); x.LineText(2) }); n != 2 {
		t.Errorf("LineText of alternating lines: %v allocations, want 2", n)
	}
}

// positionRef is Position as a plain rune loop, without the ASCII fast path.
func positionRef(src []byte, off int) Position {
	off = max(0, min(off, len(src)))
	line, start := 0, 0
	for i := 0; i < off; i++ {
		if src[i] == '\n' {
			line, start = line+1, i+1
		}
	}
	if line == 0 && len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		off, start = max(off, 3), 3
	}
	col := 1
	for i := start; i < off; {
		r, size := utf8.DecodeRune(src[i:])
		size = min(size, off-i)
		col++
		if r >= 0x10000 {
			col++
		}
		i += size
	}
	return Position{Line: line + 1, Column: col}
}

func FuzzPosition(f *testing.F) {
	f.Add([]byte("abcdefghijé😀x\nklmnopqrstuv\xff[1]"), 13)
	f.Add([]byte("\xEF\xBB\xBF# T [1]"), 1)
	f.Add([]byte("\xEF\xBB\xBFé😀\xe2\x82x😀\n\x82\x82ab😀"), 9)
	f.Fuzz(func(t *testing.T, src []byte, off int) {
		if got, want := NewLineIndex(src).Position(off), positionRef(src, off); got != want {
			t.Errorf("Position(%q, %d) = %+v, want %+v", src, off, got, want)
		}
		// One index asked in and out of order, as issues ask it: every
		// answer must be what a fresh count gives, whatever was asked
		// before (Position counts on from the last position on a line).
		// With checkpoints a few bytes apart, so that short inputs go
		// through counting from one in the middle of a line.
		for _, every := range []int{checkpointEvery, 1, 3} {
			idx := NewLineIndex(src)
			idx.ckEvery = every
			for _, o := range []int{off, off + 1, off + 3, off - 2, off + 7, off, len(src), off / 2, off/2 + 1} {
				if got, want := idx.Position(o), positionRef(src, o); got != want {
					t.Fatalf("Position(%q, %d) after others (checkpoints every %d) = %+v, want %+v", src, o, every, got, want)
				}
			}
			if len(src) <= 1024 {
				for o := 0; o <= len(src); o++ {
					if got, want := idx.Position(o), positionRef(src, o); got != want {
						t.Fatalf("Position(%q, %d) in a sweep (checkpoints every %d) = %+v, want %+v", src, o, every, got, want)
					}
				}
				for o := len(src); o >= 0; o -= 3 {
					if got, want := idx.Position(o), positionRef(src, o); got != want {
						t.Fatalf("Position(%q, %d) sweeping back (checkpoints every %d) = %+v, want %+v", src, o, every, got, want)
					}
				}
			}
		}
	})
}

// TestPositionBackOnLongLine: asking for positions on one long line out
// of order (a fix's edits after an issue's end, one rule's issues after
// another's) counts what was counted before from a checkpoint near it,
// not from the line's start.
func TestPositionBackOnLongLine(t *testing.T) {
	src := []byte(strings.Repeat("é😀 word [1]. ", 20000) + "\nnext")
	idx := NewLineIndex(src)
	end := len(src) - len("\nnext")
	if got, want := idx.Position(end), positionRef(src, end); got != want {
		t.Fatalf("Position(%d) = %+v, want %+v", end, got, want)
	}
	for _, o := range []int{end - 1, 7, end / 2, end/2 + 1, 3, end - 100, 0} {
		if got, want := idx.Position(o), positionRef(src, o); got != want {
			t.Errorf("Position(%d) = %+v, want %+v", o, got, want)
		}
	}
	if n := len(idx.ck); n < end/checkpointEvery || n > end/checkpointEvery+10 {
		t.Errorf("%d checkpoints on a %d-byte line, want about one per %d bytes", n, end, checkpointEvery)
	}
}

// BenchmarkPositionBackAndForth asks for the start and end of many
// overlapping spans of one long line, the order a report's fixes ask in
// (each edit's start before the previous edit's end): ns/byte must not
// grow with the line.
func BenchmarkPositionBackAndForth(b *testing.B) {
	for _, n := range []int{20000, 40000, 80000} {
		src := []byte(strings.Repeat("Claim [1, 2]. ", n))
		b.Run(fmt.Sprintf("bytes=%d", len(src)), func(b *testing.B) {
			for b.Loop() {
				idx := NewLineIndex(src)
				for off := 0; off+20 < len(src); off += 14 {
					idx.Position(off + 20)
					idx.Position(off)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(src)), "ns/byte")
		})
	}
}

// TestLineIsPositionLine: Line gives Position's line at every offset,
// before, inside and past the file, with a BOM and CRLF endings.
func TestLineIsPositionLine(t *testing.T) {
	for _, src := range []string{"", "a", "\xEF\xBB\xBFa\nb", "a\r\nb\r\n\r\nc", "\n\n", "x\n"} {
		idx := NewLineIndex([]byte(src))
		for off := -2; off <= len(src)+2; off++ {
			if got, want := idx.Line(off), idx.Position(off).Line; got != want {
				t.Errorf("%q: Line(%d) = %d, Position's line %d", src, off, got, want)
			}
		}
	}
}
