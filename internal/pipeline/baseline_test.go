package pipeline

import (
	"bytes"
	"strings"
	"testing"

	"github.com/citelint/citelint/result"
)

// onLine is an issue of rule on a line with text src at line n.
func onLine(rule, path string, n int, src string) result.Issue {
	return result.Issue{Rule: rule, Path: path, Pos: result.Position{Line: n, Column: 1}, SourceLine: src, Message: rule + " on " + src}
}

func slashPath(iss *result.Issue) string { return iss.Path }

// baselineOf records issues as --write-baseline does and reads the file
// back as --baseline does.
func baselineOf(t *testing.T, issues []result.Issue) *BaselineFile {
	t.Helper()
	rec := NewBaseline(nil, slashPath, true)
	if out := rec.Process(append([]result.Issue(nil), issues...)); len(out) != 0 {
		t.Fatalf("recording reported %d issues, want none: what it records is accepted", len(out))
	}
	var buf bytes.Buffer
	if err := rec.Recorded().Write(&buf); err != nil {
		t.Fatal(err)
	}
	f, err := ReadBaseline("baseline.json", &buf)
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	return f
}

func TestBaseline(t *testing.T) {
	today := []result.Issue{
		onLine("unresolvable-label", "a.md", 3, "A claim [7]."),
		onLine("unresolvable-label", "a.md", 9, "Same text [7]."),
		onLine("unresolvable-label", "a.md", 12, "Same text [7]."),
		onLine("dead-link", "b.md", 1, "See [x](http://x)."),
	}
	suppressed := onLine("dead-link", "b.md", 2, "Hidden.")
	suppressed.Suppressed = true
	tests := []struct {
		name      string
		later     []result.Issue
		wantKept  []string // messages reported
		wantDrop  int
		wantGone  int
		lintedAll bool
	}{
		{"unchanged", today, nil, 4, 0, true},
		{"lines moved", []result.Issue{
			onLine("unresolvable-label", "a.md", 30, "A claim [7]."),
			onLine("unresolvable-label", "a.md", 90, "Same text [7]."),
			onLine("unresolvable-label", "a.md", 120, "  Same text [7]."), // indentation changed
			onLine("dead-link", "b.md", 10, "See [x](http://x)."),
		}, nil, 4, 0, true},
		{"a third copy of a line is new", append(append([]result.Issue(nil), today...), onLine("unresolvable-label", "a.md", 20, "Same text [7].")),
			[]string{"unresolvable-label on Same text [7]."}, 4, 0, true},
		{"edited line is new, its entry gone", []result.Issue{
			onLine("unresolvable-label", "a.md", 3, "A claim, reworded [7]."),
			today[1], today[2], today[3],
		}, []string{"unresolvable-label on A claim, reworded [7]."}, 3, 1, true},
		{"other rule on the same line is new", []result.Issue{today[0], onLine("dead-link", "a.md", 3, "A claim [7].")},
			[]string{"dead-link on A claim [7]."}, 1, 3, true},
		{"same line in another file is new", []result.Issue{onLine("dead-link", "c.md", 1, "See [x](http://x).")},
			[]string{"dead-link on See [x](http://x)."}, 0, 4, true},
		{"files not linted are not gone", nil, nil, 0, 0, false},
		{"suppressed issues pass", []result.Issue{suppressed}, []string{"dead-link on Hidden."}, 0, 4, true},
	}
	base := baselineOf(t, today)
	if len(base.Entries) != 4 {
		t.Fatalf("recorded %d entries, want 4", len(base.Entries))
	}
	// Every case runs on a stage of its own and on a fork of one shared
	// stage (as the fixer checks each file): forks share the entries, not
	// the counts.
	shared := NewBaseline(base, slashPath, false)
	for _, tc := range tests {
		for _, b := range []*Baseline{NewBaseline(base, slashPath, false), shared.Fork()} {
			t.Run(tc.name, func(t *testing.T) {
				var kept []string
				for _, iss := range b.Process(append([]result.Issue(nil), tc.later...)) {
					kept = append(kept, iss.Message)
				}
				if strings.Join(kept, "|") != strings.Join(tc.wantKept, "|") {
					t.Errorf("reported %q, want %q", kept, tc.wantKept)
				}
				if b.Dropped() != tc.wantDrop {
					t.Errorf("baselined %d, want %d", b.Dropped(), tc.wantDrop)
				}
				if g := b.Gone(func(string) bool { return tc.lintedAll }); g != tc.wantGone {
					t.Errorf("gone %d, want %d", g, tc.wantGone)
				}
			})
		}
	}
	if shared.Dropped() != 0 {
		t.Errorf("the shared stage counted %d: its forks' counts leaked into it", shared.Dropped())
	}
}

// TestBaselineFile: the file is sorted by path and line, one entry a
// line, and bad files are errors naming the file.
func TestBaselineFile(t *testing.T) {
	f := &BaselineFile{Version: BaselineVersion, Entries: []BaselineEntry{
		{Rule: "r", Path: "z.md", Fingerprint: "aa:1", Line: 1},
		{Rule: "r", Path: "a.md", Fingerprint: "bb:1", Line: 7},
		{Rule: "r", Path: "a.md", Fingerprint: "cc:1", Line: 2},
	}}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	want := `{"version": 1, "entries": [
  {"rule":"r","path":"a.md","fingerprint":"cc:1","line":2},
  {"rule":"r","path":"a.md","fingerprint":"bb:1","line":7},
  {"rule":"r","path":"z.md","fingerprint":"aa:1","line":1}
]}
`
	if buf.String() != want {
		t.Errorf("wrote\n%s\nwant\n%s", buf.String(), want)
	}
	for _, bad := range []string{
		``,
		`{"version": 2, "entries": []}`,
		`{"version": 1, "entries": [{"rule": "r", "path": "a.md"}]}`,
		`{"version": 1, "entries": [], "extra": 1}`,
		`[1, 2]`,
	} {
		if _, err := ReadBaseline("b.json", strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "b.json") {
			t.Errorf("ReadBaseline(%q) = %v, want an error naming the file", bad, err)
		}
	}
	var empty bytes.Buffer
	(&BaselineFile{}).Write(&empty)
	if _, err := ReadBaseline("empty.json", &empty); err != nil {
		t.Errorf("an empty baseline does not read back: %v\n%s", err, empty.String())
	}
}
