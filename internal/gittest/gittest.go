// Package gittest runs git for tests that need a real repository (diff-aware
// mode, the Action's script), isolated from the user's and the system's git
// configuration.
package gittest

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Run runs git with args in dir and returns its trimmed output; a failure
// fails the test. Commits get a fixed author; HOME is dir so no global
// config applies.
func Run(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@e", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@e", "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// Require skips the test when git is not installed.
func Require(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
}

// MainWithEmptyHome runs a package's tests with HOME an empty folder and
// XDG_CONFIG_HOME unset, so that no user's git configuration (their
// core.excludesFile) changes which files a walk finds, and exits with
// their result.
func MainWithEmptyHome(m *testing.M) {
	home, err := os.MkdirTemp("", "citelint-test-home")
	if err != nil {
		panic(err)
	}
	os.Setenv("HOME", home)
	os.Setenv("XDG_CONFIG_HOME", "")
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}
