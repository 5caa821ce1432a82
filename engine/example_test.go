package engine_test

import (
	"context"
	"fmt"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/engine"
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
