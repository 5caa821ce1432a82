package reviewpage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/hangguard"
	"github.com/citelint/citelint/internal/reporttest"
	"github.com/citelint/citelint/result"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// The probe's shapes for the review page, small: many brackets, many marks,
// many link definitions, and links goldmark reads its own way. Each test
// checks the page; the only time in them is a hang guard of a minute. The
// other printers' shapes are package format's (pathological_test.go).

// perByte reports a benchmark's time per byte of its input.
func perByte(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/byte")
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// bareReviewMD is goldmark as the review page used it before linearLinks:
// the reference the page's parse must agree with.
var bareReviewMD = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough))

// checkLinksLikeGoldmark renders src with goldmark's link parser and with
// linearLinks: the blocks must be the same bytes.
func checkLinksLikeGoldmark(t *testing.T, src []byte) {
	t.Helper()
	want, wantStarts, err := renderBlocksWith(bareReviewMD, src, nil, nil)
	if err != nil {
		return // goldmark panicked: the page shows the text as written
	}
	got, gotStarts, err := renderBlocks(src, nil, nil)
	if err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	if !slices.Equal(wantStarts, gotStarts) || !slices.EqualFunc(want, got, bytes.Equal) {
		t.Fatalf("%q:\nrendered %q\nwant     %q", src, got, want)
	}
}

var linkSeeds = []string{
	"Claim [1].\nAnother [2] and [3].\n\n[1]: https://e.org/1\n[2]: <https://e.org/2> \"Two\"\n",
	"[a\nb]: /u 'multi\nline title'\n\nSee [a\nb] and [A B][] and [x][a b].\n",
	"[text](https://e.org \"t\") [t2](</a b> 'u') [t3]( /x (paren) ) ![img](i.png)\n",
	"\t[tab][r]\n> [quoted][r] across\n> [lines\n> here][r]\n\n[r]: /r\n",
	"| a [1] | [b](c) |\n|---|---|\n| [r] | ![x][r] |\n\n[r]: /r\n",
	"[[nested]] [a [b] c](d) [^1] [1, 2] [@key] [x]\n[y]\n\n[x]: /x\n[y]: /y\n",
	"- item [r]\n  continued [r\n  ] here\n\n[r]: /r\n",
	"# Heading [r]\n\nSetext [r]\n===\n\n[r]: /r\n",
	"[unclosed [also (\n](x) ] ][ ]\n",
	"[a]: /a\n[b]: /b 'title'\n[c]: /c\n'title on the next line'\n[d]:\n/d\nnot a definition\n[e]: /e\n\n[a] [b] [c] [d] [e]\n",
	"[a]: /a \"unclosed\n[b]: /b\n\n[x]: /x junk\n[y]: /y\n\n[a][b] [x][y]\n",
	"   [a]: /a\n    [b]: /b\n\t[c]: /c\n\n[a] [b] [c]\n",
}

func TestReviewLinksLikeGoldmark(t *testing.T) {
	for _, s := range linkSeeds {
		checkLinksLikeGoldmark(t, []byte(s))
	}
}

// FuzzReviewLinks holds the review page's parse to goldmark's.
func FuzzReviewLinks(f *testing.F) {
	for _, s := range linkSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, md string) {
		if len(md) > 4096 {
			return
		}
		checkLinksLikeGoldmark(t, []byte(md))
	})
}

// bracketLines is the probe's shape #3: n lines "Claim [1]." in one
// paragraph, then a reference list.
func bracketLines(n int) []byte {
	var b bytes.Buffer
	b.WriteString(strings.Repeat("Claim [1].\n", n))
	b.WriteString("\n## References\n\n")
	for i := 1; i <= 50; i++ {
		fmt.Fprintf(&b, "[%d] Author %d. Title %d. https://doi.org/10.1000/r%d\n", i, i, i, i)
	}
	return b.Bytes()
}

// pageDataOf is the JSON data of each document of page.
func pageDataOf(t *testing.T, page []byte) []docData {
	t.Helper()
	var out []docData
	for _, m := range regexp.MustCompile(`<script type="application/json" class="data">([^<]*)</script>`).FindAllSubmatch(page, -1) {
		var d docData
		if err := json.Unmarshal(m[1], &d); err != nil {
			t.Fatal(err)
		}
		out = append(out, d)
	}
	return out
}

// TestHTMLManyBrackets: a paragraph of many lines with a bracket each is
// rendered, every sentence and citation marked, and every mark points at
// its data.
func TestHTMLManyBrackets(t *testing.T) {
	src := bracketLines(3000)
	var page []byte
	hangguard.Run(t, "the review page", func() { page = printHTML(t, reporttest.Review("r.md", src)) })
	reporttest.CheckInert(t, page)
	data := pageDataOf(t, page)
	// reviewOf makes each line a sentence, "## References" an uncited one.
	if len(data) != 1 || len(data[0].Sentences) != 3000+1+50 || len(data[0].Markers) != 3000+50 {
		t.Fatalf("data of %d documents, %d sentences, %d markers; want 1, 3051, 3050", len(data), len(data[0].Sentences), len(data[0].Markers))
	}
	if n := bytes.Count(page, []byte(`class="c"`)); n != 3050 {
		t.Errorf("%d citations marked, want 3050", n)
	}
	checkMarksHaveData(t, page, data[0])
	if bytes.Contains(page, []byte("Marks stop")) {
		t.Error("the page says marks stop, within the budget")
	}
}

// checkMarksHaveData: every data-s and data-c on page indexes d, and so
// does every marker a sentence's data lists.
func checkMarksHaveData(t *testing.T, page []byte, d docData) {
	t.Helper()
	for _, m := range regexp.MustCompile(`data-([sc])="(\d+)"`).FindAllSubmatch(page, -1) {
		n, _ := strconv.Atoi(string(m[2]))
		if m[1][0] == 's' && n >= len(d.Sentences) || m[1][0] == 'c' && n >= len(d.Markers) {
			t.Fatalf("mark data-%s=%d, but the data has %d sentences and %d markers", m[1], n, len(d.Sentences), len(d.Markers))
		}
	}
	for i, s := range d.Sentences {
		for _, c := range s.Markers {
			if c >= len(d.Markers) {
				t.Fatalf("sentence %d lists marker %d of %d", i, c, len(d.Markers))
			}
		}
	}
}

// TestHTMLMarksBudget: past its budget, a document goes on unmarked with a
// note saying where the marks stop; the data holds only what is marked;
// every issue is still listed; a later document on the page gets what the
// page has left.
func TestHTMLMarksBudget(t *testing.T) {
	r := reporttest.Review("a.md", bracketLines(3000))
	b := reporttest.Review("b.md", []byte("Uncited line one.\nCited [x].\n"))
	r.Review = append(r.Review, b.Review...)
	r.Issues = append(r.Issues, b.Issues...)
	r.Issues = append(r.Issues, result.Issue{Rule: "unresolvable-label", Severity: result.SeverityError, Path: "a.md", Message: "late issue", Start: 2999 * 11, End: 2999*11 + 3, Pos: result.Position{Line: 3000, Column: 1}})
	for _, tc := range []struct {
		name            string
		doc, page       int
		stopA, stopB    bool
		maxSentencesOfA int
	}{
		{"document budget", 64 << 10, 1 << 30, true, false, 3051},
		{"page budget", 1 << 30, 64 << 10, true, true, 3051},
		{"enough", 1 << 30, 1 << 30, false, false, 3051},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newHTMLPrinter()
			p.docMarks, p.pageMarks = tc.doc, tc.page
			var out bytes.Buffer
			if err := p.Print(&out, r); err != nil {
				t.Fatal(err)
			}
			page := out.Bytes()
			reporttest.CheckInert(t, page)
			arts := bytes.Split(page, []byte("<article "))
			if len(arts) != 3 {
				t.Fatalf("%d articles, want 2", len(arts)-1)
			}
			data := pageDataOf(t, page)
			for k, stop := range []bool{tc.stopA, tc.stopB} {
				art := arts[k+1]
				if got := bytes.Contains(art, []byte("Marks stop at line")); got != stop {
					t.Errorf("document %d: note %v, want %v", k, got, stop)
				}
				checkMarksHaveData(t, art, data[k])
				if stop && len(art) > 2*tc.doc+200<<10 && len(art) > 2*tc.page+200<<10 {
					t.Errorf("document %d: %d bytes of page past a budget of %d", k, len(art), min(tc.doc, tc.page))
				}
			}
			if !bytes.Contains(page, []byte("late issue")) || bytes.Count(page, []byte(`class="sev-`)) != len(r.Visible()) {
				t.Errorf("%d issues listed, want %d", bytes.Count(page, []byte(`class="sev-`)), len(r.Visible()))
			}
			if tc.stopA && len(data[0].Sentences) >= tc.maxSentencesOfA {
				t.Errorf("document a: data of %d sentences past its budget", len(data[0].Sentences))
			}
		})
	}
}

// definitionLines is a paragraph of n link reference definitions, then a
// paragraph citing some.
func definitionLines(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "[r%d]: https://e.org/%d\n", i, i)
	}
	b.WriteString("\nSee [r1], [r2][] and [text][r3].\n")
	return b.Bytes()
}

// TestHTMLManyDefinitions: a paragraph of many link reference
// definitions (goldmark's transformer cut each out by copying the lines
// after it) is read as goldmark reads it: none shows as text, and the
// links that name them resolve.
func TestHTMLManyDefinitions(t *testing.T) {
	src := definitionLines(5000)
	hangguard.Run(t, "the review page", func() {
		checkLinksLikeGoldmark(t, src)
		blocks, _, err := renderBlocks(src, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(blocks) != 1 || !bytes.Contains(blocks[0], []byte(`<a href="https://e.org/3"`)) {
			t.Errorf("rendered %d blocks, want the one paragraph with its links:\n%.300s", len(blocks), bytes.Join(blocks, nil))
		}
	})
}

// BenchmarkHTMLManyDefinitions renders a paragraph of n, 2n and 4n link
// reference definitions: ns/byte must stay flat.
func BenchmarkHTMLManyDefinitions(b *testing.B) {
	for _, n := range []int{20000, 40000, 80000} {
		src := definitionLines(n)
		b.Run(fmt.Sprintf("definitions=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := renderBlocks(src, nil, nil); err != nil {
					b.Fatal(err)
				}
			}
			perByte(b, len(src))
		})
	}
}

// BenchmarkHTMLManyBrackets prints the review page of the probe's shape
// #3 at n, 2n and 4n lines: ns/byte must stay flat (it grew with the
// paragraph's length: every ']' looked for its line from the last one).
func BenchmarkHTMLManyBrackets(b *testing.B) {
	for _, n := range []int{10000, 20000, 40000} {
		src := bracketLines(n)
		r := reporttest.Review("r.md", src)
		b.Run(fmt.Sprintf("lines=%d", n), func(b *testing.B) {
			for b.Loop() {
				if err := newHTMLPrinter().Print(discard{}, r); err != nil {
					b.Fatal(err)
				}
			}
			perByte(b, len(src))
		})
	}
}
