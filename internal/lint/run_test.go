package lint

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/gitdiff"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/rules/registry"
	"github.com/citelint/citelint/result"
)

func TestWidenChanged(t *testing.T) {
	src := []byte(`Cites one [1].
Cites two [2] in a sentence
that spans two lines.
Cites nothing.

## References

1. First. https://example.org/1
2. Second. https://example.org/2
`)
	doc := markdown.Parse(src, markdown.Options{})
	resolve.Resolve(doc, resolve.NewEnv(nil))
	idx := result.NewLineIndex(src)
	tests := []struct {
		name    string
		changed *gitdiff.File
		want    []int
	}{
		{"untouched file", nil, nil},
		{"prose line only", &gitdiff.File{Lines: map[int]bool{4: true}}, []int{4}},
		{"entry 2 changed: its citing sentence too", &gitdiff.File{Lines: map[int]bool{9: true}}, []int{2, 3, 9}},
		{"entry 1 changed", &gitdiff.File{Lines: map[int]bool{8: true}}, []int{1, 8}},
	}
	for _, tt := range tests {
		got := widenChanged(doc, idx, tt.changed)
		var lines []int
		for l := range got.Lines {
			lines = append(lines, l)
		}
		sort.Ints(lines)
		if len(lines) != len(tt.want) {
			t.Errorf("%s: lines %v, want %v", tt.name, lines, tt.want)
			continue
		}
		for i := range lines {
			if lines[i] != tt.want[i] {
				t.Errorf("%s: lines %v, want %v", tt.name, lines, tt.want)
				break
			}
		}
	}
	if f := widenChanged(doc, idx, &gitdiff.File{All: true}); !f.Changed(3) {
		t.Error("a new file is changed throughout")
	}
}

func TestOnChangedLines(t *testing.T) {
	f := &gitdiff.File{Lines: map[int]bool{3: true}}
	tests := []struct {
		from, to int
		want     bool
	}{{3, 3, true}, {2, 4, true}, {1, 2, false}, {4, 0, false}, {1, 100, true}, {4, 100, false}}
	for _, tt := range tests {
		iss := &result.Issue{Pos: result.Position{Line: tt.from}, EndPos: result.Position{Line: tt.to}}
		if got := OnChangedLines(f, iss); got != tt.want {
			t.Errorf("lines %d-%d: %v, want %v", tt.from, tt.to, got, tt.want)
		}
	}
	// Every span against every set of changed lines of 1..6 (a line
	// marked false is not changed), as the line-by-line definition says.
	for mask := range 1 << 6 {
		g := &gitdiff.File{Lines: map[int]bool{7: false}}
		for l := range 6 {
			if mask&(1<<l) != 0 {
				g.Lines[l+1] = true
			}
		}
		for from := 1; from <= 7; from++ {
			for to := 0; to <= 7; to++ {
				want := false
				for l := from; l <= max(from, to); l++ {
					want = want || g.Lines[l]
				}
				iss := &result.Issue{Pos: result.Position{Line: from}, EndPos: result.Position{Line: to}}
				if got := OnChangedLines(g, iss); got != want {
					t.Fatalf("changed %v, lines %d-%d: %v, want %v", g.Lines, from, to, got, want)
				}
			}
		}
	}
	if OnChangedLines(nil, &result.Issue{Pos: result.Position{Line: 1}, EndPos: result.Position{Line: 9}}) {
		t.Error("no change, no changed line")
	}
	if !OnChangedLines(&gitdiff.File{All: true}, &result.Issue{Pos: result.Position{Line: 1}, EndPos: result.Position{Line: 9}}) {
		t.Error("a new file is changed throughout")
	}
}

// widenChangedScan is widenChanged's definition, plainly: the changed
// lines, and every line of the sentence (or, outside sentences, of the
// citation) of each citation of a reference with a changed line.
func widenChangedScan(doc *markdown.Document, idx *result.LineIndex, f *gitdiff.File) map[int]bool {
	out := map[int]bool{}
	for l := range f.Lines {
		out[l] = true
	}
	lines := func(sp markdown.Span) (int, int) {
		first, last := idx.LineOf(sp.Start)+1, idx.LineOf(sp.Start)+1
		if sp.End > sp.Start {
			last = idx.LineOf(sp.End-1) + 1
		}
		return first, last
	}
	for i := range doc.Citations {
		c := &doc.Citations[i]
		if c.InReferences || c.Ref < 0 {
			continue
		}
		r := doc.References[c.Ref]
		if r.Span.End <= r.Span.Start {
			continue
		}
		touched := false
		first, last := lines(r.Span)
		for l := first; l <= last; l++ {
			touched = touched || f.Lines[l]
		}
		if !touched {
			continue
		}
		sp := c.Span
		if c.Claim >= 0 {
			sp = doc.Claims[c.Claim].Span
		}
		first, last = lines(sp)
		for l := first; l <= last; l++ {
			out[l] = true
		}
	}
	return out
}

// TestWidenChangedMatchesScan checks widenChanged against its definition
// on documents with sentences over many lines citing several entries,
// citations outside sentences, multi-line entries, and every choice of
// one or two changed lines.
func TestWidenChangedMatchesScan(t *testing.T) {
	docs := []string{
		"Output rose [1]\nand fell [2]\nand rose [1] again.\nPlain.\n\n| a [2] | b [1] |\n|---|---|\n\n## References\n\n1. First.\n   https://example.org/1\n2. Second. https://example.org/2\n",
		strings.Repeat("Output rose [1]\n", 40) + "\n" + strings.Repeat("Claim [2]. ", 30) + "\n\n[1]: https://example.org/1\n[2]: https://example.org/2\n",
		"# Title [1]\n\nClaim [1-2] holds.[^a]\n\n[^a]: Note [2].\n\n## References\n\n[1] One.\n[2] Two.\n",
	}
	for _, src := range docs {
		doc := markdown.Parse([]byte(src), markdown.Options{})
		resolve.Resolve(doc, resolve.NewEnv(nil))
		idx := result.NewLineIndex([]byte(src))
		n := idx.Lines()
		for a := 1; a <= n; a++ {
			for b := a; b <= n; b += 3 {
				f := &gitdiff.File{Lines: map[int]bool{a: true, b: true}}
				got, want := widenChanged(doc, idx, f).Lines, widenChangedScan(doc, idx, f)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("lines %d, %d changed in %q:\n%v, want\n%v", a, b, src, got, want)
				}
			}
		}
	}
}

// TestSkipClaims: SkipClaims skips sentences only when nothing reads them:
// no enabled rule needs them, no change is widened to its sentences and
// no document is kept; the issues are the same either way.
func TestSkipClaims(t *testing.T) {
	src := []byte("Sea level rose 20 cm between 1901 and 2018 [1]. It rose faster after 1990 [2].\n\n[1]: https://example.org/a\n")
	var std, withUncited []Enabled
	for _, r := range registry.All() {
		if r.Default {
			std = append(std, Enabled{Rule: r, Settings: r.DefaultSettings()})
		}
		if r.Default || r.Name == "uncited-claim" {
			withUncited = append(withUncited, Enabled{Rule: r, Settings: r.DefaultSettings()})
		}
	}
	changed := func(string) *gitdiff.File { return &gitdiff.File{Lines: map[int]bool{1: true}} }
	tests := []struct {
		name       string
		rules      []Enabled
		skip, keep bool
		changed    func(string) *gitdiff.File
		wantClaims int
	}{
		{"not asked", std, false, false, nil, 2},
		{"asked, nothing reads them", std, true, false, nil, 0},
		{"a rule needs them", withUncited, true, false, nil, 2},
		{"a change is widened to its sentences", std, true, false, changed, 2},
		{"the document is kept", std, true, true, nil, 2},
	}
	var issues []result.Issue
	for i, tt := range tests {
		opts := offlineOptions(tt.rules)
		opts.SkipClaims, opts.KeepDocs, opts.Changed = tt.skip, tt.keep, tt.changed
		fr := lintSource(context.Background(), "a.md", src, opts, nil)
		if fr.Stats.Claims != tt.wantClaims {
			t.Errorf("%s: %d claims, want %d", tt.name, fr.Stats.Claims, tt.wantClaims)
		}
		if i == 0 {
			issues = fr.Issues
		} else if len(tt.rules) == len(std) && !reflect.DeepEqual(fr.Issues, issues) {
			t.Errorf("%s: issues %+v, want %+v", tt.name, fr.Issues, issues)
		}
	}
}
