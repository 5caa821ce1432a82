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
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Is reports whether path names a Jupyter notebook.
func Is(path string) bool { return strings.EqualFold(filepath.Ext(path), ".ipynb") }

// Map turns offsets in the joined Markdown into offsets in the notebook.
type Map struct {
	segs     []segment // in document order
	cells    []cellStart
	problems []Problem
}

// Problem is a cell that was not read while the rest of the notebook
// was: its "cell_type" or "source" is not of the shape nbformat gives
// it (a number, an object), or it is not an object at all. Offset is in
// the file, at the value at fault; Msg names the cell.
type Problem struct {
	Offset int
	Cell   int
	Msg    string
}

// Problems returns the cells that were not read, in file order.
func (m *Map) Problems() []Problem { return m.problems }

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
// document offset off lies in, and the document offset where that cell
// starts (its line 1). It is a binary search: callers that need the line
// within the cell subtract the cell start's line, from one line index of
// the document, so that many issues in one large cell cost no more than
// in a Markdown file.
func (m *Map) Cell(off int) (cell, start int) {
	i := sort.Search(len(m.cells), func(i int) bool { return m.cells[i].doc > off }) - 1
	if i < 0 {
		return 0, 0
	}
	return m.cells[i].number, m.cells[i].doc
}

// Markdown returns the notebook's Markdown cells, each followed by a blank
// line so that no cell runs into the next, and the offset map. A leading
// raw cell that opens with "---" is Quarto's front matter and is kept, so
// that its bibliography is read. Code cells and outputs are skipped.
// nbformat 3 and earlier (cells inside "worksheets", "heading" cells with
// a "level") are read too, a heading cell as a Markdown heading.
//
// An error (*Error) is a file that is not a notebook at all: empty, not
// JSON, cut short, or with no cells; it names the line. A cell of the
// wrong shape is not an error: it is skipped and listed in
// Map.Problems, and the other cells are read. No message quotes more
// than a few dozen bytes of the file.
func Markdown(src []byte) ([]byte, *Map, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	// Numbers stay text: a 1 MB number is neither parsed nor, failing
	// that, quoted whole in an error.
	dec.UseNumber()
	p := parser{src: src, dec: dec, m: &Map{}}
	if len(bytes.TrimSpace(src)) == 0 {
		return nil, nil, &Error{Line: 1, Offset: 0, Err: ErrEmpty}
	}
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

// Error is a notebook that cannot be read, with the line (1-based) and
// the file offset it fails at.
type Error struct {
	Line   int
	Offset int
	Err    error
}

// ErrEmpty is the error of an empty file (or one of white space only).
var ErrEmpty = errors.New("the file is empty")

// ErrTruncated is the error of JSON that ends before the notebook does:
// a file cut short, by a failed download or an interrupted save.
var ErrTruncated = errors.New("the file ends before the notebook does (cut short?)")

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
	if se != nil && cutShort(p.src) {
		err = io.ErrUnexpectedEOF
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		// At the last line that holds something: the cut.
		err, off = ErrTruncated, len(bytes.TrimRight(p.src, " \t\r\n"))
	}
	return &Error{Line: 1 + bytes.Count(p.src[:off], []byte{'\n'}), Offset: off, Err: err}
}

// cutShort reports whether src, less the white space it ends with, is
// JSON cut short: a file cut inside a string and then given a final
// newline (by an editor, or git) fails as "invalid character '\n' in
// string literal", which says less than "cut short". Only asked on the
// error path; it reads the file once more.
func cutShort(src []byte) bool {
	t := bytes.TrimRight(src, " \t\r\n")
	if len(t) == len(src) {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(t))
	dec.UseNumber()
	for {
		if _, err := dec.Token(); err != nil {
			return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)
		}
	}
}

// clipLen is how much of a value of the file a message quotes.
const clipLen = 32

// clip shortens s to about clipLen bytes (whole characters), saying how
// long it was.
func clip(s string) string {
	if len(s) <= clipLen+8 {
		return s
	}
	n := clipLen
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:n], len(s))
}

// describe names a token for a message, quoting at most clipLen bytes of
// it.
func describe(t json.Token) string {
	switch v := t.(type) {
	case json.Delim:
		switch v {
		case '{':
			return "an object"
		case '[':
			return "a list"
		}
		return fmt.Sprintf("%q", string(v))
	case string:
		return strconv.Quote(clip(v))
	case json.Number:
		return clip(string(v))
	case bool:
		return strconv.FormatBool(v)
	case nil:
		return "null"
	}
	return clip(fmt.Sprint(t))
}

func (p *parser) delim(want json.Delim) error {
	t, err := p.dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return fmt.Errorf("want '%c', found %s", rune(want), describe(t))
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
		return "", fmt.Errorf("want an object key, found %s", describe(t))
	}
	return k, nil
}

// skip reads past one value of any shape, without building it: outputs
// hold base64 images of megabytes.
func (p *parser) skip() error {
	t, err := p.dec.Token()
	if err != nil {
		return err
	}
	return p.skipFrom(t)
}

// skipFrom reads past the rest of the value that token t opened (nothing
// more when t is a string, number, true, false or null).
func (p *parser) skipFrom(t json.Token) error {
	depth := 0
	for {
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
		var err error
		if t, err = p.dec.Token(); err != nil {
			return err
		}
	}
}

// valueStart returns the file offset of the value whose token began after
// offset before: past white space, ':' and ','.
func (p *parser) valueStart(before int) int {
	for before < len(p.src) {
		switch p.src[before] {
		case ' ', '\t', '\n', '\r', ':', ',':
			before++
			continue
		}
		break
	}
	return before
}

// problem records that the current cell is not read, because of the
// value at file offset off.
func (p *parser) problem(off int, format string, args ...any) {
	p.m.problems = append(p.m.problems, Problem{Offset: off, Cell: p.cell, Msg: fmt.Sprintf("cell %d: ", p.cell) + fmt.Sprintf(format, args...) + ": the cell is not read"})
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
		switch k {
		case "cells":
			err = p.cells()
		case "worksheets": // nbformat 3 and earlier
			err = p.worksheets()
		default:
			if err := p.skip(); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		cells = true
	}
	if !cells {
		return errors.New(`no "cells" (nor nbformat 3's "worksheets"): a JSON file, not a notebook`)
	}
	return p.delim('}')
}

// worksheets reads nbformat 3's list of worksheets, each an object with
// its "cells"; cells are numbered across them.
func (p *parser) worksheets() error {
	if err := p.delim('['); err != nil {
		return err
	}
	for p.dec.More() {
		if err := p.delim('{'); err != nil {
			return fmt.Errorf("worksheet: %w", err)
		}
		for p.dec.More() {
			k, err := p.key()
			if err != nil {
				return err
			}
			if k == "cells" {
				err = p.cells()
			} else {
				err = p.skip()
			}
			if err != nil {
				return err
			}
		}
		if err := p.delim('}'); err != nil {
			return err
		}
	}
	return p.delim(']')
}

func (p *parser) cells() error {
	if err := p.delim('['); err != nil {
		return err
	}
	for p.dec.More() {
		p.cell++
		before := int(p.dec.InputOffset())
		t, err := p.dec.Token()
		if err != nil {
			return fmt.Errorf("cell %d: %w", p.cell, err)
		}
		if d, ok := t.(json.Delim); !ok || d != '{' {
			p.problem(p.valueStart(before), "%s, not an object", describe(t))
			if err := p.skipFrom(t); err != nil {
				return fmt.Errorf("cell %d: %w", p.cell, err)
			}
			continue
		}
		if err := p.oneCell(); err != nil {
			return fmt.Errorf("cell %d: %w", p.cell, err)
		}
	}
	return p.delim(']')
}

// oneCell reads a cell, its '{' read; its source is kept when it is
// Markdown, an nbformat 3 heading (written as a Markdown heading of its
// "level"), or the first cell, raw, holding front matter. "cell_type" may
// come after "source", so the source's strings are held until the cell
// ends. A "cell_type" or "source" of the wrong shape is a Problem: the
// cell is skipped.
func (p *parser) oneCell() error {
	var kind string
	var strs []rawString
	level, bad := 1, false
	for p.dec.More() {
		k, err := p.key()
		if err != nil {
			return err
		}
		switch k {
		case "cell_type":
			before := int(p.dec.InputOffset())
			t, err := p.dec.Token()
			if err != nil {
				return err
			}
			s, ok := t.(string)
			if !ok {
				p.problem(p.valueStart(before), `"cell_type" is %s, not a string`, describe(t))
				bad = true
				if err := p.skipFrom(t); err != nil {
					return err
				}
			}
			kind = s
		case "source":
			var ok bool
			if strs, ok, err = p.source(); err != nil {
				return err
			}
			bad = bad || !ok
		case "level": // nbformat 3's heading cells
			t, err := p.dec.Token()
			if err != nil {
				return err
			}
			if n, ok := t.(json.Number); ok {
				if v, err := n.Int64(); err == nil {
					level = int(min(max(v, 1), 6))
				}
			}
			if err := p.skipFrom(t); err != nil {
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
	if bad {
		return nil
	}
	switch {
	case kind == "markdown":
		p.add(strs, "")
	case kind == "heading":
		p.add(strs, strings.Repeat("#", level)+" ")
	case kind == "raw" && p.cell == 1 && len(strs) > 0 && strings.HasPrefix(strs[0].text, "---"):
		p.add(strs, "")
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

// source reads a cell's source: one string or a list of strings. ok is
// false, after recording a Problem, when it is anything else.
func (p *parser) source() (out []rawString, ok bool, err error) {
	before := int(p.dec.InputOffset())
	t, err := p.dec.Token()
	if err != nil {
		return nil, false, err
	}
	if s, ok := t.(string); ok {
		return []rawString{p.located(s, before)}, true, nil
	}
	if d, ok := t.(json.Delim); !ok || d != '[' {
		p.problem(p.valueStart(before), `"source" is %s, neither text nor a list of strings`, describe(t))
		return nil, false, p.skipFrom(t)
	}
	ok = true
	for p.dec.More() {
		before := int(p.dec.InputOffset())
		t, err := p.dec.Token()
		if err != nil {
			return nil, false, err
		}
		s, isStr := t.(string)
		if !isStr {
			if ok { // one problem a cell
				p.problem(p.valueStart(before), `"source" holds %s, not a string`, describe(t))
			}
			ok = false
			if err := p.skipFrom(t); err != nil {
				return nil, false, err
			}
			continue
		}
		out = append(out, p.located(s, before))
	}
	return out, ok, p.delim(']')
}

// located finds the string token that ended at the decoder's offset: its
// opening quote is the first '"' after before (what lies between is
// white space, ':' or ',').
func (p *parser) located(s string, before int) rawString {
	end := int(p.dec.InputOffset())
	start := before + bytes.IndexByte(p.src[before:end], '"')
	return rawString{text: s, start: start, end: end}
}

// add appends a kept cell's strings to the document, after prefix (a
// heading's "# ", mapped to the opening quote of its text), mapping each
// decoded byte to the file offset of the byte (or escape sequence) it
// came from.
func (p *parser) add(strs []rawString, prefix string) {
	if len(strs) == 0 {
		return // an empty cell adds nothing, not even a blank line
	}
	p.m.cells = append(p.m.cells, cellStart{doc: len(p.doc), number: p.cell})
	if prefix != "" {
		raw := make([]int32, len(prefix))
		for i := range raw {
			raw[i] = int32(strs[0].start)
		}
		p.m.segs = append(p.m.segs, segment{doc: len(p.doc), raw: raw, end: strs[0].start})
		p.doc = append(p.doc, prefix...)
	}
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
