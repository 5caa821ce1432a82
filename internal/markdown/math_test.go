package markdown

import (
	"strings"
	"testing"
)

func TestUnclosedFenceDiagnostic(t *testing.T) {
	tests := []struct {
		in   string
		want string // substring of the diagnostic, "" for none
	}{
		{"a\n\n```\ncode\n```\n", ""},
		{"a\n\n```\ncode\n```", ""},
		{"a\n\n~~~\ncode\n~~~\nafter [1]\n", ""},
		{"a\n\n```sh\necho\n``` [21]\n\n[1] x\n", `code fence opened on line 3 is never closed: the rest of the document (4 lines) is code, and citations or references there are ignored; line 5 ("` + "``` [21]" + `") does not close it`},
		{"```\nonly code [1]\n", "code fence opened on line 1 is never closed: the rest of the document (1 line) is code"},
		// A last code block left open hides nothing citelint reads.
		{"a\n\n```\nonly code\n", ""},
		{"a\n\n```html\n<script src=\"https://cdn.example/k.js\"></script>\n", ""},
		// Prose with glued citations is swallowed.
		{"a\n\n```\nx = 1\n" + strings.Repeat("The model learns a compact representation of the data it sees.13\n", 3), "never closed"},
	}
	for _, tt := range tests {
		doc := Parse([]byte(tt.in), Options{})
		got := ""
		for _, d := range doc.Diagnostics {
			got += d.Message
		}
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("%q: diagnostics %q, want %q", tt.in, got, tt.want)
		}
	}
}
