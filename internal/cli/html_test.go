package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/cputime"
)

// reviewFixture copies the review page's fixtures (a report with
// supported, weak, missing and uncited sentences and its sources; a
// hostile document) into a fresh folder and returns it.
func reviewFixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"report.md", "hostile.md", "sources.jsonl"} {
		b, err := os.ReadFile(filepath.Join("..", "reviewpage", "testdata", "html", name))
		if err != nil {
			t.Fatal(err)
		}
		write(t, dir, name, string(b))
	}
	// The report cites most of its sentences: every status shows only
	// when uncited-claim reports such a document too.
	write(t, dir, "review.yaml", "version: \"1\"\nrules:\n  settings:\n    uncited-claim:\n      max-coverage: 1\n")
	return dir
}

// reviewRun runs citelint on the fixtures in dir with the page's rules,
// and more arguments (formats) before the files.
func reviewRun(t *testing.T, dir string, more ...string) {
	t.Helper()
	args := append([]string{"run", "--config", filepath.Join(dir, "review.yaml"), "--sources", filepath.Join(dir, "sources.jsonl"),
		"--enable-only", "low-overlap,number-mismatch,uncited-claim,unresolvable-label,unused-reference"}, more...)
	args = append(args, filepath.Join(dir, "report.md"), filepath.Join(dir, "hostile.md"))
	if code, _, stderr := run(t, dir, "", args...); code != ExitIssues {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

// TestHTMLCountsEqualJSON: the page's counts are the JSON report's, every
// issue is listed, and asking for the page leaves the JSON byte for byte
// as it is without it.
func TestHTMLCountsEqualJSON(t *testing.T) {
	dir := reviewFixture(t)
	reviewRun(t, dir, "--format", "json:"+filepath.Join(dir, "alone.json"))
	reviewRun(t, dir, "--format", "json:"+filepath.Join(dir, "r.json"), "--format", "html:"+filepath.Join(dir, "r.html"))
	alone, _ := os.ReadFile(filepath.Join(dir, "alone.json"))
	js, _ := os.ReadFile(filepath.Join(dir, "r.json"))
	if !bytes.Equal(alone, js) {
		t.Errorf("the JSON report changes when the html format is also asked for")
	}
	page, err := os.ReadFile(filepath.Join(dir, "r.html"))
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Issues []struct {
			Rule, Severity, Message, Path string
			Line                          int
		}
		Summary map[string]any
	}
	if err := json.Unmarshal(js, &r); err != nil {
		t.Fatal(err)
	}
	get := func(k string) string {
		m := regexp.MustCompile(`<td data-k="` + k + `">([^<]*)<`).FindSubmatch(page)
		if m == nil {
			t.Fatalf("no %s in the summary", k)
		}
		return string(m[1])
	}
	for _, k := range []string{"files", "claims", "cited_claims", "citations", "references", "unverified"} {
		if got, want := get(k), fmt.Sprint(r.Summary[k]); got != want {
			t.Errorf("%s: page %s, JSON %s", k, got, want)
		}
	}
	sup := r.Summary["support"].(map[string]any)
	if got, want := get("grounded"), fmt.Sprintf("%.0f%% (%v of %v)", 100*sup["grounded"].(float64), sup["supported"], sup["scored"]); got != want {
		t.Errorf("grounded: page %s, JSON %s", got, want)
	}
	if got, want := get("coverage"), fmt.Sprintf("%.0f%% (%v of %v)", 100*sup["coverage"].(float64), sup["cited_claims"], sup["claims"]); got != want {
		t.Errorf("coverage: page %s, JSON %s", got, want)
	}
	if got := get("issues"); got != fmt.Sprint(len(r.Issues)) || len(r.Issues) < 4 {
		t.Errorf("issues: page %s, JSON %d", got, len(r.Issues))
	}
	rules := map[string]int{}
	for _, i := range r.Issues {
		rules[i.Rule]++
		li := fmt.Sprintf(`data-rule="%s" data-line="%d">`, i.Rule, i.Line)
		if !bytes.Contains(page, []byte(li)) || !bytes.Contains(page, []byte(htmlEscape(i.Message))) {
			t.Errorf("issue %s:%d %s not on the page", i.Path, i.Line, i.Rule)
		}
	}
	for rule, n := range rules {
		if !bytes.Contains(page, []byte(fmt.Sprintf(`<tr data-rule="%s"><th scope="row">%s</th>`, rule, rule))) ||
			!regexp.MustCompile(`<tr data-rule="`+rule+`">.*?<td data-k="total">`+fmt.Sprint(n)+`<`).Match(page) {
			t.Errorf("rule %s: want %d in the table", rule, n)
		}
	}
	// Every status the fixture has is on the page.
	for _, st := range []string{"supported", "weak", "missing", "uncited"} {
		if !bytes.Contains(page, []byte(`class="s st-`+st+`" data-s=`)) {
			t.Errorf("no %s sentence on the page", st)
		}
	}
}

// TestHTMLVerdictFollowsExit: the page's verdict is the run's exit code:
// fail exactly when citelint exits 1, at each fail level.
func TestHTMLVerdictFollowsExit(t *testing.T) {
	dir := reviewFixture(t)
	for _, level := range []string{"note", "warning", "error"} {
		page := filepath.Join(dir, level+".html")
		args := []string{"run", "--no-config", "--sources", filepath.Join(dir, "sources.jsonl"), "--fail-level", level,
			"--enable-only", "low-overlap,uncited-claim,unused-reference", "--format", "html:" + page, filepath.Join(dir, "report.md")}
		code, _, stderr := run(t, dir, "", args...)
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatalf("%s: exit %d: %s", level, code, stderr)
		}
		m := regexp.MustCompile(`<strong data-k="verdict">(\w+)</strong>`).FindSubmatch(b)
		if m == nil {
			t.Fatalf("%s: no verdict", level)
		}
		if want := map[int]string{ExitOK: "Pass", ExitIssues: "Fail"}[code]; string(m[1]) != want {
			t.Errorf("--fail-level %s: exit %d, verdict %s", level, code, m[1])
		}
		t.Logf("--fail-level %s: exit %d, %s", level, code, m[1])
	}
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace(s)
}

// TestHTMLFolderPastLimit: past the size limit the page becomes a folder
// of one page per document and an index.
func TestHTMLFolderPastLimit(t *testing.T) {
	dir := t.TempDir()
	for i := range 105 {
		write(t, dir, fmt.Sprintf("docs/r%03d.md", i), fmt.Sprintf("Report %d cites [1] and [2].\n\n[1]: https://example.org/%d\n", i, i))
	}
	code, _, stderr := run(t, dir, "", "run", "--no-config", "--format", "html:"+filepath.Join(dir, "review"), filepath.Join(dir, "docs"))
	if code != ExitIssues {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	index, err := os.ReadFile(filepath.Join(dir, "review", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "review", "*docs-r*.html"))
	if len(pages) != 105 || !bytes.Contains(index, []byte(`docs/r104.md</a>`)) {
		t.Errorf("%d pages; index links: %v", len(pages), regexp.MustCompile(`href="[^"#]+\.html"`).FindAllString(string(index), 3))
	}
	// A page is named from its path: the same in every run, whatever
	// other files the run checks.
	link := regexp.MustCompile(`<a href="([A-Za-z0-9._-]*docs-r104-[0-9a-f]{10}\.html)">[^<]*docs/r104.md</a>`).FindSubmatch(index)
	if link == nil {
		t.Fatalf("index does not link docs/r104.md to a page named from its path")
	}
	last, _ := os.ReadFile(filepath.Join(dir, "review", string(link[1])))
	if !bytes.Contains(last, []byte("Report 104 cites")) || !bytes.Contains(last, []byte("unresolvable-label")) {
		t.Errorf("%s does not show docs/r104.md with its issue", link[1])
	}
	// A path ending in a slash is a folder whatever the size.
	code, _, stderr = run(t, dir, "", "run", "--no-config", "--format", "html:"+filepath.Join(dir, "small")+"/", filepath.Join(dir, "docs", "r000.md"))
	if b, err := os.ReadFile(filepath.Join(dir, "small", "index.html")); code != ExitIssues || err != nil || !bytes.Contains(b, []byte("Report 0 cites")) {
		t.Errorf("html:small/: exit %d, %v, %s", code, err, stderr)
	}
	// Standard output cannot hold a folder: one page, whatever the size.
	code, stdout, _ := run(t, dir, "", "run", "--no-config", "--format", "html", filepath.Join(dir, "docs"))
	if code != ExitIssues || strings.Count(stdout, "<article") != 105 {
		t.Errorf("exit %d, %d documents on standard output", code, strings.Count(stdout, "<article"))
	}
	// A file added (sorting first) renames no other page.
	write(t, dir, "docs/a-new-one.md", "A new report cites [1].\n")
	if code, _, stderr := run(t, dir, "", "run", "--no-config", "--format", "html:"+filepath.Join(dir, "review2"), filepath.Join(dir, "docs")); code != ExitIssues {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if again, err := os.ReadFile(filepath.Join(dir, "review2", string(link[1]))); err != nil || !bytes.Contains(again, []byte("Report 104 cites")) {
		t.Errorf("with a file added, %s no longer shows docs/r104.md: %v", link[1], err)
	}
}

// TestHTMLInBrowser opens the page for the fixtures in Debian's Chromium,
// driven by playwright-core (.ci/browser/review-page.mjs): it checks the
// marks, statuses and hover details against the JSON report, keyboard
// navigation, that each source with an address is linked by its title
// and its links reached by pointer and keyboard, that the hostile
// fixture ran and loaded nothing, and
// accessibility with axe-core in light and dark mode, and saves
// screenshots, whose names it prints. It skips when Chromium, node or playwright-core is missing,
// except under CI=true (.ci/run puts them in the checkout).
func TestHTMLInBrowser(t *testing.T) {
	script, _ := filepath.Abs(filepath.Join("..", "..", ".ci", "browser", "review-page.mjs"))
	missing := ""
	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		missing = chromium
	} else if _, err := exec.LookPath("node"); err != nil {
		missing = "node"
	} else {
		for _, mod := range []string{"playwright-core", "axe-core"} {
			if _, err := os.Stat(filepath.Join(filepath.Dir(script), "node_modules", mod)); err != nil {
				missing = mod + " (cd .ci/browser && npm ci)"
			}
		}
	}
	if missing != "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing; CI=true requires it (.ci/run puts it in the checkout)", missing)
		}
		t.Skipf("%s is missing (.ci/npm-ci .ci/browser; eval \"$(.ci/debs chromium)\")", missing)
	}
	dir := reviewFixture(t)
	reviewRun(t, dir, "--format", "json:"+filepath.Join(dir, "r.json"), "--format", "html:"+filepath.Join(dir, "r.html"))
	shots := os.Getenv("CITELINT_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir() // CITELINT_SCREENSHOTS keeps them
	}
	cmd := exec.Command("node", script, filepath.Join(dir, "r.html"), filepath.Join(dir, "r.json"), shots, filepath.Join(dir, "sources.jsonl"))
	cmd.Dir = filepath.Dir(script)
	out, err := cmd.CombinedOutput()
	t.Logf("review-page.mjs:\n%s", out)
	if err != nil {
		t.Fatalf("browser checks failed: %v", err)
	}
	for _, name := range []string{"review-light.png", "review-dark.png", "review-narrow.png"} {
		if fi, err := os.Stat(filepath.Join(shots, name)); err != nil || fi.Size() < 1000 {
			t.Errorf("screenshot %s missing or empty", name)
		}
	}
	if os.Getenv("CITELINT_SCREENSHOTS") != "" {
		fmt.Printf("review page screenshots: %s\n", shots)
	}
}

// BenchmarkRunReportsFormat runs citelint over the shared corpus's reports
// (1,287 files, 52 MB of Markdown) with the JSON report, the review page
// as one page on standard output, and as a folder (an index and a page a
// document), to weigh what the page costs. It reports the bytes written
// and the CPU time (user and system), steadier than the wall's on a
// shared machine.
func BenchmarkRunReportsFormat(b *testing.B) {
	reports := corpus.Path(b, "reports")
	for _, format := range []string{"json", "html", "html-folder"} {
		b.Run(format, func(b *testing.B) {
			var out bytes.Buffer
			args := []string{"run", "--no-config", "--issues-exit-code", "0", "--format", format, reports}
			folder := filepath.Join(b.TempDir(), "review") + "/"
			if format == "html-folder" {
				args[5] = "html:" + folder
			}
			cpu0 := cputime.Used()
			for b.Loop() {
				out.Reset()
				code := Main(args, Env{
					Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out,
					Getenv: func(string) string { return "" }, Getwd: os.Getwd,
				})
				if code != ExitOK {
					b.Fatalf("exit %d: %.500s", code, out.String())
				}
			}
			b.ReportMetric((cputime.Used()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
			size := out.Len()
			if format == "html-folder" {
				size = 0
				pages, _ := filepath.Glob(folder + "*.html")
				for _, p := range pages {
					if fi, err := os.Stat(p); err == nil {
						size += int(fi.Size())
					}
				}
				b.ReportMetric(float64(len(pages)), "pages")
			}
			b.ReportMetric(float64(size)/1e6, "MB")
		})
	}
}
