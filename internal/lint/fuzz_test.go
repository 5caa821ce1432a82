package lint

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/registry"
	"github.com/citelint/citelint/result"
)

// everyRule enables every rule with its default settings. Rules that need
// sources or the network get an empty rules.Env and must skip quietly.
func everyRule() []Enabled {
	var out []Enabled
	for _, r := range registry.All() {
		out = append(out, Enabled{Rule: r, Settings: r.DefaultSettings()})
	}
	return out
}

// offlineOptions runs rules as `citelint run --no-config` does: no
// sources, no bibliography, suppression comments honoured and unused ones
// reported.
func offlineOptions(enabled []Enabled) Options {
	return Options{
		Rules:   enabled,
		Env:     resolve.NewEnv(nil),
		RuleEnv: &rules.Env{},
		Known:   registry.Known,
	}
}

// FuzzLintSource holds the whole per-file pipeline to what the parsers'
// own fuzz targets cannot see: on any text a file may hold, every rule runs
// without panicking (a panic is a per-file "rule panicked" error), every
// issue lies inside the file with a position to match, and fixing
// (unsafe fixes too) cuts no character in two and settles: fixing its
// result changes nothing.
func FuzzLintSource(f *testing.F) {
	for _, glob := range []string{"../rules/*/testdata/*/*.md", "../markdown/testdata/extract/*.md"} {
		files, _ := filepath.Glob(glob)
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add([]byte("Claim [1] [x].\n\n<!-- citelint-disable-next-line uncited-claim -->\nMore [^a].\n\n## References\n\n[1] A. https://doi.org/10.1/x\n[1] B.\n[^a]: note\n"))
	f.Add([]byte("Claim one [1][3].\nClaim two [SOURCE_9].\n\nDOI: http://dx.doi.org/10.1234/ABC\n\n## References\n\n[1] A. https://doi.org/10.1234/x\n"))
	f.Add([]byte(">>>>>\t #"))
	f.Add([]byte("dX.doi.org/10.00")) // the fix makes it longer
	opts := offlineOptions(everyRule())
	fixOpts := opts
	fixOpts.Fix = &FixOptions{Unsafe: true}
	// As standard input, an input whose fixed text is returned even when
	// no fix changed it.
	fixOpts.Inputs = map[string][]byte{"-": nil}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, src []byte) {
		if _, err := checkText(src); err != nil {
			return // lintOne reports it as the file's error; no rule sees it
		}
		// "-" (standard input) has no folder to load a front matter
		// bibliography from.
		fr := lintSource(ctx, "-", src, opts, nil)
		if fr.Err != nil {
			t.Fatalf("%v on %q", fr.Err, src)
		}
		lines := result.NewLineIndex(src).Lines()
		for _, iss := range fr.Issues {
			if iss.Start < 0 || iss.End < iss.Start || iss.End > len(src) {
				t.Fatalf("%s: span %d..%d outside the file (%d bytes) %q", iss.Rule, iss.Start, iss.End, len(src), src)
			}
			if iss.Pos.Line < 1 || iss.Pos.Line > lines || iss.EndPos.Line < iss.Pos.Line {
				t.Fatalf("%s: lines %d..%d of %d in %q", iss.Rule, iss.Pos.Line, iss.EndPos.Line, lines, src)
			}
		}
		fx := fixSource(ctx, "-", src, fixOpts, nil)
		if fx.Err != nil {
			t.Fatalf("fixing: %v on %q", fx.Err, src)
		}
		if utf8.Valid(src) && !utf8.Valid(fx.Src) {
			t.Fatalf("fixing split a character: %q -> %q", src, fx.Src)
		}
		// The fix loop stops when nothing changes: what it returns is
		// settled, unless a fix re-creates its own issue.
		if again := fixSource(ctx, "-", fx.Src, fixOpts, nil); again.Fixed > 0 || string(again.Src) != string(fx.Src) {
			t.Fatalf("fixing twice changed the file again: %q -> %q -> %q", src, fx.Src, again.Src)
		}
	})
}
