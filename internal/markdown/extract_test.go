package markdown_test

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/wanttest"
	"github.com/citelint/citelint/result"
)

// TestExtractGolden parses every testdata/extract/*.md file and checks that
// the citations outside reference lists are exactly those the file's
// <!-- want kind:label "status target" --> comments expect, line by line.
func TestExtractGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/extract/*.md*")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			wants, src, err := wanttest.Parse(raw)
			if err != nil {
				t.Fatal(err)
			}
			doc := markdown.Parse(src, markdown.Options{MDX: filepath.Ext(f) == ".mdx"})
			resolve.Resolve(doc, nil)
			idx := result.NewLineIndex(src)
			var got []wanttest.Got
			for _, c := range doc.Citations {
				if c.InReferences {
					continue
				}
				label := strings.ReplaceAll(c.Label, " ", "_")
				got = append(got, wanttest.Got{
					Line: idx.Position(c.Start).Line,
					Key:  c.Kind.String() + ":" + label,
					Msg:  c.Status.String() + " " + c.Target + " " + c.Problem(),
				})
			}
			wanttest.Check(t, f, wants, got)
		})
	}
}

func parse(s string) *markdown.Document {
	doc := markdown.Parse([]byte(s), markdown.Options{})
	resolve.Resolve(doc, nil)
	return doc
}

func TestCitationSpans(t *testing.T) {
	tests := []struct {
		src      string
		raw      []string // text of each citation's own span, in order
		markers  []string // text of each citation's marker
		wantCols []int    // UTF-16 start columns
	}{
		{"Claim [1].", []string{"[1]"}, []string{"[1]"}, []int{7}},
		{"Claim [1, 2].", []string{"1", "2"}, []string{"[1, 2]", "[1, 2]"}, []int{8, 11}},
		{"Range [4-6].", []string{"4-6", "4-6", "4-6"}, []string{"[4-6]", "[4-6]", "[4-6]"}, []int{8, 8, 8}},
		{"Ünïcödé 😀 [18]", []string{"[18]"}, []string{"[18]"}, []int{12}},
		{"Keys [REF|a|b].", []string{"a", "b"}, []string{"[REF|a|b]", "[REF|a|b]"}, []int{11, 13}},
		{"Trailing doi:10.1000/xyz123.", []string{"doi:10.1000/xyz123"}, []string{"doi:10.1000/xyz123"}, []int{10}},
		{"Split over\na line [2,\n3].", []string{"2", "3"}, []string{"[2,\n3]", "[2,\n3]"}, []int{9, 1}},                                                                                     // a group wrapped over a line break
		{"Maintainer: [@someone]https://github.com/someone) and [@key].", []string{"https://github.com/someone", "[@key]"}, []string{"https://github.com/someone", "[@key]"}, []int{23, 55}}, // a link that lost its "(" names a person
		{"[See this thread for\nmore][nowhere].", nil, nil, nil},                                                                                                                             // link text that wraps is not a citation
		{"As [@a;\n@b; @c] say.", []string{"@a", "@b", "@c"}, []string{"[@a;\n@b; @c]", "[@a;\n@b; @c]", "[@a;\n@b; @c]"}, []int{5, 1, 5}},
	}
	for _, tt := range tests {
		doc := parse(tt.src)
		idx := result.NewLineIndex([]byte(tt.src))
		var raw, markers []string
		var cols []int
		for _, c := range doc.Citations {
			raw = append(raw, tt.src[c.Start:c.End])
			markers = append(markers, tt.src[c.Marker.Start:c.Marker.End])
			cols = append(cols, idx.Position(c.Start).Column)
		}
		if strings.Join(raw, "|") != strings.Join(tt.raw, "|") || strings.Join(markers, "|") != strings.Join(tt.markers, "|") {
			t.Errorf("%q: spans %q markers %q, want %q %q", tt.src, raw, markers, tt.raw, tt.markers)
		}
		for i := range cols {
			if i < len(tt.wantCols) && cols[i] != tt.wantCols[i] {
				t.Errorf("%q: citation %d at column %d, want %d", tt.src, i, cols[i], tt.wantCols[i])
			}
		}
	}
}

func TestClaimAttachment(t *testing.T) {
	tests := []struct {
		src  string
		want []string // each claim's text followed by its citation labels
	}{
		{"Another claim. [2] Next one here.", []string{"Another claim. [2]:2", "Next one here.:"}},
		{"First claim [1]. Second claim.[2]", []string{"First claim [1].:1", "Second claim.[2]:2"}},
		{"Riess et al. found H0 = 73.0 km/s [3]. Later work disagreed.", []string{"Riess et al. found H0 = 73.0 km/s [3].:3", "Later work disagreed.:"}},
		{"这是第一句[1]。这是第二句。", []string{"这是第一句[1]。:1", "这是第二句。:"}},
	}
	for _, tt := range tests {
		doc := parse(tt.src)
		var got []string
		for i, cl := range doc.Claims {
			s := tt.src[cl.Start:cl.End] + ":"
			for _, c := range doc.CitationsOf(i) {
				s += c.Label
			}
			got = append(got, s)
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%q:\n got %q\nwant %q", tt.src, got, tt.want)
		}
	}
}

func TestReferenceSections(t *testing.T) {
	src := `Text [1] and [2].

**Works cited**

1. Alpha, "A Study of Things", https://example.org/a
2. Beta: https://doi.org/10.1000/B
`
	doc := parse(src)
	if len(doc.Sections) != 1 || doc.Sections[0].Title != "Works cited" {
		t.Fatalf("sections = %+v", doc.Sections)
	}
	var entries []markdown.Reference
	for _, r := range doc.References {
		if r.Kind == markdown.RefEntry {
			entries = append(entries, r)
		}
	}
	if len(entries) != 2 || entries[0].Label != "1" || entries[0].Title != "A Study of Things" || entries[1].DOI != "10.1000/b" {
		t.Fatalf("entries = %+v", entries)
	}
	for _, c := range doc.Citations {
		if !c.InReferences && c.Status != markdown.Resolved {
			t.Errorf("citation %s: %v", c.Label, c.Status)
		}
	}
	// Claims never come from the reference list.
	for _, cl := range doc.Claims {
		if strings.Contains(src[cl.Start:cl.End], "Alpha") {
			t.Errorf("claim from reference list: %q", src[cl.Start:cl.End])
		}
	}
}

func TestPerSectionSourceLists(t *testing.T) {
	src := "## A\n\nClaim [1].\n\n### Sources\n\n[1] First A, https://a.example/1\n\n## B\n\nClaim [1].\n\n### Sources\n\n[1] First B, https://b.example/1\n"
	doc := parse(src)
	var targets []string
	for _, c := range doc.Citations {
		if !c.InReferences {
			targets = append(targets, c.Target)
		}
	}
	if strings.Join(targets, " ") != "https://a.example/1 https://b.example/1" {
		t.Errorf("targets = %q", targets)
	}
}

func TestCommentsAndFrontMatter(t *testing.T) {
	src := "---\nbibliography: [refs.bib, more.json]\n---\nText. <!-- citelint-disable-line x -->\n\n<!-- own line -->\n"
	doc := parse(src)
	if strings.Join(doc.Bibliography, ",") != "refs.bib,more.json" {
		t.Errorf("bibliography = %q", doc.Bibliography)
	}
	if len(doc.Comments) != 2 || doc.Comments[0].Text != "citelint-disable-line x" || doc.Comments[0].OwnLine || !doc.Comments[1].OwnLine {
		t.Errorf("comments = %+v", doc.Comments)
	}
	toml := parse("+++\ntitle = \"x [9]\"\nbibliography = [\"a.bib\", 'b.json']\n+++\nText [1].\n\n[1]: https://x.org\n")
	if strings.Join(toml.Bibliography, ",") != "a.bib,b.json" || len(toml.Citations) != 1 || toml.Citations[0].Label != "1" {
		t.Errorf("TOML front matter: bibliography %q, citations %+v", toml.Bibliography, toml.Citations)
	}
	bad := parse("---\nbibliography: [unclosed\n---\nText.\n")
	if len(bad.Diagnostics) != 1 {
		t.Errorf("diagnostics = %+v", bad.Diagnostics)
	}
}

func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/extract/*.md*")
	for _, s := range seeds {
		b, _ := os.ReadFile(s)
		f.Add(b)
	}
	f.Add([]byte("[^a]\n\n[^a]: x\n[^a]: y"))
	f.Add([]byte("\xEF\xBB\xBF---\nx: [\n---\n"))
	f.Add([]byte("(Smith, 2020; ) [1-] [REF|] 【†】 {cite}`` [@] .1, "))
	f.Add([]byte(">>>>>\t #"))
	f.Add([]byte("[#]_ [*]_ [a-b]_\n\n.. [#] x\n  .. [*]\n.. [a-b] y [#]_"))
	f.Add([]byte("Cites [1], [2, 3] and [4].\n\n[1] a\n\nnote\n\n[2] [3] b\n\nhttps://b.org\n\n[4] c\n"))
	f.Add([]byte("Text [1] [2].\n\n[1] [2] a.org\n\n\n\nhttps://a.org/x\n\n[3] b\n\nnot a url\n"))
	f.Add([]byte("Text [3], [1].\n\n- [3] A - https://a.org\n- [1] B - https://b.org\n  - https://c.org\n- [2] C - https://c.org\n- [1] D - https://d.org\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		checkParse(t, src, false)
		checkParse(t, src, true)
	})
}

// checkParse checks that src's Document, as Markdown or as MDX, has its
// spans inside src and in order, and its indexes in range.
func checkParse(t *testing.T, src []byte, mdx bool) {
	{
		doc := markdown.Parse(src, markdown.Options{KnownKey: func(string) bool { return true }, MDX: mdx})
		resolve.Resolve(doc, nil)
		n := len(src)
		for _, c := range doc.Citations {
			if c.Start < 0 || c.End > n || c.Start > c.End || c.Marker.Start > c.Start || c.Marker.End < c.End {
				t.Fatalf("bad citation span %+v in %q", c, src)
			}
			if int(c.Claim) >= len(doc.Claims) || int(c.Ref) >= len(doc.References) {
				t.Fatalf("bad index %+v", c)
			}
			// placeCitations agrees with the sentence the citation is in.
			heading, quote := false, false
			if c.Claim >= 0 {
				heading, quote = doc.Claims[c.Claim].Heading, doc.Claims[c.Claim].Quote
			}
			if !c.InReferences && (c.InHeading != heading || c.InQuote != quote) {
				t.Fatalf("citation %+v: InHeading, InQuote = %v, %v; its sentence's %v, %v in %q", c, c.InHeading, c.InQuote, heading, quote, src)
			}
		}
		// Without sentences, the same citations with the same places.
		lean := markdown.Parse(src, markdown.Options{KnownKey: func(string) bool { return true }, MDX: mdx, NoClaims: true})
		resolve.Resolve(lean, nil)
		if len(lean.Claims) != 0 || len(lean.Citations) != len(doc.Citations) {
			t.Fatalf("NoClaims: %d claims, %d citations; want 0, %d", len(lean.Claims), len(lean.Citations), len(doc.Citations))
		}
		for i := range lean.Citations {
			want := doc.Citations[i]
			want.Claim = -1
			if !reflect.DeepEqual(lean.Citations[i], want) {
				t.Fatalf("NoClaims: citation %+v, want %+v", lean.Citations[i], want)
			}
		}
		// Code blocks in source order, apart, inside the source: inCodeBlock
		// binary-searches them.
		for i, cb := range doc.CodeBlocks {
			if cb.Start < 0 || cb.End > n || cb.Start > cb.End || i > 0 && cb.Start < doc.CodeBlocks[i-1].End ||
				cb.Lang.Start > cb.Lang.End || cb.Lang.End > cb.Start || bytes.ContainsAny(src[cb.Lang.Start:cb.Lang.End], " \t{") {
				t.Fatalf("bad code block %d %+v (blocks %+v) in %q", i, cb, doc.CodeBlocks, src)
			}
		}
		for i, cl := range doc.Claims {
			if cl.Start < 0 || cl.End > n || cl.Start >= cl.End {
				t.Fatalf("bad claim span %+v", cl)
			}
			if i > 0 && cl.Start < doc.Claims[i-1].End {
				t.Fatalf("overlapping claims %+v %+v", doc.Claims[i-1], cl)
			}
		}
		for _, r := range doc.References {
			if r.Span.Start < 0 || r.Span.End > n || r.Span.Start > r.Span.End {
				t.Fatalf("bad reference span %+v", r)
			}
		}
		for _, h := range doc.Headings {
			if h.Span.Start < 0 || h.Span.End > n || h.Span.Start > h.Span.End {
				t.Fatalf("bad heading span %+v in %q", h, src)
			}
		}
	}
}

// TestNestedSectionsParseEntriesOnce: a reference heading nested under
// another must not list each entry twice (which made one copy "unused").
func TestNestedSectionsParseEntriesOnce(t *testing.T) {
	doc := parse("Text [1].\n\n## 十、参考文献\n\n### Sources\n\n[1] A: https://a.example\n[2] B: https://b.example\n")
	entries := 0
	for _, r := range doc.References {
		if r.Kind == markdown.RefEntry {
			entries++
		}
	}
	if entries != 2 {
		t.Errorf("got %d entries, want 2: %+v", entries, doc.References)
	}
}

// TestBibliographyHook: Options.Bibliography is called once, before the
// body is read, when the front matter names bibliography files, and the
// KnownKey it returns decides bare @keys; without a bibliography it is not
// called and Options.KnownKey stands.
func TestBibliographyHook(t *testing.T) {
	for _, tt := range []struct {
		src       string
		wantCalls int
		wantNames []string
		want      []string // labels of narrative citations
	}{
		{"---\nbibliography: [a.bib, b.json]\n---\n\n@known and @other.\n", 1, []string{"a.bib", "b.json"}, []string{"known"}},
		{"---\ntitle: x\n---\n\n@known and @other.\n", 0, nil, []string{"other"}},
		{"@known and @other.\n", 0, nil, []string{"other"}},
	} {
		calls := 0
		var names []string
		opts := markdown.Options{
			KnownKey: func(k string) bool { return k == "other" },
			Bibliography: func(doc *markdown.Document) func(string) bool {
				calls++
				names = doc.Bibliography
				if doc.FrontMatter.End == 0 {
					t.Errorf("%q: hook called before the front matter was read", tt.src)
				}
				return func(k string) bool { return k == "known" }
			},
		}
		doc := markdown.Parse([]byte(tt.src), opts)
		var got []string
		for _, c := range doc.Citations {
			if c.Scheme == "narrative" {
				got = append(got, c.Label)
			}
		}
		if calls != tt.wantCalls || !slices.Equal(names, tt.wantNames) || !slices.Equal(got, tt.want) {
			t.Errorf("%q: calls %d names %q citations %q; want %d %q %q", tt.src, calls, names, got, tt.wantCalls, tt.wantNames, tt.want)
		}
	}
}

// TestBareKeysOutsideBrackets: a known @key is a narrative citation in
// prose, and part of its marker inside brackets ("[@a; @b]" cites b once,
// not twice: the bare-key scan read the "@b" after "; " again).
func TestBareKeysOutsideBrackets(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want []string // each pandoc citation's label and scheme
	}{
		{"Text [@x; @y] and [@y].", []string{"x", "y", "y"}},
		{"As @x shows [see @y, p. 3].", []string{"x/narrative", "y"}},
		{"[Note: @x] and @y.", []string{"x", "y/narrative"}}, // pandoc's prefix: "Note:" before the key
		{"[@x] @y [@x; @y]", []string{"x", "y/narrative", "x", "y"}},
	} {
		doc := markdown.Parse([]byte(tt.src), markdown.Options{KnownKey: func(string) bool { return true }})
		var got []string
		for _, c := range doc.Citations {
			if c.Kind == markdown.KindPandoc {
				l := c.Label
				if c.Scheme != "" {
					l += "/" + c.Scheme
				}
				got = append(got, l)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: pandoc citations %q, want %q", tt.src, got, tt.want)
		}
	}
}
