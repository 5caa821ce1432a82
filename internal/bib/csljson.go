package bib

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ParseCSLJSON parses CSL-JSON (the format pandoc, Zotero and Manubot write):
// an array of items, or a single item.
func ParseCSLJSON(name string, data []byte) ([]Entry, error) {
	return parseCSLJSON(context.Background(), name, data)
}

func parseCSLJSON(ctx context.Context, name string, data []byte) ([]Entry, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, nil
	}
	// Items come in order, so lines are counted on from the last item's.
	lc := lineCounter{data: data, line: 1}
	var it cslItem // one for all: a new one per item is 300 bytes of garbage
	if trimmed[0] == '{' {
		line := lc.at(int64(bytes.IndexByte(data, '{')))
		if err := json.Unmarshal(trimmed, &it); err != nil {
			return nil, fmt.Errorf("%s:%d: item is not a CSL object: %v", name, line, jsonErr(err))
		}
		return []Entry{it.entry(line)}, nil
	}
	// One pass: each item is decoded as the decoder reads it, which reads
	// the file once where a list of raw items, each then unmarshalled,
	// read it four times (BenchmarkCSLJSONCorpus, manubot's 855 KB: 23.6 ms,
	// now 16). A syntax error anywhere still wins over an item that is
	// not an object, which keeps the items before it, as before.
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, lc.at(dec.InputOffset()), err)
	}
	var out []Entry
	var notObject, tooMany error
	for n := 0; dec.More(); n++ {
		if n%256 == 255 && ctx.Err() != nil {
			return nil, stopped(ctx, name, lc.at(dec.InputOffset()))
		}
		if n == maxEntries {
			tooMany = fmt.Errorf("%s:%d: more than %d items; the rest of the file is not read", name, lc.at(dec.InputOffset()), maxEntries)
			break
		}
		start := dec.InputOffset()
		it = cslItem{}
		err := dec.Decode(&it)
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se):
			return nil, fmt.Errorf("%s:%d: %v", name, lc.at(se.Offset), jsonErr(err))
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			return nil, fmt.Errorf("%s:%d: %v", name, lc.at(int64(len(data))), jsonErr(err))
		}
		// InputOffset before Decode may sit before the separating comma
		// and white space; find the item's own first byte.
		if k := bytes.IndexAny(data[start:], "{[\"0123456789tfn-"); k >= 0 {
			start += int64(k)
		}
		switch {
		case notObject != nil:
		case err != nil: // the decoder read past the item: go on looking for syntax errors
			notObject = fmt.Errorf("%s:%d: item is not a CSL object: %v", name, lc.at(start), jsonErr(err))
		default:
			out = append(out, it.entry(lc.at(start)))
		}
	}
	if notObject != nil {
		return out, notObject
	}
	return out, tooMany
}

// lineCounter returns the 1-based line of offsets into data, counting on
// from the last offset asked about (and back, if asked about an earlier
// one), so that asking in order costs one pass over data.
type lineCounter struct {
	data []byte
	off  int
	line int
}

func (c *lineCounter) at(off64 int64) int {
	off := int(max(0, min(off64, int64(len(c.data)))))
	if off >= c.off {
		c.line += bytes.Count(c.data[c.off:off], []byte("\n"))
	} else {
		c.line -= bytes.Count(c.data[off:c.off], []byte("\n"))
	}
	c.off = off
	return c.line
}

func jsonErr(err error) error {
	if se, ok := err.(*json.SyntaxError); ok {
		return fmt.Errorf("JSON syntax error: %s", se.Error())
	}
	return err
}

type cslItem struct {
	ID        flexString `json:"id"`
	Type      string     `json:"type"`
	Title     string     `json:"title"`
	Author    []cslName  `json:"author"`
	Editor    []cslName  `json:"editor"`
	Issued    cslDate    `json:"issued"`
	DOI       string     `json:"DOI"`
	URL       string     `json:"URL"`
	ISBN      flexString `json:"ISBN"`
	ISSN      flexString `json:"ISSN"`
	PMID      flexString `json:"PMID"`
	PMCID     string     `json:"PMCID"`
	Container flexString `json:"container-title"`
	Abstract  string     `json:"abstract"`
	Number    flexString `json:"number"`
}

type cslName struct {
	Family, Literal string
}

// UnmarshalJSON reads a name's family and literal parts and tolerates odd
// names: a part that is not a string is left empty, a name that is not an
// object is empty. It decodes into a struct, not a map: long author lists
// made the maps two fifths of the parse's allocations
// (BenchmarkCSLJSONCorpus).
func (n *cslName) UnmarshalJSON(b []byte) error {
	var f struct {
		Family  string `json:"family"`
		Literal string `json:"literal"`
	}
	_ = json.Unmarshal(b, &f) // a type error skips only its field
	n.Family, n.Literal = f.Family, f.Literal
	return nil
}

// flexString accepts a string, a number, or an array (first element).
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	// b is one valid JSON value (the decoder checked it): a string without
	// escapes is its bytes between the quotes, if they are UTF-8 (the
	// decoder replaces bad bytes).
	if len(b) >= 2 && b[0] == '"' && bytes.IndexByte(b, '\\') < 0 && utf8.Valid(b) {
		*f = flexString(b[1 : len(b)-1])
		return nil
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*f = flexString(anyString(v))
	return nil
}

func anyString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case []any:
		if len(x) > 0 {
			return anyString(x[0])
		}
	}
	return ""
}

type cslDate struct{ Year string }

func (d *cslDate) UnmarshalJSON(b []byte) error {
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil
	}
	if parts, ok := m["date-parts"].([]any); ok && len(parts) > 0 {
		if p0, ok := parts[0].([]any); ok && len(p0) > 0 {
			d.Year = anyString(p0[0])
			return nil
		}
	}
	for _, k := range []string{"raw", "literal"} {
		if s, ok := m[k].(string); ok {
			for i := 0; i+4 <= len(s); i++ {
				if allDigits4(s[i : i+4]) {
					d.Year = s[i : i+4]
					return nil
				}
			}
		}
	}
	return nil
}

func allDigits4(s string) bool {
	for i := 0; i < 4; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func (it *cslItem) entry(line int) Entry {
	e := Entry{
		Key: string(it.ID), Type: it.Type, Title: strings.Join(strings.Fields(it.Title), " "),
		Year: it.Issued.Year, DOI: normalizeDOI(it.DOI), URL: it.URL, ISBN: string(it.ISBN),
		ISSN: string(it.ISSN), PMID: string(it.PMID), PMCID: it.PMCID,
		Container: string(it.Container), Abstract: it.Abstract, Line: line,
		Fields: map[string]string{},
	}
	names := it.Author
	if len(names) == 0 {
		names = it.Editor
	}
	for _, n := range names {
		switch {
		case n.Family != "":
			e.Authors = append(e.Authors, n.Family)
		case n.Literal != "":
			e.Authors = append(e.Authors, n.Literal)
		}
	}
	e.ArXiv = arxivFromURL(e.URL)
	if e.ArXiv == "" && strings.HasPrefix(strings.ToLower(e.DOI), "10.48550/arxiv.") {
		e.ArXiv = e.DOI[len("10.48550/arxiv."):]
	}
	for _, f := range [...]struct{ k, v string }{{"title", e.Title}, {"doi", e.DOI}, {"url", e.URL}, {"year", e.Year}, {"container-title", e.Container}, {"number", string(it.Number)}} {
		if f.v != "" {
			e.Fields[f.k] = f.v
		}
	}
	return e
}
