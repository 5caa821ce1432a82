package engine_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/hangguard"
)

// TestExclusionSourceManyIssues is the probe's shape #15, small: a
// source: exclusion over many issues on one line, and over lines of the
// same length where only some match. The pattern is asked once per line
// (the memo answers by the line's identity), and the answers must be the
// pattern's on each line.
func TestExclusionSourceManyIssues(t *testing.T) {
	const yaml = "version: \"1\"\nexclusions:\n  rules:\n    - source: \"(?i)zz.z\"\n"
	var one, lines strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&one, "Claim.[^x%d] ", i)
	}
	one.WriteString("ZZzz\n")
	want := 0
	for i := range 3000 {
		// Same length, alternately matching or not, three issues a line.
		tail := "aaaa"
		if i%3 == 0 {
			tail, want = "zzAz", want+3
		}
		fmt.Fprintf(&lines, "Claim.[^a%05d] [^b%05d] [^c%05d] %s\n", i, i, i, tail)
	}
	for _, tc := range []struct {
		name, src string
		kept      int
	}{
		{"one line, all excluded", one.String(), 0},
		{"lines, some excluded", lines.String(), 9000 - want},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eng, dir := newEngine(t, yaml)
			hangguard.Run(t, "linting", func() {
				r := eng.LintBytes(context.Background(), filepath.Join(dir, "r.md"), []byte(tc.src))
				if len(r.Summary.Errors) > 0 {
					t.Fatalf("errors: %v", r.Summary.Errors)
				}
				n := 0
				for _, iss := range r.Issues {
					if iss.Rule != "unresolvable-label" {
						continue
					}
					n++
					if strings.Contains(strings.ToLower(iss.SourceLine), "zzaz") || strings.Contains(strings.ToLower(iss.SourceLine), "zzzz") {
						t.Fatalf("line %d matches the exclusion but its issue is kept: %q", iss.Pos.Line, iss.SourceLine)
					}
				}
				if n != tc.kept {
					t.Errorf("%d unresolvable-label issues kept, want %d", n, tc.kept)
				}
			})
		})
	}
}
