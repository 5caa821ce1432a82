package claims

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/citelint/citelint/internal/evidence"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/sources"
)

// TestSupportSharedSourcesConcurrent: documents citing the same sources,
// checked at once by several workers (as a run's pool does) through the
// shared prepared-source cache, get exactly the issues each gets alone
// with the cache empty.
func TestSupportSharedSourcesConcurrent(t *testing.T) {
	store := &sources.Store{}
	store.Add(sources.Source{ID: "a", Text: "Global mean sea level rose 0.20 m between 1901 and 2018. The rate reached 3.7 mm per year."})
	store.Add(sources.Source{ID: "b", Text: "Penguins live almost exclusively in the Southern Hemisphere. The colony held 97.5% of the birds."})
	claims := []string{
		"Global mean sea level rose 0.20 m between 1901 and 2018 [id:a].",
		"Sea level fell 2 m in the Arctic during 1850 [id:a].",
		"Penguins are common in the Arctic [id:b].",
		"The colony held more than 97% of the birds [id:b].",
		"The colony held over 99% of the birds [id:b][id:a].",
	}
	env := resolve.NewEnv(store)
	var docs []*markdown.Document
	for i := range 8 {
		var md strings.Builder
		for j := range 10 {
			md.WriteString(claims[(i+j)%len(claims)] + "\n\n")
		}
		doc := markdown.Parse([]byte(md.String()), markdown.Options{KnownKey: env.KnownKey})
		resolve.Resolve(doc, env)
		docs = append(docs, doc)
	}
	renv := &rules.Env{Evidence: &evidence.Finder{}, Support: &rules.SupportStats{}}
	check := func(i int) string {
		var b strings.Builder
		for _, r := range []*rules.Rule{LowOverlap, NumberMismatch} {
			issues, err := rules.Run(r, fmt.Sprintf("doc%d.md", i), docs[i], r.DefaultSettings(), renv)
			if err != nil {
				t.Error(err)
			}
			for _, iss := range issues {
				fmt.Fprintf(&b, "%s %d %s\n", iss.Rule, iss.Start, iss.Message)
			}
		}
		return b.String()
	}
	want := make([]string, len(docs))
	for i := range docs {
		preparedSources.Reset()
		want[i] = check(i)
	}
	if !strings.Contains(want[0], "low-overlap") || !strings.Contains(want[0], "number-mismatch") {
		t.Fatalf("the documents raise no issue of one of the rules:\n%s", want[0])
	}
	preparedSources.Reset()
	got := make([]string, len(docs))
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(docs); i += 4 {
				got[i] = check(i)
			}
		}()
	}
	wg.Wait()
	for i := range docs {
		if got[i] != want[i] {
			t.Errorf("doc %d with the shared cache:\n%s\nalone:\n%s", i, got[i], want[i])
		}
	}
	if n := preparedSources.Len(); n != 2 {
		t.Errorf("the cache holds %d sources, want the 2 cited", n)
	}
}
