package eval

import (
	"os"
	"testing"
)

// TestMain runs the measurements with an empty home folder: the engine's
// walks honour git's core.excludesFile, and a developer's own excludes
// must not change what is measured.
func TestMain(m *testing.M) {
	home, err := os.MkdirTemp("", "citelint-eval-home")
	if err != nil {
		panic(err)
	}
	os.Setenv("HOME", home)
	os.Setenv("XDG_CONFIG_HOME", "")
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}
