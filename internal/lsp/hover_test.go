package lsp_test

import (
	"bytes"
	"html"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
	"github.com/yuin/goldmark"

	"github.com/citelint/citelint/internal/lsp"
)

// TestHoverRendersAsWritten: an entry's text holding Markdown (emphasis
// marks, brackets, backticks, an image, raw HTML) shows in the hover as
// written: the hover is Markdown whose rendering holds the text verbatim,
// with no backslash escapes for clients that show the source (Neovim),
// and no image, link, HTML or emphasis made from it.
func TestHoverRendersAsWritten(t *testing.T) {
	for _, entry := range []string{
		"Smith, J. *Deep* _nets_ and [brackets] in `code`. 2020.",
		"Jones ![](https://tracker.example/x.png) <img src=x onerror=alert(1)> [click](javascript:alert(1)) 2021.",
		"Lee, snake_case_name **bold** a|b &amp; 1 < 2 ``two`` 2022.",
	} {
		t.Run(entry[:5], func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "h.md")
			text := "A claim [1].\n\n## References\n\n[1] " + entry + "\n"
			c := startClient(t, dir, lsp.Options{Debounce: -1})
			c.initialize(nil, nil)
			c.open(path, text)
			var hover struct {
				Contents protocol.MarkupContent `json:"contents"`
			}
			c.call("textDocument/hover", pos(fileURI(path), 0, 9), &hover)
			md := hover.Contents.Value
			if hover.Contents.Kind != protocol.MarkupKindMarkdown || !strings.Contains(md, entry) {
				t.Fatalf("hover (%s) lacks the entry as written:\n%s", hover.Contents.Kind, md)
			}
			if strings.Contains(md, `\`) {
				t.Errorf("hover shows backslash escapes:\n%s", md)
			}
			var out bytes.Buffer
			if err := goldmark.Convert([]byte(md), &out); err != nil {
				t.Fatal(err)
			}
			rendered := strings.Replace(out.String(), "<strong>citelint</strong>", "", 1) // the hover's own title
			for _, bad := range []string{"<img", "<a ", "<em>", "<strong>"} {
				if strings.Contains(rendered, bad) {
					t.Errorf("the hover renders %s:\n%s", bad, rendered)
				}
			}
			shown := html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(rendered, ""))
			if !strings.Contains(shown, entry) {
				t.Errorf("rendered, the hover does not show the entry as written:\n%s", shown)
			}
			c.shutdown()
		})
	}
}
