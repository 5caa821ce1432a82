package lsp

import (
	"testing"
)

// TestQuoteBlock: quoted text goes in a fenced block as written; text
// that would close the fence goes in a code span, and a marker holding
// backticks cannot end its code span.
func TestQuoteBlock(t *testing.T) {
	for in, want := range map[string]string{
		"Smith *et al.* [x](y) <img>": "```text\nSmith *et al.* [x](y) <img>\n```\n",
		"```":                         "```` ``` ````\n",
	} {
		if got := quoteBlock(in); got != want {
			t.Errorf("quoteBlock(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"[1]": "`[1]`", "a`b": "`` a`b ``", "``x": "``` ``x ```"} {
		if got := codeSpan(in); got != want {
			t.Errorf("codeSpan(%q) = %q, want %q", in, got, want)
		}
	}
}
