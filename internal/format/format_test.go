package format

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/citelint/citelint/internal/reporttest"
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

var update = flag.Bool("update", false, "rewrite golden files")

func render(t *testing.T, format string, r *output.Report, opts Options) []byte {
	t.Helper()
	p, err := New(format, opts)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := p.Print(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestGolden(t *testing.T) {
	for _, f := range Names() {
		t.Run(f, func(t *testing.T) {
			got := render(t, f, reporttest.Sample(), Options{})
			path := filepath.Join("testdata", "golden", f+".golden")
			if *update {
				os.MkdirAll(filepath.Dir(path), 0o755)
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./internal/format -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s output differs from %s:\n%s", f, path, got)
			}
		})
	}
}

func TestTextCaret(t *testing.T) {
	out := string(render(t, "text", reporttest.Sample(), Options{}))
	// "Ünïcode — 😀 claim [9]": [ is at UTF-16 column 20 (the emoji is two
	// units), so the caret needs 19 spaces (one per rune before it, two for
	// the emoji, which terminals show two columns wide).
	want := "docs/a b.md:1:20: citation [9]"
	if !strings.Contains(out, want) {
		t.Fatalf("missing %q in\n%s", want, out)
	}
	lines := strings.Split(out, "\n")
	for k, l := range lines {
		if strings.HasPrefix(l, "Ünïcode") {
			caret := lines[k+1]
			if got := strings.Index(caret, "^"); got != len([]rune("Ünïcode — 😀 claim "))+1 {
				t.Errorf("caret at %d in %q", got, caret)
			}
			break
		}
	}
	if strings.Contains(out, "claim has no citation") {
		t.Error("text printed a suppressed issue")
	}
	if c := string(render(t, "text", reporttest.Sample(), Options{Color: true})); !strings.Contains(c, "\x1b[31m") {
		t.Error("colour requested but no ANSI codes")
	}
}

func TestJSON(t *testing.T) {
	var got struct {
		Version string `json:"version"`
		Issues  []struct {
			Rule, Severity, Message, Path string
			Line, Column                  int
			EndLine                       int `json:"end_line"`
			EndColumn                     int `json:"end_column"`
			Fix                           *struct{ Edits []struct{ Start, End int } }
			Suppressed                    bool
		}
		Summary struct {
			Files  int
			Errors []struct{ Path, Message string }
		}
	}
	if err := json.Unmarshal(render(t, "json", reporttest.Sample(), Options{}), &got); err != nil {
		t.Fatal(err)
	}
	if got.Version != JSONSchemaVersion || len(got.Issues) != 3 || got.Summary.Files != 3 || len(got.Summary.Errors) != 1 {
		t.Fatalf("decoded %+v", got)
	}
	i := got.Issues[0]
	if i.Rule != "unresolvable-label" || i.Severity != "error" || i.Line != 1 || i.Column != 20 || i.EndColumn != 23 || i.Path != "docs/a b.md" {
		t.Errorf("issue 0 = %+v", i)
	}
	if got.Issues[1].Fix == nil || !got.Issues[2].Suppressed {
		t.Errorf("fix or suppression lost: %+v", got.Issues)
	}
	empty := string(render(t, "json", &output.Report{}, Options{}))
	if !strings.Contains(empty, `"issues": []`) || !strings.Contains(empty, `"errors": []`) {
		t.Errorf("empty report must have [] lists:\n%s", empty)
	}
}

// compiledSARIFSchema compiles the OASIS SARIF 2.1.0 schema, which
// .ci/fetch-schemas downloads; without it the test is skipped, except in
// CI, which sets CITELINT_REQUIRE_SCHEMA=1 so that no SARIF test can pass
// there by skipping.
func compiledSARIFSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		if os.Getenv("CITELINT_REQUIRE_SCHEMA") == "1" {
			t.Fatalf("SARIF schema missing: %v (run .ci/fetch-schemas)", err)
		}
		t.Skipf("SARIF schema missing (%v); run .ci/fetch-schemas", err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif.json", doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	return schema
}

// TestSARIFSchema validates SARIF output against the OASIS 2.1.0 schema,
// which .ci/fetch-schemas downloads. CI sets CITELINT_REQUIRE_SCHEMA=1 so
// the test cannot pass there by skipping.
func TestSARIFSchema(t *testing.T) {
	schema := compiledSARIFSchema(t)
	validate := func(b []byte) error {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return schema.Validate(inst)
	}
	for name, r := range map[string]*output.Report{"sample": reporttest.Sample(), "empty": {}, "no files": func() *output.Report { r := reporttest.Sample(); r.Files = nil; return r }()} {
		if err := validate(render(t, "sarif", r, Options{})); err != nil {
			t.Errorf("%s: SARIF invalid: %v", name, err)
		}
	}
	// The validator must be live: known-bad variants are rejected.
	good := string(render(t, "sarif", reporttest.Sample(), Options{}))
	for _, bad := range []struct{ from, to string }{
		{`"startColumn": 20`, `"startColumn": 0`},
		{`"level": "error"`, `"level": "info"`},
		{`"version": "2.1.0"`, `"version": "2.0.0"`},
		{`"columnKind": "utf16CodeUnits"`, `"columnKind": "utf8Bytes"`},
	} {
		if !strings.Contains(good, bad.from) {
			t.Fatalf("sample SARIF lacks %s", bad.from)
		}
		if err := validate([]byte(strings.Replace(good, bad.from, bad.to, 1))); err == nil {
			t.Errorf("schema accepted %s", bad.to)
		}
	}
}

func TestSARIFContent(t *testing.T) {
	var log sarifLog
	if err := json.Unmarshal(render(t, "sarif", reporttest.Sample(), Options{}), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != 3 || len(run.Results) != 3 {
		t.Fatalf("rules %d results %d", len(run.Tool.Driver.Rules), len(run.Results))
	}
	r0 := run.Results[0]
	if r0.Locations[0].PhysicalLocation.ArtifactLocation.URI != "docs/a%20b.md" || r0.RuleIndex != 0 {
		t.Errorf("result 0 = %+v", r0)
	}
	if run.Results[1].Fixes == nil || run.Results[2].Suppressions[0].Justification != "intro" {
		t.Error("fix or suppression missing")
	}
	if run.Tool.Driver.Rules[0].FullDescription.Text != "First paragraph of doc." {
		t.Errorf("full description %q", run.Tool.Driver.Rules[0].FullDescription.Text)
	}
	// Moving the text down a line must not change fingerprints.
	moved := reporttest.Sample()
	for k := range moved.Issues {
		moved.Issues[k].Pos.Line += 3
	}
	var log2 sarifLog
	json.Unmarshal(render(t, "sarif", moved, Options{}), &log2)
	for k := range run.Results {
		if run.Results[k].PartialFingerprints["primaryLocationLineHash"] != log2.Runs[0].Results[k].PartialFingerprints["primaryLocationLineHash"] {
			t.Error("fingerprint depends on the line number")
		}
	}
}

func TestGitHubEscaping(t *testing.T) {
	tests := []struct{ in, data, prop string }{
		{"a%b", "a%25b", "a%25b"},
		{"x\r\ny", "x%0D%0Ay", "x%0D%0Ay"},
		{"k: v, w", "k: v, w", "k%3A v%2C w"},
	}
	for _, tt := range tests {
		if got := escapeData(tt.in); got != tt.data {
			t.Errorf("escapeData(%q) = %q, want %q", tt.in, got, tt.data)
		}
		if got := escapeProperty(tt.in); got != tt.prop {
			t.Errorf("escapeProperty(%q) = %q, want %q", tt.in, got, tt.prop)
		}
	}
	out := string(render(t, "github-actions", reporttest.Sample(), Options{}))
	if !strings.Contains(out, "::error file=docs/a b.md,line=1,col=20,endLine=1,endColumn=23,title=citelint (unresolvable-label)::citation [9] has no entry: 100%25 sure, really%0Asecond line\n") {
		t.Errorf("annotation wrong:\n%s", out)
	}
	if strings.Contains(out, "claim has no citation") {
		t.Error("suppressed issue annotated")
	}
}

func TestGitHubStepSummary(t *testing.T) {
	path := filepath.Join(t.TempDir(), "summary.md")
	if err := os.WriteFile(path, []byte("earlier step\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	render(t, "github-actions", reporttest.Sample(), Options{StepSummaryPath: path})
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if !strings.HasPrefix(s, "earlier step\n## citelint") || !strings.Contains(s, "| `docs/a b.md:1` | unresolvable-label | citation [9] has no entry: 100% sure, really second line |") {
		t.Errorf("summary:\n%s", s)
	}
}

func TestXMLFormats(t *testing.T) {
	var cs checkstyleXML
	if err := xml.Unmarshal(render(t, "checkstyle", reporttest.Sample(), Options{}), &cs); err != nil {
		t.Fatal(err)
	}
	if len(cs.Files) != 1 || len(cs.Files[0].Errors) != 2 || cs.Files[0].Errors[0].Source != "citelint.unresolvable-label" {
		t.Errorf("checkstyle = %+v", cs)
	}
	var ju junitSuites
	if err := xml.Unmarshal(render(t, "junit-xml", reporttest.Sample(), Options{}), &ju); err != nil {
		t.Fatal(err)
	}
	if len(ju.Suites) != 1 || ju.Suites[0].Failures != 2 || ju.Suites[0].Cases[0].ClassName != "docs/a b.md:1:20" {
		t.Errorf("junit = %+v", ju)
	}
	var cc []codeClimateIssue
	if err := json.Unmarshal(render(t, "code-climate", reporttest.Sample(), Options{}), &cc); err != nil {
		t.Fatal(err)
	}
	if len(cc) != 2 || cc[0].Severity != "major" || cc[1].Severity != "minor" || cc[0].Fingerprint == cc[1].Fingerprint {
		t.Errorf("code-climate = %+v", cc)
	}
	if s := string(render(t, "code-climate", &output.Report{}, Options{})); strings.TrimSpace(s) != "[]" {
		t.Errorf("empty code-climate = %q", s)
	}
}

func TestNew(t *testing.T) {
	_, err := New("nope", Options{})
	if err == nil || !strings.Contains(err.Error(), "sarif") {
		t.Errorf("New(nope) = %v", err)
	}
	fs := Names()
	for i := 1; i < len(fs); i++ {
		if fs[i-1] >= fs[i] {
			t.Errorf("Formats not sorted: %v", fs)
		}
	}
}

// TestCaretPrefix pins the caret's column: one space per character, tabs
// kept, characters outside the BMP counted as two UTF-16 units.
func TestEchoLineShort(t *testing.T) {
	for _, tc := range []struct {
		line  string
		col   int
		shown string
		caret string
	}{
		{"abc", 1, "abc", ""},
		{"abc", 3, "abc", "  "},
		{"\tab", 3, "\tab", "\t "},
		{"éa", 2, "éa", " "},
		{"e\u0301a", 3, "e\u0301a", " "}, // a combining accent takes no column
		{"😀a [1]", 4, "😀a [1]", "   "},   // 😀 is UTF-16 columns 1-2, two terminal columns
		{"😀a [1]", 5, "😀a [1]", "    "},
		{"漢字 [1]", 4, "漢字 [1]", "     "},
		{"\xffx", 2, "\xffx", " "},
		{"ab", 9, "ab", "  "}, // past the end: the whole line
		{"a\x1b[2Jb\rc [1]", 9, "a\ufffd[2Jb\ufffdc [1]", "        "},
		{"::add-mask::x [1]", 15, zwsp + "::add-mask::x [1]", strings.Repeat(" ", 14)},
	} {
		shown, caret := echoLine(tc.line, tc.col)
		if shown != tc.shown || caret != tc.caret {
			t.Errorf("echoLine(%q, %d) = %q, %q; want %q, %q", tc.line, tc.col, shown, caret, tc.shown, tc.caret)
		}
	}
}

// TestEchoLineWindow pins defect 10 of issue 20: a long line is cut to a
// window of at most maxEchoWidth columns around the column, marked where it
// was cut, with the caret still under the right character.
func TestEchoLineWindow(t *testing.T) {
	ascii := strings.Repeat("abcdefghij", 30)
	cjk := strings.Repeat("漢字", 100)
	runes := []rune(cjk)
	for _, tc := range []struct {
		name, line string
		col        int
		shown      string
		caret      string
	}{
		{"ascii at the start", ascii, 1, ascii[:118] + "…", ""},
		{"ascii at the end", ascii, 300, "…" + ascii[182:], strings.Repeat(" ", 1+117)},
		{"ascii past the end", ascii, 400, "…" + ascii[182:], strings.Repeat(" ", 1+118)},
		{"ascii in the middle", ascii, 150, "…" + ascii[90:208] + "…", strings.Repeat(" ", 1+59)},
		{"cjk at the start", cjk, 1, string(runes[:59]) + "…", ""},
		{"cjk in the middle", cjk, 101, "…" + string(runes[71:130]) + "…", strings.Repeat(" ", 1+58)},
		{"cjk at the end", cjk, 200, "…" + string(runes[141:]), strings.Repeat(" ", 1+2*58)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			shown, caret := echoLine(tc.line, tc.col)
			if shown != tc.shown || caret != tc.caret {
				t.Errorf("got\n%q\n%q\nwant\n%q\n%q", shown, caret, tc.shown, tc.caret)
			}
		})
	}
}

// TestEchoLineCaretUnderMarker checks, for many columns of long lines, that
// the window fits and the caret's column holds the marked character.
func TestEchoLineCaretUnderMarker(t *testing.T) {
	for _, fill := range []string{"word ", "漢字", "é😀\t"} {
		for _, at := range []int{0, 1, 30, 59, 60, 61, 150, 290, 299} {
			parts := strings.Repeat(fill, 100)
			r := []rune(parts)
			r = r[:min(at, len(r))]
			line := string(r) + "@" + strings.Repeat(fill, 100)
			col := 1 + len(utf16.Encode(r))
			shown, caret := echoLine(line, col)
			if w := widthOf(shown); w > maxEchoWidth {
				t.Errorf("%q at %d: %d columns shown", fill, at, w)
			}
			w, target := widthOf(caret), -1
			for i, c := 0, 0; i < len(shown); {
				if c == w {
					target = i
					break
				}
				r, size := utf8.DecodeRuneInString(shown[i:])
				c += runeWidth(r)
				i += size
			}
			if target < 0 || shown[target] != '@' {
				t.Errorf("%q at %d: caret at column %d of %q", fill, at, w, shown)
			}
		}
	}
}

func widthOf(s string) int {
	w := 0
	for _, r := range s {
		w += runeWidth(r)
	}
	return w
}

func TestTextOutputBoundedOnLongLine(t *testing.T) {
	line := strings.Repeat("word [1] ", 11111)
	r := &output.Report{}
	for k := 0; k < 11111; k++ {
		r.Issues = append(r.Issues, result.Issue{Rule: "x", Severity: result.SeverityError, Message: "m", Path: "w.md",
			Pos: result.Position{Line: 1, Column: 9*k + 6}, SourceLine: line})
	}
	// Each issue: its header line, at most 120 columns of source (the two
	// marks three bytes each), a caret line; junit's XML around them.
	for format, perIssue := range map[string]int{"text": len("w.md:1:99999: m (x)\n") + 124 + 120 + 2, "junit-xml": 600} {
		if out := render(t, format, r, Options{}); len(out) > 11111*perIssue {
			t.Errorf("%s: %d bytes of output, want at most %d", format, len(out), 11111*perIssue)
		}
	}
}

func TestNeutralize(t *testing.T) {
	for _, tc := range []struct {
		in        string
		lineStart bool
		want      string
	}{
		{"::add-mask::x", true, zwsp + "::add-mask::x"},
		{"::add-mask::x", false, "::add-mask::x"},
		{"  ::set-output name=a::b", true, "  " + zwsp + "::set-output name=a::b"},
		{"\u3000\t::x::y", true, "\u3000\t" + zwsp + "::x::y"},
		{"a\n::x::y", false, "a\n" + zwsp + "::x::y"},
		{"a\r ::x::y\r\n::z::w", false, "a\r " + zwsp + "::x::y\r\n" + zwsp + "::z::w"},
		{"see ##[add-mask]x", false, "see ##" + zwsp + "[add-mask]x"},
		{"a: b :: c", true, "a: b :: c"},
		{"", true, ""},
	} {
		if got := Neutralize(tc.in, tc.lineStart); got != tc.want {
			t.Errorf("Neutralize(%q, %v) = %q, want %q", tc.in, tc.lineStart, got, tc.want)
		}
	}
}

// TestNoWorkflowCommands pins the second half of defect 10: document text
// and file names that read as workflow commands reach no format's output as
// a line the runner would execute (the github-actions format's own
// annotations aside), nor the job summary.
func TestNoWorkflowCommands(t *testing.T) {
	const evil = "::add-mask::x"
	src := "::add-mask::secret [1]\n  ::set-output name=a::b [2]\n"
	r := &output.Report{
		Version: "0.1.0",
		Issues: []result.Issue{
			{Rule: "r", Severity: result.SeverityError, Path: "docs/\n" + evil + ".md", Message: "quote:\n" + evil + "\r::set-output name=a::b ##[add-mask]y",
				Pos: result.Position{Line: 1, Column: 20}, EndPos: result.Position{Line: 1, Column: 23}, SourceLine: "::add-mask::secret [1]\n"},
			{Rule: "r", Severity: result.SeverityWarning, Path: "a.md", Message: "m",
				Pos: result.Position{Line: 2, Column: 26}, EndPos: result.Position{Line: 2, Column: 29}, SourceLine: "  ::set-output name=a::b [2]"},
		},
		Rules:   []output.RuleInfo{{Name: "r", Summary: "s", Doc: "d"}},
		Summary: output.Summary{Files: 2, Errors: []output.FileError{{Path: "b\n" + evil + ".md", Line: 1, Msg: "bad\n" + evil}}},
		Files:   map[string][]byte{"a.md": []byte(src)},
	}
	summary := filepath.Join(t.TempDir(), "summary.md")
	for _, f := range Names() {
		out := string(render(t, f, r, Options{StepSummaryPath: summary}))
		reporttest.CheckNoCommands(t, f, out, f == "github-actions")
	}
	b, _ := os.ReadFile(summary)
	reporttest.CheckNoCommands(t, "job summary", string(b), false)
}

// jsonReport is the JSON report's shape as one value, what jsonPrinter
// wrote with encoding/json before it streamed.
type jsonReport struct {
	Version         string      `json:"version"`
	CitelintVersion string      `json:"citelint_version"`
	Issues          []JSONIssue `json:"issues"`
	Summary         JSONSummary `json:"summary"`
}

// TestJSONStreamSameBytes holds the streamed JSON report to what
// encoding/json's indenting encoder writes for the whole jsonReport, the
// report's definition: with no issues, with fixes, suppressions and
// characters JSON escapes, with file errors and the support summary.
func TestJSONStreamSameBytes(t *testing.T) {
	oracle := func(r *output.Report) string {
		out := jsonReport{Version: JSONSchemaVersion, CitelintVersion: r.Version, Issues: []JSONIssue{}, Summary: JSONSummaryOf(r.Summary)}
		for _, i := range r.Issues {
			out.Issues = append(out.Issues, jsonIssueOf(i))
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	empty := &output.Report{Version: "v<&>"}
	full := reporttest.Sample()
	full.Issues = append(full.Issues, result.Issue{Rule: "x", Message: "a <b> & \"c\" \u2028", Path: "d/é.md",
		Suppressed: true, Justification: "why", Fix: &result.Fix{Description: "drop", Edits: []result.Edit{{Start: 1, End: 2, New: "<"}}}})
	full.Summary.Errors = append(full.Summary.Errors, output.FileError{Path: "bad.md", Line: 3, Msg: "not UTF-8"})
	full.Summary.Extra = map[string]int{"fixed": 2, "dropped_by_limits": 1}
	full.Summary.Support = &output.SupportMetrics{Claims: 3, CitedClaims: 2, Scored: 2, Supported: 1}
	full.Summary.SupportFiles = []output.FileSupport{{Path: "a.md", SupportMetrics: output.SupportMetrics{Claims: 3}}}
	for _, r := range []*output.Report{empty, reporttest.Sample(), full} {
		var b bytes.Buffer
		st := jsonPrinter{}.Stream(&b, r.Version)
		// In two parts, as a run streams file by file.
		half := len(r.Issues) / 2
		st.Issues(r.Issues[:half])
		st.Issues(r.Issues[half:])
		if err := st.End(r); err != nil {
			t.Fatal(err)
		}
		if want := oracle(r); b.String() != want {
			t.Errorf("streamed JSON differs:\n%s\nwant:\n%s", b.String(), want)
		}
	}
}

func TestBracketEscaperAcrossWrites(t *testing.T) {
	const in = "a##[b#[c###[d##"
	const want = `a##\u005bb#[c###\u005bd##`
	for split := 0; split <= len(in); split++ {
		var b bytes.Buffer
		e := &bracketEscaper{w: &b, esc: jsonBracket}
		e.Write([]byte(in[:split]))
		for k := split; k < len(in); k++ { // the rest a byte at a time
			e.Write([]byte{in[k]})
		}
		if b.String() != want {
			t.Errorf("split at %d: %q, want %q", split, b.String(), want)
		}
	}
}

// TestBracketEscapeLossless checks that JSON and XML readers get the text
// back unchanged.
func TestBracketEscapeLossless(t *testing.T) {
	r := reporttest.Sample()
	r.Issues[0].Message = "see ##[add-mask]x"
	var got jsonReport
	if err := json.Unmarshal(render(t, "json", r, Options{}), &got); err != nil {
		t.Fatal(err)
	}
	if got.Issues[0].Message != "see ##[add-mask]x" {
		t.Errorf("json message %q", got.Issues[0].Message)
	}
	var cs struct {
		Files []struct {
			Errors []struct {
				Message string `xml:"message,attr"`
			} `xml:"error"`
		} `xml:"file"`
	}
	if err := xml.Unmarshal(render(t, "checkstyle", r, Options{}), &cs); err != nil {
		t.Fatal(err)
	}
	if m := cs.Files[0].Errors[0].Message; m != "see ##[add-mask]x" {
		t.Errorf("checkstyle message %q", m)
	}
}

func TestColumnCursor(t *testing.T) {
	var c columnCursor
	for _, tc := range []struct {
		line string
		col  int
		want int
	}{
		{"a😀b漢c", 1, 0},
		{"a😀b漢c", 4, 5}, // after a (1) and 😀 (2 units)
		{"a😀b漢c", 6, 9},
		{"a😀b漢c", 2, 1},   // backwards: from the start again
		{"a😀b漢c", 99, 10}, // past the end
		{"xyz", 2, 1},     // another line
	} {
		if got := c.byteAt(tc.line, tc.col); got != tc.want {
			t.Errorf("byteAt(%q, %d) = %d, want %d", tc.line, tc.col, got, tc.want)
		}
	}
}

// BenchmarkTextLongLine prints 11,111 issues on one 100 KB line, the
// report of defect 10.
func BenchmarkTextLongLine(b *testing.B) {
	line := strings.Repeat("word [1] ", 11111)
	r := &output.Report{}
	for k := 0; k < 11111; k++ {
		r.Issues = append(r.Issues, result.Issue{Rule: "x", Severity: result.SeverityError, Message: "m", Path: "w.md",
			Pos: result.Position{Line: 1, Column: 9*k + 6}, SourceLine: line})
	}
	p, _ := New("text", Options{})
	for b.Loop() {
		p.Print(io.Discard, r)
	}
}

// TestGitHubError: the annotation for a config error (cli's
// configAnnotator) is one line whatever its message and path hold.
func TestGitHubError(t *testing.T) {
	tests := []struct {
		path      string
		line, col int
		msg, want string
	}{
		{".citelint.yaml", 3, 12, `unknown rule "x"`, "::error file=.citelint.yaml,line=3,col=12,title=citelint (config)::unknown rule \"x\"\n"},
		{"a,b:c.yaml", 1, 0, "100%\n::add-mask::s", "::error file=a%2Cb%3Ac.yaml,line=1,title=citelint (config)::100%25%0A::add-mask::s\n"},
		{"c.yaml", 0, 5, "no position", "::error file=c.yaml,title=citelint (config)::no position\n"},
		{"", 4, 2, "a flag's", "::error title=citelint (config)::a flag's\n"},
	}
	for _, tt := range tests {
		var b strings.Builder
		if err := GitHubError(&b, tt.path, tt.line, tt.col, "citelint (config)", tt.msg); err != nil {
			t.Fatal(err)
		}
		if b.String() != tt.want {
			t.Errorf("GitHubError(%q, %d, %d, %q) = %q, want %q", tt.path, tt.line, tt.col, tt.msg, b.String(), tt.want)
		}
	}
}
