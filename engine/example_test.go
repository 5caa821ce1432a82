package engine_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/engine"
	"github.com/citelint/citelint/internal/registrystub"
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
