package cli

import (
	"cmp"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// errOutsideTree refuses a fix to a file that a symbolic link leads out of
// the folders being linted: a document from a pull request could link to
// any file the runner can write.
var errOutsideTree = errors.New("a symbolic link leads outside the folders being linted; not rewritten")

// fixRoots returns the folders --fix may write in, symlinks resolved: each
// folder named on the command line and the folder of each file named there,
// or, with no paths, the config file's folder (else the working directory).
// Paths from the config are not roots: the config may come from the pull
// request.
func fixRoots(paths []string, cfgDir, wd string) []string {
	if len(paths) == 0 {
		paths = []string{cmp.Or(cfgDir, wd, ".")}
	}
	var roots []string
	for _, p := range paths {
		if p == "-" {
			continue
		}
		if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
			p = filepath.Dir(p)
		}
		if real, err := filepath.EvalSymlinks(p); err == nil {
			if abs, err := filepath.Abs(real); err == nil {
				roots = append(roots, abs)
			}
		}
	}
	return roots
}

// beforeFixWrite runs just before each fixed file is written: tests edit
// the file here, as a user saving in an editor during the run would.
var beforeFixWrite func(path string)

// insideRoots returns path with every symlink resolved, if that lies in
// one of roots. The fix is written to that path, not through the links
// again, so a link changed meanwhile is not followed.
func insideRoots(path string, roots []string) (string, error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	real, err = filepath.Abs(real)
	if err != nil {
		return "", err
	}
	for _, r := range roots {
		if rel, err := filepath.Rel(r, real); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return real, nil
		}
	}
	return "", fmt.Errorf("%w (it leads to %s)", errOutsideTree, real)
}

// pauseWorkflowCommands makes a GitHub Actions runner take what follows on
// out as plain text until the returned function is called: --diff prints
// document lines as they are, a context line " ::add-mask::x" included,
// which the runner would execute (it trims leading space). Outside Actions
// it does nothing. The token is random so the document cannot end the
// pause itself.
func pauseWorkflowCommands(out io.Writer, env Env) (resume func()) {
	if env.Getenv("GITHUB_ACTIONS") != "true" {
		return func() {}
	}
	var b [16]byte
	rand.Read(b[:])
	token := hex.EncodeToString(b[:])
	fmt.Fprintf(out, "::stop-commands::%s\n", token)
	return func() { fmt.Fprintf(out, "::%s::\n", token) }
}
