package cli

import (
	"strings"
	"testing"
)

// TestTimeoutCoversBibliography: --timeout starts before the
// bibliographies are read, so that one named by --bibliography or the
// config cannot keep the run going past it (probe #18): the run stops
// with exit code 4 and says which file it was reading.
func TestTimeoutCoversBibliography(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "refs.bib", strings.Repeat("@misc{k, title = {T}}\n", 1000))
	doc := write(t, dir, "doc.md", "Claim [@k].\n")
	for _, args := range [][]string{
		{"run", "--no-config", "--timeout", "1ns", "--bibliography", "refs.bib", doc},
		{"run", "--timeout", "1ns", doc},
	} {
		write(t, dir, ".citelint.yaml", "version: \"1\"\nbibliography: [refs.bib]\n")
		code, _, stderr := run(t, dir, "", args...)
		if code != ExitTimeout || !strings.Contains(stderr, "refs.bib: not read: the run reached its time limit (--timeout)") {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr)
		}
	}
	code, _, stderr := run(t, dir, "", "run", "--timeout", "1m", doc)
	if code != ExitOK {
		t.Errorf("with time: exit %d, %s", code, stderr)
	}
}
