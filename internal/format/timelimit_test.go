package format

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/hangguard"
	"github.com/citelint/citelint/internal/reporttest"
	"github.com/citelint/citelint/output"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// endsAfter is a context whose Err is nil for its first n calls and
// context.DeadlineExceeded after: a time limit that strikes while a
// printer writes, the same on any machine.
type endsAfter struct {
	n     atomic.Int64
	calls int64
}

func newEndsAfter(calls int64) *endsAfter { return &endsAfter{calls: calls} }

func (c *endsAfter) Deadline() (time.Time, bool) { return time.Time{}, false }
func (c *endsAfter) Done() <-chan struct{}       { return nil }
func (c *endsAfter) Value(any) any               { return nil }
func (c *endsAfter) Err() error {
	if c.n.Add(1) > c.calls {
		return context.DeadlineExceeded
	}
	return nil
}

// TestPrintersCutAtTimeLimit: when the report's Context ends while a
// printer writes, it stops listing issues, writes a whole report that
// (where the format has room) says how many it left out, and returns
// ErrTimeLimit; with time enough, it writes them all and returns nil.
func TestPrintersCutAtTimeLimit(t *testing.T) {
	src := footnoteLines(1000)
	for _, format := range Names() {
		t.Run(format, func(t *testing.T) {
			// The page asks once a document and once in 64 blocks (this
			// document is one paragraph), the others once in 64 issues.
			while := int64(3)
			if format == "html" {
				while = 1
			}
			for _, tc := range []struct {
				name  string
				ctx   context.Context
				whole bool
			}{
				{"ended", newEndsAfter(0), false},
				{"ends while writing", newEndsAfter(while), false},
				{"time enough", newEndsAfter(1 << 40), true},
			} {
				r := footnoteReport("r.md", src)
				r.Review = reporttest.Review("r.md", src).Review
				r.Context = tc.ctx
				p, _ := New(format, Options{})
				var b bytes.Buffer
				var err error
				hangguard.Run(t, format, func() { err = p.Print(&b, r) })
				if tc.whole != (err == nil) || !tc.whole && !errors.Is(err, output.ErrTimeLimit) {
					t.Fatalf("%s: Print = %v", tc.name, err)
				}
				out := b.Bytes()
				listed := checkValid(t, format, out)
				switch {
				case tc.whole && listed != len(r.Issues) && listed >= 0:
					t.Errorf("%s: %d issues listed, want all %d", tc.name, listed, len(r.Issues))
				case !tc.whole && listed >= len(r.Issues) && !(format == "html" && tc.name == "ends while writing"):
					// (A document the page cuts short still lists its issues.)
					t.Errorf("%s: %d issues listed, want fewer than %d", tc.name, listed, len(r.Issues))
				}
				says := bytes.Contains(out, []byte("time limit")) || bytes.Contains(out, []byte("issues_not_written"))
				if tc.whole && says {
					t.Errorf("%s: the report says it was cut", tc.name)
				}
				if quiet := format == "checkstyle" || format == "junit-xml" || format == "code-climate"; !tc.whole && !quiet && !says {
					t.Errorf("%s: the report does not say it was cut:\n%.2000s", tc.name, out)
				}
			}
		})
	}
}

// checkValid fails unless out is a whole report in format, and returns
// how many issues it lists (-1: not counted).
func checkValid(t *testing.T, format string, out []byte) int {
	t.Helper()
	switch format {
	case "json":
		var v struct{ Issues []JSONIssue }
		if err := json.Unmarshal(out, &v); err != nil {
			t.Fatalf("json: %v", err)
		}
		return len(v.Issues)
	case "sarif":
		var v sarifLog
		if err := json.Unmarshal(out, &v); err != nil {
			t.Fatalf("sarif: %v", err)
		}
		if n := len(v.Runs[0].Results); n < 1000 && v.Runs[0].Invocations[0].ExecutionSuccessful {
			t.Errorf("sarif: cut, and says the run succeeded")
		}
		return len(v.Runs[0].Results)
	case "code-climate":
		var v []codeClimateIssue
		if err := json.Unmarshal(out, &v); err != nil {
			t.Fatalf("code-climate: %v", err)
		}
		return len(v)
	case "checkstyle":
		var v checkstyleXML
		if err := xml.Unmarshal(out, &v); err != nil {
			t.Fatalf("checkstyle: %v", err)
		}
		n := 0
		for _, f := range v.Files {
			n += len(f.Errors)
		}
		return n
	case "junit-xml":
		var v junitSuites
		if err := xml.Unmarshal(out, &v); err != nil {
			t.Fatalf("junit: %v", err)
		}
		n := 0
		for _, s := range v.Suites {
			if s.Tests != len(s.Cases) {
				t.Errorf("junit: suite of %d cases says %d tests", len(s.Cases), s.Tests)
			}
			n += len(s.Cases)
		}
		return n
	case "html":
		reporttest.CheckInert(t, out)
		if !bytes.HasSuffix(out, []byte("</html>\n")) {
			t.Fatal("html: the page is not whole")
		}
		return bytes.Count(out, []byte(`class="sev-`))
	case "text":
		if !bytes.Contains(out, []byte("issue")) {
			t.Fatalf("text: no summary line:\n%s", out)
		}
		return bytes.Count(out, []byte("(unresolvable-label)"))
	case "github-actions":
		return strings.Count(string(out), "::error file=")
	}
	t.Fatalf("no check for format %s", format)
	return -1
}

// TestSARIFCutIsValid: a log cut at the time limit is valid SARIF 2.1.0.
func TestSARIFCutIsValid(t *testing.T) {
	schema := compiledSARIFSchema(t)
	for _, calls := range []int64{0, 5} {
		r := footnoteReport("r.md", footnoteLines(1000))
		r.Context = newEndsAfter(calls)
		var b bytes.Buffer
		if err := (sarifPrinter{}).Print(&b, r); !errors.Is(err, output.ErrTimeLimit) {
			t.Fatalf("Print = %v, want ErrTimeLimit", err)
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(inst); err != nil {
			t.Errorf("cut after %d checks: SARIF invalid: %v", calls, err)
		}
		if !bytes.Contains(b.Bytes(), []byte("time limit (--timeout): it lists")) {
			t.Errorf("cut after %d checks: no notification says so", calls)
		}
	}
}

// TestTextCutCountsWhatItShows: the text report does not show suppressed
// issues, so its cut note counts only the others.
func TestTextCutCountsWhatItShows(t *testing.T) {
	r := footnoteReport("r.md", footnoteLines(1000))
	for i := range r.Issues {
		r.Issues[i].Suppressed = i%2 == 1
	}
	r.Context = newEndsAfter(2) // asked at issues 0, 64 and 128: 128 written, 64 shown
	var b bytes.Buffer
	if err := (textPrinter{}).Print(&b, r); !errors.Is(err, output.ErrTimeLimit) {
		t.Fatalf("Print = %v, want ErrTimeLimit", err)
	}
	if want := "it lists 64 of the 500 issues"; !strings.Contains(b.String(), want) {
		t.Errorf("the note does not say %q:\n%s", want, b.String()[strings.LastIndex(b.String(), "error:"):])
	}
}
