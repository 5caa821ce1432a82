package dialect

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
		work := BlankMDXComments(src, nil)
		if len(work) != len(src) || bytes.Count(work, []byte("\n")) != bytes.Count(src, []byte("\n")) {
			t.Fatalf("blanking changed the length or the lines of %q", src)
		}
		if !bytes.Contains(src, []byte("/*")) && !bytes.Equal(work, src) {
			t.Fatalf("blanked %q", src)
		}
	})
}
