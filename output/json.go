package output

import (
	"bufio"
	"encoding/json"
	"io"

	"github.com/citelint/citelint/result"
)

// JSONSchemaVersion is the version of the JSON report's shape. It changes
// only when a field is removed or changes meaning; new fields may appear in
// any version.
const JSONSchemaVersion = "1"

type jsonPrinter struct{}

type jsonEdit struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	New   string `json:"new"`
}

type jsonFix struct {
	Description string     `json:"description"`
	Unsafe      bool       `json:"unsafe"`
	Edits       []jsonEdit `json:"edits"`
}

type jsonIssue struct {
	Rule          string   `json:"rule"`
	Severity      string   `json:"severity"`
	Message       string   `json:"message"`
	Path          string   `json:"path"`
	Line          int      `json:"line"`
	Column        int      `json:"column"`
	EndLine       int      `json:"end_line"`
	EndColumn     int      `json:"end_column"`
	Fix           *jsonFix `json:"fix,omitempty"`
	Suppressed    bool     `json:"suppressed,omitempty"`
	Justification string   `json:"justification,omitempty"`
}

type jsonError struct {
	Path    string `json:"path"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
}

type jsonSummary struct {
	Files       int            `json:"files"`
	Claims      int            `json:"claims"`
	CitedClaims int            `json:"cited_claims"`
	Citations   int            `json:"citations"`
	References  int            `json:"references"`
	Unverified  int            `json:"unverified"`
	Errors      []jsonError    `json:"errors"`
	Extra       map[string]int `json:"extra,omitempty"`
	// Support and PerFile appear when claim-support rules ran.
	Support *jsonSupport      `json:"support,omitempty"`
	PerFile []jsonFileSupport `json:"per_file,omitempty"`
}

type jsonSupport struct {
	Claims      int     `json:"claims"`
	CitedClaims int     `json:"cited_claims"`
	Coverage    float64 `json:"coverage"`
	Scored      int     `json:"scored"`
	Supported   int     `json:"supported"`
	Grounded    float64 `json:"grounded"`
	Unverified  int     `json:"unverified"`
}

type jsonFileSupport struct {
	Path string `json:"path"`
	jsonSupport
}

func jsonSupportOf(m SupportMetrics) jsonSupport {
	return jsonSupport{Claims: m.Claims, CitedClaims: m.CitedClaims, Coverage: m.Coverage(),
		Scored: m.Scored, Supported: m.Supported, Grounded: m.Grounded(), Unverified: m.Unverified}
}

func jsonSummaryOf(sum Summary) jsonSummary {
	js := jsonSummary{Files: sum.Files, Claims: sum.Claims, CitedClaims: sum.CitedClaims, Citations: sum.Citations,
		References: sum.References, Unverified: sum.Unverified, Errors: []jsonError{}, Extra: sum.Extra}
	for _, e := range sum.Errors {
		js.Errors = append(js.Errors, jsonError{e.Path, e.Line, e.Msg})
	}
	if sum.Support != nil {
		sup := jsonSupportOf(*sum.Support)
		js.Support = &sup
		for _, f := range sum.SupportFiles {
			js.PerFile = append(js.PerFile, jsonFileSupport{f.Path, jsonSupportOf(f.SupportMetrics)})
		}
	}
	return js
}

func jsonIssueOf(i result.Issue) jsonIssue {
	s, e := clampPos(i.Pos), endPos(i)
	ji := jsonIssue{Rule: i.Rule, Severity: i.Severity.String(), Message: i.Message, Path: i.Path,
		Line: s.Line, Column: s.Column, EndLine: e.Line, EndColumn: e.Column,
		Suppressed: i.Suppressed, Justification: i.Justification}
	if i.Fix != nil {
		f := &jsonFix{Description: i.Fix.Description, Unsafe: i.Fix.Unsafe, Edits: []jsonEdit{}}
		for _, ed := range i.Fix.Edits {
			f.Edits = append(f.Edits, jsonEdit{ed.Start, ed.End, ed.New})
		}
		ji.Fix = f
	}
	return ji
}

// Print writes every issue, suppressed ones included (marked), so that
// tools reading the JSON can audit suppressions.
func (p jsonPrinter) Print(w io.Writer, r *Report) error {
	st := p.Stream(w, r.Version)
	st.Issues(r.Issues)
	return st.End(r)
}

// Stream implements StreamPrinter. The report is one object, {"version",
// "citelint_version", "issues": [jsonIssue...], "summary": jsonSummary},
// written as encoding/json's indenting encoder would write it whole
// (TestJSONStreamSameBytes) but with the issues written as they come, so a
// run of a large tree need not hold them: the header and the opening of
// "issues" first, each issue as it comes, then the summary.
func (jsonPrinter) Stream(w io.Writer, version string) Stream {
	s := &jsonStream{b: bufio.NewWriterSize(&bracketEscaper{w: w, esc: jsonBracket}, 64<<10)}
	s.b.WriteString("{\n  \"version\": ")
	s.value(JSONSchemaVersion, "  ")
	s.b.WriteString(",\n  \"citelint_version\": ")
	s.value(version, "  ")
	s.b.WriteString(",\n  \"issues\": [")
	return s
}

type jsonStream struct {
	b   *bufio.Writer
	n   int // issues written
	err error
}

// value writes v as indented JSON whose lines after the first start with
// prefix, as json.MarshalIndent makes it.
func (s *jsonStream) value(v any, prefix string) {
	out, err := json.MarshalIndent(v, prefix, "  ")
	if err != nil && s.err == nil {
		s.err = err
	}
	s.b.Write(out)
}

func (s *jsonStream) Issues(issues []result.Issue) {
	for _, i := range issues {
		if s.n > 0 {
			s.b.WriteByte(',')
		}
		s.b.WriteString("\n    ")
		s.value(jsonIssueOf(i), "    ")
		s.n++
	}
}

func (s *jsonStream) End(r *Report) error {
	if s.n > 0 {
		s.b.WriteString("\n  ")
	}
	s.b.WriteString("],\n  \"summary\": ")
	s.value(jsonSummaryOf(r.Summary), "  ")
	s.b.WriteString("\n}\n")
	if err := s.b.Flush(); err != nil {
		return err
	}
	return s.err
}
