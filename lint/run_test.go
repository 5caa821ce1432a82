package lint

import (
	"sort"
	"testing"

	"github.com/citelint/citelint/gitdiff"
	"github.com/citelint/citelint/markdown"
	"github.com/citelint/citelint/resolve"
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
	}{{3, 3, true}, {2, 4, true}, {1, 2, false}, {4, 0, false}}
	for _, tt := range tests {
		iss := &result.Issue{Pos: result.Position{Line: tt.from}, EndPos: result.Position{Line: tt.to}}
		if got := OnChangedLines(f, iss); got != tt.want {
			t.Errorf("lines %d-%d: %v, want %v", tt.from, tt.to, got, tt.want)
		}
	}
}
