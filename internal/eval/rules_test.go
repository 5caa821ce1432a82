package eval

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/ident"
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// lintDir runs what `citelint run DIR` runs with no config (the default
// offline rules, default settings) over the Markdown files under dir,
// through the engine as every caller does.
func lintDir(t *testing.T, dir string) *output.Report {
	t.Helper()
	cfg := config.New(engine.ConfigOptions())
	cfg.Run.Include = []string{"**/*.md", "**/*.markdown", "**/*.mdx"}
	eng, err := engine.New(cfg, engine.Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return eng.LintPaths(context.Background(), []string{dir})
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

// rulesCensus bounds what the default offline rules report on the shared
// corpus. Measured on 2026-11-25 (commit ed1c247), in parentheses below.
// The human-written docs are maintained and reviewed, so a jump in findings
// there more likely means a rule regressed than that the docs broke: each
// folder gets an upper bound on findings in total and in any one file. The
// LLM reports are full of broken citations (labels without an entry,
// entries nothing cites, one source listed twice), so a drop of more than
// about 10% per rule means a rule stopped seeing something. -1 is no bound.
// Tighten a bound when a change improves on it; move one only with the
// hand-checked samples (CITELINT_SAMPLES=DIR writes them) that justify it.
var rulesCensus = []struct {
	folder     string
	maxTotal   int            // unsuppressed findings in the folder, at most
	maxPerFile int            // in any one file, at most
	atLeast    map[string]int // findings per rule, at least
}{
	{"reports/drb-claude37/raw", 10, 3, nil},    // (4: document 1, duplicate-reference 1, unused-reference 2; max 2 in a file)
	{"reports/drb-claude37/cleaned", 3, 1, nil}, // (0)
	{"reports/odr-drb-claude4-sonnet", -1, -1, map[string]int{"duplicate-reference": 72, "unused-reference": 57}},                     // (81, 63)
	{"reports/odr-drb-gpt-4.1", -1, -1, map[string]int{"duplicate-reference": 45, "unresolvable-label": 18, "unused-reference": 41}},  // (50, 20, 46: 011.md's 12 were references cited as 【n】)
	{"reports/odr-drb-gpt-5", -1, -1, map[string]int{"duplicate-reference": 165, "unresolvable-label": 495, "unused-reference": 162}}, // (184, 552, 180)
	{"reports/optillm", -1, -1, map[string]int{"duplicate-reference": 355, "unused-reference": 295}},                                  // (395, 328)
	{"reports/gemini-style", -1, -1, map[string]int{"unused-reference": 420}},                                                         // (471)
	{"docs/rust", 5, 3, nil},           // (2 unresolvable-label in 96 files, both in one)
	{"docs/keps", 8, 3, nil},           // (5 in 34 files; max 2 in a file)
	{"docs/eips-ercs", 5, 3, nil},      // (2 unused-reference in 76 files, both in one)
	{"docs/myst-quantecon", 3, 1, nil}, // (0 in 57 files)
}

// findingPlaces returns how many places a finding stands for: the count
// a one-finding-per-cause message gives (markers citing a label, labels
// past a list, uncited entries, uncited sentences), else 1.
func findingPlaces(msg string) int {
	for _, re := range placeCounts {
		if m := re.FindStringSubmatch(msg); m != nil {
			n, _ := strconv.Atoi(m[1])
			return n
		}
	}
	return 1
}

var placeCounts = []*regexp.Regexp{
	regexp.MustCompile(`\((\d+) markers cite it\)`),
	regexp.MustCompile(`, (\d+) markers\): was the list cut short`),
	regexp.MustCompile(`^(\d+) of the \d+ entries of the reference list`),
	regexp.MustCompile(`: (\d+) sentences state checkable facts`),
	regexp.MustCompile(`^(\d+) cited labels have no entry .* \((\d+) markers\)$`),
	regexp.MustCompile(`^(\d+) entries of the list repeat works`),
	regexp.MustCompile(`^(\d+) sentences .* state checkable facts but cite no source`),
}

// TestRulesCensus lints each corpus folder with the default offline rules,
// logs the counts per rule, and checks them against rulesCensus; no file
// may fail to lint.
func TestRulesCensus(t *testing.T) {
	root := corpus.Path(t)
	for _, want := range rulesCensus {
		f := want.folder
		dir := filepath.Join(root, f)
		if _, err := os.Stat(dir); err != nil {
			t.Errorf("%s: %v (the census needs every folder it bounds)", f, err)
			continue
		}
		rep := lintDir(t, dir)
		counts := map[string]int{}
		byRule := map[string][]result.Issue{}
		perFile := map[string]int{}
		for _, e := range rep.Summary.Errors {
			t.Errorf("%s: %s", e.Path, e.Msg)
		}
		for _, i := range rep.Issues {
			// A finding of a cause counts its places: the census bounds
			// what the rules see, not how they group it.
			counts[i.Rule] += findingPlaces(i.Message)
			byRule[i.Rule] = append(byRule[i.Rule], i)
			perFile[i.Path]++
		}
		claims, ferrs, total, maxFile, maxPath := rep.Summary.Claims, len(rep.Summary.Errors), len(rep.Issues), 0, ""
		for p, n := range perFile {
			if n > maxFile || n == maxFile && p < maxPath {
				maxFile, maxPath = n, p
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
		t.Logf("%-32s %4d files %6d claims  %4d findings (max %d in a file)  %s (file errors %d)",
			f, rep.Summary.Files, claims, total, maxFile, strings.Join(parts, " "), ferrs)
		for k, is := range byRule {
			sampleFile(t, strings.ReplaceAll(f, "/", "_")+"__"+k, is)
		}
		if want.maxTotal >= 0 && total > want.maxTotal {
			t.Errorf("%s: %d findings, want at most %d: %s", f, total, want.maxTotal, strings.Join(parts, " "))
		}
		if want.maxPerFile >= 0 && maxFile > want.maxPerFile {
			t.Errorf("%s: %d findings in %s, want at most %d in a file", f, maxFile, maxPath, want.maxPerFile)
		}
		for rule, min := range want.atLeast {
			if counts[rule] < min {
				t.Errorf("%s: %d %s findings, want at least %d", f, counts[rule], rule, min)
			}
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
	n := 0
	for _, i := range lintDir(t, filepath.Join(dir, "content")).Issues {
		if i.Rule == "malformed-identifier" {
			n++
			t.Errorf("%s:%d: %s", i.Path, i.Pos.Line, i.Message)
		}
	}
	t.Logf("manubot: %d DOIs and %d arXiv ids validated; malformed-identifier findings on content/: %d", dois, arxivs, n)
}
