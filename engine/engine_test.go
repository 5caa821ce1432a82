package engine

import (
	"testing"

	core "github.com/citelint/citelint/internal/engine"
)

// TestVerdictsMatch: Result.Verdict converts the implementation's verdict
// by value, so each public verdict must be the implementation's of the
// same name.
func TestVerdictsMatch(t *testing.T) {
	for _, tc := range []struct {
		public Verdict
		core   core.Verdict
	}{{Pass, core.Pass}, {Fail, core.Fail}, {Broken, core.Broken}, {TimedOut, core.TimedOut}} {
		if int(tc.public) != int(tc.core) {
			t.Errorf("public verdict %d is the implementation's %d", tc.public, tc.core)
		}
	}
}
