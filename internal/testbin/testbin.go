// Package testbin gives tests that drive the citelint binary (an editor,
// an MCP client, the Action's scripts) one to drive: the binary named by
// $CITELINT_TEST_BINARY, which .ci/run builds once from the checkout for
// all of them, else one built from this checkout for the test.
package testbin

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Env names the prebuilt binary; it must be built from the checkout under
// test, as .ci/run does.
const Env = "CITELINT_TEST_BINARY"

// Path returns the path of a citelint binary built from this checkout.
func Path(t testing.TB) string {
	t.Helper()
	if p := os.Getenv(Env); p != "" {
		if fi, err := os.Stat(p); err != nil || fi.IsDir() {
			t.Fatalf("$%s=%s is not a binary: %v", Env, p, err)
		}
		return p
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "citelint")
	// go from PATH: go test puts its own GOROOT/bin first there (Go 1.19
	// on), so this is the toolchain running the test, as runtime.GOROOT
	// (deprecated, empty under -trimpath) used to say.
	build := exec.Command("go", "build", "-o", bin, "./cmd/citelint")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// moduleRoot is the folder holding go.mod, walking up from the test's.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}
