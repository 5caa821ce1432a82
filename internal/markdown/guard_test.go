package markdown

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/markdown/frontmatter"
	"github.com/citelint/citelint/internal/markdown/guard"
)

// TestGuardKeepsOffsets: a neutralised document keeps its bytes and its
// offsets; the diagnostic names the line; what follows the guarded
// paragraph is read as usual.
func TestGuardKeepsOffsets(t *testing.T) {
	src := "Intro.\n\n" + strings.Repeat("[a](", 100000) + "\n\nA later claim [1].\n\n[1]: https://example.org/1\n"
	doc := Parse([]byte(src), Options{})
	if string(doc.Src) != src {
		t.Fatal("Parse changed the document's bytes")
	}
	var diag *Diagnostic
	for i := range doc.Diagnostics {
		if doc.Diagnostics[i].Kind == DiagParseGuard {
			diag = &doc.Diagnostics[i]
		}
	}
	if diag == nil || !strings.Contains(diag.Message, "line 3: 100000 link destinations that never close") {
		t.Fatalf("diagnostics %+v", doc.Diagnostics)
	}
	found := false
	for _, c := range doc.Citations {
		if c.Label == "1" && src[c.Start:c.End] == "[1]" && !c.InReferences {
			found = true
		}
	}
	if !found {
		t.Errorf("the citation after the guarded paragraph was not read: %+v", doc.Citations)
	}
}

// FuzzFrontMatterBlanked: a front matter changes the document only in
// FrontMatter, Bibliography and its own diagnostics: Parse gives what it
// gives for the input with the front matter blanked to spaces. Skipping
// the front matter instead of blanking it in a copy (4fb889b) broke this:
// the walker's math and MyST role scans read the text across it, so a "$"
// in the front matter paired with one in the body and hid the citations
// between. A front matter also dropped the input guards' diagnostics.
func FuzzFrontMatterBlanked(f *testing.F) {
	for _, s := range []string{
		"---\ntitle: x\n---\n# Title\n\nText [1].\n\n1. Ref\n",
		"---\nbibliography: refs.bib\n---\nSee [@key].\n",
		"+++\ntitle = 'x'\n+++\n[a]: https://example.com\n",
		"---\r\ntitle: x\r\n---\r\n    indented\r\n",
		"---\na: [\n---\ntext\n",
		"---\n---\n> quote [^1]\n\n[^1]: note\n",
		"---\ntitle: x\n---\n```\ncode\n",
		"---\ntitle: Plans from $5 a month\n---\nThe basic plan [2] costs 10 US$.\n\n## References\n\n1. Pricing page. https://example.com/pricing\n",
		"---\nx: \"{cite:\"\n---\n}`key` text\n",
		"---\nx: `a\n---\nb` [1] c\n",
		"---\n---\n" + strings.Repeat("[", 257),
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, mdx bool) {
		src := []byte(s)
		fm, ok := frontmatter.Find(src, 0)
		if !ok {
			return
		}
		blanked := bytes.Clone(src)
		guard.Blank(blanked[fm.Start:fm.End])
		got, want := Parse(src, Options{MDX: mdx}), Parse(blanked, Options{MDX: mdx})
		_, fmDiags := frontmatter.Read(src, fm)
		if len(got.Diagnostics) < len(fmDiags) || len(fmDiags) > 0 && !reflect.DeepEqual(got.Diagnostics[:len(fmDiags)], fmDiags) {
			t.Fatalf("%q: diagnostics %v do not start with the front matter's %v", s, got.Diagnostics, fmDiags)
		}
		got.Diagnostics = got.Diagnostics[len(fmDiags):]
		if len(got.Diagnostics) == 0 {
			got.Diagnostics = nil
		}
		got.Src, got.FrontMatter, got.Bibliography = nil, Span{}, nil
		want.Src = nil
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q (mdx %v): the front matter changed the document:\n got %+v\nwant %+v", s, mdx, got, want)
		}
	})
}

// FuzzBibliographyHookOnce holds Options.Bibliography to what it replaced:
// parsing once to read the front matter's bibliography, then again with the
// KnownKey it gives. The hook must give the same Document in one parse.
func FuzzBibliographyHookOnce(f *testing.F) {
	for _, s := range []string{
		"---\nbibliography: refs.bib\n---\nAs @ab showed and @abc did [@ab; @x].\n",
		"---\nbibliography: [a.bib, b.json]\n---\n# R\n\n@cd said $x$ @cd.\n\n1. Ref\n",
		"+++\nbibliography = \"refs.bib\"\n+++\n@ab @abcd {cite}`ab`\n",
		"---\nbibliography: refs.bib\n---\n" + strings.Repeat("[", 257) + " @ab\n",
		"---\nbibliography: refs.bib\ntitle: $5\n---\ncosts 10 US$ @ab [2]\n",
		"---\nbibliography:\n---\n@ab\n",
		"@ab without front matter\n",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	known := func(k string) bool { return len(k)%2 == 0 }
	f.Fuzz(func(t *testing.T, s string, mdx bool) {
		src := []byte(s)
		want := Parse(src, Options{MDX: mdx})
		if len(want.Bibliography) > 0 {
			want = Parse(src, Options{MDX: mdx, KnownKey: known})
		}
		calls := 0
		got := Parse(src, Options{MDX: mdx, Bibliography: func(*Document) func(string) bool {
			calls++
			return known
		}})
		if calls > 1 || (calls == 1) != (len(want.Bibliography) > 0) {
			t.Fatalf("%q: hook called %d times for bibliography %q", s, calls, want.Bibliography)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q (mdx %v): one parse with the hook differs from two:\n got %+v\nwant %+v", s, mdx, got, want)
		}
	})
}
