package references_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/rules/rulestest"
	"github.com/citelint/citelint/internal/wanttest"
)

// TestCreditFixNeedsAStore: in a changelog whose [@user]: definitions
// link profiles, an undefined "[@user]" may be a credit or a pandoc key;
// deleting it is never certain (it would leave "thanks)"), with or without
// a bibliography or source store saying the document cites works: its
// fix is unsafe either way. (It was safe with a store until deleting a
// typo'd bibliography key was found to lose the citation the author meant.)
func TestCreditFixNeedsAStore(t *testing.T) {
	file := filepath.Join("testdata", "unresolvable-label", "credits.md")
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	_, src, _ := wanttest.Parse(raw)
	for _, store := range []string{"", file + ".sources.jsonl"} {
		eng, err := engine.New(rulestest.Config(t, "unresolvable-label", file), engine.Options{Sources: store})
		if err != nil {
			t.Fatal(err)
		}
		issues := eng.LintBytes(context.Background(), file, src).Issues
		if len(issues) != 1 || issues[0].Fix == nil {
			t.Fatalf("store %q: issues %+v, want one with a fix", store, issues)
		}
		if !issues[0].Fix.Unsafe {
			t.Errorf("store %q: the fix is safe, want unsafe", store)
		}
	}
}
