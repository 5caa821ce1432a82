package engine_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/markdown"
)

// LintDocument reports what LintBytes reports and hands back the resolved
// document: [1] resolves to its entry, [7] to nothing.
func TestLintDocument(t *testing.T) {
	eng, err := engine.New(config.New(engine.ConfigOptions()), engine.Options{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	src := []byte("Water boils at 100 °C [1]. Ice melts at 0 °C [7].\n\n## References\n\n[1] Smith, J. Boiling. 2020.\n")
	report, doc := eng.LintDocument(context.Background(), "notes.md", src)
	if want := eng.LintBytes(context.Background(), "notes.md", src); !reflect.DeepEqual(report, want) {
		t.Errorf("LintDocument's report differs from LintBytes':\n%+v\n%+v", report, want)
	}
	if doc == nil || len(doc.Citations) < 2 {
		t.Fatalf("document: %+v", doc)
	}
	one, seven := doc.Citations[0], doc.Citations[1]
	if one.Status != markdown.Resolved || one.Ref < 0 || doc.References[one.Ref].Label != "1" {
		t.Errorf("[1]: %+v", one)
	}
	if seven.Status != markdown.Unresolved || seven.Ref != -1 {
		t.Errorf("[7]: %+v", seven)
	}
}
