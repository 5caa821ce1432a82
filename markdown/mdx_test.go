package markdown

import (
	"bytes"
	"reflect"
	"testing"
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
		if bytes.Contains(src, []byte("    ")) || bytes.ContainsAny(src, "\t<") {
			return
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
