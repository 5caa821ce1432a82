package output

import (
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

type jsonReport struct {
	Version         string      `json:"version"`
	CitelintVersion string      `json:"citelint_version"`
	Issues          []jsonIssue `json:"issues"`
	Summary         jsonSummary `json:"summary"`
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
func (jsonPrinter) Print(w io.Writer, r *Report) error {
	out := jsonReport{Version: JSONSchemaVersion, CitelintVersion: r.Version, Issues: []jsonIssue{}}
	for _, i := range r.Issues {
		out.Issues = append(out.Issues, jsonIssueOf(i))
	}
	s := r.Summary
	out.Summary = jsonSummary{Files: s.Files, Claims: s.Claims, CitedClaims: s.CitedClaims, Citations: s.Citations,
		References: s.References, Unverified: s.Unverified, Errors: []jsonError{}, Extra: s.Extra}
	for _, e := range s.Errors {
		out.Summary.Errors = append(out.Summary.Errors, jsonError{e.Path, e.Line, e.Msg})
	}
	if s.Support != nil {
		js := jsonSupportOf(*s.Support)
		out.Summary.Support = &js
		for _, f := range s.SupportFiles {
			out.Summary.PerFile = append(out.Summary.PerFile, jsonFileSupport{f.Path, jsonSupportOf(f.SupportMetrics)})
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
