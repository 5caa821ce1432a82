package config

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// FuzzParse checks that no input makes the loader panic, that errors always
// come back as positioned *Error values, and that whatever Parse accepts the
// schema accepts too (so `config verify` never contradicts the loader).
//
//	go test ./config -run '^$' -fuzz FuzzParse -fuzztime 60s -fuzzminimizetime 2s
//
// (the default minimisation budget of 60 s per new input stalls progress on a
// shared 2-core machine).
func FuzzParse(f *testing.F) {
	full, _ := os.ReadFile("testdata/full.citelint.yaml")
	f.Add(full)
	f.Add(InitTemplate())
	for _, tt := range parseErrorCases {
		f.Add([]byte(tt.src))
	}
	f.Add([]byte("version: \"1\"\nrules:\n  settings:\n    uncited-claim: &a {nested: {depth: 1}, extra: {x: 1}, exempt: [*a]}\n"))
	f.Add([]byte("a: &a [*a, *a]\nb: &b [*a, *a]\nc: [*b, *b]\n"))
	// With a registry that knows uncited-claim's settings (claimSettings has
	// every kind of field), Parse decodes them too.
	opts := testOpts
	opts.NewSettings = func(rule string) any {
		if rule == "uncited-claim" {
			return &claimSettings{}
		}
		return nil
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("f.yaml", data, opts)
		if (c == nil) == (err == nil) {
			t.Fatalf("Parse returned config %v and error %v", c != nil, err)
		}
		if err != nil {
			var es Errors
			if !errors.As(err, &es) || len(es) == 0 {
				t.Fatalf("error %T is not a non-empty Errors", err)
			}
			for _, e := range es {
				if e.File != "f.yaml" || e.Msg == "" {
					t.Fatalf("bad error %#v", e)
				}
			}
		} else {
			for rule := range c.Rules.Settings {
				var s claimSettings
				_ = c.DecodeSettings(rule, &s)
				var m map[string]any
				_ = c.DecodeSettings(rule, &m)
			}
			_ = c.ApplyFlags([]string{"dead-doi"}, []string{"uncited-claim"}, nil)
		}
		ves := Verify("f.yaml", data, opts)
		if err == nil && ves != nil {
			var msgs []string
			for _, e := range ves {
				msgs = append(msgs, e.Error())
			}
			t.Fatalf("Parse accepts %q but Verify says:\n%s", data, strings.Join(msgs, "\n"))
		}
		if err != nil && ves == nil {
			t.Fatalf("Parse rejects %q (%v) but Verify accepts it", data, err)
		}
	})
}
