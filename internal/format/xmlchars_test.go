package format

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// TestXMLIllegalCharacters: a document may hold characters XML 1.0 does
// not allow (its Char production: no C0 controls but tab, LF and CR, no
// surrogates, no U+FFFE or U+FFFF) and bytes that are not UTF-8. They
// reach the reports through messages, paths and the quoted source line;
// every XML report must still parse, with each such character replaced by
// U+FFFD and everything else kept.
func TestXMLIllegalCharacters(t *testing.T) {
	cases := []struct{ name, text string }{
		{"U+FFFE", "a\uFFFEb"},
		{"U+FFFF", "a\uFFFFb"},
		{"NUL", "a\x00b"},
		{"C0 controls", "a\x01\x08\x0B\x0C\x1Fb"},
		{"invalid UTF-8", "a\xff\xfeb"},
		{"CDATA end", "a]]>b"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			line := "Claim " + tc.text + " [9].\tTab kept\r"
			src := []byte(line + "\n")
			idx := result.NewLineIndex(src)
			s := bytes.Index(src, []byte("[9]"))
			r := &output.Report{Version: "0.1.0", Issues: []result.Issue{{
				Rule: "unresolvable-label", Severity: result.SeverityError,
				Message: "citation [9] in " + tc.text + " has no entry",
				Path:    "docs/" + tc.text + ".md", Start: s, End: s + 3,
				Pos: idx.Position(s), EndPos: idx.Position(s + 3), SourceLine: idx.LineText(1),
			}}}
			for _, format := range []string{"junit-xml", "checkstyle"} {
				out := render(t, format, r, Options{})
				dec := xml.NewDecoder(bytes.NewReader(out))
				var text strings.Builder
				for {
					tok, err := dec.Token()
					if err != nil {
						if err != io.EOF {
							t.Fatalf("%s does not parse: %v\n%q", format, err, out)
						}
						break
					}
					switch v := tok.(type) {
					case xml.CharData:
						text.Write(v)
					case xml.StartElement:
						for _, a := range v.Attr {
							text.WriteString(a.Value + "\n")
						}
					}
				}
				got := text.String()
				if !strings.Contains(got, "has no entry") {
					t.Errorf("%s lost the message: %q", format, got)
				}
				if format == "junit-xml" && (!strings.Contains(got, "Tab kept") || !strings.Contains(got, "\t")) {
					t.Errorf("junit lost the source line or its tab: %q", got)
				}
			}
		})
	}
}

// FuzzXMLReports: whatever a document and a message hold, the JUnit and
// Checkstyle reports parse.
func FuzzXMLReports(f *testing.F) {
	f.Add("a\uFFFEb", "m\x00")
	f.Add("]]>\xff", "\r\n::error::x")
	f.Fuzz(func(t *testing.T, line, msg string) {
		r := &output.Report{Version: "0", Issues: []result.Issue{{Rule: "r", Severity: result.SeverityWarning, Message: msg,
			Path: "a.md", Pos: result.Position{Line: 1, Column: 1}, SourceLine: line}}}
		for _, format := range []string{"junit-xml", "checkstyle"} {
			dec := xml.NewDecoder(bytes.NewReader(render(t, format, r, Options{})))
			for {
				if _, err := dec.Token(); err != nil {
					if err != io.EOF {
						t.Fatalf("%s: %v", format, err)
					}
					break
				}
			}
		}
	})
}
