package resolve_test

import (
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
)

// Author-year citations resolve to the first reference-list entry whose
// text holds both the surname and the year, wherever in the text the year
// is; repeated citations get the same answer.
func TestAuthorYearFirstEntry(t *testing.T) {
	src := "# Report\n\n" +
		"Smith et al. (2020) found it. Later, Smith et al. (2020) agreed. Doe (2019) did not. Roe (2018) is absent.\n\n" +
		"## References\n\n" +
		"[1] Jones, B. Other work. 2020.\n" +
		"[2] Doe, J. Something. doi:10.1000/x20191\n" +
		"[3] Smith, A. First match. 2020.\n" +
		"[4] Smith, A. Second match. 2020.\n" +
		"[5] Roe, R. Wrong year. 2017.\n"
	doc := markdown.Parse([]byte(src), markdown.Options{})
	resolve.Resolve(doc, nil)
	want := map[string]string{"Smith": "[3]", "Doe": "[2]", "Roe": ""}
	seen := 0
	for _, c := range doc.Citations {
		if c.Kind != markdown.KindAuthorYear {
			continue
		}
		seen++
		w, ok := "", false
		for k, v := range want {
			if strings.HasPrefix(c.Author(), k) {
				w, ok = v, true
			}
		}
		if !ok {
			t.Fatalf("unexpected author %q", c.Author())
		}
		got := ""
		if c.Status == markdown.Resolved {
			got = "[" + doc.References[c.Ref].Label + "]"
		}
		if got != w {
			t.Errorf("%s (%s): resolved to %q, want %q", c.Author(), c.Year(), got, w)
		}
	}
	if seen != 4 {
		t.Errorf("%d author-year citations, want 4", seen)
	}
}
