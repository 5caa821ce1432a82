// Package notebook reads the Markdown of Jupyter notebooks (.ipynb): the
// Markdown cells joined into one document that citelint lints like any
// other, and a map from offsets in that document back to the notebook
// file, so that every issue points at the line of the .ipynb an editor or
// a SARIF viewer opens, and names the cell.
//
// Like package markdown it does no I/O: bytes in, bytes and a map out.
package notebook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Is reports whether path names a Jupyter notebook.
func Is(path string) bool { return strings.EqualFold(filepath.Ext(path), ".ipynb") }

// Map turns offsets in the joined Markdown into offsets in the notebook.
type Map struct {
	segs  []segment // in document order
	cells []cellStart
}

// segment is one JSON string of a cell's source: the document bytes
// [doc, doc+len(raw)) came from the file offsets raw[i]; end is the file
// offset of its closing quote, where the blank line after a cell maps.
type segment struct {
	doc int
	raw []int32
	end int
}

type cellStart struct {
	doc    int // where the cell starts in the document
	number int // 1-based, counting every cell of the notebook
}

// FileOffset returns the offset in the notebook file of document offset off.
func (m *Map) FileOffset(off int) int {
	i := sort.Search(len(m.segs), func(i int) bool { return m.segs[i].doc > off }) - 1
	if i < 0 {
		if len(m.segs) == 0 {
			return 0
		}
		return int(m.segs[0].raw0())
	}
	s := m.segs[i]
	if k := off - s.doc; k < len(s.raw) {
		return int(s.raw[k])
	}
	return s.end
}

func (s segment) raw0() int32 {
	if len(s.raw) > 0 {
		return s.raw[0]
	}
	return int32(s.end)
}

// Cell returns the notebook cell (1-based, counting every cell) that
// document offset off lies in, and the line within that cell's source.
func (m *Map) Cell(doc []byte, off int) (cell, line int) {
	i := sort.Search(len(m.cells), func(i int) bool { return m.cells[i].doc > off }) - 1
	if i < 0 {
		return 0, 0
	}
	c := m.cells[i]
	if off > len(doc) {
		off = len(doc)
	}
	return c.number, 1 + bytes.Count(doc[c.doc:off], []byte{'\n'})
}

// Markdown returns the notebook's Markdown cells, each followed by a blank
// line so that no cell runs into the next, and the offset map. A leading
// raw cell that opens with "---" is Quarto's front matter and is kept, so
// that its bibliography is read. Code cells and outputs are skipped. An
// error names what is wrong and the line of the notebook where it is.
func Markdown(src []byte) ([]byte, *Map, error) {
	p := parser{src: src, dec: json.NewDecoder(bytes.NewReader(src)), m: &Map{}}
	if err := p.notebook(); err != nil {
		return nil, nil, p.positioned(err)
	}
	return p.doc, p.m, nil
}

type parser struct {
	src  []byte
	dec  *json.Decoder
	doc  []byte
	m    *Map
	cell int // cells seen so far
}

// Error is a notebook that cannot be read, with the line it fails at.
type Error struct {
	Line int
	Err  error
}

func (e *Error) Error() string {
	return fmt.Sprintf("line %d: not a Jupyter notebook: %v", e.Line, e.Err)
}
func (e *Error) Unwrap() error { return e.Err }

func (p *parser) positioned(err error) error {
	off := int(p.dec.InputOffset())
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = int(se.Offset)
	}
	if off > len(p.src) {
		off = len(p.src)
	}
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	return &Error{Line: 1 + bytes.Count(p.src[:off], []byte{'\n'}), Err: err}
}

func (p *parser) delim(want json.Delim) error {
	t, err := p.dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return fmt.Errorf("want %q, found %v", want, t)
	}
	return nil
}

func (p *parser) key() (string, error) {
	t, err := p.dec.Token()
	if err != nil {
		return "", err
	}
	k, ok := t.(string)
	if !ok {
		return "", fmt.Errorf("want an object key, found %v", t)
	}
	return k, nil
}

// skip reads past one value of any shape, without building it: outputs
// hold base64 images of megabytes.
func (p *parser) skip() error {
	depth := 0
	for {
		t, err := p.dec.Token()
		if err != nil {
			return err
		}
		if d, ok := t.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
		if depth == 0 {
			return nil
		}
	}
}

func (p *parser) notebook() error {
	if err := p.delim('{'); err != nil {
		return err
	}
	cells := false
	for p.dec.More() {
		k, err := p.key()
		if err != nil {
			return err
		}
		if k != "cells" {
			if err := p.skip(); err != nil {
				return err
			}
			continue
		}
		cells = true
		if err := p.cells(); err != nil {
			return err
		}
	}
	if !cells {
		return errors.New(`no "cells" (nbformat 4 or later is read)`)
	}
	return p.delim('}')
}

func (p *parser) cells() error {
	if err := p.delim('['); err != nil {
		return err
	}
	for p.dec.More() {
		p.cell++
		if err := p.oneCell(); err != nil {
			return fmt.Errorf("cell %d: %w", p.cell, err)
		}
	}
	return p.delim(']')
}

// oneCell reads a cell; its source is kept when it is Markdown (or the
// first cell, raw, holding front matter). "cell_type" may come after
// "source", so the source's strings are held until the cell ends.
func (p *parser) oneCell() error {
	if err := p.delim('{'); err != nil {
		return err
	}
	var kind string
	var strs []rawString
	for p.dec.More() {
		k, err := p.key()
		if err != nil {
			return err
		}
		switch k {
		case "cell_type":
			t, err := p.dec.Token()
			if err != nil {
				return err
			}
			kind, _ = t.(string)
		case "source":
			if strs, err = p.source(); err != nil {
				return err
			}
		default:
			if err := p.skip(); err != nil {
				return err
			}
		}
	}
	if err := p.delim('}'); err != nil {
		return err
	}
	keep := kind == "markdown" ||
		kind == "raw" && p.cell == 1 && len(strs) > 0 && strings.HasPrefix(strs[0].text, "---")
	if keep {
		p.add(strs)
	}
	return nil
}

// rawString is one JSON string of a source: its text and where it lies
// in the file (the opening quote).
type rawString struct {
	text  string
	start int
	end   int // after the closing quote
}

// source reads a cell's source: one string or a list of strings.
func (p *parser) source() ([]rawString, error) {
	before := int(p.dec.InputOffset())
	t, err := p.dec.Token()
	if err != nil {
		return nil, err
	}
	if s, ok := t.(string); ok {
		return []rawString{p.located(s, before)}, nil
	}
	if d, ok := t.(json.Delim); !ok || d != '[' {
		return nil, fmt.Errorf(`"source" is neither a string nor a list of strings`)
	}
	var out []rawString
	for p.dec.More() {
		before := int(p.dec.InputOffset())
		t, err := p.dec.Token()
		if err != nil {
			return nil, err
		}
		s, ok := t.(string)
		if !ok {
			return nil, fmt.Errorf(`"source" holds %v, not a string`, t)
		}
		out = append(out, p.located(s, before))
	}
	return out, p.delim(']')
}

// located finds the string token that ended at the decoder's offset: its
// opening quote is the first '"' after before (what lies between is
// white space, ':' or ',').
func (p *parser) located(s string, before int) rawString {
	end := int(p.dec.InputOffset())
	start := before + bytes.IndexByte(p.src[before:end], '"')
	return rawString{text: s, start: start, end: end}
}

// add appends a kept cell's strings to the document, mapping each decoded
// byte to the file offset of the byte (or escape sequence) it came from.
func (p *parser) add(strs []rawString) {
	if len(strs) == 0 {
		return // an empty cell adds nothing, not even a blank line
	}
	p.m.cells = append(p.m.cells, cellStart{doc: len(p.doc), number: p.cell})
	last := 0
	for _, rs := range strs {
		raw := offsets(p.src[rs.start:rs.end], rs.start)
		if len(raw) != len(rs.text) {
			// Cannot happen for JSON the decoder accepted; map the string
			// to its opening quote rather than guess within it.
			raw = raw[:0]
			for range len(rs.text) {
				raw = append(raw, int32(rs.start))
			}
		}
		p.m.segs = append(p.m.segs, segment{doc: len(p.doc), raw: raw, end: rs.end - 1})
		p.doc = append(p.doc, rs.text...)
		last = rs.end - 1
	}
	sep := "\n\n"
	if bytes.HasSuffix(p.doc, []byte{'\n'}) {
		sep = "\n"
	}
	p.m.segs = append(p.m.segs, segment{doc: len(p.doc), end: last})
	p.doc = append(p.doc, sep...)
}

// offsets returns, for each byte the JSON string q (quotes included)
// decodes to, the file offset (base + index in q) of the character or
// escape it came from.
func offsets(q []byte, base int) []int32 {
	out := make([]int32, 0, len(q))
	var buf [utf8.UTFMax]byte
	for i := 1; i < len(q)-1; {
		at := int32(base + i)
		if q[i] != '\\' {
			out = append(out, at)
			i++
			continue
		}
		if i+1 >= len(q)-1 {
			break
		}
		if q[i+1] != 'u' {
			out = append(out, at) // \n \t \" \\ \/ \b \f \r: one byte
			i += 2
			continue
		}
		r, n := unicodeEscape(q[i:])
		for range utf8.EncodeRune(buf[:], r) {
			out = append(out, at)
		}
		i += n
	}
	return out
}

// unicodeEscape decodes \uXXXX, or a surrogate pair \uXXXX\uXXXX, at q,
// as encoding/json does (a lone surrogate is U+FFFD).
func unicodeEscape(q []byte) (rune, int) {
	r1, ok := hex4(q)
	if !ok {
		return utf8.RuneError, 2
	}
	if utf16.IsSurrogate(r1) {
		if r2, ok := hex4(q[6:]); ok {
			if r := utf16.DecodeRune(r1, r2); r != utf8.RuneError {
				return r, 12
			}
		}
		return utf8.RuneError, 6
	}
	return r1, 6
}

func hex4(q []byte) (rune, bool) {
	if len(q) < 6 || q[0] != '\\' || q[1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range q[2:6] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
