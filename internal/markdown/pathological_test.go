package markdown_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/hangguard"
	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/registry"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/util"
)

// Pathological inputs: machine-written reports are large and regular, and
// a linter in CI must not turn one odd file into a hang. Each case is
// generated in memory at a size n. BenchmarkPathological runs it at n and 2n
// (and 4n where cheap); with linear cost, ns/byte stays flat from one size
// to the next. TestPathological runs every case once at a small size and
// checks what was extracted; its time bound only catches hangs.
//
//	go test -run '^$' -bench Pathological -benchtime 1x ./markdown/

type pathoCase struct {
	name string
	gen  func(n int) []byte
	// bench sizes: n, 2n (and 4n); test: a small n.
	sizes []int
	small int
	// check verifies the document built at size n.
	check func(t *testing.T, doc *markdown.Document, n int)
	// noFloor skips the bare goldmark benchmark: the input is one goldmark
	// parses in quadratic time, which Parse guards against.
	noFloor bool
}

// guarded returns a check that the input was neutralised before parsing,
// with a diagnostic.
func guarded(t *testing.T, doc *markdown.Document, n int) {
	t.Helper()
	for _, d := range doc.Diagnostics {
		if d.Kind == markdown.DiagParseGuard {
			return
		}
	}
	t.Errorf("no parse-guard diagnostic at n=%d", n)
}

// mergedReports concatenates n reports, each with ten claims and its own
// "## Sources" list numbered from 1: merged reports and single-page book
// builds have thousands of reference lists.
func mergedReports(n int) []byte {
	var b bytes.Buffer
	for r := 0; r < n; r++ {
		fmt.Fprintf(&b, "# Report %d\n\n", r)
		for i := 1; i <= 10; i++ {
			fmt.Fprintf(&b, "Claim %d of report %d rose 5%% in 2020 [%d]. ", i, r, i)
		}
		b.WriteString("Also [12].\n\n## Sources\n\n")
		for i := 1; i <= 10; i++ {
			fmt.Fprintf(&b, "[%d] Source %d, https://example.org/%d/%d\n", i, i, r, i)
		}
		b.WriteString("\n")
	}
	return b.Bytes()
}

// footnoteReport cites n footnotes, ten to a paragraph, and defines them all.
func footnoteReport(n int) []byte {
	var b bytes.Buffer
	b.WriteString("# Footnotes\n\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "Claim %d holds in 2020.[^f%d] ", i, i)
		if i%10 == 0 {
			b.WriteString("\n\n")
		}
	}
	b.WriteString("\n\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "[^f%d]: Source %d, https://example.org/f/%d\n", i, i, i)
	}
	return b.Bytes()
}

// numberedReport cites n numbered references, ten to a paragraph, then lists them.
func numberedReport(n int) []byte {
	var b bytes.Buffer
	b.WriteString("# Numbered\n\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "Output rose %d%% in 2020 [%d]. ", i%90, i)
		if i%10 == 0 {
			b.WriteString("\n\n")
		}
	}
	b.WriteString("\n\n## References\n\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "[%d] Author %d. Title %d. Journal, 2020. https://doi.org/10.1000/r%d\n", i, i, i, i)
	}
	return b.Bytes()
}

// authorYearReport cites n parenthetical author-year works, each beside a
// numeric citation, against a reference list of 100 authors.
func authorYearReport(n int) []byte {
	var b bytes.Buffer
	b.WriteString("# Author-year\n\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "Output rose in region %d (%s et al., %d) [%d]. ", i, surname(i%100), 1950+i%70, i%100+1)
		if i%10 == 0 {
			b.WriteString("\n\n")
		}
	}
	b.WriteString("\n\n## References\n\n")
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&b, "[%d] %s, A. Title %d. Journal, %d.\n", i, surname(i-1), i, 1950+(i-1)%70)
	}
	return b.Bytes()
}

func surname(i int) string {
	return "Auth" + string(rune('a'+i%26)) + string(rune('a'+i/26%26))
}

// bigReport is one file of about mb megabytes (see llmReport).
func bigReport(mb int) []byte {
	return llmReport("# Big report", func(_, size int) bool { return size >= mb<<20 })
}

// bigTable is one table of n rows, each citing one of 50 references.
func bigTable(n int) []byte {
	var b bytes.Buffer
	b.WriteString("# Table\n\n| year | value | source |\n|---|---:|---|\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "| %d | %d.%d | [%d] |\n", 1900+i%200, i%97, i%10, i%50+1)
	}
	b.WriteString("\n## References\n\n")
	for i := 1; i <= 50; i++ {
		fmt.Fprintf(&b, "[%d] Author %d. Title %d. https://doi.org/10.1000/t%d\n", i, i, i, i)
	}
	return b.Bytes()
}

const nestedRefs = "\n\n## References\n\n[1] Author. Title. https://doi.org/10.1000/n1\n"

// nestedListCompact opens depth nested lists on one line ("- - - … item"):
// the input grows linearly with the depth.
func nestedListCompact(depth int) []byte {
	return []byte(strings.Repeat("- ", depth) + "Deep claim from 2020 [1].\n" + nestedRefs)
}

// nestedListStairs indents each line one level deeper: depth lines, the
// input grows with depth².
func nestedListStairs(depth int) []byte {
	var b bytes.Buffer
	for i := 0; i < depth; i++ {
		fmt.Fprintf(&b, "%s- item %d [1]\n", strings.Repeat("  ", i), i)
	}
	b.WriteString(nestedRefs)
	return b.Bytes()
}

// nestedQuoteCompact opens depth blockquotes on one line.
func nestedQuoteCompact(depth int) []byte {
	return []byte(strings.Repeat("> ", depth) + "Deep claim from 2020 [1].\n" + nestedRefs)
}

// nestedQuoteStairs adds one level of quoting per line.
func nestedQuoteStairs(depth int) []byte {
	var b bytes.Buffer
	for i := 1; i <= depth; i++ {
		fmt.Fprintf(&b, "%s quote %d [1]\n", strings.Repeat(">", i), i)
	}
	b.WriteString(nestedRefs)
	return b.Bytes()
}

// linkDefinitions is one paragraph of n link definitions, each line
// starting with prefix and each destination followed by title, then a
// sentence citing the first and the last.
func linkDefinitions(n int, prefix, title string) []byte {
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%s[d%d]: https://example.org/%d%s\n", prefix, i, i, strings.ReplaceAll(title, "\n", "\n"+prefix))
	}
	fmt.Fprintf(&b, "\nSee [d0] and [d%d].\n", n-1)
	return b.Bytes()
}

// wantDefinitions checks that all n definitions were read.
func wantDefinitions(t *testing.T, doc *markdown.Document, n int) {
	t.Helper()
	defs := 0
	for _, r := range doc.References {
		if r.Kind == markdown.RefLinkDef {
			defs++
		}
	}
	if defs != n {
		t.Errorf("%d link definitions, want %d", defs, n)
	}
}

func countCitations(doc *markdown.Document) (cites, resolved int) {
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.InReferences {
			continue
		}
		cites++
		if c.Status == markdown.Resolved {
			resolved++
		}
	}
	return
}

// wantCites checks that at least min citations were found (DOIs and URLs
// stay unchecked offline, so not all of them resolve).
func wantCites(min int) func(*testing.T, *markdown.Document, int) {
	return func(t *testing.T, doc *markdown.Document, n int) {
		t.Helper()
		if cites, _ := countCitations(doc); cites < min {
			t.Errorf("%d citations; want at least %d", cites, min)
		}
	}
}

var pathoCases = []pathoCase{
	// The generators' forms (forms.go), each many times in one
	// paragraph and one line: the scanners must stay linear.
	{name: "tool-markers", gen: func(n int) []byte {
		var b bytes.Buffer
		for i := range n {
			fmt.Fprintf(&b, "Claim %d citeturn%dsearch%dturn0view1. ", i, i%7, i%5)
		}
		return b.Bytes()
	}, sizes: []int{5000, 10000, 20000}, small: 1000, check: wantCites(1000)},
	{name: "attributions", gen: func(n int) []byte {
		var b bytes.Buffer
		for i := range n {
			fmt.Fprintf(&b, "Revenue rose (per the Q%d filing) and (source: report %d) ", i%4, i)
		}
		return b.Bytes()
	}, sizes: []int{5000, 10000, 20000}, small: 1000, check: wantCites(1000)},
	{name: "named-brackets", gen: func(n int) []byte {
		var b bytes.Buffer
		for i := range n {
			fmt.Fprintf(&b, "Output grew %d%% [World Bank, 20%02d]. ", i%90, i%30)
		}
		return b.Bytes()
	}, sizes: []int{5000, 10000, 20000}, small: 1000, check: wantCites(1000)},
	{name: "bare-keys", gen: func(n int) []byte {
		var b bytes.Buffer
		for i := range n {
			fmt.Fprintf(&b, "Fact (source_id:%d) and uid:a%d#0 ", i, i)
		}
		return b.Bytes()
	}, sizes: []int{5000, 10000, 20000}, small: 1000, check: wantCites(1000)},
	{name: "quoted-titles", gen: func(n int) []byte {
		var b bytes.Buffer
		for i := range n {
			fmt.Fprintf(&b, "In “A Study of Things %d”, the *authors* show \"it works\" and *more so*. ", i)
		}
		b.WriteString("\n\n## References\n\n[1] A. Author. *A Study of Things 1*\n")
		return b.Bytes()
	}, sizes: []int{5000, 10000, 20000}, small: 1000, check: wantCites(1000)},
	{name: "grouped-labels", gen: func(n int) []byte {
		var b bytes.Buffer
		for i := range n {
			fmt.Fprintf(&b, "Claim [%d].\n", i+1)
		}
		b.WriteString("\n")
		for i := range n {
			fmt.Fprintf(&b, "[%d] [%d] [%d] Title\nhttps://example.org/%d\n", i+1, i+n+1, i+2*n+1, i)
		}
		return b.Bytes()
	}, sizes: []int{2000, 4000, 8000}, small: 500, check: func(t *testing.T, doc *markdown.Document, n int) {
		if _, resolved := countCitations(doc); resolved < n {
			t.Errorf("%d resolved; want %d", resolved, n)
		}
	}},
	{name: "footnotes", gen: footnoteReport, sizes: []int{5000, 10000, 20000}, small: 2000,
		check: func(t *testing.T, doc *markdown.Document, n int) {
			cites, resolved := countCitations(doc)
			if cites != n || resolved != n {
				t.Errorf("%d footnote citations, %d resolved; want %d", cites, resolved, n)
			}
		}},
	{name: "numbered", gen: numberedReport, sizes: []int{12500, 25000, 50000}, small: 2000,
		check: func(t *testing.T, doc *markdown.Document, n int) {
			cites, resolved := countCitations(doc)
			if cites != n || resolved != n {
				t.Errorf("%d numeric citations, %d resolved; want %d", cites, resolved, n)
			}
		}},
	{name: "authoryear", gen: authorYearReport, sizes: []int{5000, 10000, 20000}, small: 1000,
		check: func(t *testing.T, doc *markdown.Document, n int) {
			ay := 0
			for i := range doc.Citations {
				if doc.Citations[i].Kind == markdown.KindAuthorYear {
					ay++
				}
			}
			if ay != n {
				t.Errorf("%d author-year citations, want %d", ay, n)
			}
		}},
	{name: "bigfile-MB", gen: bigReport, sizes: []int{12, 25, 50}, small: 1, check: wantCites(1000)},
	{name: "table-rows", gen: bigTable, sizes: []int{25000, 50000, 100000}, small: 2000,
		check: func(t *testing.T, doc *markdown.Document, n int) {
			cites, resolved := countCitations(doc)
			if cites != n || resolved != n {
				t.Errorf("%d table citations, %d resolved; want %d", cites, resolved, n)
			}
		}},
	{name: "list-compact", gen: nestedListCompact, sizes: []int{1000, 2000, 4000}, small: 300, check: wantCites(1)},
	{name: "list-stairs", gen: nestedListStairs, sizes: []int{250, 500, 1000}, small: 300, check: wantCites(1)},
	{name: "quote-compact", gen: nestedQuoteCompact, sizes: []int{1000, 2000, 4000}, small: 300, check: wantCites(1)},
	{name: "quote-stairs", gen: nestedQuoteStairs, sizes: []int{500, 1000, 2000}, small: 300, check: wantCites(1)},
	// The inputs of issue 20: each was quadratic (in goldmark or in
	// citelint) before.
	{name: "claims-no-list", gen: func(n int) []byte { return []byte(strings.Repeat("A claim [1].\n", n)) },
		sizes: []int{25000, 50000, 100000}, small: 2000, check: wantCites(2000)},
	{name: "merged-reports", gen: mergedReports, sizes: []int{1000, 2000, 4000}, small: 300,
		check: func(t *testing.T, doc *markdown.Document, n int) {
			if len(doc.Sections) != n {
				t.Errorf("%d reference lists, want %d", len(doc.Sections), n)
			}
		}},
	{name: "brackets-nested", gen: func(n int) []byte {
		return []byte(strings.Repeat("[", n) + "a" + strings.Repeat("]", n))
	}, sizes: []int{625000, 1250000, 2500000}, small: 100000, check: guarded, noFloor: true},
	{name: "open-destinations", gen: func(n int) []byte { return []byte(strings.Repeat("[a](", n)) },
		sizes: []int{25000, 50000, 100000}, small: 20000, check: guarded, noFloor: true},
	{name: "open-image-destinations", gen: func(n int) []byte { return []byte(strings.Repeat("![a](", n)) },
		sizes: []int{25000, 50000, 100000}, small: 20000, check: guarded, noFloor: true},
	{name: "quote-line", gen: func(n int) []byte {
		return []byte(strings.Repeat(">", n) + " A claim [1].\n\n[1]: https://example.org/1\n")
	},
		sizes: []int{50000, 100000, 200000}, small: 20000, check: guarded, noFloor: true},
	{name: "unresolvable-many", gen: func(n int) []byte {
		var b bytes.Buffer
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "Claim %d rose 5%% [1, %d].\n\n", i, i+2)
		}
		b.WriteString("## References\n\n[1] Only source, https://example.org/1\n")
		return b.Bytes()
	}, sizes: []int{25000, 50000, 100000}, small: 2000, check: wantCites(4000)},
	// Openers whose closer never comes: each looked for it to the end of
	// the paragraph (3.2 MB of "(a 2020 " took 19 s, 0.9 MB of "【1 x..." 18 s).
	{name: "unclosed-parens", gen: func(n int) []byte { return []byte(strings.Repeat("(a 2020 ", n) + "\n") },
		sizes: []int{100000, 200000, 400000}, small: 50000, check: func(*testing.T, *markdown.Document, int) {}},
	{name: "unclosed-fullwidth", gen: func(n int) []byte { return []byte(strings.Repeat("【1 xxxxxxxxxx", n) + "\n") },
		sizes: []int{50000, 100000, 200000}, small: 50000, check: func(*testing.T, *markdown.Document, int) {}},
	// Hard line breaks with no full stop: each break searched the rest of
	// the paragraph for one (700 KB took 10.8 s).
	{name: "hard-breaks", gen: func(n int) []byte { return []byte(strings.Repeat("word  \n", n)) },
		sizes: []int{50000, 100000, 200000}, small: 50000, check: func(*testing.T, *markdown.Document, int) {}},
	// Backtick runs of n different lengths, none closed: goldmark scans
	// to the paragraph's end for each (2 MB took 3 s, as the size to the
	// power 1.5), unless the guard blanks them.
	{name: "backtick-runs", gen: func(n int) []byte {
		var b strings.Builder
		for k := n; k > 0; k-- {
			b.WriteString(strings.Repeat("`", k) + "a ")
		}
		return []byte(b.String())
	}, sizes: []int{1000, 2000, 4000}, small: 1000, check: guarded, noFloor: true},
	// A paragraph of link definitions: goldmark's transformer found each
	// label's line from the paragraph's end and copied the rest of the
	// paragraph at each cut (85,000 one-line definitions took 9 s);
	// linkref.go reads them in linear time. In a quote, and with titles
	// on the next line, the definitions take the same path.
	{name: "link-definitions", gen: func(n int) []byte { return linkDefinitions(n, "", "") },
		sizes: []int{25000, 50000, 100000}, small: 20000, check: wantDefinitions, noFloor: true},
	{name: "link-definitions-quoted", gen: func(n int) []byte { return linkDefinitions(n, "> ", "") },
		sizes: []int{25000, 50000, 100000}, small: 20000, check: wantDefinitions, noFloor: true},
	{name: "link-definitions-titled", gen: func(n int) []byte { return linkDefinitions(n, "", "\n  \"Title\"") },
		sizes: []int{25000, 50000, 100000}, small: 20000, check: wantDefinitions, noFloor: true},
	// Shapes found by probing on 28 November 2026. Fences closed, then a
	// long white-space tail: each fence rescanned the tail (1.2 MB took
	// 16 s).
	{name: "fences-then-space", gen: func(n int) []byte {
		return []byte(strings.Repeat("```\nx\n```\n", n) + strings.Repeat(" ", 10*n))
	}, sizes: []int{25000, 50000, 100000}, small: 20000, check: func(t *testing.T, doc *markdown.Document, n int) {
		if len(doc.Diagnostics) > 0 {
			t.Errorf("closed fences reported: %v", doc.Diagnostics[0])
		}
	}},
	// A paragraph that is not plain (HTML in its first line), a bracket on
	// every line: goldmark's link parser found each label's line from the
	// paragraph's last (4.8 MB took 40 s). And a setext heading as long.
	{name: "brackets-html-paragraph", gen: func(n int) []byte {
		return []byte("Start <i>x</i>\n" + strings.Repeat("Claim [word].\n", n))
	}, sizes: []int{25000, 50000, 100000}, small: 20000, check: func(*testing.T, *markdown.Document, int) {}, noFloor: true},
	{name: "setext-long", gen: func(n int) []byte {
		return []byte(strings.Repeat("Claim [1]\n", n) + "===\n\n## References\n\n[1] Only source, https://example.org/1\n")
	}, sizes: []int{25000, 50000, 100000}, small: 20000, check: func(t *testing.T, doc *markdown.Document, n int) {
		if len(doc.Headings) == 0 || doc.Headings[0].Level != 1 {
			t.Errorf("no setext heading")
		}
	}, noFloor: true},
	// Ranges of 199 labels on every line: bounded by the document's range
	// budget (0.38 MB held 2.5 GB of citations).
	{name: "ranges", gen: func(n int) []byte {
		var b bytes.Buffer
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "Claim [%d-%d].\n\n", i%9000+1, i%9000+199)
		}
		b.WriteString("## References\n\n[1] Only source, https://example.org/1\n")
		return b.Bytes()
	}, sizes: []int{12500, 25000, 50000}, small: 5000, check: func(t *testing.T, doc *markdown.Document, n int) {
		guarded(t, doc, n)
		if len(doc.Citations) > 4*n+10000 {
			t.Errorf("%d citations from %d ranges", len(doc.Citations), n)
		}
	}},
	// A heading and a paragraph titled "Sources:" n times, with a heading
	// nested in a list item between: each paragraph heads a section that
	// the nested heading does not end. Every paragraph scanned every
	// heading for its section's end (100,000 of each: 5 s).
	{name: "source-titles", gen: func(n int) []byte {
		var b bytes.Buffer
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "# Part %d\n\nSources:\n\n- ## nested %d\n\n", i, i)
		}
		return b.Bytes()
	}, sizes: []int{25000, 50000, 100000}, small: 5000, check: func(t *testing.T, doc *markdown.Document, n int) {
		if len(doc.Sections) != n {
			t.Fatalf("%d sections, want %d", len(doc.Sections), n)
		}
		for i, s := range doc.Sections {
			if i+1 < n && !bytes.HasPrefix(doc.Src[s.Span.End:], []byte("# Part ")) {
				t.Fatalf("section %d ends at %q, want the next part's heading", i, doc.Src[s.Span.End:min(len(doc.Src), s.Span.End+20)])
			}
		}
	}},
	// n list items each holding a reference-titled heading: each
	// heading's section was ended by the first heading not nested in a
	// list, so every one stepped over all the others (a review found it:
	// 300 KB took 10 s). Headings of the same nesting end each other's
	// sections.
	{name: "nested-reference-headings", gen: func(n int) []byte { return []byte(strings.Repeat("- # References\n", n)) },
		sizes: []int{10000, 20000, 40000}, small: 2000, check: func(t *testing.T, doc *markdown.Document, n int) {
			if len(doc.Sections) != n {
				t.Errorf("%d sections, want %d", len(doc.Sections), n)
			}
		}},
	// plain.Paragraphs labelled [1], [3], [5]...: increasing but not
	// consecutive, with no link, so no run of them is a list, and a scan
	// from each block over the rest of the run was quadratic.
	{name: "entry-runs-odd", gen: func(n int) []byte {
		var b bytes.Buffer
		for i := range n {
			fmt.Fprintf(&b, "[%d] note\n\n", 2*i+1)
		}
		return b.Bytes()
	}, sizes: []int{10000, 20000, 40000}, small: 2000, check: wantCites(500)}, // 4-digit labels are years
	// The same as notes wrapped in anchors with long names.
	{name: "entry-runs-anchors", gen: func(n int) []byte {
		var b bytes.Buffer
		for i := range n {
			fmt.Fprintf(&b, "<a name=\"%s\">[%d]</a> note\n\n", strings.Repeat("x", 200), 2*i+1)
		}
		return b.Bytes()
	}, sizes: []int{2500, 5000, 10000}, small: 500, check: wantCites(500)},
	{name: "list-line", gen: func(n int) []byte { return []byte(strings.Repeat("- ", n)) },
		sizes: []int{25000, 50000, 100000}, small: 20000, check: func(*testing.T, *markdown.Document, int) {}},
	// MyST directives (dialect/myst.go): nested without end (every open
	// container is asked about every line; nesting is capped), opened
	// and closed in turn, and a body of option lines.
	{name: "directives-nested", gen: func(n int) []byte {
		return []byte(strings.Repeat(":::{note}\n", n) + "A claim {cite}`k`.\n")
	}, sizes: []int{25000, 50000, 100000}, small: 5000, check: wantCites(1)},
	{name: "directives-nested-backticks", gen: func(n int) []byte {
		// Past the cap a fence is code, as CommonMark reads it, and runs
		// to the end: nothing to check but the time.
		return []byte(strings.Repeat("```{note}\n", n) + "A claim {cite}`k`.\n")
	}, sizes: []int{25000, 50000, 100000}, small: 5000, check: func(*testing.T, *markdown.Document, int) {}},
	{name: "directives-many", gen: func(n int) []byte {
		return []byte(strings.Repeat("```{note}\n:class: tip\nA claim {cite}`k`.\n```\n\n", n))
	}, sizes: []int{5000, 10000, 20000}, small: 1000, check: wantCites(1000)},
	{name: "directive-options", gen: func(n int) []byte {
		return []byte("```{note}\n" + strings.Repeat(":class: tip\n", n) + "A claim {cite}`k`.\n```\n")
	}, sizes: []int{25000, 50000, 100000}, small: 5000, check: wantCites(1)},
	// Issue 37's attack run: one line opening n containers. goldmark
	// reads the rest of the line at each (1.4 / 5.6 / 27 s at 50 / 100 /
	// 200 KB of "- " then "x"); the bracket guard's blanking makes the
	// same of "[*" and "[>" (26 s at 192 KB), and of "](*" then "x".
	// nestingCuts (internal/markdown/guard) neutralises the markers past column 64.
	{name: "list-line-x", gen: func(n int) []byte { return []byte(strings.Repeat("- ", n) + "x [1]\n\n[1]: https://example.org/1\n") },
		sizes: []int{25000, 50000, 100000}, small: 20000, check: nestedCited, noFloor: true},
	{name: "ordered-line-x", gen: func(n int) []byte { return []byte(strings.Repeat("1. ", n) + "x [1]\n\n[1]: https://example.org/1\n") },
		sizes: []int{16000, 32000, 64000}, small: 16000, check: nestedCited, noFloor: true},
	{name: "footnote-defs-line", gen: func(n int) []byte { return []byte(strings.Repeat("[^a]:", n) + "\n") },
		sizes: []int{10000, 20000, 40000}, small: 10000, check: guarded, noFloor: true},
	{name: "brackets-stars", gen: func(n int) []byte { return []byte(strings.Repeat("[*", n) + "x\n") },
		sizes: []int{25000, 50000, 100000}, small: 20000, check: guarded, noFloor: true},
	{name: "brackets-quotes", gen: func(n int) []byte { return []byte(strings.Repeat("[>", n) + "\n") },
		sizes: []int{25000, 50000, 100000}, small: 20000, check: guarded, noFloor: true},
	{name: "destinations-stars", gen: func(n int) []byte { return []byte(strings.Repeat("](*", n) + "x\n") },
		sizes: []int{16000, 32000, 64000}, small: 16000, check: guarded, noFloor: true},
	// plain.Paragraphs each just under what one paragraph was allowed (64 M
	// bytes scanned for the ")" of destinations that never close):
	// 0.2 s of CPU each, so a document of n of them took n times that.
	// The budget is the document's now.
	{name: "destination-paragraphs", gen: func(n int) []byte {
		return []byte(strings.Repeat(strings.Repeat("[](", 5400)+"\n\n", n))
	}, sizes: []int{4, 8, 16}, small: 4, check: guarded, noFloor: true},
}

// nestedCited checks that the text past the neutralised markers is read:
// its citation is found.
func nestedCited(t *testing.T, doc *markdown.Document, n int) {
	t.Helper()
	guarded(t, doc, n)
	wantCites(1)(t, doc, n)
}

// citelintGoldmark is the bare parse-and-walk floor's goldmark, as in
// bench/goldmark-walk: internal/markdown/parse.go's Table and footnote block parser,
// with goldmark's emphasis parser, which parse.go leaves out, kept.
var citelintGoldmark = goldmark.New(
	goldmark.WithExtensions(extension.Table),
	goldmark.WithParserOptions(parser.WithBlockParsers(
		util.Prioritized(extension.NewFootnoteBlockParser(), 999),
	)),
)

// defaultRules are the rules `citelint run --no-config` runs.
func defaultRules() []lint.Enabled {
	var out []lint.Enabled
	for _, r := range registry.All() {
		if !r.Default {
			continue
		}
		out = append(out, lint.Enabled{Rule: r, Settings: r.DefaultSettings()})
	}
	return out
}

// lintBytes runs the whole per-file pipeline (parse, resolve, rules,
// suppression, positions) on src as standard input, whatever its size
// (bigfile-MB goes past lint's cap on a document).
func lintBytes(tb testing.TB, src []byte, enabled []lint.Enabled) []lint.FileResult {
	res := lint.Run(context.Background(), []string{"-"}, lint.Options{
		Rules: enabled, Inputs: map[string][]byte{"-": src}, Env: resolve.NewEnv(nil), RuleEnv: &rules.Env{},
		Known: func(string) bool { return true }, MaxDocumentBytes: -1,
	})
	if res[0].Err != nil {
		tb.Fatal(res[0].Err)
	}
	return res
}

func TestPathological(t *testing.T) {
	enabled := defaultRules()
	for _, c := range pathoCases {
		t.Run(c.name, func(t *testing.T) {
			src := c.gen(c.small)
			hangguard.Run(t, fmt.Sprintf("%s (n=%d, %d bytes)", c.name, c.small, len(src)), func() {
				doc := markdown.Parse(src, markdown.Options{})
				resolve.Resolve(doc, nil)
				c.check(t, doc, c.small)
				lintBytes(t, src, enabled)
			})
		})
	}
}

func BenchmarkPathological(b *testing.B) {
	enabled := defaultRules()
	for _, c := range pathoCases {
		for _, n := range c.sizes {
			var src []byte // generated on first use: -bench filters most cases out
			run := func(b *testing.B, f func()) {
				if src == nil {
					src = c.gen(n)
				}
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					f()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(src)), "ns/byte")
			}
			if !c.noFloor {
				b.Run(fmt.Sprintf("%s=%d/goldmark", c.name, n), func(b *testing.B) {
					run(b, func() { bareParse(citelintGoldmark, src) })
				})
			}
			b.Run(fmt.Sprintf("%s=%d/parse", c.name, n), func(b *testing.B) {
				run(b, func() { resolve.Resolve(markdown.Parse(src, markdown.Options{}), nil) })
			})
			b.Run(fmt.Sprintf("%s=%d/lint", c.name, n), func(b *testing.B) {
				run(b, func() { lintBytes(b, src, enabled) })
			})
		}
	}
}
