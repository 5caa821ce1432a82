package markdown

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/hangguard"
	"github.com/citelint/citelint/internal/markdown/dialect"
)

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
// dialect/admonition.go) and no fence that could open a MyST directive (dialect/myst.go,
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
//	go test -run '^$' -bench MDXComments -benchtime 1x ./internal/markdown/
func BenchmarkMDXComments(b *testing.B) {
	for _, s := range mdxCommentShapes {
		for _, n := range []int{100_000, 200_000, 400_000} {
			src := []byte(strings.Repeat(s.unit, n/len(s.unit)))
			b.Run(fmt.Sprintf("%s=%d", s.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					dialect.BlankMDXComments(src, src) // finds the comments, blanks a copy
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(src)), "ns/byte")
			})
		}
	}
}
