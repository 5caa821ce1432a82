package lint

import (
	"os"
	"testing"
)

// TestMain runs the package's tests with an empty home folder, so that the
// walks of Git work trees read no core.excludesFile of the machine's user.
func TestMain(m *testing.M) {
	home, err := os.MkdirTemp("", "citelint-lint-home")
	if err != nil {
		panic(err)
	}
	os.Setenv("HOME", home)
	os.Setenv("XDG_CONFIG_HOME", "")
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}
