// Package frontmatter finds a Markdown document's front matter (YAML
// between "---" lines, TOML between "+++" lines) and reads the
// bibliography files it names.
package frontmatter

import (
	"bytes"
	"errors"

	"github.com/citelint/citelint/internal/markdown/model"
	"github.com/citelint/citelint/internal/yamlpos"
	"go.yaml.in/yaml/v3"
)

// Find finds a front matter block starting at byte start (0, or
// 3 after a BOM): YAML between a "---" line and a closing "---" or "..."
// line, or TOML between "+++" lines (Hugo and Zola, e.g. the Rust blog). An
// unterminated block is not front matter.
func Find(src []byte, start int) (model.Span, bool) {
	rest := src[start:]
	toml := bytes.HasPrefix(rest, []byte("+++"))
	if !bytes.HasPrefix(rest, []byte("---")) && !toml {
		return model.Span{}, false
	}
	eol := bytes.IndexByte(rest, '\n')
	if eol < 0 || len(bytes.TrimRight(rest[3:eol], " \t\r")) != 0 {
		return model.Span{}, false
	}
	for pos := eol + 1; pos < len(rest); {
		e := bytes.IndexByte(rest[pos:], '\n')
		line := rest[pos:]
		next := len(rest)
		if e >= 0 {
			line = rest[pos : pos+e]
			next = pos + e + 1
		}
		l := bytes.TrimRight(line, " \t\r")
		if !toml && (bytes.Equal(l, []byte("---")) || bytes.Equal(l, []byte("..."))) || toml && bytes.Equal(l, []byte("+++")) {
			return model.Span{Start: start, End: start + pos + len(line)}, true
		}
		pos = next
	}
	return model.Span{}, false
}

// Read reads the bibliography: key (a string or a list) from the
// front matter. Invalid YAML becomes a diagnostic at the offending line.
func Read(src []byte, fm model.Span) ([]string, []model.Diagnostic) {
	body := src[fm.Start:fm.End]
	first := bytes.IndexByte(body, '\n')
	if first < 0 {
		return nil, nil
	}
	lastNL := bytes.LastIndexByte(body, '\n')
	yml := body[first+1 : lastNL+1]
	if bytes.HasPrefix(body, []byte("+++")) {
		return tomlBibliography(yml), nil
	}
	m, _, err := yamlpos.Parse(yml)
	if err != nil && bytes.Contains(yml, []byte("{{")) && bytes.Contains(yml, []byte("}}")) {
		// A template's front matter (a Hugo archetype's title: "{{ replace
		// .Name "-" " " }}"): its engine writes the YAML the page will have,
		// so what is here need not be YAML yet.
		return nil, nil
	}
	if err != nil {
		// At the offending line of the document, not at the "---" above.
		off, msg := fm.Start, err.Error()
		if se := (*yamlpos.SyntaxError)(nil); errors.As(err, &se) && se.Line > 0 {
			off, msg = fm.Start+first+1+offsetOf(yml, se.Line, se.Column), se.Msg
		}
		return nil, []model.Diagnostic{{Offset: off, Message: "front matter is not valid YAML: " + msg}}
	}
	if m == nil || m.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value != "bibliography" {
			continue
		}
		v := m.Content[i+1]
		switch v.Kind {
		case yaml.ScalarNode:
			return []string{v.Value}, nil
		case yaml.SequenceNode:
			var out []string
			for _, it := range v.Content {
				if it.Kind == yaml.ScalarNode {
					out = append(out, it.Value)
				}
			}
			return out, nil
		}
	}
	return nil, nil
}

// offsetOf is the byte offset of a 1-based line and byte column (0: the
// line's start) in b, clamped to b.
func offsetOf(b []byte, line, col int) int {
	off := 0
	for ; line > 1; line-- {
		nl := bytes.IndexByte(b[off:], '\n')
		if nl < 0 {
			return len(b)
		}
		off += nl + 1
	}
	return min(off+max(col-1, 0), len(b))
}

// tomlBibliography reads `bibliography = "refs.bib"` or `bibliography =
// ["a.bib", "b.json"]` from TOML front matter. Only this key matters to
// citelint, so a full TOML parser is not worth a dependency.
func tomlBibliography(body []byte) []string {
	for _, line := range bytes.Split(body, []byte("\n")) {
		k, v, ok := bytes.Cut(bytes.TrimSpace(line), []byte("="))
		if !ok || string(bytes.TrimSpace(k)) != "bibliography" {
			continue
		}
		var out []string
		v = bytes.Trim(bytes.TrimSpace(v), "[]")
		for _, part := range bytes.Split(v, []byte(",")) {
			if p := bytes.Trim(bytes.TrimSpace(part), "\"'"); len(p) > 0 {
				out = append(out, string(p))
			}
		}
		return out
	}
	return nil
}
