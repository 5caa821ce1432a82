package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
)

// shardReport is what a sharded run's JSON says, as comparable strings.
type shardReport struct {
	issues, errors []string
	files          int
}

func runJSON(t *testing.T, dir string, args ...string) shardReport {
	t.Helper()
	code, out, errs := run(t, dir, "", append([]string{"run", "--format", "json"}, args...)...)
	if code != ExitOK && code != ExitIssues && code != ExitFailure {
		t.Fatalf("%v: exit %d\n%s", args, code, errs)
	}
	var doc struct {
		Issues []struct {
			Rule, Path, Message string
			Line, Column        int
		}
		Summary struct {
			Files  int
			Errors []struct{ Path, Message string }
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	var r shardReport
	for _, iss := range doc.Issues {
		r.issues = append(r.issues, fmt.Sprintf("%s:%d:%d:%s:%s", iss.Path, iss.Line, iss.Column, iss.Rule, iss.Message))
	}
	for _, e := range doc.Summary.Errors {
		r.errors = append(r.errors, e.Path+": "+e.Message)
	}
	r.files = doc.Summary.Files
	return r
}

// checkShards runs the four shards of paths and the whole, and checks that
// the shards' issues, errors and files together are exactly the whole's,
// none twice.
func checkShards(t *testing.T, dir string, args ...string) shardReport {
	t.Helper()
	full := runJSON(t, dir, args...)
	var union shardReport
	for i := 1; i <= 4; i++ {
		part := runJSON(t, dir, append([]string{"--shard", fmt.Sprintf("%d/4", i)}, args...)...)
		if part.files == full.files {
			t.Errorf("shard %d/4 linted every file", i)
		}
		union.issues = append(union.issues, part.issues...)
		union.errors = append(union.errors, part.errors...)
		union.files += part.files
	}
	for _, s := range [][]string{full.issues, full.errors, union.issues, union.errors} {
		slices.Sort(s)
	}
	if union.files != full.files {
		t.Errorf("shards linted %d files together, the whole run %d", union.files, full.files)
	}
	if !slices.Equal(union.issues, full.issues) {
		t.Errorf("shards reported %d issues together, the whole run %d (or others)", len(union.issues), len(full.issues))
	}
	if !slices.Equal(union.errors, full.errors) {
		t.Errorf("shards' errors %q, the whole run's %q", union.errors, full.errors)
	}
	return full
}

// TestShardFixture: --shard 1/4..4/4 on a tree with issues in every file,
// a file that cannot be read and a dangling link (each a finding on it),
// and a path named that does not exist (a walk error).
func TestShardFixture(t *testing.T) {
	dir := t.TempDir()
	for i := range 24 {
		write(t, dir, fmt.Sprintf("docs/part%d/ch%d.md", i%3, i), broken)
	}
	write(t, dir, "docs/bad.md", "ok\n\x00\n")
	if err := os.Symlink("nowhere.md", filepath.Join(dir, "docs/gone.md")); err != nil {
		t.Skip("no symlinks:", err)
	}
	full := checkShards(t, dir, "--no-config", filepath.Join(dir, "docs"), filepath.Join(dir, "missing.md"))
	if full.files != 26 || len(full.issues) != 26 || len(full.errors) != 1 {
		t.Errorf("the fixture no longer exercises sharding: %d files, %d issues, %d errors", full.files, len(full.issues), len(full.errors))
	}
}

// TestShardCorpus: the same on the shared corpus (skipped without it).
func TestShardCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("lints the corpus five times")
	}
	dir := corpus.Path(t)
	wd, _ := os.Getwd()
	full := checkShards(t, wd, "--no-config", dir)
	if len(full.issues) < 1000 {
		t.Errorf("%d issues on the corpus: the check is too weak", len(full.issues))
	}
}
