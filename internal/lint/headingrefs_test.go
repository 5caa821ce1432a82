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

func TestATXHeadings(t *testing.T) {
	src := "# One {#one}\n##Not one\n```\n# In code\n```\n### Three ###\n    # indented code\n####### seven\n"
	got := strings.Join(atxHeadings([]byte(src)), "|")
	if want := "One|Three"; got != want {
		t.Errorf("atxHeadings = %q, want %q", got, want)
	}
}

// FuzzHeadingsAndChunks: the line readers of a book's headings and of the
// chunks that write a bibliography take any bytes without panicking.
func FuzzHeadingsAndChunks(f *testing.F) {
	f.Add([]byte("# One {#one}\n```{r}\nknitr::write_bib(c('a'), 'p.bib')\n```\n"), "p.bib")
	f.Add([]byte("```\n# x\n~~~"), "")
	f.Fuzz(func(t *testing.T, src []byte, name string) {
		for _, h := range atxHeadings(src) {
			if h == "" {
				t.Fatal("empty heading")
			}
		}
		writesFile(src, name)
	})
}
