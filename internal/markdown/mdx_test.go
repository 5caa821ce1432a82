package markdown

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/hangguard"
)

func TestIsJSXTagLine(t *testing.T) {
	for _, tt := range []struct {
		line string
		want bool
	}{
		{`<Steps>`, true},
		{`  <Step title="Get the config from ` + "`op-node`" + `">`, true},
		{`</Step>`, true},
		{`<Image src="/a.png" alt="a > b" />`, true},
		{`<Tabs items={["a", "b"]}>`, true},
		{`<>`, true},
		{`</>`, true},
		{`<div className="note">`, true},
		{`<Step>text</Step>`, false},
		{`<Step title="x">`[:7], false},
		{`<!-- a comment -->`, false},
		{`< Step>`, false},
		{`<1>`, false},
		{`a <b>`, false},
		{`<Tabs items={["a"]>`, false},
	} {
		if got := isJSXTagLine([]byte(tt.line)); got != tt.want {
			t.Errorf("isJSXTagLine(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// TestMDXReadsToTheEnd: goldmark stops at a line no block parser opens.
// With indented code gone, every other parser must take indented lines,
// or an indented line after a blank one ends the document.
func TestMDXReadsToTheEnd(t *testing.T) {
	for _, src := range []string{
		"{/*\n  note\n\n    go run ./gen\n*/}\n\nThe last claim [1].\n",
		"<Tabs>\n\n        deeply indented text\n\n</Tabs>\n\nThe last claim [1].\n",
		"- item\n\n          indented under an item\n\nThe last claim [1].\n",
		"> quote\n>\n>         indented in a quote\n\nThe last claim [1].\n",
	} {
		doc := Parse([]byte(src), Options{MDX: true})
		if len(doc.Citations) == 0 || doc.Citations[len(doc.Citations)-1].Start != bytes.LastIndex([]byte(src), []byte("[1]")) {
			t.Errorf("%q: the last claim's citation was not read: %+v", src, doc.Citations)
		}
	}
}

// FuzzMDXLikeMarkdown: where nothing is indented four columns and there is
// no tag, no admonition marker (MkDocs syntax, read in Markdown only:
// admonition.go) and no fence that could open a MyST directive (myst.go,
// Markdown only), MDX and Markdown read a document alike.
func FuzzMDXLikeMarkdown(f *testing.F) {
	for _, s := range plainSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if bytes.Contains(src, []byte("    ")) || bytes.ContainsAny(src, "\t<") || bytes.Contains(src, []byte("/*")) {
			return // MDX reads {/* ... */} as a comment
		}
		for _, marker := range []string{"!!!", "???", "==="} {
			if bytes.Contains(src, []byte(marker)) {
				return
			}
		}
		if bytes.Contains(src, []byte("{")) && (bytes.Contains(src, []byte("```")) || bytes.Contains(src, []byte("~~~")) || bytes.Contains(src, []byte(":::"))) {
			return
		}
		got, want := Parse(src, Options{MDX: true}), Parse(src, Options{})
		if !reflect.DeepEqual(got, want) {
			t.Errorf("MDX reads %q otherwise:\n got: %+v\nwant: %+v", src, got, want)
		}
	})
}

func TestIsAdmonitionMarker(t *testing.T) {
	for _, tt := range []struct {
		line string
		want bool
	}{
		{`!!! note`, true},
		{`!!! note "Title"`, true},
		{`!!! danger highlight ""`, true},
		{`!!! abstract "Dependencies"  ` + "\n", true},
		{`??? note`, true},
		{`???+ tip "Open by default"`, true},
		{`=== "Tab one"`, true},
		{`===+ "Tab"`, true},
		{`=== "Tab" x`, false},
		{`=== Tab`, false},
		{`!!!`, false},
		{`!!! "Title only"`, false},
		{`!!! Warning !!! The dam failed in 1999 [1].`, false},
		{`??? why did the dam fail in 1999 [1]?`, false},
		{`!!! note "unclosed`, false},
		{`!!!note`, true}, // Python-Markdown's "!!! ?"
		{`===+"Tab"`, false},
		{`!! note`, false},
	} {
		if got := isAdmonitionMarker([]byte(tt.line)); got != tt.want {
			t.Errorf("isAdmonitionMarker(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

func TestMDXComments(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want []string // the comments' text
	}{
		{"A {/* [1] */} b.", []string{"{/* [1] */}"}},
		{"{ /* spaced */ }", []string{"{ /* spaced */ }"}},
		{"{/*\n  two\n\n  paragraphs [2]\n*/}\nText.", []string{"{/*\n  two\n\n  paragraphs [2]\n*/}"}},
		{"{/* one */} and {/** two */}", []string{"{/* one */}", "{/** two */}"}},
		{"/* no brace */ [1]", nil},                  // a C comment in prose is text
		{"{/* never closed [1]", nil},                // no closer
		{"{/* close without brace */ [1]", nil},      // "*/" not followed by "}"
		{"```js\n{/* in code */}\n```\nProse.", nil}, // fenced code is code
		{"  ~~~\n  {/* in code */}\n  ~~~\n{/* after */}", []string{"{/* after */}"}},
		{"{/* opened in prose\n```\ncode */}\n```\n", nil}, // the closer lies past a fence
		{"```\n{/* unclosed fence */}", nil},               // an unclosed fence runs to the end
		{"```\n```\n{/* x */}", []string{"{/* x */}"}},
		{"{/*/} a */}", []string{"{/*/} a */}"}},
	} {
		var got []string
		for _, c := range mdxComments([]byte(tt.src)) {
			got = append(got, tt.src[c.Start:c.End])
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("mdxComments(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

// FuzzMDXComments: comments are in order, apart, inside the source, open
// with "{" and "/*" and close with "*/" and "}"; blanking them keeps the
// length and every line end, and changes nothing of a Markdown parse.
func FuzzMDXComments(f *testing.F) {
	for _, s := range []string{"A {/* [1] */} b.", "```\n{/* x */}\n```\n{/* y */}", "{/*{/*}*/}*/}", "{ /*\n*/\n}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		end := 0
		for _, c := range mdxComments(src) {
			if c.Start < end || c.End > len(src) || c.Start >= c.End {
				t.Fatalf("comment %+v out of order or range in %q", c, src)
			}
			body := bytes.TrimSpace(src[c.Start+1 : c.End-1])
			if src[c.Start] != '{' || src[c.End-1] != '}' || !bytes.HasPrefix(body, []byte("/*")) || !bytes.HasSuffix(body, []byte("*/")) || len(body) < 4 {
				t.Fatalf("comment %q in %q", src[c.Start:c.End], src)
			}
			end = c.End
		}
		work := blankMDXComments(src, nil)
		if len(work) != len(src) || bytes.Count(work, []byte("\n")) != bytes.Count(src, []byte("\n")) {
			t.Fatalf("blanking changed the length or the lines of %q", src)
		}
		if !bytes.Contains(src, []byte("/*")) && !bytes.Equal(work, src) {
			t.Fatalf("blanked %q", src)
		}
	})
}

// mdxCommentShapes are inputs where a careless comment finder is
// quadratic: openings with no closer, closers with no brace, openings
// before a fence whose closer lies past it.
var mdxCommentShapes = []struct {
	name string
	unit string
}{
	{"openings", "{/* "},
	{"closers-without-brace", "{/* */ "},
	{"openings-before-fences", "{/* x\n```\n```\n*/}\n"},
	{"comments", "{/**/}"},
	{"fenced-openings", "```\n{/*\n```\n"},
}

func TestMDXCommentsLinear(t *testing.T) {
	for _, s := range mdxCommentShapes {
		src := []byte(strings.Repeat(s.unit, 200_000/len(s.unit)))
		hangguard.Run(t, "mdxComments "+s.name, func() {
			_ = Parse(src, Options{MDX: true})
		})
	}
}

// BenchmarkMDXComments: ns/byte stays flat from n to 2n to 4n.
//
//	go test -run '^$' -bench MDXComments -benchtime 1x ./markdown/
func BenchmarkMDXComments(b *testing.B) {
	for _, s := range mdxCommentShapes {
		for _, n := range []int{100_000, 200_000, 400_000} {
			src := []byte(strings.Repeat(s.unit, n/len(s.unit)))
			b.Run(fmt.Sprintf("%s=%d", s.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					mdxComments(src)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(src)), "ns/byte")
			})
		}
	}
}
