package config

import "testing"

type benchSettings struct {
	Scope    string `yaml:"scope" enum:"sentence,paragraph"`
	MinWords int    `yaml:"min-words"`
}

// BenchmarkLoad reads and decodes the file that sets every key, with a
// registry that checks uncited-claim's settings, as every command does
// before it lints anything.
func BenchmarkLoad(b *testing.B) {
	opts := testOpts
	opts.NewSettings = func(rule string) any {
		if rule == "uncited-claim" {
			return &benchSettings{Scope: "sentence"}
		}
		return nil
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load("testdata/full.citelint.yaml", opts); err != nil {
			b.Fatal(err)
		}
	}
}
