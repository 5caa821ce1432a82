package suppress

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/markdown"
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

// firstRegionScan is the definition firstRegions answers: for each issue,
// the first region in order that holds its line and covers its rule.
func firstRegionScan(regions []region, lines []int, issues []result.Issue) []int {
	out := make([]int, len(issues))
	for i, iss := range issues {
		out[i] = -1
		for ri, r := range regions {
			if lines[i] >= r.from && lines[i] <= r.to && (r.rules == nil || r.rules[iss.Rule]) {
				out[i] = ri
				break
			}
		}
	}
	return out
}

// TestFirstRegions holds the sweep to its definition on random regions
// (nested, overlapping, empty, for every rule or some) and issues in any
// order, several on a line.
func TestFirstRegions(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	names := []string{"a", "b", "c"}
	for round := range 2000 {
		var regions []region
		for range rng.Intn(8) {
			from := 1 + rng.Intn(20)
			r := region{from: from, to: from + rng.Intn(6) - 1, dir: len(regions)}
			if rng.Intn(3) > 0 {
				r.rules = map[string]bool{}
				for range 1 + rng.Intn(2) {
					r.rules[names[rng.Intn(len(names))]] = true
				}
			}
			regions = append(regions, r)
		}
		var issues []result.Issue
		var lines []int
		for range rng.Intn(15) {
			issues = append(issues, result.Issue{Rule: names[rng.Intn(len(names))]})
			lines = append(lines, 1+rng.Intn(25))
		}
		got, want := firstRegions(regions, lines, issues), firstRegionScan(regions, lines, issues)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("round %d: %v, want %v\nregions %+v\nlines %v issues %+v", round, got, want, regions, lines, issues)
		}
	}
}

func TestNextNonBlankLines(t *testing.T) {
	src := "a\n\n  \t\n\u00a0\nb\r\n\n\nc"
	idx := result.NewLineIndex([]byte(src))
	next := nextNonBlankLines(idx)
	for from := 1; from <= idx.Lines()+1; from++ {
		want := 0 // the first line at or after from whose text is not all white space
		for n := from; n <= idx.Lines(); n++ {
			if strings.TrimSpace(idx.LineText(n)) != "" {
				want = n
				break
			}
		}
		if next[from] != want {
			t.Errorf("next[%d] = %d, want %d", from, next[from], want)
		}
	}
	if got := fmt.Sprint(next[1:]); got != "[1 5 5 5 5 8 8 8 0]" {
		t.Errorf("next = %s", got)
	}
}

// TestApplyManyDirectives checks a document whose directives and issues
// are both many: the results are what each directive says.
func TestApplyManyDirectives(t *testing.T) {
	var b strings.Builder
	for range 300 {
		b.WriteString("<!-- citelint-disable-next-line a -->")
	}
	b.WriteString("\n" + strings.Repeat("\n", 3000) + "X1 here.\n")
	for i := range 300 {
		fmt.Fprintf(&b, "<!-- citelint-disable-file b -- generated %d -->\n\n", i)
	}
	b.WriteString("X2 here.\n")
	src := b.String()
	doc := markdown.Parse([]byte(src), markdown.Options{})
	issues := []result.Issue{issueAt(src, "X1", "a"), issueAt(src, "X1", "b"), issueAt(src, "X2", "a"), issueAt(src, "X2", "b")}
	r := Apply(doc, result.NewLineIndex([]byte(src)), "f.md", issues, func(string) bool { return true })
	var got []string
	for _, iss := range r.Issues {
		got = append(got, fmt.Sprintf("%v %s", iss.Suppressed, iss.Justification))
	}
	want := []string{"true ", "true generated 0", "false ", "true generated 0"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q, want %q", got, want)
	}
	// The first next-line directive and the first file directive are used.
	if len(r.Unused) != 299+299 {
		t.Errorf("%d unused, want %d", len(r.Unused), 299+299)
	}
}

// FuzzApply holds Apply's region index to the plain scan on documents the
// fuzzer writes, with an issue on every line for two rules.
func FuzzApply(f *testing.F) {
	for _, s := range []string{
		"<!-- citelint-disable-next-line a -->\n\nX1.\n<!-- citelint-disable b -->\nX2.\n<!-- citelint-enable -->\nX3. <!-- citelint-disable-line -->\n",
		"<!-- citelint-disable-file a -->\n<!-- citelint-disable a -->\n<!-- citelint-disable-next-line --><!-- citelint-disable-next-line b -->\n\n\nX.\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		doc := markdown.Parse([]byte(s), markdown.Options{})
		idx := result.NewLineIndex([]byte(s))
		var issues []result.Issue
		for n := 1; n <= idx.Lines(); n++ {
			start, _ := idx.LineBounds(n - 1)
			issues = append(issues, result.Issue{Rule: "a", Start: start}, result.Issue{Rule: "b", Start: start})
		}
		known := func(r string) bool { return r == "a" || r == "b" }
		var dirs []Directive
		for _, c := range doc.Comments {
			if d, ok, err := Parse(c.Text); ok && err == nil && !slices.ContainsFunc(d.Rules, func(r string) bool { return !known(r) }) {
				d.Span = c.Span
				dirs = append(dirs, d)
			}
		}
		regions := buildRegions(doc, idx, dirs)
		lines := make([]int, len(issues))
		for i := range issues {
			lines[i] = idx.Position(issues[i].Start).Line
		}
		want := firstRegionScan(regions, lines, issues)
		r := Apply(doc, idx, "f.md", issues, known)
		k := 0
		for _, iss := range r.Issues {
			if iss.Rule == DirectiveRule {
				continue
			}
			if iss.Suppressed != (want[k] >= 0) || iss.Suppressed && iss.Justification != regions[want[k]].reason {
				t.Fatalf("issue %d (line %d, %s): suppressed %v %q, want region %d", k, lines[k], iss.Rule, iss.Suppressed, iss.Justification, want[k])
			}
			k++
		}
	})
}
