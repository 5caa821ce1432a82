// Package reviewpage prints a report as the html format's review page: a
// summary table, then each document rendered with its sentences and
// citations marked by status, its issues beside the lines they are on, and
// on hover or focus the evidence (the resolved entry, the score, the
// closest passage). It is one file with its style and script inline and a
// Content-Security-Policy that lets only those run and fetches nothing, so
// it opens the same from a CI artifact or an e-mail, and a hostile
// document can neither run script nor load anything. A large report is
// several pages (Pages): an index and one page per document.
//
// It reads what the engine put in output.Report.Review (output/review.go);
// package format names it "html" among the other formats.
package reviewpage

import (
	"bufio"
	"cmp"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"html"
	"io"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

//go:embed html/page.css
var pageCSS string

//go:embed html/page.js
var pageJSSource string

// pageJS is the page's script as it goes into every page: without its
// comments and indentation, which would be 40% of it, a few MB over a
// folder of a thousand pages.
var pageJS = stripScript(pageJSSource)

// stripScript drops the blank lines, the lines that are only a // comment
// and the indentation of a script written as page.js is: statements end
// with semicolons, and no string or regular expression spans lines.
func stripScript(src string) string {
	var b strings.Builder
	for _, line := range strings.Split(src, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// cspHash is the CSP source for an inline block's exact text.
func cspHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

var pageCSP = "default-src 'none'; style-src " + cspHash(pageCSS) + "; script-src " + cspHash(pageJS) +
	"; img-src data:; base-uri 'none'; form-action 'none'"

// Past these, one page per document plus an index. Documents are laid
// out only when scrolled to (content-visibility), so a page's opening time
// grows slowly with its size: in headless Chromium on a loaded 2-core
// machine, 40 reports (2.5 MB of HTML) opened in 0.33 s, 100 (4.3 MB) in
// 0.3 s, the worst 60 (4.9 MB) in 0.9 s, and all 600 of the shared corpus
// (27.5 MB) in 2.0 s, over the two-second target.
const (
	htmlMaxDocs  = 100
	htmlMaxBytes = 3 << 20 // Markdown bytes of all documents
)

var statusIcon = map[string]string{
	output.StatusSupported: "✓", output.StatusWeak: "≈", output.StatusMissing: "✗", output.StatusUncited: "?", output.StatusUnverified: "…", output.StatusCited: "•",
}

var statusText = map[string]string{
	output.StatusSupported:  "cited and supported",
	output.StatusWeak:       "cited, weakly supported",
	output.StatusMissing:    "cites something that does not exist",
	output.StatusUncited:    "checkable claim, no citation",
	output.StatusUnverified: "cited, source text unavailable",
	output.StatusCited:      "cited, not scored",
}

// statusOrder lists statuses from the worst; legends and counts follow it.
var statusOrder = []string{output.StatusMissing, output.StatusWeak, output.StatusUncited, output.StatusUnverified, output.StatusSupported, output.StatusCited}

type htmlPrinter struct {
	maxDocs, maxBytes   int
	docMarks, pageMarks int // the budget for marks (html_doc.go)
}

// New returns the review page's printer.
func New() output.PagesPrinter { return newHTMLPrinter() }

func newHTMLPrinter() htmlPrinter {
	return htmlPrinter{maxDocs: htmlMaxDocs, maxBytes: htmlMaxBytes, docMarks: htmlDocMarks, pageMarks: htmlPageMarks}
}

// Print writes the whole report as one page.
func (p htmlPrinter) Print(w io.Writer, r *output.Report) error {
	return p.page(w, newPageData(r), -1, "")
}

// Pages is one page when the report is small; else an index and one page
// per document.
func (p htmlPrinter) Pages(r *output.Report) []output.Page {
	d := newPageData(r)
	size := 0
	for _, doc := range r.Review {
		size += len(doc.Src)
	}
	if len(r.Review) <= p.maxDocs && size <= p.maxBytes {
		return []output.Page{{Name: "index.html", Write: func(w io.Writer) error { return p.page(w, d, -1, "") }}}
	}
	d.split = true
	pages := []output.Page{{Name: "index.html", Write: func(w io.Writer) error { return p.page(w, d, -2, "") }}}
	for i := range d.files {
		if d.files[i].doc < 0 {
			continue
		}
		pages = append(pages, output.Page{Name: d.files[i].page, Write: func(w io.Writer) error { return p.page(w, d, i, "index.html") }})
	}
	return pages
}

// pageData is what the pages show, gathered once.
type pageData struct {
	r *output.Report
	// marks is the sentence status each rule's issues give (RuleInfo.Marks).
	marks  map[string]string
	files  []fileRow
	byRule map[string]*[3]int // rule: notes, warnings, errors
	issues map[string][]result.Issue
	total  [3]int
	split  bool
}

// fileRow is one file of the summary table.
type fileRow struct {
	path    string
	doc     int // index into Report.Review, or -1
	page    string
	id      string
	counts  [3]int
	support *output.SupportMetrics
	// coverage is the file's sentence counts when support is nil (no
	// claim-support rule ran), so its row agrees with the totals.
	coverage *output.SupportMetrics
}

// worst is the index of the file's worst severity (2 errors, 1 warnings,
// 0 notes), or -1 when it has no issue.
func (f *fileRow) worst() int {
	for s := 2; s >= 0; s-- {
		if f.counts[s] > 0 {
			return s
		}
	}
	return -1
}

func sevIndex(s result.Severity) int {
	switch s {
	case result.SeverityError:
		return 2
	case result.SeverityWarning:
		return 1
	}
	return 0
}

var sevNames = [3]string{"note", "warning", "error"}

func newPageData(r *output.Report) *pageData {
	d := &pageData{r: r, byRule: map[string]*[3]int{}, issues: map[string][]result.Issue{}, marks: map[string]string{}}
	for _, ri := range r.Rules {
		if ri.Marks != "" {
			d.marks[ri.Name] = ri.Marks
		}
	}
	for _, i := range r.Visible() {
		d.issues[i.Path] = append(d.issues[i.Path], i)
		s := sevIndex(i.Severity)
		if d.byRule[i.Rule] == nil {
			d.byRule[i.Rule] = &[3]int{}
		}
		d.byRule[i.Rule][s]++
		d.total[s]++
	}
	support := map[string]*output.SupportMetrics{}
	for k := range r.Summary.SupportFiles {
		support[r.Summary.SupportFiles[k].Path] = &r.Summary.SupportFiles[k].SupportMetrics
	}
	seen := map[string]bool{}
	for k, doc := range r.Review {
		d.files = append(d.files, fileRow{path: doc.Path, doc: k})
		seen[doc.Path] = true
	}
	// Files with issues but no document (stdin in a batch without the
	// review, a file that failed) still get a row.
	for path := range d.issues {
		if !seen[path] {
			d.files = append(d.files, fileRow{path: path, doc: -1})
			seen[path] = true
		}
	}
	// Page names in path order, so that even the counter of a name
	// taken twice does not depend on the issues.
	slices.SortStableFunc(d.files, func(a, b fileRow) int { return cmp.Compare(a.path, b.path) })
	names := make(map[string]bool, len(d.files))
	for k := range d.files {
		f := &d.files[k]
		f.page = pageName(f.path, names)
		f.support = support[f.path]
		if f.support == nil && f.doc >= 0 {
			doc := &r.Review[f.doc]
			f.coverage = &output.SupportMetrics{Claims: doc.Claims, CitedClaims: doc.CitedClaims}
		}
		for _, i := range d.issues[f.path] {
			f.counts[sevIndex(i.Severity)]++
		}
	}
	// Files with issues first, the worst first: errors, then warnings,
	// then notes, the most first; then the clean ones, by path.
	slices.SortStableFunc(d.files, func(a, b fileRow) int {
		if c := cmp.Compare(a.worst(), b.worst()); c != 0 {
			return -c
		}
		for s := 2; s >= 0; s-- {
			if c := cmp.Compare(a.counts[s], b.counts[s]); c != 0 {
				return -c
			}
		}
		return cmp.Compare(a.path, b.path)
	})
	for k := range d.files {
		d.files[k].id = "doc-" + strconv.Itoa(k+1)
	}
	return d
}

// pageName is the file name of path's page in a folder: a readable slug
// of the path's end and a short hash of the whole path, so a page keeps
// its name from run to run whatever files are added or removed (a link
// to it, or a diff of two runs' folders, stays good), two paths whose
// slugs agree still get two pages, and the name holds only [A-Za-z0-9._-]
// (no separator, no leading dot) and is at most 80 bytes. taken holds the
// names given so far: two paths whose hashes also agree (about one in 2^40
// per pair) get a counter rather than one page.
func pageName(path string, taken map[string]bool) string {
	sum := sha256.Sum256([]byte(path))
	base := pathSlug(path) + "-" + hex.EncodeToString(sum[:])[:10]
	name := base + ".html"
	for n := 2; taken[name]; n++ {
		name = base + "-" + strconv.Itoa(n) + ".html"
	}
	taken[name] = true
	return name
}

// maxSlug bounds the readable part of a page's name.
const maxSlug = 60

// pathSlug is the end of path in safe characters: each run of anything
// but ASCII letters, digits, '_' and a '.' between two of them becomes
// one '-', a Markdown
// extension is dropped, and of a long path the last maxSlug bytes are
// kept (the file's own name, not the folder all share), starting after
// a '-'. A path of no such characters is "doc".
func pathSlug(path string) string {
	switch ext := filepath.Ext(path); strings.ToLower(ext) {
	case ".md", ".markdown", ".mdx", ".qmd", ".rmd", ".ipynb", ".txt":
		path = strings.TrimSuffix(path, ext)
	}
	b := make([]byte, 0, len(path))
	word := func(i int) bool {
		c := path[i]
		return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
	}
	for i := 0; i < len(path); i++ {
		if word(i) || path[i] == '.' && i > 0 && i+1 < len(path) && word(i-1) && word(i+1) {
			b = append(b, path[i])
		} else if len(b) > 0 && b[len(b)-1] != '-' {
			b = append(b, '-')
		}
	}
	s := string(b)
	if len(s) > maxSlug {
		s = s[len(s)-maxSlug:]
		if i := strings.IndexByte(s, '-'); i >= 0 && i < len(s)-1 {
			s = s[i+1:]
		}
	}
	s = strings.Trim(s, ".-_")
	if s == "" {
		return "doc"
	}
	return s
}

// href is where the summary links a file: its section, or its page.
func (d *pageData) href(f *fileRow) string {
	if d.split {
		return f.page
	}
	return "#" + f.id
}

// page writes one page: the whole report (only -1), the index of a split
// report (only -2), or document only with a link back to index.
func (p htmlPrinter) page(out io.Writer, d *pageData, only int, index string) error {
	g := newCommandGuard(out)
	w := bufio.NewWriterSize(g, 64<<10)
	title := "citelint review"
	if only >= 0 {
		title = d.files[only].path + " · citelint review"
	}
	fmt.Fprintf(w, `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="%s">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="citelint %s">
<title>%s</title>
<style>`, pageCSP, esc(d.r.Version), esc(title))
	if err := raw(w, g, pageCSS); err != nil {
		return err
	}
	w.WriteString(`</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top"><h1>citelint review</h1>`)
	if index != "" {
		fmt.Fprintf(w, `<p><a href="%s">← all files</a></p>`, esc(index))
	}
	w.WriteString("</header>\n<main id=\"main\">\n")
	if only < 0 {
		d.summary(w)
	}
	budget := &pageBudget{left: p.pageMarks, doc: p.docMarks, page: p.pageMarks}
	cut := false
	if only >= 0 {
		cut = d.document(w, &d.files[only], budget)
	} else if only == -1 {
		for k := range d.files {
			if d.r.TimeUp() {
				fmt.Fprintf(w, `<p class="docsum" role="note">The page stops here: the run reached its time limit (--timeout) while it was written, and %d of its %d documents are not shown.</p>`+"\n", len(d.files)-k, len(d.files))
				cut = true
				break
			}
			cut = d.document(w, &d.files[k], budget) || cut
		}
	}
	w.WriteString("</main>\n<div id=\"tip\" role=\"tooltip\" hidden></div>\n<script>")
	if err := raw(w, g, pageJS); err != nil {
		return err
	}
	w.WriteString("</script>\n</body>\n</html>\n")
	if err := w.Flush(); err != nil {
		return err
	}
	if cut {
		return output.ErrTimeLimit
	}
	return nil
}

// raw writes the page's own style or script past the command guard.
func raw(w *bufio.Writer, g *commandGuard, s string) error {
	if err := w.Flush(); err != nil {
		return err
	}
	return g.writeRaw(s)
}

// esc escapes text for the page, line breaks included: a path or message
// holding one stays on one line of the page (see commandGuard).
func esc(s string) string { return lineBreaks.Replace(html.EscapeString(s)) }

var lineBreaks = strings.NewReplacer("\n", "&#10;", "\r", "&#13;")

func pct(m *output.SupportMetrics, f func(output.SupportMetrics) float64, n int) string {
	if m == nil || n == 0 {
		return "—"
	}
	return fmt.Sprintf("%.0f%%", 100*f(*m))
}

func claims(m *output.SupportMetrics) int {
	if m == nil {
		return 0
	}
	return m.Claims
}

// summary writes the summary: totals, issues by rule and severity, files.
func (d *pageData) summary(w *bufio.Writer) {
	s := d.r.Summary
	w.WriteString(`<section id="summary" aria-labelledby="summary-h"><h2 id="summary-h">Summary</h2>` + "\n")
	d.verdict(w)
	w.WriteString(`<table class="totals"><caption>Totals</caption><tbody>`)
	row := func(key, label, val string) {
		fmt.Fprintf(w, `<tr><th scope="row">%s</th><td data-k="%s">%s</td></tr>`, label, key, val)
	}
	row("files", "Files", strconv.Itoa(s.Files))
	if s.NotChecked > 0 {
		row("not_checked", "Files not checked (time limit)", strconv.Itoa(s.NotChecked))
	}
	row("issues", "Issues", strconv.Itoa(d.total[0]+d.total[1]+d.total[2]))
	row("errors", "Errors", strconv.Itoa(d.total[2]))
	row("warnings", "Warnings", strconv.Itoa(d.total[1]))
	row("notes", "Notes", strconv.Itoa(d.total[0]))
	row("claims", "Sentences", strconv.Itoa(s.Claims))
	row("cited_claims", "Cited sentences", strconv.Itoa(s.CitedClaims))
	row("citations", "Citations", strconv.Itoa(s.Citations))
	row("references", "References", strconv.Itoa(s.References))
	if sup := s.Support; sup != nil {
		row("coverage", "Coverage (sentences citing a source)", fmt.Sprintf("%.0f%% (%d of %d)", 100*sup.Coverage(), sup.CitedClaims, sup.Claims))
		row("grounded", "Grounded (scored cited sentences supported)", fmt.Sprintf("%.0f%% (%d of %d)", 100*sup.Grounded(), sup.Supported, sup.Scored))
		row("support_unverified", "Cited sentences without source text", strconv.Itoa(sup.Unverified))
	} else {
		row("coverage", "Coverage (sentences citing a source)", fmt.Sprintf("%.0f%% (%d of %d)", 100*ratio(s.CitedClaims, s.Claims), s.CitedClaims, s.Claims))
		row("grounded", "Grounded", "— (no claim-support rule ran)")
	}
	row("unverified", "Unverified lookups", strconv.Itoa(s.Unverified))
	if u := s.Unchecked(); u > 0 {
		row("unchecked", "Unchecked citation keys", strconv.Itoa(u)+" ("+s.UncheckedHint()+")")
	}
	w.WriteString("</tbody></table>\n")
	d.ruleTable(w)
	d.legend(w)
	d.fileTable(w)
	if len(s.Errors) > 0 {
		w.WriteString(`<h3>Files not checked</h3><ul class="errors">`)
		for _, e := range s.Errors {
			fmt.Fprintf(w, `<li><span class="vh">error: </span><span class="ic" aria-hidden="true">✗</span> %s`, esc(e.Path))
			if e.Line > 0 {
				fmt.Fprintf(w, ":%d", e.Line)
			}
			fmt.Fprintf(w, ": %s</li>", esc(e.Msg))
		}
		w.WriteString("</ul>\n")
	}
	w.WriteString("</section>\n")
}

// failLevel is the report's fail level, warning when unset (the
// config's default).
func (d *pageData) failLevel() result.Severity {
	if d.r.FailLevel == result.SeverityUnset {
		return result.SeverityWarning
	}
	return d.r.FailLevel
}

// verdict writes whether the run passes at its fail level, as its exit
// code says, and why: the issues at or above the level by severity and
// the files they are in, the files not checked, the unverified lookups
// when they fail the run; and the issues below the level.
func (d *pageData) verdict(w *bufio.Writer) {
	s := d.r.Summary
	level := sevIndex(d.failLevel())
	failing, below, files := 0, 0, 0
	var parts []string
	for sv := 2; sv >= 0; sv-- {
		if sv >= level {
			failing += d.total[sv]
			if d.total[sv] > 0 {
				parts = append(parts, count(d.total[sv], sevNames[sv]))
			}
		} else {
			below += d.total[sv]
		}
	}
	for k := range d.files {
		if d.files[k].worst() >= level {
			files++
		}
	}
	var why []string
	if failing > 0 {
		why = append(why, fmt.Sprintf("%s at or above %s (%s) in %d of %d %s", count(failing, "issue"), sevNames[level], strings.Join(parts, ", "),
			files, s.Files, output.Plural(s.Files, "file")))
	}
	if n := len(s.Errors); n > 0 {
		why = append(why, fmt.Sprintf("%d %s not checked", n, output.Plural(n, "file")))
	}
	if d.r.FailOnUnverified && s.Unverified > 0 {
		why = append(why, fmt.Sprintf("%s unverified (fail-on-unverified)", count(s.Unverified, "lookup")))
	}
	fail := len(why) > 0
	if fail {
		w.WriteString(`<p class="verdict v-fail"><span class="ic" aria-hidden="true">✗</span> <strong data-k="verdict">Fail</strong>: `)
	} else {
		w.WriteString(`<p class="verdict v-pass"><span class="ic" aria-hidden="true">✓</span> <strong data-k="verdict">Pass</strong>: `)
		why = append(why, fmt.Sprintf("no issue at or above %s in %d %s", sevNames[level], s.Files, output.Plural(s.Files, "file")))
	}
	w.WriteString(esc(strings.Join(why, "; ")))
	if below > 0 {
		fmt.Fprintf(w, "; %s below the fail level", esc(count(below, "issue")))
	}
	w.WriteString(".</p>\n")
}

// count is "1 error", "3 errors".
func count(n int, what string) string { return strconv.Itoa(n) + " " + output.Plural(n, what) }

func (d *pageData) ruleTable(w *bufio.Writer) {
	rules := make([]string, 0, len(d.byRule))
	for r := range d.byRule {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	w.WriteString(`<div class="scroll"><table class="rules"><caption>Issues by rule and severity</caption><thead><tr><th scope="col">Rule</th><th scope="col">Errors</th><th scope="col">Warnings</th><th scope="col">Notes</th><th scope="col">Total</th></tr></thead><tbody>`)
	if len(rules) == 0 {
		w.WriteString(`<tr><td colspan="5">No issues.</td></tr>`)
	}
	for _, r := range rules {
		c := d.byRule[r]
		fmt.Fprintf(w, `<tr data-rule="%s"><th scope="row">%s</th><td>%d</td><td>%d</td><td>%d</td><td data-k="total">%d</td></tr>`, esc(r), esc(r), c[2], c[1], c[0], c[0]+c[1]+c[2])
	}
	w.WriteString("</tbody></table></div>\n")
}

func (d *pageData) legend(w *bufio.Writer) {
	w.WriteString(`<h3 id="legend-h">Sentence marks</h3><ul class="legend" aria-labelledby="legend-h">`)
	for _, st := range statusOrder {
		fmt.Fprintf(w, `<li><span class="s st-%s"><span class="ic" aria-hidden="true">%s</span> %s</span></li>`, st, statusIcon[st], statusText[st])
	}
	w.WriteString(`</ul><p class="hint">Tab moves from marked sentence to marked sentence; focus or hover one to see its citations, score and closest passage, with links to the sources (Tab again reaches them). <kbd>n</kbd> and <kbd>p</kbd> jump to the next and previous flagged sentence.</p>` + "\n")
}

// manyClean is how many files without issues the summary lists openly;
// past it they are folded away under a line that counts them.
const manyClean = 10

// fileTable lists the files with issues, the worst first, then those
// without, folded away when there are many.
func (d *pageData) fileTable(w *bufio.Writer) {
	n := 0
	for n < len(d.files) && d.files[n].worst() >= 0 {
		n++
	}
	withIssues, clean := d.files[:n], d.files[n:]
	if len(withIssues) > 0 || len(clean) == 0 {
		d.files2(w, withIssues, fmt.Sprintf("Files with issues (%d), the worst first", len(withIssues)))
	}
	if len(clean) == 0 {
		return
	}
	caption := fmt.Sprintf("Files without issues (%d)", len(clean))
	if len(clean) <= manyClean {
		d.files2(w, clean, caption)
		return
	}
	fmt.Fprintf(w, `<details class="clean"><summary>%d %s without issues</summary>`, len(clean), output.Plural(len(clean), "file"))
	d.files2(w, clean, caption)
	w.WriteString("</details>\n")
}

func (d *pageData) files2(w *bufio.Writer, files []fileRow, caption string) {
	fmt.Fprintf(w, `<div class="scroll"><table class="files"><caption>%s</caption><thead><tr><th scope="col">File</th><th scope="col">Errors</th><th scope="col">Warnings</th><th scope="col">Notes</th><th scope="col">Coverage</th><th scope="col">Grounded</th><th scope="col">No source text</th></tr></thead><tbody>`, esc(caption))
	if len(files) == 0 {
		w.WriteString(`<tr><td colspan="7">No files.</td></tr>`)
	}
	for k := range files {
		f := &files[k]
		name := esc(f.path)
		if f.doc >= 0 {
			name = fmt.Sprintf(`<a href="%s">%s</a>`, esc(d.href(f)), name)
		}
		unv := "—"
		if f.support != nil {
			unv = strconv.Itoa(f.support.Unverified)
		}
		var cov, gr string
		if f.support != nil {
			cov, gr = pct(f.support, output.SupportMetrics.Coverage, f.support.Claims), pct(f.support, output.SupportMetrics.Grounded, f.support.Scored)
		} else {
			cov, gr = pct(f.coverage, output.SupportMetrics.Coverage, claims(f.coverage)), "—"
		}
		fmt.Fprintf(w, `<tr data-path="%s"><th scope="row">%s</th><td>%d</td><td>%d</td><td>%d</td><td>%s</td><td>%s</td><td>%s</td></tr>`,
			esc(f.path), name, f.counts[2], f.counts[1], f.counts[0], cov, gr, unv)
	}
	w.WriteString("</tbody></table></div>\n")
}
