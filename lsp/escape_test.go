package lsp

import (
	"strings"
	"testing"
)

// TestHoverEscapes: text quoted from a document or a source cannot make
// the editor's Markdown hover load an image, follow a link or render HTML,
// and a marker holding backticks cannot end its code span.
func TestHoverEscapes(t *testing.T) {
	for in, bad := range map[string][]string{
		"Smith ![](https://tracker.example/x.png) 2020":             {"![", "]("},
		"<img src=x onerror=alert(1)> [click](javascript:alert(1))": {"<img", "[click]"},
		"&lt;script&gt; *em* _em_ `code`":                           {"&lt;", " *em*", "`code`"},
	} {
		out := escapeMarkdown(in)
		for _, b := range bad {
			if strings.Contains(out, b) {
				t.Errorf("escapeMarkdown(%q) = %q still holds %q", in, out, b)
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
