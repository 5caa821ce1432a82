package project

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/resolve"
)

// TestFrontMatterBibliographyDeadline: a front-matter bibliography is
// not read past the run's deadline; the document says why, and the cut
// load is not cached for the documents after it.
func TestFrontMatterBibliographyDeadline(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "refs.bib"), []byte(strings.Repeat("@misc{k, title = {T}}\n", 1000)), 0o644); err != nil {
		t.Fatal(err)
	}
	src := []byte("---\nbibliography: refs.bib\n---\nClaim [@k].\n")
	doc := markdown.Parse(src, markdown.Options{})
	path := filepath.Join(root, "doc.md")
	opts := Options{Root: root}
	bibs := &Cache{m: map[string]bibLoad{}}
	expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	_, diags := FrontMatterBibliographies(expired, doc, path, resolve.NewEnv(nil), opts, bibs)
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "refs.bib: not read: the run reached its time limit (--timeout)") {
		t.Errorf("expired: %+v", diags)
	}
	env, diags := FrontMatterBibliographies(context.Background(), doc, path, resolve.NewEnv(nil), opts, bibs)
	if len(diags) != 0 || !env.HasBibliography() {
		t.Errorf("then without a deadline: %+v", diags)
	}
}
