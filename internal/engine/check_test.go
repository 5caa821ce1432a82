package engine_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/evidence"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/sources"
)

// supported cites a source by RAG key; the second sentence's number is
// not in it.
const supported = "# Sea\n\nSea level rose 0.20 m between 1901 and 2018 [id:d_1].\nIt rose 9.9 mm a year [id:d_1].\n"

func store(t *testing.T) *sources.Store {
	t.Helper()
	st, err := sources.Parse("s.json", []byte(`{"d_1": "Global mean sea level rose 0.20 m between 1901 and 2018, at 3.7 mm a year lately."}`))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestCheck covers what Check adds to LintBytes: inline sources resolve
// keys, evidence brings the claim-support rules and the support summary,
// and fixes return the fixed text (the input when nothing applies).
func TestCheck(t *testing.T) {
	ctx := context.Background()
	eng, _ := newEngine(t, "version: \"1\"\nrules:\n  enable: [low-overlap, number-mismatch]\n")

	// Before AddSources nobody can check the keys; after, they resolve,
	// and a key missing from the store is reported.
	missing := supported + "A third [id:d_9].\n"
	if got := describe(eng.Check(ctx, "a.md", []byte(missing), engine.CheckOptions{}).Report.Issues); got != nil {
		t.Errorf("without sources: %q", got)
	}
	eng.AddSources(store(t))
	if got := describe(eng.Check(ctx, "a.md", []byte(missing), engine.CheckOptions{}).Report.Issues); !reflect.DeepEqual(got, []string{"low-overlap:4:warning", "number-mismatch:4:warning", "unresolvable-label:5:error"}) {
		t.Errorf("with sources: %q", got)
	}
	// With no Evidence of the caller's, the engine's own offline evidence
	// (the store, abstracts, local files) scores the sentences, as run
	// does (issue 34: the editor and agent paths got no claim support).
	plain := eng.Check(ctx, "a.md", []byte(supported), engine.CheckOptions{})
	if got := describe(plain.Report.Issues); !reflect.DeepEqual(got, []string{"low-overlap:4:warning", "number-mismatch:4:warning"}) || plain.Report.Summary.Support == nil || plain.Text != nil {
		t.Errorf("default evidence: issues %q, support %+v, text %q", got, plain.Report.Summary.Support, plain.Text)
	}
	none := eng.Check(ctx, "a.md", []byte(supported), engine.CheckOptions{Evidence: noEvidence{}})
	if got := describe(none.Report.Issues); got != nil {
		t.Errorf("evidence with no text: issues %q, want none", got)
	}
	ev := eng.Check(ctx, "a.md", []byte(supported), engine.CheckOptions{Evidence: &evidence.Finder{}})
	if got := describe(ev.Report.Issues); !reflect.DeepEqual(got, []string{"low-overlap:4:warning", "number-mismatch:4:warning"}) {
		t.Errorf("with evidence: %q", got)
	}
	if s := ev.Report.Summary.Support; s == nil || s.CitedClaims != 2 || s.Scored != 2 || len(ev.Report.Summary.SupportFiles) != 1 {
		t.Errorf("support = %+v, %+v", s, ev.Report.Summary.SupportFiles)
	}

	clean := eng.Check(ctx, "a.md", []byte(supported), engine.CheckOptions{Fix: true})
	if string(clean.Text) != supported || clean.Fixed != 0 {
		t.Errorf("nothing to fix: text %q, fixed %d", clean.Text, clean.Fixed)
	}
	bare, _ := newEngine(t, "")
	fixed := bare.Check(ctx, "a.md", []byte("A claim [1] and [7].\n\n[1]: https://example.org/1\n"), engine.CheckOptions{Fix: true})
	want := "A claim [1].\n\n[1]: https://example.org/1\n" // as the pre-commit fix hook writes it
	if string(fixed.Text) != want || fixed.Fixed != 1 || fixed.Report.Summary.Extra["fixed"] != 1 || len(fixed.Report.Issues) != 0 {
		t.Errorf("fix: text %q, fixed %d, extra %v, issues %q", fixed.Text, fixed.Fixed, fixed.Report.Summary.Extra, describe(fixed.Report.Issues))
	}
}

// noEvidence finds no text for anything.
type noEvidence struct{}

func (noEvidence) Text(string, *markdown.Reference) (string, string) { return "", "" }

// TestCheckConcurrent: evidence is per call, so calls with the engine's
// and with one that finds nothing run at once without one's support
// counts reaching the other (-race).
func TestCheckConcurrent(t *testing.T) {
	eng, _ := newEngine(t, "version: \"1\"\nrules:\n  enable: [low-overlap, number-mismatch]\n")
	eng.AddSources(store(t))
	done := make(chan string, 16)
	for i := range 16 {
		go func() {
			var o engine.CheckOptions
			if i%2 == 0 {
				o.Evidence = noEvidence{}
			}
			r := eng.Check(context.Background(), "a.md", []byte(supported), o).Report
			if r.Summary.Support == nil || (r.Summary.Support.Scored == 2) != (o.Evidence == nil) || (len(r.Issues) == 2) != (o.Evidence == nil) {
				done <- strings.Join(describe(r.Issues), ",")
				return
			}
			done <- ""
		}()
	}
	for range 16 {
		if e := <-done; e != "" {
			t.Errorf("a call's result crossed with another's: %s", e)
		}
	}
}
