package input_test

import (
	"testing"

	"github.com/citelint/citelint/internal/rules/rulestest"
)

// TestRulesGolden: the goldens of the rules of this package.
func TestRulesGolden(t *testing.T) { rulestest.Golden(t) }
