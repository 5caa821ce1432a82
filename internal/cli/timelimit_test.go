package cli

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/engine"
)

// TestTimeLimitInReport: when --timeout strikes after the lint, while
// the issues go through the pipeline or the report is printed, every
// report is still a whole, valid file that says what it leaves out, and
// the exit code is 4. The run's time ends on cue (engine.RunDeadline,
// beforeReport, beforePrint), not on a timer.
func TestTimeLimitInReport(t *testing.T) {
	expire := expireOnCue(t, &engine.RunDeadline)
	dir := t.TempDir()
	var doc strings.Builder
	for i := range 500 {
		fmt.Fprintf(&doc, "Claim.[^x%d]\n", i)
	}
	write(t, dir, "a.md", doc.String())
	write(t, dir, "b.md", doc.String())
	for _, tc := range []struct {
		name      string
		at        *func()
		reportCut bool // the files' issues are not reported, the printers write what is left
	}{
		{"in the pipeline", &beforeReport, true},
		{"while printing", &beforePrint, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			*tc.at = func() { (*expire)() }
			defer func() { *tc.at = nil }()
			out := t.TempDir()
			code, _, stderr := run(t, dir, "", "run", "--no-config", "--timeout", "1h",
				"--format", "sarif:"+filepath.Join(out, "r.sarif"), "--format", "json:"+filepath.Join(out, "r.json"),
				"--format", "checkstyle:"+filepath.Join(out, "r.xml"), "--format", "html:"+filepath.Join(out, "r.html"),
				filepath.Join(dir, "a.md"), filepath.Join(dir, "b.md"))
			if code != ExitTimeout {
				t.Errorf("exit %d, want %d\n%s", code, ExitTimeout, stderr)
			}
			read := func(name string) []byte {
				b, err := os.ReadFile(filepath.Join(out, name))
				if err != nil {
					t.Fatalf("%s not written: %v\n%s", name, err, stderr)
				}
				return b
			}
			var sarif struct {
				Runs []struct {
					Results     []json.RawMessage
					Invocations []struct {
						ExecutionSuccessful        bool
						ToolExecutionNotifications []struct{ Message struct{ Text string } }
					}
				}
			}
			if err := json.Unmarshal(read("r.sarif"), &sarif); err != nil {
				t.Fatalf("SARIF: %v", err)
			}
			inv := sarif.Runs[0].Invocations[0]
			var notes []string
			for _, n := range inv.ToolExecutionNotifications {
				notes = append(notes, n.Message.Text)
			}
			if len(sarif.Runs[0].Results) != 0 || inv.ExecutionSuccessful || !strings.Contains(strings.Join(notes, "\n"), "time limit") {
				t.Errorf("SARIF: %d results, successful %v, notes %q; want none, not successful, and a note", len(sarif.Runs[0].Results), inv.ExecutionSuccessful, notes)
			}
			var js struct {
				Issues  []json.RawMessage
				Summary struct {
					Errors []struct{ Path, Message string }
					Extra  map[string]int
				}
			}
			if err := json.Unmarshal(read("r.json"), &js); err != nil {
				t.Fatalf("JSON: %v", err)
			}
			if len(js.Issues) != 0 {
				t.Errorf("JSON: %d issues, want none", len(js.Issues))
			}
			if tc.reportCut {
				if len(js.Summary.Errors) != 2 || !strings.Contains(js.Summary.Errors[0].Message, "500 issues not reported: the run reached its time limit") {
					t.Errorf("JSON: errors %+v, want both files not reported", js.Summary.Errors)
				}
			} else if js.Summary.Extra["issues_not_written"] != 1000 {
				t.Errorf("JSON: extra %v, want issues_not_written 1000", js.Summary.Extra)
			}
			var cs struct{ XMLName xml.Name }
			if err := xml.Unmarshal(read("r.xml"), &cs); err != nil || cs.XMLName.Local != "checkstyle" {
				t.Errorf("checkstyle: %v %v", cs.XMLName, err)
			}
			if page := read("r.html"); !strings.HasSuffix(string(page), "</html>\n") || !strings.Contains(string(page), "time limit") {
				t.Errorf("html: not whole, or does not say it is cut")
			}
			if !strings.Contains(stderr, "timed out") && !strings.Contains(stderr, "leaves issues out") {
				t.Errorf("stderr does not say the run timed out:\n%s", stderr)
			}
		})
	}
}

// TestLintTimeEndsWithTheReportWhole: the lint's time ends a share before
// the run's, to leave the report time. Ending while the report is made,
// with every file checked and every issue reported, costs nothing: the
// run did not time out, and its exit code says how the files are.
func TestLintTimeEndsWithTheReportWhole(t *testing.T) {
	expire := expireOnCue(t, &engine.LintDeadline)
	reported := false
	beforeReport = func() { (*expire)(); reported = true }
	defer func() { beforeReport = nil }()
	dir := t.TempDir()
	doc := write(t, dir, "a.md", clean)
	out := t.TempDir()
	// SARIF: a batch run, whose issues go through the pipeline after the lint.
	code, _, stderr := run(t, dir, "", "run", "--no-config", "--timeout", "1h",
		"--format", "sarif:"+filepath.Join(out, "r.sarif"), doc)
	if *expire == nil {
		t.Fatal("the lint's deadline was not made")
	}
	if code != ExitOK || strings.Contains(stderr, "timed out") || !reported {
		t.Errorf("exit %d, want %d (the lint's time ended before the report: %v); stderr:\n%s", code, ExitOK, reported, stderr)
	}
}

// TestTimedOutSummaryAgrees: when the time limit leaves files unchecked,
// the text summary, the JSON summary and the line on standard error give
// the same counts, and no file is both checked and not checked. The
// lint's time is up before it starts (on cue, not on a timer), so every
// file is not checked.
func TestTimedOutSummaryAgrees(t *testing.T) {
	expire := expireOnCue(t, &engine.LintDeadline)
	onCue := engine.LintDeadline // restored by expireOnCue's cleanup
	engine.LintDeadline = func(parent context.Context, d time.Time) (context.Context, context.CancelFunc) {
		ctx, cancel := onCue(parent, d)
		(*expire)()
		return ctx, cancel
	}
	dir := t.TempDir()
	for _, name := range []string{"a.md", "b.md", "c.md"} {
		write(t, dir, name, broken)
	}
	out := filepath.Join(t.TempDir(), "r.json")
	code, stdout, stderr := run(t, dir, "", "run", "--no-config", "--timeout", "1h", "--format", "text", "--format", "json:"+out, dir)
	if code != ExitTimeout {
		t.Errorf("exit %d, want %d\n%s", code, ExitTimeout, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if want := "0 issues; 0 files checked; 3 files not checked (the run reached its time limit, --timeout)."; lines[len(lines)-1] != want {
		t.Errorf("text summary:\n%s\nwant:\n%s", lines[len(lines)-1], want)
	}
	if want := "citelint: timed out after 1h0m0s: 0 files checked, 3 not checked; the report holds the files that finished\n"; !strings.Contains(stderr, want) {
		t.Errorf("stderr:\n%s\nwant the line:\n%s", stderr, want)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var js struct {
		Summary struct {
			Files      int `json:"files"`
			NotChecked int `json:"not_checked"`
			Errors     []struct{ Message string }
		}
	}
	if err := json.Unmarshal(b, &js); err != nil {
		t.Fatal(err)
	}
	if s := js.Summary; s.Files != 0 || s.NotChecked != 3 || len(s.Errors) != 3 {
		t.Errorf("JSON summary: files %d, not_checked %d, %d errors; want 0, 3, 3", s.Files, s.NotChecked, len(s.Errors))
	}
}
