package project

import (
	"strings"
	"testing"
)

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
