package lsp

import (
	"strings"
	"testing"
)

// TestHoverEscapes: text quoted from a document or a source cannot make
// the editor's Markdown hover load an image, follow a link or render HTML
// (every character that could is escaped), and a marker holding backticks
// cannot end its code span.
func TestHoverEscapes(t *testing.T) {
	for _, in := range []string{
		"Smith ![](https://tracker.example/x.png) 2020",
		"<img src=x onerror=alert(1)> [click](javascript:alert(1))",
		"&lt;script&gt; *em* _em_ `code` a|b",
	} {
		out := escapeMarkdown(in)
		for i := 0; i < len(out); i++ {
			if strings.IndexByte("`*_[]<>!&|", out[i]) >= 0 && (i == 0 || out[i-1] != '\\') {
				t.Errorf("escapeMarkdown(%q) = %q leaves %q at %d unescaped", in, out, out[i], i)
			}
		}
		if strings.ReplaceAll(out, "\\", "") != strings.ReplaceAll(in, "\\", "") {
			t.Errorf("escapeMarkdown(%q) = %q changed more than escapes", in, out)
		}
	}
	for in, want := range map[string]string{"[1]": "`[1]`", "a`b": "`` a`b ``", "``x": "``` ``x ```"} {
		if got := codeSpan(in); got != want {
			t.Errorf("codeSpan(%q) = %q, want %q", in, got, want)
		}
	}
}
