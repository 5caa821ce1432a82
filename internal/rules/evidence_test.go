package rules

import (
	"strings"
	"testing"
)

// TestInHTMLCode: a marker is in HTML code when a <code> opens before it in
// its paragraph and no </code> closes it, in any case; a <code> in an
// earlier paragraph, or more than 4 KB back, does not count.
func TestInHTMLCode(t *testing.T) {
	for _, tt := range []struct {
		src  string // the marker is at "@"
		want bool
	}{
		{"Plain text @ here.", false},
		{"Use <code>m@ap[T]</code>.", true},
		{"Use <CODE>m@ap[T]</CODE>.", true},
		{"Use <code>x</code> and @ then.", false},
		{"A <b>bold</b> claim @.", false},
		{"<code>open\n\nNew paragraph @.", false},
		{"<code>open\nsame paragraph @.", true},
		{"<code>" + strings.Repeat("x", 5000) + "@", false},
		{"<code>" + strings.Repeat("x", 4000) + "@", true},
	} {
		off := strings.IndexByte(tt.src, '@')
		if got := InHTMLCode([]byte(tt.src), off); got != tt.want {
			t.Errorf("InHTMLCode(%.40q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}
