package lint

import (
	"testing"

	"github.com/citelint/citelint/internal/gittest"
)

// TestMain: the walks of Git work trees read no core.excludesFile of the
// machine's user.
func TestMain(m *testing.M) { gittest.MainWithEmptyHome(m) }
