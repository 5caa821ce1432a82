package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/citelint/citelint/internal/cliflag"
	"github.com/citelint/citelint/internal/engine"
)

// extractCmd prints what citelint found in each file: citations with their
// exact positions and resolution, references, claims, and per-file counts.
func extractCmd(args []string, env Env) int {
	fs := newFlagSet("extract", env, "extract [flags] [path ...]")
	format := fs.String("format", "text", "output format: text or json")
	var s setupFlags
	s.register(fs)
	paths, err := cliflag.Parse(fs, args, env.Stdout)
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
	results := st.Engine.Run(context.Background(), st.Files, engine.RunOptions{Lint: &opts}).Files
	var out []engine.Extraction
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
		out = append(out, engine.Extract(r))
	}
	for _, e := range st.Files.Errs {
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

func printExtractText(w io.Writer, files []engine.Extraction) {
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
