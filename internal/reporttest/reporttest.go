// Package reporttest is for the printers' tests (packages format and
// reviewpage): sample reports (the golden files' report, a one-document
// review) and what every printer's output must pass (no line a CI runner
// would execute; a review page that nothing in a document can make run,
// load or restyle).
package reporttest

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
	"golang.org/x/net/html"
)

// Sample exercises what printers must get right: a non-ASCII line
// whose UTF-16 column differs from its rune and byte columns, a fix, a
// suppressed issue, a message with characters workflow commands escape, and
// a file that could not be read.
func Sample() *output.Report {
	src := []byte("Ünïcode — 😀 claim [9].\nPlain [1, 99] here.\n")
	idx := result.NewLineIndex(src)
	at := func(s string) (int, int) {
		i := bytes.Index(src, []byte(s))
		return i, i + len(s)
	}
	s1, e1 := at("[9]")
	s2, e2 := at("99")
	issue := func(rule string, sev result.Severity, msg string, s, e int) result.Issue {
		return result.Issue{Rule: rule, Severity: sev, Message: msg, Path: "docs/a b.md", Start: s, End: e,
			Pos: idx.Position(s), EndPos: idx.Position(e), SourceLine: idx.LineText(idx.Position(s).Line)}
	}
	i1 := issue("unresolvable-label", result.SeverityError, "citation [9] has no entry: 100% sure, really\nsecond line", s1, e1)
	i2 := issue("unresolvable-label", result.SeverityWarning, "citation [99] has no entry", s2, e2)
	i2.Fix = &result.Fix{Description: "drop label 99", Edits: []result.Edit{{Start: s2 - 2, End: e2, New: ""}}}
	i3 := issue("uncited-claim", result.SeverityNote, "claim has no citation", 0, 5)
	i3.Suppressed, i3.Justification = true, "intro"
	return &output.Report{
		Version: "0.1.0",
		Issues:  []result.Issue{i1, i2, i3},
		Rules: []output.RuleInfo{
			{Name: "unresolvable-label", Summary: "A citation label resolves to nothing", Doc: "First paragraph\nof doc.\n\nBad:\n\n    x [9]\n", DefaultSeverity: result.SeverityError, Tags: []string{"offline"}, Fixable: true},
			{Name: "uncited-claim", Summary: "A factual sentence has no citation", Doc: "Doc.", DefaultSeverity: result.SeverityWarning, Tags: []string{"offline"}},
			{Name: "unused-reference", Summary: "Never cited", Doc: "Doc.", DefaultSeverity: result.SeverityWarning},
		},
		Summary: output.Summary{Files: 3, Claims: 4, CitedClaims: 2, Citations: 3, References: 1, Unverified: 2, UncheckedKeys: 2, UncheckedSourceKeys: 1,
			Errors: []output.FileError{{Path: "bad.md", Line: 3, Msg: "invalid UTF-8"}}, Extra: map[string]int{"suppressed": 1}},
		Files: map[string][]byte{"docs/a b.md": src},
	}
}

// Review is a one-document report whose every line is a sentence: flagged
// by uncited-claim when it has no "[", cited otherwise.
func Review(path string, src []byte) *output.Report {
	rd := output.ReviewDoc{Path: path, Src: src}
	r := &output.Report{Version: "test", Summary: output.Summary{Files: 1}, Rules: []output.RuleInfo{{Name: "uncited-claim", Marks: output.StatusUncited}}}
	start := 0
	for line := 1; start < len(src); line++ {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src) - start
		}
		if end > 0 {
			s := output.ReviewSentence{Start: start, End: start + end}
			if k := bytes.IndexByte(src[start:start+end], '['); k >= 0 {
				rd.Citations = append(rd.Citations, output.ReviewCitation{Start: start + k, End: start + k + 1, Label: "x", Status: "resolved", Entry: string(src[start : start+end])})
				s.Cites = []int{len(rd.Citations) - 1}
			} else {
				r.Issues = append(r.Issues, result.Issue{Rule: "uncited-claim", Severity: result.SeverityWarning, Path: path,
					Message: "uncited: " + string(src[start:start+end]), Start: start, End: start + end, Pos: result.Position{Line: line, Column: 1}})
			}
			rd.Sentences = append(rd.Sentences, s)
		}
		start += end + 1
	}
	r.Review = []output.ReviewDoc{rd}
	return r
}

// CheckInert parses page as a browser would and fails on anything a
// document could have injected: elements that run, load or restyle, event
// handler or style attributes, and links to other than web, mail and
// relative addresses. It returns the text of the rendered documents.
func CheckInert(t *testing.T, page []byte) string {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	scripts, styles := 0, 0
	var walk func(n *html.Node, inDoc bool)
	walk = func(n *html.Node, inDoc bool) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "script":
				if Attr(n, "type") == "" {
					scripts++
				} else if Attr(n, "type") != "application/json" {
					t.Errorf("script of type %q", Attr(n, "type"))
				}
			case "style":
				styles++
			case "img", "svg", "iframe", "object", "embed", "link", "form", "input", "base", "math", "video", "audio", "source":
				t.Errorf("element <%s> in the page", n.Data)
			case "meta":
				if inDoc {
					t.Errorf("<meta> inside a document")
				}
			}
			for _, a := range n.Attr {
				k := strings.ToLower(a.Key)
				if strings.HasPrefix(k, "on") || k == "style" || k == "srcdoc" || k == "formaction" {
					t.Errorf("<%s %s=%q>", n.Data, a.Key, a.Val)
				}
				if (k == "href" || k == "src" || k == "action") && !regexp.MustCompile(`^(https?:|mailto:|#|[^:]*$)`).MatchString(a.Val) {
					t.Errorf("<%s %s=%q>", n.Data, a.Key, a.Val)
				}
			}
			if n.Data == "div" && Attr(n, "class") == "md" {
				inDoc = true
			}
		}
		if n.Type == html.TextNode && inDoc {
			text.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inDoc)
		}
	}
	walk(doc, false)
	CheckNested(t, page)
	if scripts != 1 || styles != 1 {
		t.Errorf("%d scripts and %d style elements, want the page's own one of each", scripts, styles)
	}
	return text.String()
}

// CheckNested fails unless every element of page is closed, in order,
// by its own end tag: the marks' spans and the document's markup nest.
func CheckNested(t *testing.T, page []byte) {
	t.Helper()
	void := map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true, "input": true,
		"link": true, "meta": true, "source": true, "track": true, "wbr": true}
	z := html.NewTokenizer(bytes.NewReader(page))
	var stack []string
	for {
		switch z.Next() {
		case html.ErrorToken:
			if len(stack) > 0 {
				t.Errorf("elements left open: %v", stack)
			}
			return
		case html.StartTagToken:
			name, _ := z.TagName()
			if !void[string(name)] {
				stack = append(stack, string(name))
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			if len(stack) == 0 || stack[len(stack)-1] != string(name) {
				t.Errorf("</%s> closes %v", name, stack)
				return
			}
			stack = stack[:len(stack)-1]
		}
	}
}

// Attr is the value of n's attribute key, or "".
func Attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// CheckNoCommands fails on a line of out that a GitHub Actions runner
// would execute as a workflow command (old-style "##[" ones too), besides
// the annotations the github-actions format writes when ownAnnotations.
func CheckNoCommands(t *testing.T, name, out string, ownAnnotations bool) {
	t.Helper()
	for _, line := range strings.FieldsFunc(out, func(r rune) bool { return r == '\n' || r == '\r' }) {
		l := strings.TrimLeftFunc(line, unicode.IsSpace)
		if strings.Contains(l, "##[") {
			t.Errorf("%s: old-style command in %q", name, line)
		}
		if !strings.HasPrefix(l, "::") {
			continue
		}
		if ownAnnotations && (strings.HasPrefix(l, "::error file=") || strings.HasPrefix(l, "::warning file=")) {
			continue
		}
		t.Errorf("%s: line the runner would execute: %q", name, line)
	}
}
