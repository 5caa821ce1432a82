package eval

import (
	"testing"

	"github.com/citelint/citelint/internal/gittest"
)

// TestMain: the engine's walks honour git's core.excludesFile, and a
// developer's own excludes must not change what is measured.
func TestMain(m *testing.M) { gittest.MainWithEmptyHome(m) }
