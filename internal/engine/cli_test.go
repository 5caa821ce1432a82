package engine_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/cli"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/format"
	"github.com/citelint/citelint/internal/version"
)

// TestLintPathsIsRun pins the promise of the package: LintPaths reports
// byte for byte what `citelint run --format json` prints, with a config
// that excludes, re-severities and limits, a suppression, and a file that
// is not UTF-8.
func TestLintPathsIsRun(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		".citelint.yaml": "version: \"1\"\nexclusions:\n  paths: [\"skip/**\"]\nseverity:\n  rules:\n    - rules: [unresolvable-label]\n      path: \"notes/**\"\n      severity: note\nissues:\n  max-same: 2\n",
		"a.md":           doc,
		"notes/b.md":     strings.Replace(doc, "## References", "Also [3] and [4].\n\n## References", 1),
		"skip/c.md":      doc,
		"d.md":           "<!-- citelint-disable-next-line unresolvable-label -->\nA claim [9].\n",
		"e.md":           "ok\n\xff\n",
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	code := cli.Main([]string{"run", "-c", filepath.Join(dir, ".citelint.yaml"), "--format", "json", dir}, cli.Env{
		Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr,
		Getenv: func(string) string { return "" },
		Getwd:  func() (string, error) { return dir, nil },
	})
	if code != cli.ExitIssues {
		t.Fatalf("run exit %d, want %d (issues; e.md is not UTF-8, read as Windows-1252); stderr: %s", code, cli.ExitIssues, stderr.String())
	}

	cfg, err := config.Load(filepath.Join(dir, ".citelint.yaml"), engine.ConfigOptions())
	if err != nil {
		t.Fatal(err)
	}
	eng, err := engine.New(cfg, engine.Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	r := eng.LintPaths(context.Background(), []string{dir})
	r.Version = version.Version
	p, err := format.New("json", format.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if err := p.Print(&got, r); err != nil {
		t.Fatal(err)
	}
	if got.String() != stdout.String() {
		t.Errorf("LintPaths:\n%s\nrun --format json:\n%s", got.String(), stdout.String())
	}
	if len(r.Issues) < 4 || !strings.Contains(got.String(), `"message": "not valid UTF-8`) {
		t.Errorf("%s\n%d issues: the test data no longer exercises the pipeline and an odd file", got.String(), len(r.Issues))
	}
}

// TestLintPathsCancelled: with the time up before it starts, every file
// is reported as not checked (--timeout), none as clean.
func TestLintPathsCancelled(t *testing.T) {
	eng, dir := newEngine(t, "")
	for _, name := range []string{"a.md", "b.md"} {
		os.WriteFile(filepath.Join(dir, name), []byte(doc), 0o644)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := eng.LintPaths(ctx, []string{dir})
	if len(r.Issues) != 0 || len(r.Summary.Errors) != 2 {
		t.Fatalf("issues %v, errors %v; want both files not checked", r.Issues, r.Summary.Errors)
	}
	for _, e := range r.Summary.Errors {
		if !strings.Contains(e.Msg, "not checked") {
			t.Errorf("%s: %s; want not checked", e.Path, e.Msg)
		}
	}
}

// TestLintPathsNetworkIsRun: with Options.Network, LintPaths runs the
// network pass itself and reports byte for byte what `citelint run
// --format json` prints against the same loopback registry stub: the
// network rules' issues, the unverified count, and with a claim-support
// rule the fetched evidence and the support summary.
func TestLintPathsNetworkIsRun(t *testing.T) {
	for _, tc := range []struct {
		name, enable string // rules enabled besides the project's network rules
		support      bool
	}{
		{"network rules", "", false},
		{"and claim support", ", low-overlap, number-mismatch", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, _, _ := networkProject(t)
			cfgPath := filepath.Join(dir, ".citelint.yaml")
			cfgText, _ := os.ReadFile(cfgPath)
			withExtra := strings.Replace(string(cfgText), "unreadable-file]", "unreadable-file"+tc.enable+"]", 1)
			if !strings.Contains(string(cfgText), "unreadable-file]") {
				t.Fatal("the project's config no longer lists its rules as this test expects")
			}
			writeFile(t, dir, ".citelint.yaml", withExtra)

			var stdout, stderr bytes.Buffer
			cli.Main([]string{"run", "--allow-private", "--format", "json", dir}, cli.Env{
				Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr,
				Getenv: func(string) string { return "" },
				Getwd:  func() (string, error) { return dir, nil },
			})
			os.RemoveAll(filepath.Join(dir, "cache")) // the engine asks the stub too

			var notes bytes.Buffer
			eng := loadEngine(t, dir, engine.Options{Network: &engine.NetworkOptions{AllowPrivate: true, Version: version.Version, Stderr: &notes}})
			r := eng.LintPaths(context.Background(), []string{dir})
			r.Version = version.Version
			p, _ := format.New("json", format.Options{})
			var got bytes.Buffer
			if err := p.Print(&got, r); err != nil {
				t.Fatal(err)
			}
			if got.String() != stdout.String() {
				t.Errorf("LintPaths:\n%s\nrun --format json:\n%s%s", got.String(), stdout.String(), stderr.String())
			}
			if notes.String() != stderr.String() {
				t.Errorf("notes %q, run's stderr %q", notes.String(), stderr.String())
			}
			if !strings.Contains(ruleLines(r), "report.md:6:dead-doi") || r.Summary.Unverified != 1 || (r.Summary.Support != nil) != tc.support {
				t.Errorf("issues %s, unverified %d, support %+v: the test no longer exercises the pass", ruleLines(r), r.Summary.Unverified, r.Summary.Support)
			}
		})
	}
}
