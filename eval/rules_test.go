package eval

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/citelint/citelint/ident"
	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/lint"
	"github.com/citelint/citelint/resolve"
	"github.com/citelint/citelint/result"
	"github.com/citelint/citelint/rules"
)

// lintDir runs the default offline rules, with default settings, over the
// Markdown files under dir.
func lintDir(t *testing.T, dir string) ([]lint.FileResult, []string) {
	t.Helper()
	files, errs := lint.Walk([]string{dir}, "", []string{"**/*.md", "**/*.markdown", "**/*.mdx"}, nil)
	if len(errs) > 0 {
		t.Fatalf("walk %s: %v", dir, errs)
	}
	var enabled []lint.Enabled
	for _, r := range rules.All() {
		if !r.Default {
			continue
		}
		enabled = append(enabled, lint.Enabled{Rule: r, Settings: r.DefaultSettings()})
	}
	res := lint.Run(context.Background(), files, lint.Options{Rules: enabled, Env: resolve.NewEnv(nil), RuleEnv: &rules.Env{},
		Known: rules.Known})
	return res, files
}

// sampleFile writes every finding of one rule to $CITELINT_SAMPLES/<name>.txt
// (when set) with the source line, for hand-checking.
func sampleFile(t *testing.T, name string, issues []result.Issue) {
	dir := os.Getenv("CITELINT_SAMPLES")
	if dir == "" {
		return
	}
	var b strings.Builder
	for _, i := range issues {
		fmt.Fprintf(&b, "%s:%d: %s\n    %s\n", i.Path, i.Pos.Line, i.Message, strings.TrimSpace(i.SourceLine))
	}
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, name+".txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRulesCensus counts each default rule's findings per corpus folder,
// with uncited-claim normalised per 1,000 sentences (claims). Set
// CITELINT_SAMPLES=DIR to write every finding out for hand-checking.
func TestRulesCensus(t *testing.T) {
	root := corpus.Path(t)
	folders := []string{
		"reports/drb-claude37/raw", "reports/drb-claude37/cleaned", "reports/odr-drb-claude4-sonnet",
		"reports/odr-drb-gpt-4.1", "reports/odr-drb-gpt-5", "reports/optillm", "reports/gemini-style",
		"docs/rust", "docs/keps", "docs/eips-ercs", "docs/myst-quantecon",
	}
	for _, f := range folders {
		dir := filepath.Join(root, f)
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		res, files := lintDir(t, dir)
		counts := map[string]int{}
		byRule := map[string][]result.Issue{}
		claims, ferrs := 0, 0
		for _, r := range res {
			if r.Err != nil {
				ferrs++
			}
			claims += r.Stats.Claims
			for _, i := range r.Issues {
				if i.Suppressed {
					continue
				}
				counts[i.Rule]++
				byRule[i.Rule] = append(byRule[i.Rule], i)
			}
		}
		var keys []string
		for k := range counts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%s=%d", k, counts[k]))
		}
		perK := 0.0
		if claims > 0 {
			perK = 1000 * float64(counts["uncited-claim"]) / float64(claims)
		}
		t.Logf("%-32s %4d files %6d claims  uncited-claim %.1f/1k claims, %.1f/file  %s (file errors %d)",
			f, len(files), claims, perK, float64(counts["uncited-claim"])/float64(max(1, len(files))), strings.Join(parts, " "), ferrs)
		for k, is := range byRule {
			sampleFile(t, strings.ReplaceAll(f, "/", "_")+"__"+k, is)
		}
	}
}

// TestManubotIdentifiersWellFormed: every DOI and arXiv id in manubot's gold
// citation table is real, so malformed-identifier must accept all of them,
// both through the validators and through the rule on the manuscript itself.
func TestManubotIdentifiersWellFormed(t *testing.T) {
	dir := corpus.Path(t, "docs", "manubot-deep-review")
	data, err := os.ReadFile(filepath.Join(dir, "output", "citations.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	dois, arxivs := 0, 0
	for _, line := range strings.Split(string(data), "\n")[1:] {
		f := strings.Split(line, "\t")
		if len(f) < 3 {
			continue
		}
		id := f[2]
		switch {
		case strings.HasPrefix(id, "doi:"):
			dois++
			if p := ident.ValidateDOI(id[4:]); p != "" {
				t.Errorf("%s: %s", id, p)
			}
		case strings.HasPrefix(id, "arxiv:"):
			arxivs++
			if _, _, p := ident.ParseArXiv(id[6:], ident.Now()); p != "" {
				t.Errorf("%s: %s", id, p)
			}
		}
	}
	res, _ := lintDir(t, filepath.Join(dir, "content"))
	n := 0
	for _, r := range res {
		for _, i := range r.Issues {
			if i.Rule == "malformed-identifier" {
				n++
				t.Errorf("%s:%d: %s", i.Path, i.Pos.Line, i.Message)
			}
		}
	}
	t.Logf("manubot: %d DOIs and %d arXiv ids validated; malformed-identifier findings on content/: %d", dois, arxivs, n)
}
