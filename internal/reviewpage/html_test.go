package reviewpage

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/reporttest"
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
	"golang.org/x/net/html"
)

func printHTML(t *testing.T, r *output.Report) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := newHTMLPrinter().Print(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestHTMLHostileInput: whatever a document holds is shown as text; none
// of it becomes markup, script, style or a link that runs script.
func TestHTMLHostileInput(t *testing.T) {
	for _, tc := range []struct{ name, md, shown string }{
		{"script tag", `A claim <script>alert(1)</script> here.`, `<script>alert(1)</script>`},
		{"script block", "<script>\nalert(1)\n</script>\n", `alert(1)`},
		{"javascript link", `A [link](javascript:alert(1)) here.`, `link`},
		{"javascript entity link", `A [link](javascript&#58;alert(1)) here.`, `link`},
		{"javascript ref link", "A [link][x] here.\n\n[x]: javascript:alert(1)\n", `link`},
		{"data link", `A [link](data:text/html,<script>alert(1)</script>) here.`, `link`},
		{"vbscript link", `A [link](vbscript:msgbox) here.`, `link`},
		{"autolink", `A <javascript:alert(1)> here.`, `javascript:alert(1)`},
		{"attribute injection", `A ["><b onclick=alert(1)>](https://e.org/"onmouseover="alert(1)) x.`, `"><b onclick=alert(1)>`},
		{"link title injection", `A [t](https://e.org "x\" onmouseover=\"alert(1)") x.`, `t`},
		{"image", `![a" onerror="alert(1)](https://e.org/x.png)`, `a" onerror="alert(1)`},
		{"data image", `![pic](data:image/svg+xml,<svg onload=alert(1)>)`, `pic`},
		{"event handler", `An <img src=x onerror=alert(1)> image.`, `<img src=x onerror=alert(1)>`},
		{"closing style", `Text </style><script>alert(1)</script> here.`, `</style><script>alert(1)</script>`},
		{"closing script", `Text </script><script>alert(1)</script> [1] here.`, `</script><script>alert(1)</script>`},
		{"html block", "<div onclick=\"alert(1)\">\n<style>body{display:none}</style>\n</div>\n", `<style>body{display:none}</style>`},
		{"iframe", "<iframe src=\"https://e.org\"></iframe>\n", `<iframe src="https://e.org"></iframe>`},
		{"comment", `A <!-- --><script>alert(1)</script> x.`, `<script>alert(1)</script>`},
		{"entity", `An &lt;script&gt; entity.`, `&lt;script&gt;`},
		{"meta refresh", "<meta http-equiv=\"refresh\" content=\"0;url=https://e.org\">\n", `<meta http-equiv="refresh"`},
		{"base", "<base href=\"https://e.org/\">\n", `<base href=`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := printHTML(t, reporttest.Review("hostile.md", []byte(tc.md)))
			text := reporttest.CheckInert(t, page)
			if !strings.Contains(text, tc.shown) {
				t.Errorf("document text %q does not show %q", text, tc.shown)
			}
			// The data block is JSON inside <script>: it must not hold "</".
			for _, m := range regexp.MustCompile(`(?s)<script type="application/json" class="data">(.*?)</script>`).FindAllSubmatch(page, -1) {
				if bytes.Contains(m[1], []byte("<")) {
					t.Errorf("data block holds '<': %s", m[1])
				}
			}
		})
	}
}

// TestHTMLHostilePath: a path is document-controlled too (file names).
func TestHTMLHostilePath(t *testing.T) {
	r := reporttest.Review(`a"><script>alert(1)</script>.md`, []byte("A claim.\n"))
	reporttest.CheckInert(t, printHTML(t, r))
}

// TestHTMLCSP: the page lets only its own style and script run, by hash,
// and those hashes are of the blocks as written.
func TestHTMLCSP(t *testing.T) {
	page := string(printHTML(t, reporttest.Review("a.md", []byte("A claim [1].\n"))))
	csp := regexp.MustCompile(`http-equiv="Content-Security-Policy" content="([^"]*)"`).FindStringSubmatch(page)
	if csp == nil {
		t.Fatal("no Content-Security-Policy")
	}
	for _, re := range []string{`(?s)<style>(.*?)</style>`, `(?s)<script>(.*?)</script>`} {
		block := regexp.MustCompile(re).FindStringSubmatch(page)
		sum := sha256.Sum256([]byte(block[1]))
		if h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !strings.Contains(csp[1], h) {
			t.Errorf("CSP %q lacks %s", csp[1], h)
		}
	}
	for _, want := range []string{"default-src 'none'", "base-uri 'none'", "form-action 'none'"} {
		if !strings.Contains(csp[1], want) {
			t.Errorf("CSP %q lacks %s", csp[1], want)
		}
	}
	if strings.Contains(csp[1], "unsafe-inline") {
		t.Errorf("CSP allows inline code: %q", csp[1])
	}
}

// TestHTMLMarks: a sentence crossing inline markup is wrapped piecewise,
// well nested, every piece with the sentence's index and status, and the
// pieces together are the sentence's text.
func TestHTMLMarks(t *testing.T) {
	src := []byte("Sea level **rose 20 cm** since *1901* in _all_ basins.\nA cited one [1].\n")
	r := reporttest.Review("a.md", src)
	page := printHTML(t, r)
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	pieces := map[string]*strings.Builder{}
	status := map[string]string{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && reporttest.Attr(n, "data-s") != "" {
			s := reporttest.Attr(n, "data-s")
			if pieces[s] == nil {
				pieces[s] = &strings.Builder{}
			}
			status[s] += reporttest.Attr(n, "class") + ";"
			var text func(n *html.Node)
			text = func(n *html.Node) {
				if n.Type == html.ElementNode && (reporttest.Attr(n, "class") == "ic" || reporttest.Attr(n, "class") == "vh") {
					return
				}
				if n.Type == html.TextNode {
					pieces[s].WriteString(n.Data)
				}
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					text(c)
				}
			}
			text(n)
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	want := map[string]string{"0": "Sea level rose 20 cm since 1901 in all basins.", "1": "A cited one [1]."}
	for s, w := range want {
		if pieces[s] == nil || pieces[s].String() != w {
			t.Errorf("sentence %s reads %q, want %q", s, pieces[s], w)
		}
	}
	// The sentence crossing markup is in pieces; the one citing [1] is
	// one span, the marker's inside it.
	for s, want := range map[string]struct {
		class  string
		pieces int
	}{"0": {"s st-uncited", 7}, "1": {"s st-cited", 1}} {
		pcs := strings.Split(strings.TrimSuffix(status[s], ";"), ";")
		if len(pcs) != want.pieces || strings.Count(status[s], want.class+";") != len(pcs) {
			t.Errorf("sentence %s pieces %q, want %d, each %q", s, status[s], want.pieces, want.class)
		}
	}
	if !bytes.Contains(page, []byte(`A cited one <span class="c" data-c="0">[</span>1].</span>`)) {
		t.Errorf("the marker is not inside its sentence's span:\n%s", page)
	}
	if n := bytes.Count(page, []byte(`tabindex="0"`)); n != 2 {
		t.Errorf("%d focusable sentences, want 2", n)
	}
}

// TestHTMLIssueBesideBlock: an issue is listed beside the block holding
// its offset, which starts a row; a file-level one above the text. The
// blocks without issues go on in the row before them.
func TestHTMLIssueBesideBlock(t *testing.T) {
	src := []byte("# Title\n\nFirst paragraph.\n\nSecond [1] paragraph.\n\nThird paragraph.\n")
	r := &output.Report{Summary: output.Summary{Files: 1}, Review: []output.ReviewDoc{{Path: "a.md", Src: src}}}
	at := bytes.Index(src, []byte("[1]"))
	r.Issues = []result.Issue{
		{Rule: "unresolvable-label", Severity: result.SeverityError, Path: "a.md", Message: "no [1]", Start: at, End: at + 3, Pos: result.Position{Line: 5, Column: 8}},
		{Rule: "low-overlap", Severity: result.SeverityWarning, Path: "a.md", Message: "coverage 10%", Pos: result.Position{Line: 1, Column: 1}},
	}
	page := string(printHTML(t, r))
	blocks := regexp.MustCompile(`(?s)<div class="blk[^"]*">.*?</div>\n`).FindAllString(page, -1)
	if len(blocks) != 3 {
		t.Fatalf("%d rows, want 3 (file issues; heading and first paragraph; second and third):\n%s", len(blocks), page)
	}
	if !strings.Contains(blocks[0], "coverage 10%") || !strings.Contains(blocks[1], "First") || strings.Contains(blocks[1], "no [1]") ||
		!regexp.MustCompile(`(?s)<div class="md"><p>Second .*</p>\n<p>Third paragraph.</p>\n</div><ul class="iss".*no \[1\]`).MatchString(blocks[2]) {
		t.Errorf("issues not beside their blocks:\n%s", strings.Join(blocks, "\n"))
	}
}

// TestHTMLPages: a small report is one page; past the limits, an index
// linking one page per document.
func TestHTMLPages(t *testing.T) {
	r := &output.Report{Summary: output.Summary{Files: 3}}
	for _, p := range []string{"c.md", "a.md", "b.md"} {
		r.Review = append(r.Review, output.ReviewDoc{Path: p, Src: []byte("A claim " + p + ".\n")})
	}
	p := htmlPrinter{maxDocs: 3, maxBytes: 1 << 20}
	if pages := p.Pages(r); len(pages) != 1 || pages[0].Name != "index.html" {
		t.Errorf("3 documents at a limit of 3: %d pages", len(pages))
	}
	p.maxDocs = 2
	pages := p.Pages(r)
	var names []string
	for _, pg := range pages {
		names = append(names, pg.Name)
	}
	want := []string{"index.html", pageName("a.md", map[string]bool{}), pageName("b.md", map[string]bool{}), pageName("c.md", map[string]bool{})}
	if got := strings.Join(names, " "); got != strings.Join(want, " ") {
		t.Fatalf("pages %s, want %s", got, strings.Join(want, " "))
	}
	index := pageText(t, pages[0])
	for i, name := range []string{"a.md", "b.md", "c.md"} {
		if !strings.Contains(index, fmt.Sprintf(`<a href="%s">%s</a>`, want[i+1], name)) {
			t.Errorf("index does not link %s to its page", name)
		}
		if page := pageText(t, pages[i+1]); !strings.Contains(page, "A claim "+name) || !strings.Contains(page, `href="index.html"`) {
			t.Errorf("page %d does not show %s with a link back", i+1, name)
		}
	}
	if strings.Contains(index, "A claim") {
		t.Error("the index renders documents")
	}
	p.maxDocs, p.maxBytes = 10, 20
	if len(p.Pages(r)) != 4 {
		t.Error("past the byte limit: not split")
	}
}

// TestHTMLPageNames: a document's page is named from its path alone (a
// readable slug and a hash of the path), so adding files does not rename
// the others; the name is safe on every file system and bounded.
func TestHTMLPageNames(t *testing.T) {
	long := strings.Repeat("very-long-folder-name/", 20) + "the-report.md"
	for _, tc := range []struct{ path, slug string }{
		{"docs/r104.md", "docs-r104"},
		{"a.md", "a"},
		{"/work/corpus/reports/gpt-5/Report 7.markdown", "work-corpus-reports-gpt-5-Report-7"},
		{"../x/../.hidden.md", "x-hidden"},
		{"notes/v1.2", "notes-v1.2"},
		{"报告/第一章.md", "doc"},
		{"报告/chapter 1.MD", "chapter-1"},
		{`a"><script>alert(1)</script>.md`, "a-script-alert-1-script"},
		{"C:\\reports\\a.md", "C-reports-a"},
		{"index.md", "index"},
		{long, "folder-name-very-long-folder-name-very-long-folder-name-the-report"},
	} {
		name := pageName(tc.path, map[string]bool{})
		sum := sha256.Sum256([]byte(tc.path))
		want := tc.slug + "-" + fmt.Sprintf("%x", sum[:5]) + ".html"
		if tc.path == long {
			want = pathSlug(long) + "-" + fmt.Sprintf("%x", sum[:5]) + ".html"
			if len(pathSlug(long)) > maxSlug || !strings.HasSuffix(pathSlug(long), "-the-report") {
				t.Errorf("long path's slug %q", pathSlug(long))
			}
		}
		if name != want {
			t.Errorf("%q: page %q, want %q", tc.path, name, want)
		}
		if !regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9._-]{0,79}$`).MatchString(name) || name == "index.html" {
			t.Errorf("%q: unsafe page name %q", tc.path, name)
		}
	}
	// The same path, the same name, whatever else is in the report.
	taken := map[string]bool{}
	first := pageName("b.md", taken)
	if again := pageName("b.md", map[string]bool{"a-0000000000.html": true}); again != first {
		t.Errorf("b.md named %q, then %q", first, again)
	}
	// A name already given (two paths whose slug and hash agree) gets a counter.
	if second := pageName("b.md", taken); second == first || !strings.HasSuffix(second, "-2.html") {
		t.Errorf("a taken name given again: %q, %q", first, second)
	}
	// Adding a document does not rename the others' pages.
	r := &output.Report{Summary: output.Summary{Files: 2}}
	for _, p := range []string{"b.md", "c.md"} {
		r.Review = append(r.Review, output.ReviewDoc{Path: p, Src: []byte("A claim.\n")})
	}
	pr := htmlPrinter{maxDocs: 1, maxBytes: 1 << 20}
	before := map[string]bool{}
	for _, pg := range pr.Pages(r) {
		before[pg.Name] = true
	}
	r.Review = append(r.Review, output.ReviewDoc{Path: "a.md", Src: []byte("A claim.\n")})
	after := map[string]bool{}
	for _, pg := range pr.Pages(r) {
		after[pg.Name] = true
	}
	for name := range before {
		if !after[name] {
			t.Errorf("page %s renamed when a.md was added: %v", name, after)
		}
	}
	if len(after) != 4 {
		t.Errorf("pages %v", after)
	}
}

func pageText(t *testing.T, pg output.Page) string {
	t.Helper()
	var b bytes.Buffer
	if err := pg.Write(&b); err != nil {
		t.Fatal(err)
	}
	reporttest.CheckInert(t, b.Bytes())
	return b.String()
}

// TestHTMLSummaryCounts: the summary's counts are the report's.
func TestHTMLSummaryCounts(t *testing.T) {
	r := reporttest.Sample()
	r.Summary.Support = &output.SupportMetrics{Claims: 8, CitedClaims: 6, Scored: 4, Supported: 3, Unverified: 2}
	page := string(printHTML(t, r))
	get := func(k string) string {
		m := regexp.MustCompile(`data-k="` + k + `">([^<]*)<`).FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("no %s in the summary", k)
		}
		return m[1]
	}
	vis := r.Visible()
	sev := map[string]int{}
	for _, i := range vis {
		sev[i.Severity.String()]++
	}
	for k, want := range map[string]string{
		"files": fmt.Sprint(r.Summary.Files), "claims": fmt.Sprint(r.Summary.Claims), "citations": fmt.Sprint(r.Summary.Citations),
		"references": fmt.Sprint(r.Summary.References), "unverified": fmt.Sprint(r.Summary.Unverified),
		"issues": fmt.Sprint(len(vis)), "errors": fmt.Sprint(sev["error"]), "warnings": fmt.Sprint(sev["warning"]), "notes": fmt.Sprint(sev["note"]),
		"coverage": "75% (6 of 8)", "grounded": "75% (3 of 4)", "support_unverified": "2",
	} {
		if got := get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
}

// TestHTMLEmbeddedAssets: the inline style and script cannot end their
// own elements early.
func TestHTMLEmbeddedAssets(t *testing.T) {
	for name, s := range map[string]string{"page.css": pageCSS, "page.js": pageJS} {
		if len(s) < 100 || strings.Contains(s, "</") {
			t.Errorf("%s: %d bytes, or holds \"</\" (which would end its element)", name, len(s))
		}
	}
	// The script goes in without its comments and indentation, and
	// nothing else changes: the same statements, line for line.
	var code []string
	for _, l := range strings.Split(pageJSSource, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "//") {
			code = append(code, l)
		}
	}
	if pageJS != strings.Join(code, "\n")+"\n" || strings.Contains(pageJS, "\n  ") || len(pageJS) > len(pageJSSource)*85/100 {
		t.Errorf("page.js goes in as %d bytes of %d", len(pageJS), len(pageJSSource))
	}
}

// TestHTMLNoWorkflowCommands: printed to a job's log, the page holds no
// line the runner would execute, though the documents do, and a browser
// still shows their text as written.
func TestHTMLNoWorkflowCommands(t *testing.T) {
	src := "::add-mask::secret [1]\n  ::set-output name=a::b\n\n```\n::stop-commands::x\n```\n\nText ##[add-mask]y [1].\n"
	r := reporttest.Review("::add-mask::a.md", []byte(src))
	page := printHTML(t, r)
	reporttest.CheckNoCommands(t, "html", string(page), false)
	text := reporttest.CheckInert(t, page)
	for _, want := range []string{"::add-mask::secret", "::set-output name=a::b", "::stop-commands::x", "##[add-mask]y"} {
		if !strings.Contains(text, want) {
			t.Errorf("page text lacks %q: %q", want, text)
		}
	}
	m := regexp.MustCompile(`<script type="application/json" class="data">(.*?)</script>`).FindSubmatch(page)
	if m == nil || !bytes.Contains(m[1], []byte(`##\u005b`)) {
		t.Errorf("data block: %s", m)
	}
}

// TestHTMLExtensions: tables and strikethrough render (goldmark panics on
// a node kind without a renderer), with their sentences marked.
func TestHTMLExtensions(t *testing.T) {
	src := "| a | b |\n|---|---|\n| ~~old~~ | new |\n\nRates rose 5% in 2020.\n"
	page := string(printHTML(t, reporttest.Review("a.md", []byte(src))))
	for _, want := range []string{"<table>", "<del>", "old</span></del>", `class="s st-uncited"`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
}

// FuzzHTMLPage: no document, however hostile, makes the page panic or
// carry markup, script, style or a scripted link of its own.
func FuzzHTMLPage(f *testing.F) {
	for _, s := range []string{
		"A claim [1].\n\n[1]: https://e.org\n",
		"<script>alert(1)</script>\n",
		"A [x](javascript:alert(1)) and ![y](data:image/svg+xml,<svg onload=alert(1)>) [1].\n",
		"| a | b |\n|---|---|\n| ~~c~~ | <b onclick=x>d</b> |\n",
		"| a | b | c |\n|:--|:-:|--:|\n| 1 [1] | 2 | 3 |\n",
		"> quote [1]\n> ::add-mask::x\n\n```\n</script>\n```\n",
		"**bold [1] across** *lines\nand [2]* end.\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, md string) {
		if len(md) > 4096 {
			return
		}
		page := printHTML(t, reporttest.Review("f.md", []byte(md)))
		reporttest.CheckInert(t, page)
		reporttest.CheckNoCommands(t, "html", string(page), false)
	})
}

func TestHTMLBlockIndex(t *testing.T) {
	at := blockIndex([]int{-1, 5, -1, 20, 40})
	for _, tc := range []struct{ off, want int }{{0, 0}, {4, 0}, {5, 1}, {19, 1}, {20, 3}, {39, 3}, {40, 4}, {1 << 20, 4}} {
		if got := at(tc.off); got != tc.want {
			t.Errorf("offset %d: block %d, want %d", tc.off, got, tc.want)
		}
	}
	if got := blockIndex(nil)(3); got != -1 {
		t.Errorf("no blocks: %d", got)
	}
}

// TestHTMLDefinitions: link reference definitions, which goldmark renders
// as nothing, are shown as written where they stand, with their issues.
func TestHTMLDefinitions(t *testing.T) {
	src := "Intro [a].\n\n[a]: https://e.org/a\n[b]: javascript:alert(1) \"<t>\"\n\nMiddle.\n\n[c]: https://e.org/c\n"
	r := &output.Report{Summary: output.Summary{Files: 1}, Review: []output.ReviewDoc{{Path: "a.md", Src: []byte(src)}}}
	for _, d := range []string{"[a]: https://e.org/a", "[b]: javascript:alert(1) \"<t>\"", "[c]: https://e.org/c"} {
		k := strings.Index(src, d)
		r.Review[0].Definitions = append(r.Review[0].Definitions, output.ReviewSpan{Start: k, End: k + len(d) + 1})
	}
	at := strings.Index(src, "[b]:")
	r.Issues = []result.Issue{{Rule: "unused-reference", Severity: result.SeverityWarning, Path: "a.md", Message: "b unused", Start: at, End: at + 3, Pos: result.Position{Line: 4, Column: 1}}}
	page := printHTML(t, r)
	reporttest.CheckInert(t, page)
	blocks := regexp.MustCompile(`(?s)<div class="blk[^"]*"><div class="md">(.*?)</div>(.*?)</div>\n`).FindAllSubmatch(page, -1)
	var got []string
	for _, b := range blocks {
		got = append(got, string(b[1]))
	}
	want := []string{
		"<p>Intro <a href=\"https://e.org/a\" rel=\"nofollow noopener noreferrer\">a</a>.</p>\n",
		"<pre class=\"defs\"><code>[a]: https://e.org/a\n[b]: javascript:alert(1) &#34;&lt;t&gt;&#34;</code></pre>\n" +
			"<p>Middle.</p>\n" +
			"<pre class=\"defs\"><code>[c]: https://e.org/c</code></pre>\n",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("rows:\n%q\nwant\n%q", got, want)
	}
	if len(blocks) == 2 && !bytes.Contains(blocks[1][2], []byte("b unused")) {
		t.Errorf("the definition's issue is not beside it: %s", blocks[1][2])
	}
}

// TestHTMLFileCoverageWithoutSupport: with no claim-support rule, each
// file's row shows its coverage from its sentence counts, as the totals
// do, and grounding stays unknown.
func TestHTMLFileCoverageWithoutSupport(t *testing.T) {
	r := &output.Report{Version: "test", Summary: output.Summary{Files: 2, Claims: 5, CitedClaims: 3}}
	r.Review = []output.ReviewDoc{
		{Path: "a.md", Src: []byte("A [1].\n"), Claims: 4, CitedClaims: 3},
		{Path: "b.md", Src: []byte("# Title\n"), Claims: 1, CitedClaims: 0},
	}
	page := string(printHTML(t, r))
	for path, want := range map[string]string{"a.md": "<td>75%</td><td>—</td><td>—</td>", "b.md": "<td>0%</td><td>—</td><td>—</td>"} {
		row := regexp.MustCompile(`<tr data-path="` + regexp.QuoteMeta(path) + `">.*?</tr>`).FindString(page)
		if !strings.Contains(row, want) {
			t.Errorf("%s: row %s, want cells %s", path, row, want)
		}
	}
	if !strings.Contains(page, `data-k="coverage">60% (3 of 5)<`) {
		t.Error("totals' coverage is not 60% (3 of 5)")
	}
	if !strings.Contains(page, "coverage 75%") {
		t.Error("a.md's own summary line lacks its coverage")
	}
}

// severityReport has one document per severity given ("error",
// "warning", "note", "" for none), named by its position and severity,
// each with one issue of that severity.
func severityReport(sevs ...string) *output.Report {
	r := &output.Report{Version: "test", Summary: output.Summary{Files: len(sevs)}}
	for k, sv := range sevs {
		path := fmt.Sprintf("f%02d-%s.md", k, sv)
		src := []byte("A claim here.\n")
		r.Review = append(r.Review, output.ReviewDoc{Path: path, Src: src})
		if lv, ok := result.ParseSeverity(sv); ok {
			r.Issues = append(r.Issues, result.Issue{Rule: "uncited-claim", Severity: lv, Path: path, Message: "m", Start: 0, End: 7, Pos: result.Position{Line: 1, Column: 1}})
		}
	}
	return r
}

// TestHTMLVerdict: the summary opens with pass or fail at the run's fail
// level, as the exit code has it, and the counts that decide it.
func TestHTMLVerdict(t *testing.T) {
	for _, tc := range []struct {
		name  string
		level result.Severity
		sevs  []string
		edit  func(*output.Report)
		want  string
	}{
		{"clean", result.SeverityWarning, []string{"", ""}, nil, "Pass: no issue at or above warning in 2 files."},
		{"unset level is warning", result.SeverityUnset, []string{"note", ""}, nil, "Pass: no issue at or above warning in 2 files; 1 issue below the fail level."},
		{"warning fails", result.SeverityWarning, []string{"error", "warning", "warning", "note", ""}, nil,
			"Fail: 3 issues at or above warning (1 error, 2 warnings) in 3 of 5 files; 1 issue below the fail level."},
		{"level error", result.SeverityError, []string{"warning", "note"}, nil, "Pass: no issue at or above error in 2 files; 2 issues below the fail level."},
		{"level note", result.SeverityNote, []string{"note", ""}, nil, "Fail: 1 issue at or above note (1 note) in 1 of 2 files."},
		{"suppressed", result.SeverityWarning, []string{"warning"}, func(r *output.Report) { r.Issues[0].Suppressed = true }, "Pass: no issue at or above warning in 1 file."},
		{"file not checked", result.SeverityWarning, []string{""}, func(r *output.Report) { r.Summary.Errors = []output.FileError{{Path: "x.md", Msg: "bad"}} },
			"Fail: 1 file not checked."},
		{"unverified, not failing", result.SeverityWarning, []string{""}, func(r *output.Report) { r.Summary.Unverified = 3 }, "Pass: no issue at or above warning in 1 file."},
		{"unverified, failing", result.SeverityWarning, []string{""}, func(r *output.Report) { r.Summary.Unverified = 3; r.FailOnUnverified = true },
			"Fail: 3 lookups unverified (fail-on-unverified)."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := severityReport(tc.sevs...)
			r.FailLevel = tc.level
			if tc.edit != nil {
				tc.edit(r)
			}
			page := printHTML(t, r)
			reporttest.CheckInert(t, page)
			m := regexp.MustCompile(`<section id="summary"[^>]*><h2[^>]*>Summary</h2>\n<p class="verdict (v-pass|v-fail)">.*?<strong data-k="verdict">(\w+)</strong>: (.*?)</p>`).FindSubmatch(page)
			if m == nil {
				t.Fatalf("no verdict at the top of the summary:\n%.2000s", page)
			}
			if got := string(m[2]) + ": " + string(m[3]); got != tc.want {
				t.Errorf("verdict %q, want %q", got, tc.want)
			}
			if string(m[1]) != "v-"+strings.ToLower(string(m[2])) {
				t.Errorf("verdict class %s for %s", m[1], m[2])
			}
		})
	}
}

// TestHTMLFileOrder: the files table, and the documents of a one-page
// report, list files with errors first, then warnings, then notes (the
// most first), then the clean ones, folded away when there are many.
func TestHTMLFileOrder(t *testing.T) {
	sevs := []string{"", "note", "warning", "", "error", "warning"}
	r := severityReport(sevs...)
	// f05 has two warnings: before f02's one.
	r.Issues = append(r.Issues, result.Issue{Rule: "uncited-claim", Severity: result.SeverityWarning, Path: "f05-warning.md", Message: "m2", Start: 0, End: 7, Pos: result.Position{Line: 1, Column: 1}})
	page := string(printHTML(t, r))
	rows := regexp.MustCompile(`<tr data-path="([^"]*)">`).FindAllStringSubmatch(page, -1)
	var got []string
	for _, m := range rows {
		got = append(got, m[1])
	}
	want := "f04-error.md f05-warning.md f02-warning.md f01-note.md f00-.md f03-.md"
	if strings.Join(got, " ") != want {
		t.Errorf("files table %v, want %s", got, want)
	}
	var docs []string
	for _, m := range regexp.MustCompile(`<article class="doc" id="[^"]*" aria-labelledby="[^"]*" data-path="([^"]*)">`).FindAllStringSubmatch(page, -1) {
		docs = append(docs, m[1])
	}
	if strings.Join(docs, " ") != want {
		t.Errorf("documents %v, want the table's order %s", docs, want)
	}
	if !strings.Contains(page, "<caption>Files with issues (4), the worst first</caption>") || !strings.Contains(page, "<caption>Files without issues (2)</caption>") ||
		strings.Contains(page, "<details") {
		t.Errorf("two clean files: not listed openly after the files with issues")
	}
	// Many clean files are folded under a line that counts them.
	r = severityReport(append([]string{"warning"}, make([]string, manyClean+1)...)...)
	page = string(printHTML(t, r))
	fold := regexp.MustCompile(`(?s)<details class="clean"><summary>(\d+) files without issues</summary>(.*?)</details>`).FindStringSubmatch(page)
	if fold == nil || fold[1] != fmt.Sprint(manyClean+1) || strings.Count(fold[2], "<tr data-path=") != manyClean+1 || strings.Contains(fold[2], "warning.md") {
		t.Errorf("%d clean files not folded away: %v", manyClean+1, fold)
	}
	if i, j := strings.Index(page, `data-path="f00-warning.md"`), strings.Index(page, "<details"); i < 0 || i > j {
		t.Errorf("the file with issues is not listed before the folded clean files")
	}
}

// TestHTMLImages: an image shows as its alt text; without one, as its
// file's name, or, stored inline as a data: URL (a formula), as its type
// and size. A data: URL never reaches the page.
func TestHTMLImages(t *testing.T) {
	png := strings.Repeat("iVBORw0K", 300) // 2,400 base64 characters: 1,800 bytes
	for _, tc := range []struct{ name, md, shown, title string }{
		{"data, no alt", "A formula ![](data:image/png;base64," + png + ") here.", "[image: inline data, image/png, 1.8 KB]", "inline data, image/png, 1.8 KB"},
		{"data, blank alt", "![  ](data:image/png;base64," + png + "==)", "[image: inline data, image/png, 1.8 KB]", "inline data, image/png, 1.8 KB"},
		{"data, alt", "![E = mc^2](DATA:image/svg+xml;base64," + png + ")", "[image: E = mc^2]", "inline data, image/svg+xml, 1.8 KB"},
		{"data, emphasis in alt", "![*x* squared](data:image/gif;base64,R0lG)", "[image: x squared]", "inline data, image/gif, 3 B"},
		{"data, text", "![](data:,Hello%2C%20World)", "[image: inline data, 12 B]", "inline data, 12 B"},
		{"data, hostile type", `![](data:text/html"><script>alert(1)</script>;base64,AAAA)`, "[image: inline data, 3 B]", "inline data, 3 B"},
		{"address, no alt", "![](https://e.org/fig/chart.png?v=2)", "[image: chart.png]", "image: https://e.org/fig/chart.png?v=2"},
		{"address, alt", "![a chart](https://e.org/x.png)", "[image: a chart]", "image: https://e.org/x.png"},
		{"nothing", "![]()", "[image]", "image: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &output.Report{Summary: output.Summary{Files: 1}, Review: []output.ReviewDoc{{Path: "a.md", Src: []byte(tc.md + "\n")}}}
			page := printHTML(t, r)
			text := reporttest.CheckInert(t, page)
			if !strings.Contains(text, tc.shown+"\n") && !strings.Contains(text, tc.shown+" ") {
				t.Errorf("page text %q lacks %q", text, tc.shown)
			}
			m := regexp.MustCompile(`<span class="img" title="([^"]*)">`).FindSubmatch(page)
			if m == nil || html.UnescapeString(string(m[1])) != tc.title {
				t.Errorf("image title %q, want %q", m, tc.title)
			}
			body := page[bytes.Index(page, []byte("<body>")):]
			if bytes.Contains(bytes.ToLower(body), []byte("data:")) || bytes.Contains(page, []byte(png[:40])) {
				t.Errorf("the data: URL is in the page")
			}
		})
	}
}

// TestHTMLSourceLinks: a citation's data carries its source's title and
// address, and a scored sentence's its passage's source, for the script
// to show as a link; an address that is not absolute http(s) is dropped,
// and nothing of them becomes markup.
func TestHTMLSourceLinks(t *testing.T) {
	links := []struct{ link, want string }{
		{"https://e.org/a?b=1&c=2", "https://e.org/a?b=1&c=2"},
		{"HTTP://E.ORG/x", "HTTP://E.ORG/x"},
		{"https://doi.org/10.1/x", "https://doi.org/10.1/x"},
		{"javascript:alert(1)", ""},
		{"data:text/html,<script>alert(1)</script>", ""},
		{"docs/a.md", ""},
		{"//e.org/x", ""},
		{"https://", ""},
		{"https://user:pw@e.org/", ""},
		{"https://e.org/\"><script>alert(1)</script>", ""},
		{"https://e.org/" + strings.Repeat("x", maxLink), ""},
	}
	var src strings.Builder
	rd := output.ReviewDoc{Path: "a.md"}
	for k, l := range links {
		start := src.Len()
		fmt.Fprintf(&src, "Claim %d [%d].\n", k, k)
		at := strings.LastIndex(src.String(), "[")
		rd.Citations = append(rd.Citations, output.ReviewCitation{Start: at, End: src.Len() - 2, Label: fmt.Sprint(k), Status: "resolved",
			Entry: "entry " + fmt.Sprint(k), Title: fmt.Sprintf("<b>Title %d</b>", k), Link: l.link})
		s := output.ReviewSentence{Start: start, End: src.Len() - 1, Cites: []int{k}}
		if k == 0 {
			s.Scored, s.Supported, s.Score, s.Threshold, s.Passage, s.From = true, true, 0.9, 0.5, "passage", "source store"
			s.FromTitle, s.FromLink = "Source title", "https://e.org/source"
		}
		if k == 3 {
			s.Scored, s.Score, s.Threshold, s.Passage, s.From, s.FromLink = true, 0.1, 0.5, "passage", "web page", "javascript:alert(1)"
		}
		rd.Sentences = append(rd.Sentences, s)
	}
	rd.Src = []byte(src.String())
	page := printHTML(t, &output.Report{Summary: output.Summary{Files: 1}, Review: []output.ReviewDoc{rd}})
	reporttest.CheckInert(t, page)
	m := regexp.MustCompile(`<script type="application/json" class="data">(.*?)</script>`).FindSubmatch(page)
	if m == nil {
		t.Fatal("no data")
	}
	var data docData
	if err := json.Unmarshal(m[1], &data); err != nil {
		t.Fatal(err)
	}
	if len(data.Markers) != len(links) {
		t.Fatalf("%d markers", len(data.Markers))
	}
	source := func(n int) sourceData {
		if n < 1 || n > len(data.Sources) {
			return sourceData{}
		}
		return data.Sources[n-1]
	}
	for k, l := range links {
		c := source(data.Markers[k].Cites[0].Source)
		if c.Link != l.want || c.Title != fmt.Sprintf("<b>Title %d</b>", k) || c.Entry != "entry "+fmt.Sprint(k) {
			t.Errorf("citation %d (%q): %+v, want link %q", k, l.link, c, l.want)
		}
	}
	if s := source(data.Sentences[0].FromSource); s.Title != "Source title" || s.Link != "https://e.org/source" {
		t.Errorf("supported sentence's source: %+v", s)
	}
	if s := data.Sentences[3]; source(s.FromSource).Link != "" || s.From != "web page" {
		t.Errorf("a javascript: source address kept: %+v", s)
	}
	if bytes.Contains(page, []byte("<b>Title")) {
		t.Error("a title became markup")
	}
}

// TestHTMLSourcesOnce: a document's data lists each cited source once,
// however often it is cited, and a passage's source is the citations'
// entry for the same work.
func TestHTMLSourcesOnce(t *testing.T) {
	var src strings.Builder
	rd := output.ReviewDoc{Path: "a.md"}
	for k := range 100 {
		start := src.Len()
		fmt.Fprintf(&src, "Claim %d [%d].\n", k, k%2+1)
		at := strings.LastIndex(src.String(), "[")
		rd.Citations = append(rd.Citations, output.ReviewCitation{Start: at, End: src.Len() - 2, Label: fmt.Sprint(k%2 + 1), Status: "resolved",
			Entry: fmt.Sprintf("The long entry of source %d, cited fifty times", k%2+1), Title: fmt.Sprint("Title ", k%2+1), Link: fmt.Sprint("https://e.org/", k%2+1)})
		s := output.ReviewSentence{Start: start, End: src.Len() - 1, Cites: []int{k}}
		if k == 3 {
			s.Scored, s.Score, s.Threshold, s.Passage, s.From, s.FromTitle, s.FromLink = true, 0.9, 0.5, "p", "source store", "Title 2", "https://e.org/2"
		}
		rd.Sentences = append(rd.Sentences, s)
	}
	rd.Src = []byte(src.String())
	page := printHTML(t, &output.Report{Summary: output.Summary{Files: 1}, Review: []output.ReviewDoc{rd}})
	for _, n := range []string{"1", "2"} {
		if c := bytes.Count(page, []byte("The long entry of source "+n)); c != 1 {
			t.Errorf("source %s's entry is %d times in the page, want once", n, c)
		}
	}
	m := regexp.MustCompile(`<script type="application/json" class="data">(.*?)</script>`).FindSubmatch(page)
	var data docData
	if err := json.Unmarshal(m[1], &data); err != nil {
		t.Fatal(err)
	}
	if len(data.Sources) != 2 || data.Markers[0].Cites[0].Source != 1 || data.Markers[1].Cites[0].Source != 2 || data.Markers[99].Cites[0].Source != 2 {
		t.Errorf("sources %+v, markers 0, 1 and 99 cite %d, %d, %d", data.Sources, data.Markers[0].Cites[0].Source, data.Markers[1].Cites[0].Source, data.Markers[99].Cites[0].Source)
	}
	if got := data.Sentences[3].FromSource; got != 2 {
		t.Errorf("the passage's source is %d, want the citations' entry 2", got)
	}
}

// TestHTMLStatusIcons: each status has its icon in the style, shown
// before a sentence's first stretch and hidden from screen readers, which
// read the status in words; the legend's icons are the same.
func TestHTMLStatusIcons(t *testing.T) {
	for st, icon := range statusIcon {
		rule := fmt.Sprintf(`.st-%s[tabindex]::before{content:"%s";content:"%s"/""}`, st, icon, icon)
		if !strings.Contains(pageCSS, rule) {
			t.Errorf("style lacks %s", rule)
		}
	}
	page := printHTML(t, reporttest.Review("a.md", []byte("Rates rose 5% in 2020.\n")))
	if !bytes.Contains(page, []byte(`tabindex="0"><span class="vh">checkable claim, no citation: </span>Rates rose`)) {
		t.Errorf("the sentence's status is not read before it:\n%s", page)
	}
}

// TestHTMLStatusFromRule: a sentence's status comes from what its issue's
// rule says (RuleInfo.Marks), so a rule the page has never heard of marks
// its sentences, and a rule that marks nothing leaves them alone.
func TestHTMLStatusFromRule(t *testing.T) {
	for _, tc := range []struct {
		marks, want string
	}{
		{output.StatusWeak, `class="s st-weak"`},
		{output.StatusMissing, `class="s st-missing"`},
		{"", `class="s st-cited"`},
	} {
		src := []byte("Rates rose 5% in 2020 [1].\n")
		r := reporttest.Review("a.md", src)
		r.Rules = []output.RuleInfo{{Name: "brand-new-rule", Marks: tc.marks}}
		r.Issues = append(r.Issues, result.Issue{Rule: "brand-new-rule", Severity: result.SeverityWarning, Path: "a.md",
			Message: "new", Start: 0, End: len(src) - 1, Pos: result.Position{Line: 1, Column: 1}})
		if page := printHTML(t, r); !bytes.Contains(page, []byte(tc.want)) {
			t.Errorf("marks %q: page lacks %s", tc.marks, tc.want)
		}
	}
}
