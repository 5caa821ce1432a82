package format

import (
	"bytes"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/hangguard"
	"github.com/citelint/citelint/internal/reporttest"
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// The probe's shapes for the printers, small: many issues each with a fix,
// on a line each (#12) or all on one line (#13, #14). Each test checks the
// output; the only time in them is a hang guard of a minute.

var footnoteMarker = regexp.MustCompile(`\[\^x\d+\]`)

// footnoteReport is a report of one issue per "[^xN]" marker of src, each
// with a fix deleting the marker, located as package lint locates them
// (issues on one line share its text).
func footnoteReport(path string, src []byte) *output.Report {
	idx := result.NewLineIndex(src)
	r := &output.Report{Files: map[string][]byte{path: src}}
	for _, m := range footnoteMarker.FindAllIndex(src, -1) {
		iss := result.Issue{Rule: "unresolvable-label", Severity: result.SeverityError, Path: path, Start: m[0], End: m[1],
			Message: fmt.Sprintf("footnote %s has no definition", src[m[0]+2:m[1]-1]),
			Fix:     &result.Fix{Description: "remove the marker", Edits: []result.Edit{{Start: m[0] - 1, End: m[1], New: "."}}}}
		iss.Pos, iss.EndPos = idx.Position(m[0]), idx.Position(m[1])
		iss.SourceLine = idx.LineText(iss.Pos.Line)
		r.Issues = append(r.Issues, iss)
	}
	return r
}

func footnoteLines(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "Claim.[^x%d]\n", i)
	}
	return b.Bytes()
}

func footnoteOneLine(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "Claim.[^x%d] ", i)
	}
	b.WriteByte('\n')
	return b.Bytes()
}

// TestSARIFManyFixes: every result's fix region is where the edit's
// offsets are, counted afresh, and every fingerprint is its line's.
func TestSARIFManyFixes(t *testing.T) {
	for name, src := range map[string][]byte{"a line each": footnoteLines(3000), "one line": footnoteOneLine(3000)} {
		t.Run(name, func(t *testing.T) {
			r := footnoteReport("r.md", src)
			var out []byte
			hangguard.Run(t, "SARIF", func() { out = render(t, "sarif", r, Options{}) })
			var log sarifLog
			if err := json.Unmarshal(out, &log); err != nil {
				t.Fatal(err)
			}
			res := log.Runs[0].Results
			if len(res) != len(r.Issues) {
				t.Fatalf("%d results, want %d", len(res), len(r.Issues))
			}
			seen := map[string]bool{}
			for k, iss := range r.Issues {
				ed := iss.Fix.Edits[0]
				fresh := result.NewLineIndex(src)
				s, e := fresh.Position(ed.Start), fresh.Position(ed.End)
				got := res[k].Fixes[0].ArtifactChanges[0].Replacements[0].DeletedRegion
				if *got.StartLine != s.Line || *got.StartColumn != s.Column || *got.EndLine != e.Line || *got.EndColumn != e.Column {
					t.Fatalf("result %d: fix region %d:%d-%d:%d, want %d:%d-%d:%d", k, *got.StartLine, *got.StartColumn, *got.EndLine, *got.EndColumn, s.Line, s.Column, e.Line, e.Column)
				}
				fp := res[k].PartialFingerprints["primaryLocationLineHash"]
				if !strings.HasPrefix(fp, result.LineFingerprint(iss.Rule, iss.Path, iss.SourceLine)+":") || seen[fp] {
					t.Fatalf("result %d: fingerprint %s is not its line's, or not its own", k, fp)
				}
				seen[fp] = true
			}
		})
	}
}

// TestCodeClimateOneLine: issues on one line each get the fingerprint
// the format has always had (MD5 of the line and the message, counted),
// and identical issues their own.
func TestCodeClimateOneLine(t *testing.T) {
	r := footnoteReport("r.md", footnoteOneLine(2000))
	r.Issues = append(r.Issues, r.Issues...) // each twice: counted 1 and 2
	var out []byte
	hangguard.Run(t, "code-climate", func() { out = render(t, "code-climate", r, Options{}) })
	var cc []codeClimateIssue
	if err := json.Unmarshal(out, &cc); err != nil {
		t.Fatal(err)
	}
	if len(cc) != len(r.Issues) {
		t.Fatalf("%d issues, want %d", len(cc), len(r.Issues))
	}
	// The fingerprint as 537a6cd computed it, with the whole line in the key.
	seen := map[string]int{}
	for k, i := range r.Issues {
		key := i.Rule + "\x00" + i.Path + "\x00" + strings.TrimSpace(i.SourceLine) + "\x00" + i.Message
		seen[key]++
		h := md5.Sum([]byte(fmt.Sprintf("%s\x00%d", key, seen[key])))
		if want := hex.EncodeToString(h[:]); cc[k].Fingerprint != want {
			t.Fatalf("issue %d: fingerprint %s, want %s", k, cc[k].Fingerprint, want)
		}
	}
}

// perByte reports a benchmark's time per byte of its input.
func perByte(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/byte")
}

// BenchmarkPrintersManyIssues prints the probe's documents of n, 2n and
// 4n issues with a fix each, on a line each and on one line: ns/byte must
// stay flat as the input doubles.
func BenchmarkPrintersManyIssues(b *testing.B) {
	for _, format := range []string{"sarif", "code-climate"} {
		for _, shape := range []struct {
			name string
			gen  func(int) []byte
		}{{"lines", footnoteLines}, {"oneline", footnoteOneLine}} {
			for _, n := range []int{5000, 10000, 20000} {
				src := shape.gen(n)
				r := footnoteReport("r.md", src)
				p, _ := New(format, Options{})
				b.Run(fmt.Sprintf("%s/%s/issues=%d", format, shape.name, n), func(b *testing.B) {
					for b.Loop() {
						if err := p.Print(discard{}, r); err != nil {
							b.Fatal(err)
						}
					}
					perByte(b, len(src))
				})
			}
		}
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// TestSARIFStreamSameBytes: the log written a result at a time is the
// bytes encoding/json writes for it whole.
func TestSARIFStreamSameBytes(t *testing.T) {
	oracle := func(r *output.Report) string {
		sb := newSarifBuild(r)
		run := sarifRun{Tool: sarifTool{Driver: sb.driver}, ColumnKind: "utf16CodeUnits", Results: []sarifResult{}, Invocations: sb.invocations()}
		for _, iss := range r.Issues {
			run.Results = append(run.Results, sb.result(iss))
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&bracketEscaper{w: &b, esc: jsonBracket})
		enc.SetIndent("", "  ")
		if err := enc.Encode(sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	full := reporttest.Sample()
	full.Version = "v1.2.3-rc.1+<&>"
	full.Issues = append(full.Issues, result.Issue{Rule: "not-listed", Message: "a <b> & \"c\" \u2028 ##[x]", Path: "d/é.md",
		Suppressed: true, Justification: "why", Fix: &result.Fix{Description: "drop", Edits: []result.Edit{{Start: 1, End: 2, New: "<"}}}})
	full.Summary.Errors = append(full.Summary.Errors, output.FileError{Path: "/abs/bad.md", Msg: "not UTF-8"})
	for name, r := range map[string]*output.Report{"empty": {}, "sample": reporttest.Sample(), "full": full, "footnotes": footnoteReport("r.md", footnoteLines(50))} {
		if got, want := string(render(t, "sarif", r, Options{})), oracle(r); got != want {
			t.Errorf("%s: streamed SARIF differs:\n%s\nwant:\n%s", name, got, want)
		}
	}
}
