// Package suppress implements in-source suppression comments, in
// markdownlint's vocabulary:
//
//	<!-- citelint-disable-next-line uncited-claim -- a definition, not a claim -->
//	Text the comment applies to.
//	A sentence with its own comment at the end. <!-- citelint-disable-line dead-link -->
//	<!-- citelint-disable unresolvable-label unused-reference -->
//	… a region …
//	<!-- citelint-enable -->
//	<!-- citelint-disable-file -->
//
// A directive without rule names applies to every rule. Text after " -- " is
// the reason, kept as the SARIF suppression's justification. "Next line"
// means the next non-blank line, so a formatter inserting a blank line after
// the comment does not break it (markdownlint#1219).
//
// goldmark makes a comment at the start of a line swallow the rest of that
// line, so disable-line comments must trail the text they apply to; a
// disable-line comment alone on its line applies to nothing and is reported
// by the unused-suppression rule like any other directive that suppresses nothing.
package suppress

import (
	"container/heap"
	"fmt"
	"sort"
	"strings"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/result"
)

// Kind is a directive's verb.
type Kind string

const (
	DisableNextLine Kind = "disable-next-line"
	DisableLine     Kind = "disable-line"
	Disable         Kind = "disable"
	Enable          Kind = "enable"
	DisableFile     Kind = "disable-file"
)

const prefix = "citelint-"

// Directive is one parsed suppression comment.
type Directive struct {
	Kind   Kind
	Rules  []string // empty = all rules
	Reason string
	Span   markdown.Span
}

// Parse reads a directive from the text of an HTML comment (without <!-- -->).
// ok is false when the comment is not a citelint directive at all; err is
// set when it is one but malformed.
func Parse(text string) (d Directive, ok bool, err error) {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, prefix) {
		return d, false, nil
	}
	t = t[len(prefix):]
	if i := strings.Index(t, " --"); i >= 0 && (i+3 == len(t) || t[i+3] == ' ') {
		d.Reason = strings.TrimSpace(t[i+3:])
		t = t[:i]
	}
	fields := strings.FieldsFunc(t, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
	if len(fields) == 0 {
		return d, true, fmt.Errorf("empty citelint directive")
	}
	switch k := Kind(fields[0]); k {
	case DisableNextLine, DisableLine, Disable, Enable, DisableFile:
		d.Kind = k
	default:
		return d, true, fmt.Errorf("unknown directive %q (want citelint-disable-next-line, -disable-line, -disable, -enable or -disable-file)", prefix+fields[0])
	}
	d.Rules = fields[1:]
	return d, true, nil
}

// region is a line range [from, to] (1-based, inclusive) where rules are off.
type region struct {
	from, to int
	rules    map[string]bool // nil = all
	reason   string
	dir      int // index into directives
}

// Result is what Apply returns.
type Result struct {
	Issues []result.Issue // input issues, suppressed ones marked, plus directive errors
	// Unused are directives that suppressed nothing (for unused-suppression).
	Unused []Directive
}

// DirectiveRule is the rule name of issues about malformed directives; they
// cannot themselves be suppressed.
const DirectiveRule = "invalid-suppression"

// Apply marks the issues that directives in doc suppress. known reports
// whether a rule name exists; a directive naming an unknown rule is an error
// (reported as an issue at the comment) and suppresses nothing.
func Apply(doc *markdown.Document, idx *result.LineIndex, path string, issues []result.Issue, known func(string) bool) Result {
	var dirs []Directive
	var out Result
	for _, c := range doc.Comments {
		d, ok, err := Parse(c.Text)
		if !ok {
			continue
		}
		d.Span = c.Span
		if err == nil {
			for _, r := range d.Rules {
				if !known(r) {
					err = fmt.Errorf("citelint-%s names unknown rule %q", d.Kind, r)
					break
				}
			}
		}
		if err != nil {
			iss := result.Issue{Rule: DirectiveRule, Severity: result.SeverityError, Message: err.Error(), Path: path, Start: c.Span.Start, End: c.Span.End}
			out.Issues = append(out.Issues, iss)
			continue
		}
		dirs = append(dirs, d)
	}
	if len(dirs) == 0 {
		out.Issues = append(issues, out.Issues...)
		return out
	}
	regions := buildRegions(doc, idx, dirs)
	used := make([]bool, len(dirs))
	lines := make([]int, len(issues))
	for i := range issues {
		lines[i] = idx.Line(issues[i].Start)
	}
	first := firstRegions(regions, lines, issues)
	for i, iss := range issues {
		if r := first[i]; r >= 0 {
			iss.Suppressed = true
			iss.Justification = regions[r].reason
			used[regions[r].dir] = true
		}
		out.Issues = append(out.Issues, iss)
	}
	for i, d := range dirs {
		if !used[i] && d.Kind != Enable {
			out.Unused = append(out.Unused, d)
		}
	}
	return out
}

// firstRegions returns, for each issue (on the line of lines), the index of
// the first region that holds the line and covers the issue's rule, or -1.
// Per rule, and for the regions of every rule, one sweep goes down the
// lines with a heap of the regions begun: a scan of the regions per issue
// made many directives and many issues quadratic.
func firstRegions(regions []region, lines []int, issues []result.Issue) []int {
	first := make([]int, len(issues))
	for i := range first {
		first[i] = -1
	}
	if len(regions) == 0 || len(issues) == 0 {
		return first
	}
	var all []int // regions of every rule
	byRule := map[string][]int{}
	for ri, r := range regions {
		if r.rules == nil {
			all = append(all, ri)
			continue
		}
		for name := range r.rules {
			byRule[name] = append(byRule[name], ri)
		}
	}
	sweep := func(regs, qs []int) {
		sort.SliceStable(regs, func(a, b int) bool { return regions[regs[a]].from < regions[regs[b]].from })
		sort.SliceStable(qs, func(a, b int) bool { return lines[qs[a]] < lines[qs[b]] })
		begun := &minHeap{}
		k := 0
		for _, q := range qs {
			l := lines[q]
			for ; k < len(regs) && regions[regs[k]].from <= l; k++ {
				heap.Push(begun, regs[k])
			}
			// Lines only grow: a region ended before l stays ended.
			for begun.Len() > 0 && regions[(*begun)[0]].to < l {
				heap.Pop(begun)
			}
			if begun.Len() > 0 {
				if r := (*begun)[0]; first[q] < 0 || r < first[q] {
					first[q] = r
				}
			}
		}
	}
	if len(all) > 0 {
		qs := make([]int, len(issues))
		for i := range qs {
			qs[i] = i
		}
		sweep(all, qs)
	}
	if len(byRule) > 0 {
		qsOf := map[string][]int{}
		for i := range issues {
			if _, ok := byRule[issues[i].Rule]; ok {
				qsOf[issues[i].Rule] = append(qsOf[issues[i].Rule], i)
			}
		}
		for name, qs := range qsOf {
			sweep(byRule[name], qs)
		}
	}
	return first
}

// minHeap is a heap of region indices, the first region on top.
type minHeap []int

func (h minHeap) Len() int           { return len(h) }
func (h minHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h minHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *minHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *minHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func ruleSet(rules []string) map[string]bool {
	if len(rules) == 0 {
		return nil
	}
	m := make(map[string]bool, len(rules))
	for _, r := range rules {
		m[r] = true
	}
	return m
}

func buildRegions(doc *markdown.Document, idx *result.LineIndex, dirs []Directive) []region {
	var regions []region
	last := idx.Lines()
	// Open disable regions: per rule name ("" = all), the directive index.
	type openRegion struct {
		from int
		dir  int
	}
	open := map[string]openRegion{}
	closeRule := func(name string, to int) {
		if o, ok := open[name]; ok {
			d := dirs[o.dir]
			rs := ruleSet([]string{name})
			if name == "" {
				rs = nil
			}
			regions = append(regions, region{from: o.from, to: to, rules: rs, reason: d.Reason, dir: o.dir})
			delete(open, name)
		}
	}
	var next []int // next[n]: the first non-blank line at or after line n; made on first use
	for i, d := range dirs {
		start := idx.Line(d.Span.Start)
		end := idx.Line(d.Span.End)
		switch d.Kind {
		case DisableFile:
			regions = append(regions, region{from: 1, to: last, rules: ruleSet(d.Rules), reason: d.Reason, dir: i})
		case DisableLine:
			if !markdown.OnlyOnLine(doc.Src, d.Span) {
				regions = append(regions, region{from: start, to: end, rules: ruleSet(d.Rules), reason: d.Reason, dir: i})
			}
		case DisableNextLine:
			if next == nil {
				next = nextNonBlankLines(idx)
			}
			if n := next[min(end+1, len(next)-1)]; n > 0 {
				regions = append(regions, region{from: n, to: n, rules: ruleSet(d.Rules), reason: d.Reason, dir: i})
			}
		case Disable:
			if len(d.Rules) == 0 {
				open[""] = openRegion{start, i}
			}
			for _, r := range d.Rules {
				open[r] = openRegion{start, i}
			}
		case Enable:
			if len(d.Rules) == 0 {
				names := make([]string, 0, len(open))
				for n := range open {
					names = append(names, n)
				}
				sort.Strings(names)
				for _, n := range names {
					closeRule(n, end)
				}
			}
			for _, r := range d.Rules {
				closeRule(r, end)
			}
		}
	}
	names := make([]string, 0, len(open))
	for n := range open {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		closeRule(n, last)
	}
	return regions
}

// nextNonBlankLines returns, for each line n (1-based, and one past the
// last), the first line at or after n that is not blank, or 0: one pass
// back over the lines, where a scan forward per directive made many
// directives before many blank lines quadratic.
func nextNonBlankLines(idx *result.LineIndex) []int {
	last := idx.Lines()
	next := make([]int, last+2)
	for n := last; n >= 1; n-- {
		if strings.TrimSpace(idx.LineText(n)) != "" {
			next[n] = n
		} else {
			next[n] = next[n+1]
		}
	}
	return next
}
