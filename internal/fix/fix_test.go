package fix

import (
	"testing"

	"github.com/citelint/citelint/result"
)

func TestApply(t *testing.T) {
	src := []byte("abc [1, 99] def [98].")
	tests := []struct {
		name    string
		fixes   []*result.Fix
		unsafe  bool
		want    string
		applied int
		skipped int
	}{
		{"one", []*result.Fix{{Edits: []result.Edit{{Start: 4, End: 11, New: "[1]"}}}}, false, "abc [1] def [98].", 1, 0},
		{"duplicates applied once", []*result.Fix{{Edits: []result.Edit{{Start: 4, End: 11, New: "[1]"}}}, {Edits: []result.Edit{{Start: 4, End: 11, New: "[1]"}}}}, false, "abc [1] def [98].", 1, 0},
		{"two", []*result.Fix{{Edits: []result.Edit{{Start: 4, End: 11, New: "[1]"}}}, {Edits: []result.Edit{{Start: 15, End: 20}}}}, false, "abc [1] def.", 2, 0},
		{"overlap skipped", []*result.Fix{{Edits: []result.Edit{{Start: 4, End: 11, New: "[1]"}}}, {Edits: []result.Edit{{Start: 8, End: 12, New: "x"}}}}, false, "abc [1] def [98].", 1, 1},
		{"unsafe needs opt-in", []*result.Fix{{Unsafe: true, Edits: []result.Edit{{Start: 0, End: 3}}}}, false, string(src), 0, 0},
		{"unsafe opted in", []*result.Fix{{Unsafe: true, Edits: []result.Edit{{Start: 0, End: 4}}}}, true, "[1, 99] def [98].", 1, 0},
		{"out of range skipped", []*result.Fix{{Edits: []result.Edit{{Start: 5, End: 500}}}}, false, string(src), 0, 1},
	}
	for _, tt := range tests {
		got, o := Apply(src, tt.fixes, tt.unsafe)
		if string(got) != tt.want || o.Applied != tt.applied || o.Skipped != tt.skipped {
			t.Errorf("%s: got %q %+v, want %q applied %d skipped %d", tt.name, got, o, tt.want, tt.applied, tt.skipped)
		}
	}
}
