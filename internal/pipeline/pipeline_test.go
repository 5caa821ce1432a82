package pipeline

import (
	"strconv"
	"strings"
	"testing"

	"github.com/citelint/citelint/result"
)

func iss(rule, path string, start int, msg string) result.Issue {
	return result.Issue{Rule: rule, Path: path, Start: start, End: start + 1, Message: msg, Severity: result.SeverityWarning}
}

func keys(issues []result.Issue) string {
	var s []string
	for _, i := range issues {
		s = append(s, i.Path+":"+i.Rule+":"+i.Message)
	}
	return strings.Join(s, " ")
}

func TestStages(t *testing.T) {
	in := func() []result.Issue {
		return []result.Issue{
			iss("b", "z.md", 5, "m1"),
			iss("a", "a.md", 9, "m2"),
			iss("a", "a.md", 1, "m3"),
			iss("a", "a.md", 1, "m3"), // duplicate
			iss("c", "drafts/x.md", 1, "m4"),
		}
	}
	tests := []struct {
		name string
		p    Pipeline
		want string
	}{
		{"sort", Pipeline{Sort{}}, "a.md:a:m3 a.md:a:m3 a.md:a:m2 drafts/x.md:c:m4 z.md:b:m1"},
		{"dedup then sort", Pipeline{Dedup{}, Sort{}}, "a.md:a:m3 a.md:a:m2 drafts/x.md:c:m4 z.md:b:m1"},
		{"exclusions", Pipeline{Exclusions{Excluded: func(i *result.Issue) bool { return strings.HasPrefix(i.Path, "drafts/") }}, Dedup{}, Sort{}}, "a.md:a:m3 a.md:a:m2 z.md:b:m1"},
		{"max per rule keeps the first in file order", Pipeline{Dedup{}, Sort{}, &Limits{MaxPerRule: 1}}, "a.md:a:m3 drafts/x.md:c:m4 z.md:b:m1"},
		{"unlimited by default", Pipeline{Dedup{}, Sort{}, &Limits{}}, "a.md:a:m3 a.md:a:m2 drafts/x.md:c:m4 z.md:b:m1"},
	}
	for _, tt := range tests {
		if got := keys(tt.p.Run(in())); got != tt.want {
			t.Errorf("%s: got %s\nwant %s", tt.name, got, tt.want)
		}
	}
}

func TestSeverityAndLimitsCount(t *testing.T) {
	issues := []result.Issue{iss("a", "x.md", 1, "m"), iss("a", "x.md", 2, "m"), iss("b", "x.md", 3, "m")}
	dropped := 0
	out := Pipeline{
		Severity{For: func(i *result.Issue) result.Severity {
			if i.Rule == "b" {
				return result.SeverityError
			}
			return i.Severity
		}},
		&Limits{MaxSame: 1, Dropped: &dropped},
	}.Run(issues)
	if len(out) != 2 || dropped != 1 || out[1].Severity != result.SeverityError {
		t.Errorf("got %+v dropped %d", out, dropped)
	}
}

// TestPerFileEqualsWhole checks what the streamed text report relies on:
// the pipeline run file by file, in path order, with one Limits carrying
// its counts, gives what it gives on all issues at once.
func TestPerFileEqualsWhole(t *testing.T) {
	byFile := [][]result.Issue{
		{iss("b", "a.md", 9, "m1"), iss("a", "a.md", 3, "m1"), iss("a", "a.md", 3, "m1"), iss("a", "a.md", 1, "m2")},
		{iss("a", "b/c.md", 5, "m1"), iss("c", "b/c.md", 2, "m3")},
		{iss("a", "d.md", 1, "m2"), iss("b", "d.md", 1, "m1"), iss("c", "d.md", 4, "m3")},
	}
	for _, lim := range []Limits{{}, {MaxPerRule: 2}, {MaxSame: 1}, {MaxPerRule: 1, MaxSame: 1}} {
		var all []result.Issue
		for _, f := range byFile {
			all = append(all, f...)
		}
		d1, d2 := 0, 0
		l1, l2 := lim, lim
		l1.Dropped, l2.Dropped = &d1, &d2
		whole := Pipeline{Dedup{}, Sort{}, &l1}.Run(all)
		p := Pipeline{Dedup{}, Sort{}, &l2}
		var parts []result.Issue
		for _, f := range byFile {
			parts = append(parts, p.Run(append([]result.Issue(nil), f...))...)
		}
		if got, want := keysAt(parts), keysAt(whole); got != want || d1 != d2 {
			t.Errorf("limits %+v: per file %q (dropped %d), whole %q (dropped %d)", lim, got, d2, want, d1)
		}
	}
}

func keysAt(issues []result.Issue) string {
	var s []string
	for _, i := range issues {
		s = append(s, i.Path+":"+strconv.Itoa(i.Start)+":"+i.Rule+":"+i.Message)
	}
	return strings.Join(s, " ")
}
