package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestImplicitHeaderReferences: in a pandoc-flavoured document a
// reference link whose label is a heading's text links to that heading
// (pandoc's implicit_header_references); in plain Markdown it is still a
// missing link definition.
func TestImplicitHeaderReferences(t *testing.T) {
	const body = "# Intro\n\nSee [the other part][Other Part] for more, and [a missing part][Nowhere Else] too.\n\n## Other part {#other}\n\nText.\n"
	for _, tt := range []struct {
		file        string
		wantOther   bool // [Other Part] reported
		wantNowhere bool
	}{
		{"doc.Rmd", false, true},
		{"doc.qmd", false, true},
		{"doc.md", true, true},
	} {
		root := t.TempDir()
		doc := filepath.Join(root, tt.file)
		if err := os.WriteFile(doc, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		got := strings.Join(lintWithRoot(t, root, doc), "\n")
		if strings.Contains(got, "[Other Part]") != tt.wantOther || strings.Contains(got, "[Nowhere Else]") != tt.wantNowhere {
			t.Errorf("%s: got\n%s\nwant [Other Part] %v, [Nowhere Else] %v", tt.file, got, tt.wantOther, tt.wantNowhere)
		}
	}
}
