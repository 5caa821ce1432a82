package notebook

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// A notebook as Jupyter writes it (nbformat 4, indent 1).
const sample = `{
 "cells": [
  {
   "cell_type": "raw",
   "metadata": {},
   "source": [
    "---\n",
    "bibliography: refs.bib\n",
    "---"
   ]
  },
  {
   "cell_type": "markdown",
   "metadata": {},
   "source": [
    "# Results\n",
    "\n",
    "Caf\u00e9 \"quoted\" growth [@smith2020].\n"
   ]
  },
  {
   "cell_type": "code",
   "execution_count": 1,
   "metadata": {},
   "outputs": [{"output_type": "stream", "text": ["[@not-a-citation]\n"]}],
   "source": ["x = '[@doe99]'"]
  },
  {
   "source": "Emoji \ud83d\ude00 then [1].\n\n[1]: https://example.org",
   "cell_type": "markdown",
   "metadata": {}
  }
 ],
 "metadata": {"kernelspec": {"name": "python3"}},
 "nbformat": 4,
 "nbformat_minor": 5
}
`

func TestMarkdown(t *testing.T) {
	doc, m, err := Markdown([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	want := "---\nbibliography: refs.bib\n---\n\n# Results\n\nCafé \"quoted\" growth [@smith2020].\n\nEmoji 😀 then [1].\n\n[1]: https://example.org\n\n"
	if string(doc) != want {
		t.Fatalf("doc =\n%q\nwant\n%q", doc, want)
	}
	tests := []struct {
		find     string // in the document
		fileText string // what the file holds at the mapped offset
		cell     int
		line     int
	}{
		{"bibliography", "bibliography: refs.bib", 1, 2},
		{"# Results", "# Results", 2, 1},
		{"[@smith2020]", "[@smith2020]", 2, 3},
		{"é", `\u00e9`, 2, 3},
		{`"quoted"`, `\"quoted\"`, 2, 3},
		{"[1].", "[1].", 4, 1},
		{"😀", `\ud83d\ude00`, 4, 1},
		{"[1]: https", "[1]: https", 4, 3},
	}
	for _, tt := range tests {
		off := bytes.Index(doc, []byte(tt.find))
		if off < 0 {
			t.Fatalf("%q not in the document", tt.find)
		}
		fo := m.FileOffset(off)
		if !strings.HasPrefix(sample[fo:], tt.fileText) {
			t.Errorf("%q maps to file offset %d, which holds %q, want %q", tt.find, fo, sample[fo:min(fo+20, len(sample))], tt.fileText)
		}
		cell, start := m.Cell(off)
		if line := 1 + bytes.Count(doc[start:off], []byte{'\n'}); cell != tt.cell || line != tt.line {
			t.Errorf("%q is in cell %d line %d, want cell %d line %d", tt.find, cell, line, tt.cell, tt.line)
		}
	}
	if bytes.Contains(doc, []byte("doe99")) || bytes.Contains(doc, []byte("not-a-citation")) {
		t.Error("code cells and outputs must not be linted")
	}
	// The end of the document maps inside the file, at the last cell's closing quote.
	if fo := m.FileOffset(len(doc)); fo <= 0 || fo >= len(sample) || sample[fo] != '"' {
		t.Errorf("end of document maps to %d", fo)
	}
}

// TestMarkdownErrors: a file that is not a notebook at all is an *Error
// naming the line (and offset) where reading it failed.
func TestMarkdownErrors(t *testing.T) {
	big := strings.Repeat("7", 1<<20)
	tests := []struct {
		name, src string
		line      int
		msg       string
	}{
		{"not JSON", "# a Markdown file named .ipynb\n", 1, "invalid character"},
		{"empty", "", 1, "the file is empty"},
		{"white space only", "\n  \n", 1, "the file is empty"},
		{"truncated", "{\n \"cells\": [\n  {\"cell_type\": \"markdown\",\n", 3, "ends before the notebook does"},
		{"truncated in a string", "{\"cells\": [{\"source\": \"abc", 1, "ends before the notebook does"},
		{"truncated in a string, then a newline", "{\"cells\": [{\"source\": \"abc\n", 1, "ends before the notebook does"},
		{"junk at the end", "{\"cells\": [] x\n", 1, "invalid character 'x'"},
		{"no cells", `{"metadata": {}, "nbformat": 4}`, 1, `no "cells"`},
		{"array at the top", `[1, 2]`, 1, "want '{', found a list"},
		{"cells an object", "{\n\"cells\": {}}", 2, "want '[', found an object"},
		{"a Git LFS pointer", "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 12345\n", 1, "invalid character"},
		{"huge number for cells", `{"cells": ` + big + `}`, 1, "want '[', found 77777777777777777777777777777777… (1048576 bytes)"},
		{"huge string for cells", `{"cells": "` + big + `"}`, 1, `found "77777777777777777777777777777777… (1048576 bytes)"`},
		{"huge key-less value", `{` + big + `}`, 1, "invalid character"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Markdown([]byte(tt.src))
			var ne *Error
			if !errors.As(err, &ne) {
				t.Fatalf("err = %v, want a *notebook.Error", err)
			}
			if ne.Line != tt.line || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("err = %.200v (line %d), want line %d and %q", err, ne.Line, tt.line, tt.msg)
			}
			if ne.Offset < 0 || ne.Offset > len(tt.src) || 1+strings.Count(tt.src[:ne.Offset], "\n") != ne.Line {
				t.Errorf("offset %d is not on line %d", ne.Offset, ne.Line)
			}
			if len(err.Error()) > 200 {
				t.Errorf("message of %d bytes: the file's text is quoted, not clipped", len(err.Error()))
			}
		})
	}
}

// TestMarkdownProblems: a cell of the wrong shape is skipped and named,
// at the value at fault, and the other cells are read.
func TestMarkdownProblems(t *testing.T) {
	good := `{"cell_type": "markdown", "source": "Kept [1]."}`
	big := strings.Repeat("9", 1<<20)
	tests := []struct {
		name, cell string
		at         string // the file holds this at the problem's offset
		msg        string
	}{
		{"cell_type a number", `{"cell_type": 5, "source": "x"}`, `5,`, `cell 2: "cell_type" is 5, not a string: the cell is not read`},
		{"cell_type an object", `{"source": "x", "cell_type": {"a": 1}}`, `{"a"`, `cell 2: "cell_type" is an object, not a string`},
		{"cell_type null", `{"cell_type": null, "source": "x"}`, `null`, `"cell_type" is null`},
		{"cell_type a huge number", `{"cell_type": ` + big + `, "source": "x"}`, `999`, `"cell_type" is 99999999999999999999999999999999… (1048576 bytes), not a string`},
		{"source a number", `{"cell_type": "markdown", "source": 12}`, `12}`, `cell 2: "source" is 12, neither text nor a list of strings`},
		{"source of numbers", `{"cell_type": "markdown", "source": ["a", 1, ["b"]]}`, `1,`, `cell 2: "source" holds 1, not a string`},
		{"source holds a list", `{"cell_type": "markdown", "source": [["b"]]}`, `[["b"]]`[1:], `"source" holds a list`},
		{"cell a number", `7`, `7`, `cell 2: 7, not an object`},
		{"cell a string", `"# Title"`, `"# Title"`, `cell 2: "# Title", not an object`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "{\"cells\": [\n" + good + ",\n" + tt.cell + ",\n" + good + "\n]}"
			doc, m, err := Markdown([]byte(src))
			if err != nil {
				t.Fatalf("err = %.200v, want the notebook read", err)
			}
			if want := "Kept [1].\n\nKept [1].\n\n"; string(doc) != want {
				t.Errorf("doc = %q, want %q: the good cells read, the bad one not", doc, want)
			}
			ps := m.Problems()
			if len(ps) != 1 {
				t.Fatalf("problems = %v, want one", ps)
			}
			p := ps[0]
			if p.Cell != 2 || !strings.Contains(p.Msg, tt.msg) || !strings.HasPrefix(src[p.Offset:], tt.at) {
				t.Errorf("problem = cell %d %q at %q, want cell 2 %q at %q", p.Cell, p.Msg, src[p.Offset:min(p.Offset+10, len(src))], tt.msg, tt.at)
			}
			if len(p.Msg) > 200 {
				t.Errorf("message of %d bytes: the file's text is quoted, not clipped", len(p.Msg))
			}
		})
	}
}

// nbformat3 is a notebook as IPython 1 and 2 wrote it: cells inside
// worksheets, and heading cells with a level.
const nbformat3 = `{
 "metadata": {"name": ""},
 "nbformat": 3,
 "nbformat_minor": 0,
 "worksheets": [
  {
   "cells": [
    {
     "cell_type": "heading",
     "level": 2,
     "metadata": {},
     "source": ["Results"]
    },
    {
     "cell_type": "markdown",
     "metadata": {},
     "source": ["Growth was 5% [@smith2020].\n", "\n", "More text."]
    },
    {
     "cell_type": "code",
     "collapsed": false,
     "input": ["x = '[@doe99]'"],
     "language": "python",
     "metadata": {},
     "outputs": []
    },
    {
     "cell_type": "heading",
     "metadata": {},
     "source": ["No level"],
     "level": 9
    }
   ],
   "metadata": {}
  },
  {"cells": [{"cell_type": "markdown", "source": "Second sheet [2]."}]}
 ]
}
`

func TestMarkdownNbformat3(t *testing.T) {
	doc, m, err := Markdown([]byte(nbformat3))
	if err != nil {
		t.Fatal(err)
	}
	want := "## Results\n\nGrowth was 5% [@smith2020].\n\nMore text.\n\n###### No level\n\nSecond sheet [2].\n\n"
	if string(doc) != want {
		t.Fatalf("doc =\n%q\nwant\n%q", doc, want)
	}
	for _, tt := range []struct {
		find, fileText string
		cell           int
	}{
		{"## Results", `"Results"`, 1}, // the heading's marks map to its text's quote
		{"Results", "Results", 1},
		{"[@smith2020]", "[@smith2020]", 2},
		{"More text", "More text", 2},
		{"[2]", "[2]", 5},
	} {
		off := strings.Index(string(doc), tt.find)
		if fo := m.FileOffset(off); !strings.HasPrefix(nbformat3[fo:], tt.fileText) {
			t.Errorf("%q maps to %q, want %q", tt.find, nbformat3[fo:min(fo+20, len(nbformat3))], tt.fileText)
		}
		if cell, _ := m.Cell(off); cell != tt.cell {
			t.Errorf("%q is in cell %d, want %d", tt.find, cell, tt.cell)
		}
	}
	if len(m.Problems()) != 0 {
		t.Errorf("problems %v", m.Problems())
	}
}

func TestIs(t *testing.T) {
	for p, want := range map[string]bool{"a.ipynb": true, "dir/B.IPYNB": true, "a.md": false, "ipynb": false} {
		if Is(p) != want {
			t.Errorf("Is(%q) = %v", p, !want)
		}
	}
}

// FuzzMarkdown: any input is read without panic, every document offset
// maps into the file, and an unescaped byte maps to itself.
func FuzzMarkdown(f *testing.F) {
	f.Add([]byte(sample))
	f.Add([]byte(`{"cells":[{"cell_type":"markdown","source":"a\\u00e9\\n"}]}`))
	f.Add([]byte(`{"cells":[{"source":["\\ud83d"],"cell_type":"markdown"}]}`))
	// The odd shapes: empty, cut short, nbformat 3, a Git LFS pointer,
	// cells of the wrong shape, a long number.
	f.Add([]byte(""))
	f.Add([]byte("{\"cells\": [{\"cell_type\": \"mark"))
	f.Add([]byte(nbformat3))
	f.Add([]byte("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 12345\n"))
	f.Add([]byte(`{"cells":[{"cell_type":5,"source":"x"},7,{"cell_type":"markdown","source":[1,"a"]},{"cell_type":"heading","level":{},"source":""}]}`))
	f.Add([]byte(`{"cells":[{"cell_type":12345678901234567890123456789012345678901234567890}]}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, m, err := Markdown(src)
		if err != nil {
			var ne *Error
			if !errors.As(err, &ne) || ne.Offset < 0 || ne.Offset > len(src) {
				t.Fatalf("err = %v, want a *notebook.Error inside the file", err)
			}
			return
		}
		for _, p := range m.Problems() {
			if p.Offset < 0 || p.Offset >= len(src) || p.Cell < 1 {
				t.Fatalf("problem %+v outside the file (%d bytes)", p, len(src))
			}
		}
		for off := 0; off <= len(doc); off++ {
			fo := m.FileOffset(off)
			if fo < 0 || fo > len(src) {
				t.Fatalf("offset %d maps to %d, outside the file (%d bytes)", off, fo, len(src))
			}
			if off < len(doc) && fo < len(src) && src[fo] != '\\' && src[fo] != '"' && doc[off] < 0x80 && src[fo] != doc[off] {
				t.Fatalf("document byte %q at %d maps to file byte %q at %d", doc[off], off, src[fo], fo)
			}
		}
	})
}
