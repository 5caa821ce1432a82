package sources

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/citelint/citelint/internal/safefile"
)

// Parse reads a store from data; name chooses the format by extension
// (.jsonl/.ndjson: one object per line; .json: an array of objects, an
// object with a "sources" (or "documents", "results") array, or a map from
// id to object or text) and names the file in errors.
func Parse(name string, data []byte) (*Store, error) {
	st := &Store{}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".jsonl", ".ndjson":
		return st, parseJSONL(st, name, data)
	case ".json":
		return st, parseJSON(st, name, data)
	}
	return nil, fmt.Errorf("%s: unknown source store format (want .json, .jsonl or a folder)", name)
}

func parseJSONL(st *Store, name string, data []byte) error {
	var errs []error
	line := 0
	for len(data) > 0 {
		line++
		var l []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			l, data = data, nil
		}
		l = bytes.TrimSpace(l)
		if len(l) == 0 {
			continue
		}
		var v any
		if err := json.Unmarshal(l, &v); err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: %v", name, line, err))
			continue
		}
		obj, ok := v.(map[string]any)
		if !ok {
			errs = append(errs, fmt.Errorf("%s:%d: want a JSON object", name, line))
			continue
		}
		src := fromObject(obj)
		src.Path, src.Line = name, line
		st.Add(src)
	}
	return errors.Join(errs...)
}

func parseJSON(st *Store, name string, data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		off := dec.InputOffset()
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off = se.Offset
		} else if errors.Is(err, io.ErrUnexpectedEOF) {
			off = int64(len(data))
		}
		return fmt.Errorf("%s:%d: %v", name, bytes.Count(data[:min(int(off), len(data))], []byte("\n"))+1, err)
	}
	switch x := v.(type) {
	case []any:
		return addList(st, name, x)
	case map[string]any:
		for _, k := range []string{"sources", "documents", "results", "data", "items"} {
			if list, ok := x[k].([]any); ok {
				return addList(st, name, list)
			}
		}
		// A map from id to object or text, in sorted order for determinism.
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			var src Source
			switch val := x[k].(type) {
			case string:
				src.Text = val
			case map[string]any:
				src = fromObject(val)
			default:
				return fmt.Errorf("%s: value of %q is neither text nor an object", name, k)
			}
			if src.ID == "" {
				src.ID = k
			}
			src.Path = name
			st.Add(src)
		}
		return nil
	}
	return fmt.Errorf("%s: want a JSON array or object of sources", name)
}

func addList(st *Store, name string, list []any) error {
	for i, item := range list {
		obj, ok := item.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: item %d is not an object", name, i+1)
		}
		src := fromObject(obj)
		src.Path = name
		st.Add(src)
	}
	return nil
}

var (
	idKeys    = []string{"id", "doc_id", "source_id", "key", "chunk_id", "document_id"}
	textKeys  = []string{"text", "content", "page_content", "body", "snippet", "chunk", "passage"}
	titleKeys = []string{"title", "name"}
	urlKeys   = []string{"url", "link", "source", "uri", "href"}
)

// fromObject maps an object with any of the common field names to a Source;
// a nested "metadata" object supplies what the top level lacks.
func fromObject(obj map[string]any) Source {
	var s Source
	meta, _ := obj["metadata"].(map[string]any)
	pick := func(keys []string) string {
		for _, m := range []map[string]any{obj, meta} {
			for _, k := range keys {
				if v := scalar(m[k]); v != "" {
					return v
				}
			}
		}
		return ""
	}
	s.ID, s.Text, s.Title, s.URL = pick(idKeys), pick(textKeys), pick(titleKeys), pick(urlKeys)
	return s
}

func scalar(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return ""
}

// Load reads a store from a file (as Parse) or a folder. In a folder, each
// .txt, .md, .markdown, .html and .htm file is one source whose id is the file
// stem (also reachable by its full name), and each .json/.jsonl file is
// parsed as a store. Sub-folders are not read: a store is one flat folder,
// as RAG exports are. Files are taken in name order.
//
// Only regular files are read, each of at most safefile.MaxData bytes, and
// a folder's files must resolve inside the folder: a symbolic link in it
// to /proc/self/environ is an error naming the link, not a source whose
// text the claim-support rules would quote.
func Load(path string) (*Store, error) {
	return LoadIn(nil, path)
}

// LoadIn is Load for a store that must resolve inside root (nil:
// anywhere), as a store named by a repository's config must.
func LoadIn(root *safefile.Root, path string) (*Store, error) {
	if err := root.Check(path); err != nil {
		return nil, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		data, err := safefile.ReadFile(path, safefile.MaxData)
		if err != nil {
			return nil, err
		}
		return Parse(path, data)
	}
	folder, err := safefile.NewRoot(path)
	if err != nil {
		return nil, err
	}
	ents, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	st := &Store{}
	var errs []error
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		p := filepath.Join(path, e.Name())
		ext := strings.ToLower(filepath.Ext(e.Name()))
		switch ext {
		case ".json", ".jsonl", ".ndjson", ".txt", ".md", ".markdown", ".html", ".htm":
		default:
			continue
		}
		data, err := folder.ReadFile(p, safefile.MaxData)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		switch ext {
		case ".json", ".jsonl", ".ndjson":
			sub, err := Parse(p, data)
			if err != nil {
				errs = append(errs, err)
			}
			st.Merge(sub)
		default:
			text := string(data)
			if ext == ".html" || ext == ".htm" {
				text = HTMLText(data)
			}
			stem := strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))
			st.Add(Source{ID: stem, Title: stem, Text: text, Path: p})
			st.alias(e.Name(), st.Len()-1)
		}
	}
	return st, errors.Join(errs...)
}
