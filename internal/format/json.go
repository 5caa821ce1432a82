package format

import (
	"bufio"
	"encoding/json"
	"io"
	"maps"

	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// JSONSchemaVersion is the version of the JSON report's shape. It changes
// only when a field is removed or changes meaning; new fields may appear in
// any version.
const JSONSchemaVersion = "1"

type jsonPrinter struct{}

// The JSON report's issue and summary types. They are exported for the
// MCP server (mcpserver), whose tools return the same objects inside their
// own results: its output schemas are inferred from these types, which is
// what the jsonschema tags (descriptions) are for. encoding/json ignores
// them, so they do not touch the report's bytes.

// JSONEdit replaces the bytes [start, end) of the document with new.
type JSONEdit struct {
	Start int    `json:"start" jsonschema:"byte offset where the edit starts"`
	End   int    `json:"end" jsonschema:"byte offset where the edit ends (exclusive)"`
	New   string `json:"new" jsonschema:"the replacement text"`
}

// JSONFix is an issue's suggested fix.
type JSONFix struct {
	Description string     `json:"description"`
	Unsafe      bool       `json:"unsafe" jsonschema:"true when the fix may change what the text says: fix_citations does not apply it; apply it yourself only if it is right"`
	Edits       []JSONEdit `json:"edits"`
}

// JSONIssue is one finding.
type JSONIssue struct {
	Rule          string   `json:"rule" jsonschema:"the rule's name: explain_rule documents it"`
	Severity      string   `json:"severity" jsonschema:"error, warning or note"`
	Message       string   `json:"message"`
	Path          string   `json:"path"`
	Line          int      `json:"line" jsonschema:"1-based line"`
	Column        int      `json:"column" jsonschema:"1-based column in UTF-16 code units"`
	EndLine       int      `json:"end_line"`
	EndColumn     int      `json:"end_column"`
	Fix           *JSONFix `json:"fix,omitempty"`
	Suppressed    bool     `json:"suppressed,omitempty" jsonschema:"silenced by a citelint-disable comment; not counted as a problem"`
	Justification string   `json:"justification,omitempty"`
}

// JSONFileError is a document that could not be linted.
type JSONFileError struct {
	Path    string `json:"path"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
}

// JSONSummary is the report's summary.
type JSONSummary struct {
	Files       int `json:"files"`
	Claims      int `json:"claims"`
	CitedClaims int `json:"cited_claims"`
	Citations   int `json:"citations"`
	References  int `json:"references"`
	Unverified  int `json:"unverified"`
	// Unchecked counts the citation keys nothing could check (no
	// bibliography or source store holds them); they are not reported.
	Unchecked     int    `json:"unchecked" jsonschema:"citation keys no bibliography or source store could check: not reported"`
	UncheckedHint string `json:"unchecked_hint,omitempty" jsonschema:"how to have the unchecked keys checked"`
	// NotChecked, NotReported and SearchStopped are what the time limit
	// cost (output.Summary); present when not 0.
	NotChecked    int             `json:"not_checked,omitempty" jsonschema:"files found but not checked: the run reached its time limit (--timeout); not counted in files, each named in errors"`
	NotReported   int             `json:"not_reported,omitempty" jsonschema:"files checked whose issues were not reported: the run reached its time limit while making the report; each named in errors"`
	SearchStopped int             `json:"search_stopped,omitempty" jsonschema:"folders whose search for files stopped at the time limit: files it did not reach are counted nowhere; each named in errors"`
	Errors        []JSONFileError `json:"errors"`
	Extra         map[string]int  `json:"extra,omitempty"`
	// Support and PerFile appear when claim-support rules ran.
	Support *JSONSupport      `json:"support,omitempty" jsonschema:"present when a claim-support rule ran"`
	PerFile []JSONFileSupport `json:"per_file,omitempty"`
}

// JSONSupport is the claim-support figures of a run or a file.
type JSONSupport struct {
	Claims      int     `json:"claims"`
	CitedClaims int     `json:"cited_claims"`
	Coverage    float64 `json:"coverage"`
	Scored      int     `json:"scored"`
	Supported   int     `json:"supported"`
	Grounded    float64 `json:"grounded"`
	Unverified  int     `json:"unverified"`
}

// JSONFileSupport is one file's JSONSupport.
type JSONFileSupport struct {
	Path string `json:"path"`
	JSONSupport
}

func jsonSupportOf(m output.SupportMetrics) JSONSupport {
	return JSONSupport{Claims: m.Claims, CitedClaims: m.CitedClaims, Coverage: m.Coverage(),
		Scored: m.Scored, Supported: m.Supported, Grounded: m.Grounded(), Unverified: m.Unverified}
}

// JSONSummaryOf is the summary the JSON report writes for sum.
func JSONSummaryOf(sum output.Summary) JSONSummary {
	js := JSONSummary{Files: sum.Files, Claims: sum.Claims, CitedClaims: sum.CitedClaims, Citations: sum.Citations,
		References: sum.References, Unverified: sum.Unverified, Unchecked: sum.Unchecked(), UncheckedHint: sum.UncheckedHint(),
		Errors: []JSONFileError{}, Extra: sum.Extra,
		NotChecked: sum.NotChecked, NotReported: sum.NotReported, SearchStopped: sum.SearchStopped}
	for _, e := range sum.Errors {
		js.Errors = append(js.Errors, JSONFileError{e.Path, e.Line, e.Msg})
	}
	if sum.Support != nil {
		sup := jsonSupportOf(*sum.Support)
		js.Support = &sup
		for _, f := range sum.SupportFiles {
			js.PerFile = append(js.PerFile, JSONFileSupport{f.Path, jsonSupportOf(f.SupportMetrics)})
		}
	}
	return js
}

// JSONIssues are the issues the JSON report writes, in order, suppressed
// ones included; never nil, so an empty list is [] and not null.
func JSONIssues(issues []result.Issue) []JSONIssue {
	out := make([]JSONIssue, 0, len(issues))
	for _, i := range issues {
		out = append(out, jsonIssueOf(i))
	}
	return out
}

func jsonIssueOf(i result.Issue) JSONIssue {
	s, e := clampPos(i.Pos), endPos(i)
	ji := JSONIssue{Rule: i.Rule, Severity: i.Severity.String(), Message: i.Message, Path: i.Path,
		Line: s.Line, Column: s.Column, EndLine: e.Line, EndColumn: e.Column,
		Suppressed: i.Suppressed, Justification: i.Justification}
	if i.Fix != nil {
		f := &JSONFix{Description: i.Fix.Description, Unsafe: i.Fix.Unsafe, Edits: []JSONEdit{}}
		for _, ed := range i.Fix.Edits {
			f.Edits = append(f.Edits, JSONEdit{ed.Start, ed.End, ed.New})
		}
		ji.Fix = f
	}
	return ji
}

// Print writes every issue, suppressed ones included (marked), so that
// tools reading the JSON can audit suppressions.
// Cut at the time limit (Report.Context), the summary's extra
// "issues_not_written" counts the issues left out.
func (p jsonPrinter) Print(w io.Writer, r *output.Report) error {
	st := p.Stream(w, r.Version).(*jsonStream)
	n := inTime(r, r.Issues, func(_ int, i *result.Issue) { st.issue(i) })
	if n == len(r.Issues) {
		return st.End(r)
	}
	cut := *r
	cut.Summary.Extra = maps.Clone(r.Summary.Extra)
	if cut.Summary.Extra == nil {
		cut.Summary.Extra = map[string]int{}
	}
	cut.Summary.Extra["issues_not_written"] = len(r.Issues) - n
	if err := st.End(&cut); err != nil {
		return err
	}
	return output.ErrTimeLimit
}

// Stream implements StreamPrinter. The report is one object, {"version",
// "citelint_version", "issues": [JSONIssue...], "summary": JSONSummary},
// written as encoding/json's indenting encoder would write it whole
// (TestJSONStreamSameBytes) but with the issues written as they come, so a
// run of a large tree need not hold them: the header and the opening of
// "issues" first, each issue as it comes, then the summary.
func (jsonPrinter) Stream(w io.Writer, version string) output.Stream {
	s := newJSONStream(w)
	s.b.WriteString("{\n  \"version\": ")
	s.value(JSONSchemaVersion, "  ")
	s.b.WriteString(",\n  \"citelint_version\": ")
	s.value(version, "  ")
	s.b.WriteString(",\n  \"issues\": [")
	return s
}

// jsonStream writes JSON as encoding/json's indenting encoder would write
// it whole, a piece at a time, for the JSON report and SARIF.
type jsonStream struct {
	b   *bufio.Writer
	n   int // items written to the array being written
	err error
}

func newJSONStream(w io.Writer) *jsonStream {
	return &jsonStream{b: bufio.NewWriterSize(&bracketEscaper{w: w, esc: jsonBracket}, 64<<10)}
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
	for k := range issues {
		s.issue(&issues[k])
	}
}

func (s *jsonStream) issue(i *result.Issue) { s.item(jsonIssueOf(*i), "    ") }

// item writes v as the next item of an array whose items are indented by
// indent.
func (s *jsonStream) item(v any, indent string) {
	if s.n > 0 {
		s.b.WriteByte(',')
	}
	s.b.WriteByte('\n')
	s.b.WriteString(indent)
	s.value(v, indent)
	s.n++
}

// endItems puts the array's closing bracket, to come, on a line of its
// own indented by indent when it has items, as the encoder does.
func (s *jsonStream) endItems(indent string) {
	if s.n > 0 {
		s.b.WriteByte('\n')
		s.b.WriteString(indent)
	}
}

func (s *jsonStream) End(r *output.Report) error {
	s.endItems("  ")
	s.b.WriteString("],\n  \"summary\": ")
	s.value(JSONSummaryOf(r.Summary), "  ")
	s.b.WriteString("\n}\n")
	if err := s.b.Flush(); err != nil {
		return err
	}
	return s.err
}
