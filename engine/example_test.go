package engine_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/engine"
	"github.com/citelint/citelint/internal/registrystub"
	"github.com/citelint/citelint/result"
)

// A Go program lints a document held in memory with the default rules.
func ExampleEngine_LintBytes() {
	cfg := config.New(engine.ConfigOptions()) // or config.Load(".citelint.yaml", engine.ConfigOptions())
	eng, err := engine.New(cfg, engine.Options{})
	if err != nil {
		panic(err)
	}
	src := []byte("# Notes\n\nWater boils at 100 °C at sea level [2].\n\n## References\n\n1. Smith, J. Boiling. 2020.\n")
	report := eng.LintBytes(context.Background(), "notes.md", src)
	for _, iss := range report.Issues {
		fmt.Printf("%s:%d:%d: %s: %s\n", iss.Path, iss.Pos.Line, iss.Pos.Column, iss.Rule, iss.Message)
	}
	fmt.Println(report.Summary.Files, "file,", report.Summary.Citations, "citation")
	// Output:
	// notes.md:3:36: unresolvable-label: citation [2] has no entry in the reference list ("References") or link definitions
	// 1 file, 1 citation
}

// A Go program runs a network rule through the engine alone: with
// Options.Network, LintBytes looks the document's DOIs up first (here at
// a loopback registry stub standing in for doi.org, which the program
// vouches for as run's --trusted-host does) and dead-doi reports what
// `citelint run` reports.
func ExampleOptions_network() {
	stub := registrystub.Start(registrystub.Registry{
		DOIs: map[string]*registrystub.Work{"10.1038/nature14539": {Title: "Deep learning", Year: 2015}},
	})
	defer stub.Close()
	cacheDir, _ := os.MkdirTemp("", "citelint-cache")
	defer os.RemoveAll(cacheDir)

	cfg := config.New(engine.ConfigOptions())
	cfg.Rules.Enable = []string{"dead-doi"}
	cfg.Resolvers.DOI.URL = stub.URL // default https://doi.org
	cfg.Resolvers.Cache.Dir = cacheDir
	cfg.Resolvers.Cache.FromFlag = true // chosen here, not by a config file: used as given
	eng, err := engine.New(cfg, engine.Options{Network: &engine.NetworkOptions{
		TrustedHosts: []string{strings.TrimPrefix(stub.URL, "http://")},
	}})
	if err != nil {
		panic(err)
	}
	src := []byte("Deep learning [1] and a ghost [2].\n\n## References\n\n1. LeCun et al. https://doi.org/10.1038/nature14539\n2. Nobody. https://doi.org/10.1234/ghost\n")
	report := eng.LintBytes(context.Background(), "notes.md", src)
	for _, iss := range report.Issues {
		fmt.Printf("%s:%d: %s: %s\n", iss.Path, iss.Pos.Line, iss.Rule, iss.Message)
	}
	fmt.Println(report.Summary.Unverified, "unverified")
	// Output:
	// notes.md:6: dead-doi: DOI 10.1234/ghost does not exist (doi.org: handle not found)
	// 0 unverified
}

// A Go program gates a tree in CI as `citelint run --fail-level error`
// does: Run lints every document under the folder and its Verdict says
// whether the gate passes.
func ExampleEngine_Run() {
	dir, _ := os.MkdirTemp("", "citelint-tree")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "good.md"), []byte("Water boils at 100 °C [1].\n\n## References\n\n1. Smith, J. Boiling. 2020.\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "bad.md"), []byte("Ice melts at 0 °C [2].\n\n## References\n\n1. Smith, J. Melting. 2021.\n"), 0o644)

	cfg := config.New(engine.ConfigOptions())
	eng, err := engine.New(cfg, engine.Options{WorkDir: dir})
	if err != nil {
		panic(err)
	}
	res := eng.Run(context.Background(), []string{dir}, engine.RunOptions{FailLevel: result.SeverityError})
	for _, iss := range res.Report.Issues {
		fmt.Printf("%s:%d: %s (%v)\n", filepath.Base(iss.Path), iss.Pos.Line, iss.Rule, iss.Severity)
	}
	for _, e := range res.Report.Summary.Errors {
		fmt.Println("not linted:", e.Path, e.Kind) // a timeout, an unreadable file...
	}
	if res.Verdict() != engine.Pass {
		fmt.Println("gate fails")
	}
	// Output:
	// bad.md:1: unresolvable-label (error)
	// gate fails
}

// A Go program lints every document under a folder as `citelint run
// --format json` does: the config's include and exclude globs choose the
// files, and what git ignores is left out.
func ExampleEngine_LintPaths() {
	dir, _ := os.MkdirTemp("", "citelint-tree")
	defer os.RemoveAll(dir)
	os.MkdirAll(filepath.Join(dir, "docs"), 0o755)
	os.WriteFile(filepath.Join(dir, "docs", "a.md"), []byte("Water boils at 100 °C [1].\n\n## References\n\n1. Smith, J. Boiling. 2020.\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "docs", "b.md"), []byte("See [the notes][notes].\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "docs", "notes.txt"), []byte("not a document\n"), 0o644)

	eng, err := engine.New(config.New(engine.ConfigOptions()), engine.Options{WorkDir: dir})
	if err != nil {
		panic(err)
	}
	report := eng.LintPaths(context.Background(), []string{filepath.Join(dir, "docs")})
	for _, iss := range report.Issues {
		rel, _ := filepath.Rel(dir, iss.Path)
		fmt.Printf("%s:%d: %s: %s\n", filepath.ToSlash(rel), iss.Pos.Line, iss.Rule, iss.Message)
	}
	fmt.Println(report.Summary.Files, "files,", report.Summary.Citations, "citations")
	// Output:
	// docs/b.md:1: unresolvable-label: reference link [notes] has no link definition ([notes]: url)
	// 2 files, 2 citations
}

// A Go program fixes a tree as `citelint run --fix` does: the safe fixes
// are written to the files (here unresolvable-label's: [9] is not in the
// list), and the report holds the issues left.
func ExampleRunOptions_fix() {
	dir, _ := os.MkdirTemp("", "citelint-fix")
	defer os.RemoveAll(dir)
	doc := filepath.Join(dir, "notes.md")
	os.WriteFile(doc, []byte("Water boils at 100 °C [1, 9].\n\n## References\n\n1. Smith, J. Boiling. 2020.\n"), 0o644)

	eng, err := engine.New(config.New(engine.ConfigOptions()), engine.Options{WorkDir: dir})
	if err != nil {
		panic(err)
	}
	res := eng.Run(context.Background(), []string{dir}, engine.RunOptions{Fix: true})
	fixed, _ := os.ReadFile(doc)
	fmt.Print(res.Fixed, " fixed, ", len(res.Report.Issues), " left\n", string(fixed))
	// Output:
	// 1 fixed, 0 left
	// Water boils at 100 °C [1].
	//
	// ## References
	//
	// 1. Smith, J. Boiling. 2020.
}
