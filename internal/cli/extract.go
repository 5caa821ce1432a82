package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/lint"
	"github.com/citelint/citelint/result"
)

// extractCmd prints what citelint found in each file: citations with their
// exact positions and resolution, references, claims, and per-file counts.
func extractCmd(args []string, env Env) int {
	fs := newFlagSet("extract", env, "extract [flags] [path ...]")
	format := fs.String("format", "text", "output format: text or json")
	var s setupFlags
	s.register(fs)
	paths, err := parseInterleaved(fs, args, env.Stdout)
	if err != nil {
		return flagExit(err)
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(env.Stderr, "citelint extract: unknown --format %q (want text or json)\n", *format)
		return ExitUsage
	}
	st, code := s.setup(paths, env)
	if st == nil {
		return code
	}
	opts := st.lintOptions()
	opts.KeepDocs = true
	results := st.eng.Run(context.Background(), st.found, engine.RunOptions{Lint: &opts}).Files
	var out []extractFile
	failed, unread := false, false
	for _, r := range results {
		if r.Err != nil {
			fmt.Fprintf(env.Stderr, "citelint: %v\n", r.Err)
			failed = true
			continue
		}
		if r.Unread || r.Doc == nil { // nothing to extract: its finding says why
			for _, is := range r.Issues {
				fmt.Fprintf(env.Stderr, "citelint: %s:%d: %s (%s)\n", r.Path, is.Pos.Line, is.Message, is.Rule)
			}
			unread = true // a finding, as in run: exit 1, not 3
			continue
		}
		out = append(out, newExtractFile(r))
	}
	for _, e := range st.walkErrs {
		fmt.Fprintf(env.Stderr, "citelint: %v\n", e)
		failed = true
	}
	if *format == "json" {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(map[string]any{"version": 1, "files": out}); err != nil {
			fmt.Fprintf(env.Stderr, "citelint: %v\n", err)
			return ExitFailure
		}
	} else {
		printExtractText(env.Stdout, out)
	}
	if failed {
		return ExitFailure
	}
	if unread {
		return ExitIssues
	}
	return ExitOK
}

type extractCitation struct {
	Kind         string `json:"kind"`
	Raw          string `json:"raw"`
	Line         int    `json:"line"`
	Column       int    `json:"column"`
	EndLine      int    `json:"end_line"`
	EndColumn    int    `json:"end_column"`
	Label        string `json:"label"`
	Target       string `json:"target"`
	Status       string `json:"status"`
	Claim        int    `json:"claim"`
	InReferences bool   `json:"in_references,omitempty"`
	Problem      string `json:"problem,omitempty"`
}

type extractReference struct {
	Kind   string `json:"kind"`
	Label  string `json:"label"`
	Line   int    `json:"line"`
	Title  string `json:"title,omitempty"`
	Target string `json:"target,omitempty"`
	Path   string `json:"path,omitempty"`
}

type extractClaim struct {
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line"`
	EndColumn int    `json:"end_column"`
	Citations int    `json:"citations"`
	Text      string `json:"text"`
}

type extractSummary struct {
	Claims      int `json:"claims"`
	CitedClaims int `json:"cited_claims"`
	Citations   int `json:"citations"`
	References  int `json:"references"`
	Unresolved  int `json:"unresolved"`
	Unchecked   int `json:"unchecked"`
}

type extractFile struct {
	Path       string             `json:"path"`
	Summary    extractSummary     `json:"summary"`
	Citations  []extractCitation  `json:"citations"`
	References []extractReference `json:"references"`
	Claims     []extractClaim     `json:"claims"`
}

func newExtractFile(r lint.FileResult) extractFile {
	doc := r.Doc
	idx := result.NewLineIndex(doc.Src)
	f := extractFile{
		Path: r.Path,
		Summary: extractSummary{Claims: r.Stats.Claims, CitedClaims: r.Stats.CitedClaims, Citations: r.Stats.Citations,
			References: r.Stats.References, Unresolved: r.Stats.Unresolved, Unchecked: r.Stats.Unchecked},
		Citations:  []extractCitation{},
		References: []extractReference{},
		Claims:     []extractClaim{},
	}
	for i := range doc.Citations {
		c := &doc.Citations[i]
		p, e := idx.Position(c.Start), idx.Position(c.End)
		f.Citations = append(f.Citations, extractCitation{
			Kind: c.Kind.String(), Raw: string(doc.Src[c.Marker.Start:c.Marker.End]),
			Line: p.Line, Column: p.Column, EndLine: e.Line, EndColumn: e.Column,
			Label: c.Label, Target: c.Target, Status: c.Status.String(), Claim: int(c.Claim),
			InReferences: c.InReferences, Problem: c.Problem(),
		})
	}
	for i := range doc.References {
		ref := &doc.References[i]
		line := ref.Line
		if ref.Path == "" {
			line = idx.Line(ref.Span.Start)
		}
		f.References = append(f.References, extractReference{Kind: string(ref.Kind), Label: ref.Label, Line: line, Title: ref.Title, Target: ref.Target(), Path: ref.Path})
	}
	for i := range doc.Claims {
		cl := &doc.Claims[i]
		p, e := idx.Position(cl.Start), idx.Position(cl.End)
		f.Claims = append(f.Claims, extractClaim{Line: p.Line, Column: p.Column, EndLine: e.Line, EndColumn: e.Column,
			Citations: len(cl.Citations), Text: strings.Join(strings.Fields(string(doc.Src[cl.Start:cl.End])), " ")})
	}
	return f
}

func printExtractText(w io.Writer, files []extractFile) {
	for _, f := range files {
		s := f.Summary
		fmt.Fprintf(w, "%s: %d claims (%d cited), %d citations (%d unresolved, %d unchecked), %d references\n",
			f.Path, s.Claims, s.CitedClaims, s.Citations, s.Unresolved, s.Unchecked, s.References)
		for _, c := range f.Citations {
			where := ""
			if c.InReferences {
				where = " (in reference list)"
			}
			target := c.Target
			if target == "" {
				target = "-"
			}
			fmt.Fprintf(w, "  %d:%d %-14s %-28s %s → %s%s\n", c.Line, c.Column, c.Kind, quoteRaw(c.Raw), c.Status, target, where)
		}
	}
}

func quoteRaw(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 28 {
		s = string(r[:27]) + "…"
	}
	return s
}
