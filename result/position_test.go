package result

import "testing"

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
	for n, want := range map[int]string{1: "one", 2: "two", 3: "three", 4: ""} {
		if got := x.LineText(n); got != want {
			t.Errorf("LineText(%d) = %q, want %q", n, got, want)
		}
	}
}
