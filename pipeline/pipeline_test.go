package pipeline

import (
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
		{"max per rule keeps the first in file order", Pipeline{Dedup{}, Sort{}, Limits{MaxPerRule: 1}}, "a.md:a:m3 drafts/x.md:c:m4 z.md:b:m1"},
		{"unlimited by default", Pipeline{Dedup{}, Sort{}, Limits{}}, "a.md:a:m3 a.md:a:m2 drafts/x.md:c:m4 z.md:b:m1"},
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
		Limits{MaxSame: 1, Dropped: &dropped},
	}.Run(issues)
	if len(out) != 2 || dropped != 1 || out[1].Severity != result.SeverityError {
		t.Errorf("got %+v dropped %d", out, dropped)
	}
}
