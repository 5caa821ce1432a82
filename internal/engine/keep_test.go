package engine

import (
	"testing"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/lint"
)

// TestKeepFor: a run keeps what its report's formats read and no more:
// sources for SARIF and fixes, sentences for the formats that count
// claims, documents for the review page.
func TestKeepFor(t *testing.T) {
	for _, tc := range []struct {
		formats                         []string
		fix                             bool
		sources, skipClaims, reviewKept bool
	}{
		{[]string{"text"}, false, false, true, false},
		{[]string{"sarif"}, false, true, true, false},
		{[]string{"text"}, true, true, true, false},
		{[]string{"json"}, false, false, false, false},
		{[]string{"text", "html"}, false, false, false, true},
		{[]string{}, false, false, true, false},
	} {
		opts := lint.Options{}
		o := RunOptions{Formats: tc.formats, Fix: tc.fix}
		keepFor(&opts, &o)
		if opts.KeepSources != tc.sources || opts.SkipClaims != tc.skipClaims || o.Review != tc.reviewKept {
			t.Errorf("%v fix %v: keep sources %v, skip claims %v, review %v; want %v, %v, %v", tc.formats, tc.fix,
				opts.KeepSources, opts.SkipClaims, o.Review, tc.sources, tc.skipClaims, tc.reviewKept)
		}
	}
}

// TestStreams: a report streams only without fixes, without a support
// summary, and with its files in path order.
func TestStreams(t *testing.T) {
	e, err := New(config.New(ConfigOptions()), Options{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	sorted, unsorted := Files{Paths: []string{"a.md", "b.md"}}, Files{Paths: []string{"b.md", "a.md"}}
	if !e.Streams(sorted, RunOptions{}) {
		t.Error("sorted files, no fix: want a stream")
	}
	if e.Streams(unsorted, RunOptions{}) {
		t.Error("files out of order: want no stream")
	}
	if e.Streams(sorted, RunOptions{Fix: true}) {
		t.Error("fixes: want no stream")
	}
}
