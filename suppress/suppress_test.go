package suppress

import (
	"strings"
	"testing"

	"github.com/citelint/citelint/markdown"
	"github.com/citelint/citelint/result"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in     string
		ok     bool
		kind   Kind
		rules  string
		reason string
		err    string
	}{
		{"citelint-disable-next-line uncited-claim -- a definition", true, DisableNextLine, "uncited-claim", "a definition", ""},
		{"citelint-disable a, b", true, Disable, "a,b", "", ""},
		{"citelint-enable", true, Enable, "", "", ""},
		{"citelint-disable-file -- generated", true, DisableFile, "", "generated", ""},
		{"citelint-disable-line x", true, DisableLine, "x", "", ""},
		{"markdownlint-disable MD013", false, "", "", "", ""},
		{"citelint-disabel x", true, "", "", "", "unknown directive"},
		{"citelint-", true, "", "", "", "empty"},
	}
	for _, tt := range tests {
		d, ok, err := Parse(tt.in)
		if ok != tt.ok || (err != nil) != (tt.err != "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Parse(%q) = ok %v err %v, want ok %v err %q", tt.in, ok, err, tt.ok, tt.err)
			continue
		}
		if err == nil && ok && (d.Kind != tt.kind || strings.Join(d.Rules, ",") != tt.rules || d.Reason != tt.reason) {
			t.Errorf("Parse(%q) = %+v", tt.in, d)
		}
	}
}

// issueAt makes an issue of rule at the first occurrence of marker in src.
func issueAt(src, marker, rule string) result.Issue {
	i := strings.Index(src, marker)
	return result.Issue{Rule: rule, Start: i, End: i + len(marker)}
}

func TestApply(t *testing.T) {
	known := func(n string) bool { return n == "a" || n == "b" }
	tests := []struct {
		name       string
		src        string
		issues     [][2]string // marker, rule
		suppressed []bool
		unused     int
		errors     int
	}{
		{"next line skips blank lines", "<!-- citelint-disable-next-line a -->\n\nX1 here.\n\nX2 here.\n", [][2]string{{"X1", "a"}, {"X2", "a"}}, []bool{true, false}, 0, 0},
		{"next line other rule", "<!-- citelint-disable-next-line b -->\nX1 here.\n", [][2]string{{"X1", "a"}}, []bool{false}, 1, 0},
		{"trailing disable-line", "X1 here. <!-- citelint-disable-line -->\nX2.\n", [][2]string{{"X1", "a"}, {"X2", "a"}}, []bool{true, false}, 0, 0},
		{"disable-line alone suppresses nothing", "<!-- citelint-disable-line a -->\nX1.\n", [][2]string{{"X1", "a"}}, []bool{false}, 1, 0},
		{"region", "X0.\n\n<!-- citelint-disable a -->\n\nX1.\n\n<!-- citelint-enable a -->\n\nX2.\n", [][2]string{{"X0", "a"}, {"X1", "a"}, {"X1", "b"}, {"X2", "a"}}, []bool{false, true, false, false}, 0, 0},
		{"unclosed region runs to the end", "<!-- citelint-disable -->\n\nX1.\n\nX2.\n", [][2]string{{"X1", "a"}, {"X2", "b"}}, []bool{true, true}, 0, 0},
		{"file", "X1.\n\n<!-- citelint-disable-file b -- generated -->\n", [][2]string{{"X1", "a"}, {"X1", "b"}}, []bool{false, true}, 0, 0},
		{"unknown rule is an error", "<!-- citelint-disable-next-line nope -->\nX1.\n", [][2]string{{"X1", "a"}}, []bool{false}, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := markdown.Parse([]byte(tt.src), markdown.Options{})
			var issues []result.Issue
			for _, m := range tt.issues {
				issues = append(issues, issueAt(tt.src, m[0], m[1]))
			}
			r := Apply(doc, result.NewLineIndex([]byte(tt.src)), "f.md", issues, known)
			var got []bool
			errs := 0
			for _, iss := range r.Issues {
				if iss.Rule == DirectiveRule {
					errs++
					continue
				}
				got = append(got, iss.Suppressed)
			}
			if len(got) != len(tt.suppressed) || errs != tt.errors || len(r.Unused) != tt.unused {
				t.Fatalf("suppressed %v errors %d unused %d, want %v %d %d", got, errs, len(r.Unused), tt.suppressed, tt.errors, tt.unused)
			}
			for i := range got {
				if got[i] != tt.suppressed[i] {
					t.Errorf("issue %d (%v): suppressed %v, want %v", i, tt.issues[i], got[i], tt.suppressed[i])
				}
			}
		})
	}
}

func TestJustification(t *testing.T) {
	src := "<!-- citelint-disable-next-line a -- checked by hand -->\nX1.\n"
	doc := markdown.Parse([]byte(src), markdown.Options{})
	r := Apply(doc, result.NewLineIndex([]byte(src)), "f.md", []result.Issue{issueAt(src, "X1", "a")}, func(string) bool { return true })
	if !r.Issues[0].Suppressed || r.Issues[0].Justification != "checked by hand" {
		t.Errorf("got %+v", r.Issues[0])
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"citelint-disable a -- b", "citelint-enable", "citelint-", "citelint-disable-next-line a,b,,c --"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, ok, err := Parse(s)
		if !ok && err != nil {
			t.Fatalf("not a directive but error %v", err)
		}
		if ok && err == nil && d.Kind == "" {
			t.Fatalf("directive without kind: %q", s)
		}
	})
}
