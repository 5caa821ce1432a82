package guard

import (
	"slices"
	"strings"
	"testing"
)

// TestFindGuards: the shapes goldmark parses in quadratic time are found,
// and ordinary documents, however bracket-heavy, are left alone.
func TestFindGuards(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		want      int // guards
	}{
		{"plain", "A claim [1].\n\n[1]: https://example.org\n", 0},
		{"many balanced citations", strings.Repeat("Claim [1][2] and [3, 4].\n", 5000), 0},
		{"many closed links", strings.Repeat("[a](https://example.org/x) ", 20000), 0},
		{"escaped brackets", strings.Repeat(`\[`, 5000), 0},
		{"nested brackets", strings.Repeat("[", 300) + "a" + strings.Repeat("]", 300), 1},
		{"nesting per paragraph", strings.Repeat("[", 200) + "\n\n" + strings.Repeat("[", 200), 0},
		{"open destinations", strings.Repeat("[a](", 100000), 1},
		{"open destinations closed later", strings.Repeat("[a](", 1000) + ")", 0},
		{"deep quote line", strings.Repeat(">", 1001) + " x", 1},
		{"quote within limit", strings.Repeat("> ", 1000) + "x", 0},
		{"backtick runs never closed", decreasingBacktickRuns(2000), 1},
		{"many closed code spans", strings.Repeat("Run `go test` and ``a`b`` here. ", 20000), 0},
		{"unclosed runs over many lines", manyLinesUnderRuns(350, 70000), 1},
		{"unclosed runs per paragraph", strings.Repeat(decreasingBacktickRuns(100)+"\n\n", 50), 0},
	} {
		if got := len(findGuards([]byte(tt.src))); got != tt.want {
			t.Errorf("%s: %d guards, want %d", tt.name, got, tt.want)
		}
	}
}

// decreasingBacktickRuns is n backtick runs of lengths n down to 1: no run
// has a closer, so goldmark looks for each to the paragraph's end.
func decreasingBacktickRuns(n int) string {
	var b strings.Builder
	for k := n; k > 0; k-- {
		b.WriteString(strings.Repeat("`", k) + "a $x$ ")
	}
	return b.String()
}

func TestCodeSpanScan(t *testing.T) {
	for _, tt := range []struct {
		name         string
		runs         []backtickRun
		end, endLine int
		want         uint64
	}{
		{"none", nil, 100, 0, 0},
		{"closed span", []backtickRun{{0, 0, 1}, {5, 0, 1}}, 100, 0, 5 + 95},
		{"unclosed", []backtickRun{{10, 0, 2}}, 100, 0, 90},
		{"lengths differ", []backtickRun{{0, 0, 2}, {10, 0, 1}, {20, 0, 2}}, 100, 0, 20 + 90 + 80},
		{"lines count", []backtickRun{{10, 1, 2}}, 100, 4, 90 + 3*lineCost},
	} {
		if got := codeSpanScan(tt.runs, tt.end, tt.endLine); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.want)
		}
	}
}

// manyLinesUnderRuns is runs backtick runs of different lengths, none
// closed, then lines short lines, in one paragraph: few bytes, but
// goldmark allocates a segment for every line each run's search crosses.
func manyLinesUnderRuns(runs, lines int) string {
	return decreasingBacktickRuns(runs) + strings.Repeat("\nx", lines)
}

func TestNestingCuts(t *testing.T) {
	stairs := func(n int, indent, marker string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(strings.Repeat(indent, i) + marker + "\n")
		}
		return b.String()
	}
	for _, tt := range []struct {
		name, src string
		want      []int // the first cut
	}{
		{"plain", "A claim [1].\n\n- a\n  - b\n", nil},
		{"deep but cheap", strings.Repeat("- ", 40) + "x\n", nil},
		{"one line of lists", strings.Repeat("- ", 5000) + "x\n", []int{66}},
		{"one line of ordered lists", strings.Repeat("1. ", 5000) + "x\n", []int{66}},
		{"one line of quotes, cheap", strings.Repeat("> ", 500) + "x\n", nil},
		{"one line of quotes", strings.Repeat("> ", 5000) + "x\n", []int{66}},
		{"one line of footnote definitions", strings.Repeat("[^a]:", 5000) + "\n", []int{65}},
		{"a long thematic break", strings.Repeat("* ", 5000) + "\n", nil},
		{"lists then a thematic break", strings.Repeat("- ", 5000) + strings.Repeat("* ", 5) + "\n", []int{66}},
		{"a break's stars after the column", strings.Repeat("- ", 30) + strings.Repeat("* ", 5000) + "\n", nil},
		{"list stairs", stairs(300, "  ", "- item"), []int{len(stairs(33, "  ", "- item")) + 66}},
		{"admonition stairs", stairs(300, "    ", "!!! note"), []int{len(stairs(17, "    ", "!!! note")) + 68}},
		{"deep indentation, no markers", strings.Repeat(strings.Repeat(" ", 200)+"code\n", 2000), nil},
	} {
		got := nestingCuts([]byte(tt.src))
		if len(got) > 1 {
			got = got[:1]
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: first cut %v, want %v", tt.name, got, tt.want)
		}
	}
}
