package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/engine"
)

// TestBaselineRun: --write-baseline accepts today's issues; --baseline
// then reports only new ones, whatever lines moved, and the summary
// counts what it left out and the entries no longer found.
func TestBaselineRun(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".git/HEAD", "x") // the project root, which entries are relative to
	a := write(t, dir, "docs/a.md", broken)
	write(t, dir, "docs/b.md", strings.Replace(broken, "[7]", "[9]", 1))
	base := filepath.Join(dir, "baseline.json")

	code, out, errs := run(t, dir, "", "run", "--no-config", "--color", "never", "--write-baseline", base, dir)
	if code != ExitOK || !strings.Contains(errs, "recorded 2 issues") || !strings.Contains(out, "0 issues") {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errs)
	}
	content, _ := os.ReadFile(base)
	if !strings.Contains(string(content), `"path":"docs/a.md"`) {
		t.Errorf("entries do not name paths from the project root:\n%s", content)
	}

	// Lines move; b.md's issue is fixed; a new one appears in a.md.
	write(t, dir, "docs/a.md", "\n\n# Title\n\n"+broken+"\nA new claim [8].\n")
	write(t, dir, "docs/b.md", clean)
	code, out, errs = run(t, dir, "", "run", "--no-config", "--color", "never", "--baseline", base, dir)
	if code != ExitIssues || strings.Count(out, "unresolvable-label") != 1 || !strings.Contains(out, "[8]") {
		t.Errorf("--baseline: exit %d, want only the new [8]\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "1 baselined, 1 baseline entry no longer found") {
		t.Errorf("summary lacks the baseline counts:\n%s", out)
	}

	// The batch path (SARIF) drops the same issues as the streamed one.
	if code, out, _ := run(t, dir, "", "run", "--no-config", "--format", "sarif", "--baseline", base, dir); code != ExitIssues || strings.Count(out, `"ruleId"`) != 1 {
		t.Errorf("SARIF with --baseline: exit %d, %d results, want 1", code, strings.Count(out, `"ruleId"`))
	}

	// From another folder, the same entries match.
	code, out, _ = run(t, filepath.Join(dir, "docs"), "", "run", "--no-config", "--format", "json", "--baseline", base, filepath.Join(dir, "docs", "a.md"))
	if code != ExitIssues || !strings.Contains(out, `"baselined": 1`) || !strings.Contains(out, `"baseline_gone": 0`) {
		t.Errorf("from docs/, one file: exit %d\n%s", code, out)
	}

	for _, bad := range []string{filepath.Join(dir, "missing.json"), a} {
		if code, _, errs := run(t, dir, "", "run", "--no-config", "--baseline", bad, dir); code != ExitUsage || !strings.Contains(errs, "--baseline") {
			t.Errorf("--baseline %s: exit %d, %s", bad, code, errs)
		}
	}
}

// TestBaselineCorpus is the baseline's target on the shared corpus (a
// copy of its Markdown in a temporary folder): a run with the baseline
// of today's issues reports none, and still none once blank lines are
// inserted at the top of every file.
func TestBaselineCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("copies and lints the corpus three times")
	}
	src := corpus.Path(t)
	dir := t.TempDir()
	write(t, dir, ".git/HEAD", "x")
	var files []string
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".markdown") || strings.HasSuffix(p, ".mdx")) {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files = append(files, write(t, dir, rel, string(b)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(dir, "baseline.json")
	lint := func(args ...string) string {
		t.Helper()
		code, out, errs := run(t, dir, "", append([]string{"run", "--no-config", "--format", "json"}, args...)...)
		if code != ExitOK && code != ExitIssues {
			t.Fatalf("%v: exit %d\n%s", args, code, errs)
		}
		return out
	}
	lint("--write-baseline", base, dir)
	recorded, _ := os.ReadFile(base)
	if n := strings.Count(string(recorded), `"fingerprint"`); n < 1000 {
		t.Fatalf("recorded %d issues on the corpus: the check is too weak", n)
	}
	if out := lint("--baseline", base, dir); !strings.Contains(out, `"issues": []`) {
		t.Fatalf("with today's baseline: %.2000s", out)
	}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		os.WriteFile(f, append([]byte("\n\n\n"), b...), 0o644)
	}
	// (A few issues depend on the first line, as front matter must start
	// there: they are gone, not new.)
	if out := lint("--baseline", base, dir); !strings.Contains(out, `"issues": []`) {
		t.Errorf("after inserting blank lines at the top of every file: %.3000s", out)
	}
}

// TestFixWithBaseline: --fix fixes what the run reports, so an issue the
// baseline records keeps its text, and one that appeared since is fixed.
// Two identical lines are told apart by the fingerprint's count.
func TestFixWithBaseline(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".git/HEAD", "x")
	old := "Old http://dx.doi.org/10.1000/xyz.\nOld http://dx.doi.org/10.1000/xyz.\n"
	p := write(t, dir, "a.md", old)
	base := filepath.Join(dir, "baseline.json")
	if code, out, errs := run(t, dir, "", "run", "--no-config", "-E", "non-canonical-doi", "--write-baseline", base, dir); code != ExitOK {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errs)
	}
	write(t, dir, "a.md", old+"Old http://dx.doi.org/10.1000/xyz.\nNew http://dx.doi.org/10.1000/abc.\n")
	code, out, errs := run(t, dir, "", "run", "--no-config", "-E", "non-canonical-doi", "--fix", "--baseline", base, dir)
	if code != ExitOK || !strings.Contains(out, "2 fixed") {
		t.Errorf("--fix --baseline: exit %d, want 0 with 2 fixed\n%s%s", code, out, errs)
	}
	got, _ := os.ReadFile(p)
	want := old + "Old https://doi.org/10.1000/xyz.\nNew https://doi.org/10.1000/abc.\n"
	if string(got) != want {
		t.Errorf("fixed file:\n%s\nwant\n%s", got, want)
	}
}

// TestBaselineCap: a baseline file over the cap is refused with an error
// naming it, before it is read (a sparse file of the cap's size and one
// byte more is never allocated), and so is one that outgrows the cap while
// read; --write-baseline never writes one that --baseline would refuse,
// and leaves the previous file as it was (engine.TestReadBaselineCap
// holds the cap to the byte).
// The 222 MB file of issue 37 took 805 MB; 32 MiB takes about 170 MB.
func TestBaselineCap(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.md", broken)
	big := filepath.Join(dir, "big.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(engine.MaxBaseline + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	code, _, errs := run(t, dir, "", "run", "--no-config", "--baseline", big, dir)
	if code != ExitUsage || !strings.Contains(errs, "--baseline: "+big+": file is larger than the 32 MiB limit") {
		t.Errorf("over the cap: exit %d, %s", code, errs)
	}

	defer func(m int64) { engine.MaxBaseline = m }(engine.MaxBaseline)
	engine.MaxBaseline = 100
	base := filepath.Join(dir, "baseline.json")
	write(t, dir, "baseline.json", `{"version": 1, "entries": []}`)
	code, _, errs = run(t, dir, "", "run", "--no-config", "--write-baseline", base, dir)
	if b, _ := os.ReadFile(base); code == ExitOK || !strings.Contains(errs, "larger than the") || string(b) != `{"version": 1, "entries": []}` {
		t.Errorf("--write-baseline over the cap: exit %d, file %q, %s", code, b, errs)
	}

}
