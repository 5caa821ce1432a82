package eval

import (
	"bufio"
	"context"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/rules/registry"
	"github.com/citelint/citelint/internal/rules/uncited"
	"github.com/citelint/citelint/result"
)

// The precision harness. Findings of the rules a new user gets (the
// standard set, plus uncited-claim from the reports set) were sampled on
// real corpora, read in context and labelled true (a finding the
// document's maintainer would want) or false. The labels live in
// testdata/precision/labels.tsv, one finding a line:
//
//	corpus  path  line  rule  verdict  reason
//
// corpus is a group of folders: docs and reports (in ../shared/corpus),
// npm (documentation Markdown from npm packages, bench/npm-docs-corpus; its
// folder in $CITELINT_NPM_DOCS), heldout (npm packages' docs assembled
// after the rules were last changed and never looked at while tuning them,
// $CITELINT_HELDOUT_DOCS), gomod-dev and gomod-test (Go modules' docs,
// bench/gomod-docs-corpus, in $CITELINT_GOMOD_DOCS; gomod2 to gomod4 in
// $CITELINT_GOMOD2_DOCS and so on) and debian and debian2 (Debian
// packages' docs, bench/debian-docs-corpus, in $CITELINT_DEBIAN_DOCS and
// $CITELINT_DEBIAN2_DOCS), and newcomer to newcomer3 (issue 37's stand-in
// projects, bench/newcomer-corpus, in $CITELINT_NEWCOMER_DOCS,
// $CITELINT_NEWCOMER2_DOCS and $CITELINT_NEWCOMER3_DOCS, each linted as `citelint run .` in its folder:
// newcomer_test.go). path is relative to
// the group's root.
//
// TestPrecision fails when a finding labelled false comes back (for rules
// on by default) or one labelled true is lost, unless the label's reason
// starts with "[known]" (a judgement the rules deliberately or not yet
// follow, said why), and logs each rule's precision per group over the
// labelled findings it still reports. With CITELINT_PRECISION_SAMPLE=DIR it
// also writes, per group and rule, the sampled findings nobody has labelled
// yet, with their context, for a person to read:
//
//	CITELINT_PRECISION_SAMPLE=/tmp/sample go test ./internal/eval -run TestPrecision -v

// precisionGroups are the corpora, by label group.
var precisionGroups = []struct {
	name  string
	env   string   // folder from this environment variable; else the shared corpus
	dirs  []string // folders under the root
	rules []string // the rules labelled in this group; nil: all
	// heldOut groups measure: a finding labelled false that the rules
	// report is counted, not a failure, and nothing about it is printed,
	// so that running the test does not show what the group holds to
	// whoever changes the rules next.
	heldOut bool
}{
	{"docs", "", []string{"docs/eips-ercs", "docs/rust", "docs/keps", "docs/myst-quantecon", "docs/manubot-deep-review"}, nil, false},
	{"reports", "", reportDirs, nil, false},
	// uncited-claim on reports, labelled later and apart: reports-dev
	// (129 findings, labelled and then used to change the rule and the
	// extractor, so in-sample) and reports-test (100 findings sampled
	// apart from both, labelled blind before those changes, never used to
	// make them: the held-out figure). Both follow the labelling
	// convention in testdata/precision/README.md.
	{"reports-dev", "", reportDirs, []string{"uncited-claim"}, false},
	{"reports-test", "", reportDirs, []string{"uncited-claim"}, false},
	// reports-test2: 100 more, sampled on 28 November 2026 apart from
	// every earlier label (hash of "test2:path:line"), labelled blind
	// before that day's changes to the rule and never used to make them.
	// A line with several flagged sentences is true only if all are.
	{"reports-test2", "", reportDirs, []string{"uncited-claim"}, false},
	// reports-test3: 100 more, sampled on 28 November 2026 apart from
	// every earlier label (hash of "test3:path:line"), labelled blind by
	// readers who saw neither code nor labels, before that evening's
	// changes (table rows, list lead-ins and closers), which it then
	// measured. Held out: its false findings are counted, not printed.
	{"reports-test3", "", reportDirs, []string{"uncited-claim"}, true},
	// reports-test4: 100 more, sampled the same night from the findings
	// of the rule as it then was (hash of "test4:path:line"), labelled
	// blind, and measured with no change since. Held out.
	{"reports-test4", "", reportDirs, []string{"uncited-claim"}, true},
	// reports-test5: 100 more, drawn on 28 November 2026 from the
	// findings of 015f96c's rule (hash of "test5:path:line"), labelled
	// blind before any change that followed. Held out.
	{"reports-test5", "", reportDirs, []string{"uncited-claim"}, true},
	// reports-test6: the last 100 unlabelled finding lines (of 101),
	// drawn on 29 November 2026 from the rule as it then was (hash of
	// "test6:path:line") and labelled blind. Held out.
	{"reports-test6", "", reportDirs, []string{"uncited-claim"}, true},
	// First contact (issue 33): report families none of the rules was
	// tuned on, each measured once with the rules unchanged while looking
	// at it (the figure kept in testdata/precision/README.md), and then,
	// batch A, used to change them: in-sample since.
	{"fc-autosurvey", "", []string{"reports/autosurvey"}, nil, false},
	{"fc-cboone", "", []string{"reports/cboone"}, nil, false},
	{"fc-llmxmapreduce-v2", "", []string{"reports/llmxmapreduce-v2"}, nil, false},
	{"fc-surge-id-baseline", "", []string{"reports/surge-id-baseline"}, nil, false},
	{"fc-storm", "", []string{"reports/storm"}, nil, false},
	// Batch B, measured at first contact with the rules batch A led to,
	// and then used to change them: in-sample since.
	{"fc-onyx", "", []string{"reports/onyx"}, nil, false},
	{"fc-expertqa-gpt4-rag-pipelines", "", []string{"reports/expertqa-gpt4-rag-pipelines"}, nil, false},
	{"fc-gpt-researcher", "", []string{"reports/gpt-researcher"}, nil, false},
	{"fc-bing-chat-expertqa", "", []string{"reports/bing-chat-expertqa"}, nil, false},
	{"fc-perplexity-dr-copy-zh", "", []string{"reports/perplexity-dr-copy-zh"}, nil, false},
	// Batch C, two families from outside the shared corpus
	// (bench/report-families-c.txt), measured at first contact with the
	// rules at cd92426 (after max-coverage), every finding labelled blind:
	// in-sample since the change to uncited-claim's message they led to.
	{"fc-deerflow-examples", "CITELINT_REPORTS_C_DOCS", []string{"deerflow-examples"}, nil, false},
	{"fc-firstprinciples-dls", "CITELINT_REPORTS_C_DOCS", []string{"firstprinciples-dls"}, nil, false},
	// Batch D, one more family from outside the shared corpus
	// (bench/report-families-d.txt), measured at first contact with the
	// rules at 8c089ee: every finding of the default run and of
	// max-coverage 1 labelled blind. Nothing was changed after it.
	{"fc-tickr-gpt5", "CITELINT_REPORTS_D_DOCS", []string{"tickr-gpt5"}, nil, false},
	// Batch E, two more families from outside the shared corpus
	// (bench/report-families-e.txt), measured at first contact with the
	// rules at ecc24dc (after the recommendations exemption): every
	// finding of the default run and of max-coverage 1 labelled blind.
	{"fc-deepfind-cli", "CITELINT_REPORTS_E_DOCS", []string{"deepfind-cli"}, nil, false},
	{"fc-webweaver-dsv4flash", "CITELINT_REPORTS_E_DOCS", []string{"webweaver-dsv4flash"}, nil, false},
	// Batch F, two more (bench/report-families-f.txt), measured at first
	// contact with the rules at 9bb0fb6 (after batch E's changes): every
	// finding of the default run and of max-coverage 1 labelled blind.
	{"fc-grep-v2", "CITELINT_REPORTS_F_DOCS", []string{"grep-v2"}, nil, false},
	{"fc-qianfan-pro", "CITELINT_REPORTS_F_DOCS", []string{"qianfan-pro"}, nil, false},
	// Batch G, two more (bench/report-families-g.txt), measured at first
	// contact with the rules at db1525c (after the recaps exemption):
	// every finding of the default run and of max-coverage 1 labelled
	// blind; in-sample since the reference-list change they led to.
	{"fc-orkg-dr", "CITELINT_REPORTS_G_DOCS", []string{"orkg-dr"}, nil, false},
	{"fc-sgr-dr", "CITELINT_REPORTS_G_DOCS", []string{"sgr-dr"}, nil, false},
	// Batch H, two more (bench/report-families-h.txt), measured at first
	// contact with the rules at 0c1710f (after batch G's change) and
	// labelled blind; in-sample since the change it led to (f804f68).
	{"fc-openai-dr", "CITELINT_REPORTS_H_DOCS", []string{"openai-dr"}, nil, false},
	{"fc-sarvam-dr", "CITELINT_REPORTS_H_DOCS", []string{"sarvam-dr"}, nil, false},
	// Batch I, three agent frameworks run on one sandbox's research
	// tasks (bench/report-families-i.txt), measured at first contact
	// with the rules at 4ea8328 (after the agreement pass) and labelled
	// blind.
	{"fc-camel-ai", "CITELINT_REPORTS_I_DOCS", []string{"camel-ai"}, nil, false},
	{"fc-smolagents", "CITELINT_REPORTS_I_DOCS", []string{"smolagents"}, nil, false},
	{"fc-claude-code", "CITELINT_REPORTS_I_DOCS", []string{"claude-code"}, nil, false},
	// Quarto, R Markdown and notebooks, added with their support: the
	// docs group's figures stay comparable with earlier sessions'.
	{"dialects", "", []string{"docs/quarto-web", "docs/rmarkdown-book"}, nil, false},
	{"npm", "CITELINT_NPM_DOCS", []string{"."}, nil, false},
	{"heldout", "CITELINT_HELDOUT_DOCS", []string{"."}, nil, false},
	// Go modules' documentation (bench/gomod-docs-corpus), labelled blind
	// on 28 November 2026: every finding of the default rules, split by
	// module. gomod-dev guides changes; gomod-test is held out.
	{"gomod-dev", "CITELINT_GOMOD_DOCS", gomodDirs(false), nil, false},
	{"gomod-test", "CITELINT_GOMOD_DOCS", gomodDirs(true), nil, false},
	// 80 other Go modules' docs (bench/gomod-docs-modules-2.txt),
	// labelled blind after the fixes gomod-dev and gomod-test led to, and
	// held out until its false findings were read for dbb65c5 and b0d512e:
	// in-sample since.
	{"gomod2", "CITELINT_GOMOD2_DOCS", moduleDirs("gomod-docs-modules-2.txt", func(string) bool { return true }), nil, false},
	// 96 more modules' docs (bench/gomod-docs-modules-3.txt), labelled
	// blind after those changes, and held out until its false findings
	// were read for 4975615: in-sample since.
	{"gomod3", "CITELINT_GOMOD3_DOCS", moduleDirs("gomod-docs-modules-3.txt", func(string) bool { return true }), nil, false},
	// 147 modules drawn at random from the rest the proxy served
	// (bench/gomod-docs-modules-4.txt), labelled blind after every change
	// of that night. Held out.
	{"gomod4", "CITELINT_GOMOD4_DOCS", moduleDirs("gomod-docs-modules-4.txt", func(string) bool { return true }), nil, true},
	// Docs from 296 Debian packages (bench/debian-docs-corpus), a source
	// no rule was tuned on, labelled blind on 29 November 2026, and held
	// out until its six false findings were read to fix them: in-sample
	// since.
	{"debian", "CITELINT_DEBIAN_DOCS", []string{"."}, nil, false},
	// 300 more packages (bench/debian-docs-packages-2.txt), drawn after the
	// fixes the first set led to and labelled blind; held out until its two
	// false findings were read: in-sample since.
	{"debian2", "CITELINT_DEBIAN2_DOCS", []string{"."}, nil, false},
	// Issue 37's newcomer stand-in (newcomer_test.go): about twenty
	// projects none of the rules was tuned on, each linted as `citelint
	// run .` in its folder, every finding of the rules at dc38d2f labelled
	// on 7 December 2026. Held out.
	{"newcomer", newcomerEnv, newcomerDirs(), nil, true},
	// The second newcomer stand-in (bench/newcomer-projects-2.txt), drawn
	// after the first set's fixes, every finding of the rules at 5c6fc8b
	// labelled on 7 December 2026. Held out.
	{"newcomer2", newcomer2Env, projectDirs("newcomer-projects-2.txt"), nil, true},
	// The third (bench/newcomer-projects-3.txt), citation-heavy kinds drawn
	// because set 2 gave three findings, every finding of the rules at
	// 8c089ee labelled on 7 December 2026. Held out.
	{"newcomer3", newcomer3Env, projectDirs("newcomer-projects-3.txt"), nil, true},
}

// gomodDirs are the folders bench/gomod-docs-corpus writes for the modules
// of bench/gomod-docs-modules.txt in one split: the held-out one (test)
// holds the modules whose path's FNV-1a 32 is odd.
func gomodDirs(test bool) []string {
	return moduleDirs("gomod-docs-modules.txt", func(mod string) bool {
		h := fnv.New32a()
		h.Write([]byte(mod))
		return h.Sum32()%2 == 1 == test
	})
}

// moduleDirs are the folders bench/gomod-docs-corpus writes for the
// modules of bench/NAME that keep accepts.
func moduleDirs(name string, keep func(module string) bool) []string {
	data, err := os.ReadFile(filepath.Join("..", "..", "bench", name))
	if err != nil {
		panic(err) // a file of this repository
	}
	var dirs []string
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if mod, _, _ := strings.Cut(line, "@"); keep(mod) {
			dirs = append(dirs, line)
		}
	}
	return dirs
}

var reportDirs = []string{"reports/drb-claude37/raw", "reports/odr-drb-claude4-sonnet", "reports/odr-drb-gpt-4.1",
	"reports/odr-drb-gpt-5", "reports/optillm", "reports/gemini-style"}

// precisionSample is how many findings per rule and group the sample holds.
const precisionSample = 30

type precisionLabel struct {
	group, path string
	line        int
	rule        string
	verdict     bool
	reason      string
}

type findingKey struct {
	path string
	line int
	rule string
}

func readPrecisionLabels(t *testing.T) []precisionLabel {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "precision", "labels.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []precisionLabel
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 6 {
			t.Fatalf("labels.tsv:%d: want 6 tab-separated columns, got %d", n, len(c))
		}
		ln, err := strconv.Atoi(c[2])
		if err != nil || (c[4] != "true" && c[4] != "false") {
			t.Fatalf("labels.tsv:%d: bad line number or verdict", n)
		}
		out = append(out, precisionLabel{c[0], c[1], ln, c[3], c[4] == "true", c[5]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// precisionRoot returns a group's root folder, or "" when it is absent.
func precisionRoot(env string) string {
	if env == "" {
		return corpus.Dir()
	}
	d := os.Getenv(env)
	if fi, err := os.Stat(d); d == "" || err != nil || !fi.IsDir() {
		return ""
	}
	return d
}

// lintForPrecision runs what `citelint run --default reports DIR...` runs
// (the standard rules and uncited-claim, default settings, offline) over
// dirs under root, through the engine as every caller does, and returns
// the findings by key.
func lintForPrecision(t *testing.T, root string, dirs []string) map[findingKey]result.Issue {
	return lintForPrecisionWith(t, root, dirs, "")
}

// withholdings are uncited-claim's trades of recall for precision, each
// with the settings (YAML of rules.settings) that undo it: the reruns that
// tell a labelled true finding withheld by one from one lost. A finding
// counts under the first rerun that reports it; the last undoes both.
var withholdings = []struct{ why, settings string }{
	{"max-coverage (reported with max-coverage: 1)", "uncited-claim:\n      max-coverage: 1\n"},
	{"the recommendations exemption (reported without it)", "uncited-claim:\n      exempt: [" + withoutAdvice() + "]\n"},
	{"max-coverage and the recommendations exemption (reported without both)", "uncited-claim:\n      max-coverage: 1\n      exempt: [" + withoutAdvice() + "]\n"},
	{"the recaps exemption (reported without it)", "uncited-claim:\n      exempt: [" + defaultExemptBut("recaps") + "]\n"},
	{"max-coverage and the recaps exemption (reported without both)", "uncited-claim:\n      max-coverage: 1\n      exempt: [" + defaultExemptBut("recaps") + "]\n"},
}

// withoutAdvice is uncited-claim's default exemptions but recommendations.
func withoutAdvice() string { return defaultExemptBut("recommendations") }

// defaultExemptBut is uncited-claim's default exemptions but those named.
func defaultExemptBut(names ...string) string {
	var keep []string
	for _, e := range uncited.DefaultSettings().Exempt {
		if !slices.Contains(names, e) {
			keep = append(keep, e)
		}
	}
	return strings.Join(keep, ", ")
}

// lintForPrecisionWith is lintForPrecision with settings, the YAML of
// rules.settings ("" for the defaults).
func lintForPrecisionWith(t *testing.T, root string, dirs []string, settings string) map[findingKey]result.Issue {
	t.Helper()
	var paths []string
	for _, d := range dirs {
		paths = append(paths, filepath.Join(root, d))
	}
	y := "version: \"1\"\nrules:\n  default: reports\n"
	if settings != "" {
		y += "  settings:\n    " + settings
	}
	cfg, err := config.Parse("precision.yaml", []byte(y), engine.ConfigOptions())
	if err != nil {
		t.Fatal(err)
	}
	eng, err := engine.New(cfg, engine.Options{WorkDir: root})
	if err != nil {
		t.Fatal(err)
	}
	rep := eng.LintPaths(context.Background(), paths)
	if len(rep.Summary.Errors) > 0 {
		// Files citelint refuses (not UTF-8, say) have no findings to label.
		t.Logf("%s: %d files not linted, the first: %s: %s", root, len(rep.Summary.Errors), rep.Summary.Errors[0].Path, rep.Summary.Errors[0].Msg)
	}
	out := map[findingKey]result.Issue{}
	for _, is := range rep.Issues {
		rel := is.Path
		if filepath.IsAbs(rel) {
			if r, err := filepath.Rel(root, rel); err == nil {
				rel = r
			}
		}
		k := findingKey{filepath.ToSlash(rel), is.Pos.Line, is.Rule}
		// Two findings on one line share a key: keep the one that stands
		// for a cause's several markers, so the labels it absorbed are
		// known to be merged, not lost.
		if prev, ok := out[k]; ok && groupedFinding(prev.Message) && !groupedFinding(is.Message) {
			continue
		}
		out[k] = is
	}
	return out
}

func TestPrecision(t *testing.T) {
	labels := readPrecisionLabels(t)
	onByDefault := map[string]bool{}
	for _, r := range registry.All() {
		onByDefault[r.Name] = r.Default
	}
	sampleDir := os.Getenv("CITELINT_PRECISION_SAMPLE")
	ran := false
	linted := map[string]map[findingKey]result.Issue{} // groups on the same folders lint them once
	type rerun struct {
		found   map[findingKey]result.Issue
		grouped map[[2]string]bool
	}
	reruns := map[string]rerun{}
	// withheldBy returns the index in withholdings of the first rerun that
	// reports k, or -1.
	withheldBy := func(memo, root string, dirs []string, k findingKey) int {
		for w, wh := range withholdings {
			r, ok := reruns[memo+"\x00"+wh.settings]
			if !ok {
				r.found = lintForPrecisionWith(t, root, dirs, wh.settings)
				r.grouped = groupedFiles(r.found)
				reruns[memo+"\x00"+wh.settings] = r
			}
			// or merged there into a finding of its cause
			if _, found := r.found[k]; found || r.grouped[[2]string{k.path, k.rule}] {
				return w
			}
		}
		return -1
	}
	for _, g := range precisionGroups {
		root := precisionRoot(g.env)
		if root == "" {
			t.Logf("%s: corpus absent, its labels not checked", g.name)
			continue
		}
		ran = true
		memo := root + "\x00" + strings.Join(g.dirs, "\x00")
		if projectGroups[g.name] {
			memo = "project\x00" + memo
		}
		found, ok := linted[memo]
		if !ok {
			if projectGroups[g.name] {
				found = lintProjects(t, root, g.dirs)
			} else {
				found = lintForPrecision(t, root, g.dirs)
			}
			linted[memo] = found
		}
		// Findings that stand for a cause, not one place: a label cited
		// by several markers, a list cut short, a list padded with
		// uncited entries, a document that cites nothing. A labelled
		// finding of one of its places is merged into it, not lost.
		grouped := groupedFiles(found)
		merged, held := 0, make([]int, len(withholdings))
		byKey := map[findingKey]precisionLabel{}
		for _, l := range labels {
			if l.group != g.name {
				continue
			}
			k := findingKey{l.path, l.line, l.rule}
			byKey[k] = l
			_, present := found[k]
			switch {
			case present && !l.verdict && (!onByDefault[l.rule] || g.heldOut):
				// Rules a user turns on (uncited-claim under --default
				// reports) are measured here; their false findings are
				// known and counted, not yet failures.
			case strings.HasPrefix(l.reason, "[known]"):
				// A disagreement the rules do not yet settle, recorded with
				// why; it counts in the figures below, and fails nothing.
			case present && !l.verdict:
				t.Errorf("%s %s:%d: %s came back, labelled false: %s", g.name, l.path, l.line, l.rule, l.reason)
			case !present && grouped[[2]string{l.path, l.rule}]:
				merged++
			case !present && l.verdict:
				// In a document that cites most of its checkable
				// sentences, uncited-claim reports none (max-coverage),
				// nor in a report's recommendations: trades of recall
				// for precision, counted here.
				w := -1
				if l.rule == "uncited-claim" && !projectGroups[g.name] {
					w = withheldBy(memo, root, g.dirs, k)
				}
				if w < 0 {
					t.Errorf("%s %s:%d: %s is lost, labelled true: %s", g.name, l.path, l.line, l.rule, l.reason)
					break
				}
				held[w]++
			}
		}
		if merged > 0 {
			t.Logf("%-8s %d labelled findings merged into findings of their cause", g.name, merged)
		}
		for w, n := range held {
			if n > 0 {
				t.Logf("%-8s %d labelled true uncited-claim findings withheld by %s", g.name, n, withholdings[w].why)
			}
		}
		// Precision per rule over the labelled findings still reported,
		// and the sample's unlabelled findings.
		byRule := map[string][]findingKey{}
		for k := range found {
			byRule[k.rule] = append(byRule[k.rule], k)
		}
		ruleNames := make([]string, 0, len(byRule))
		for r := range byRule {
			ruleNames = append(ruleNames, r)
		}
		sort.Strings(ruleNames)
		for _, r := range ruleNames {
			if g.rules != nil && !slices.Contains(g.rules, r) {
				continue
			}
			keys := byRule[r]
			sort.Slice(keys, func(i, j int) bool { return sampleOrder(keys[i]) < sampleOrder(keys[j]) })
			tp, fp := 0, 0
			var todo []findingKey
			for _, k := range keys {
				if l, ok := byKey[k]; ok {
					if l.verdict {
						tp++
					} else {
						fp++
					}
				} else if tp+fp+len(todo) < precisionSample {
					todo = append(todo, k)
				}
			}
			prec := "-"
			if tp+fp > 0 {
				prec = fmt.Sprintf("%.0f%%", 100*float64(tp)/float64(tp+fp))
			}
			t.Logf("%-8s %-22s findings %5d  labelled %3d (true %3d, false %2d)  precision %5s  unlabelled in sample %d",
				g.name, r, len(keys), tp+fp, tp, fp, prec, len(todo))
			if sampleDir != "" && len(todo) > 0 {
				writePrecisionSample(t, sampleDir, g.name, r, root, todo, found)
			}
		}
	}
	if !ran {
		t.Skip("no corpus found")
	}
}

// groupedFinding reports whether a finding's message says it stands for
// several places of one cause (rules' one-finding-per-cause messages).
// groupedFiles returns the (path, rule) pairs with a finding that stands
// for a cause (groupedFinding).
func groupedFiles(found map[findingKey]result.Issue) map[[2]string]bool {
	grouped := map[[2]string]bool{}
	for k, is := range found {
		if groupedFinding(is.Message) {
			grouped[[2]string{k.path, k.rule}] = true
		}
	}
	return grouped
}

func groupedFinding(msg string) bool {
	for _, s := range []string{" markers cite it)", " entries of the reference list", " sentences state checkable facts", " labels past it ",
		" cited labels have no entry", " entries of the list repeat works", " definitions take a label defined before them,", " each list ", " state checkable facts but cite no source, this the first"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// sampleOrder orders findings for sampling: a hash of the finding, so a
// finding keeps its place as others come and go.
func sampleOrder(k findingKey) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%d\x00%s", k.path, k.line, k.rule)
	return h.Sum64()
}

// writePrecisionSample writes findings to label, each with the lines around
// it, as DIR/<group>-<rule>.txt.
func writePrecisionSample(t *testing.T, dir, group, rule, root string, keys []findingKey, found map[findingKey]result.Issue) {
	t.Helper()
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].path != keys[j].path {
			return keys[i].path < keys[j].path
		}
		return keys[i].line < keys[j].line
	})
	var b strings.Builder
	fmt.Fprintf(&b, "# %s %s: %d findings to label as %s<TAB>path<TAB>line<TAB>rule<TAB>true|false<TAB>reason\n", group, rule, len(keys), group)
	for _, k := range keys {
		src, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(k.path)))
		lines := strings.Split(string(src), "\n")
		fmt.Fprintf(&b, "\n=== %s\t%s\t%d\t%s\n%s\n", group, k.path, k.line, k.rule, found[k].Message)
		for n := max(1, k.line-4); n <= min(len(lines), k.line+3); n++ {
			mark := " "
			if n == k.line {
				mark = ">"
			}
			l := lines[n-1]
			if len(l) > 400 {
				l = l[:400] + "…"
			}
			fmt.Fprintf(&b, "%s%5d %s\n", mark, n, l)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, group+"-"+rule+".txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
