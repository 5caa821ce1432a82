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
		if cell, line := m.Cell(doc, off); cell != tt.cell || line != tt.line {
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

func TestMarkdownErrors(t *testing.T) {
	tests := []struct {
		name, src string
		line      int
		msg       string
	}{
		{"not JSON", "# a Markdown file named .ipynb\n", 1, "invalid character"},
		{"truncated", "{\n \"cells\": [\n  {\"cell_type\": \"markdown\",\n", 3, "unexpected EOF"},
		{"no cells", `{"worksheets": []}`, 1, `no "cells"`},
		{"source of numbers", "{\"cells\": [\n{\"cell_type\": \"markdown\", \"source\": [1]}]}", 2, "cell 1"},
		{"array at the top", `[1, 2]`, 1, "want"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Markdown([]byte(tt.src))
			var ne *Error
			if !errors.As(err, &ne) {
				t.Fatalf("err = %v, want a *notebook.Error", err)
			}
			if ne.Line != tt.line || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("err = %v (line %d), want line %d and %q", err, ne.Line, tt.line, tt.msg)
			}
		})
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
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, m, err := Markdown(src)
		if err != nil {
			return
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
