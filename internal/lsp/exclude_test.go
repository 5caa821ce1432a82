package lsp_test

import (
	"os"
	"path/filepath"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/citelint/citelint/internal/lsp"
)

// TestExcludedFilesNotLinted: a file `citelint run` leaves out (the
// config's run.exclude, .gitignore, an ending that is no document's, a
// skipped folder) gets empty diagnostics when opened, as run reports
// nothing for it; the others, an untitled buffer and a file outside the
// workspace get the issues of their text.
func TestExcludedFilesNotLinted(t *testing.T) {
	const text = "A claim [7].\n\n## References\n\n[1] Smith. 2020.\n"
	dir := t.TempDir()
	outside := t.TempDir()
	for name, body := range map[string]string{
		".git/HEAD":      "ref: refs/heads/main\n",
		".gitignore":     "build/\n",
		".citelint.yaml": "version: \"1\"\nrun:\n  exclude: [\"drafts/**\", \"**/CHANGELOG.md\"]\n",
	} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := startClient(t, dir, lsp.Options{Debounce: -1})
	c.initialize(nil, nil)
	for _, tt := range []struct {
		name   string
		uri    string
		linted bool
	}{
		{"document", fileURI(filepath.Join(dir, "docs", "report.md")), true},
		{"run.exclude folder", fileURI(filepath.Join(dir, "drafts", "a.md")), false},
		{"run.exclude glob", fileURI(filepath.Join(dir, "docs", "CHANGELOG.md")), false},
		{".gitignore", fileURI(filepath.Join(dir, "build", "out.md")), false},
		{"not a document's ending", fileURI(filepath.Join(dir, "notes.txt")), false},
		{"skipped folder", fileURI(filepath.Join(dir, "node_modules", "x", "README.md")), false},
		{"untitled buffer", "untitled:Untitled-1", true},
		{"outside the workspace", fileURI(filepath.Join(outside, "b.md")), true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c.notify("textDocument/didOpen", protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
				URI: tt.uri, LanguageID: "markdown", Version: 1, Text: text,
			}})
			got := c.waitDiags(tt.uri, 1)
			if linted := len(got.Diagnostics) > 0; linted != tt.linted {
				t.Errorf("linted %v, want %v: %v", linted, tt.linted, diagKeys(got.Diagnostics))
			}
			var hover any
			c.call("textDocument/hover", pos(tt.uri, 0, 9), &hover)
			if (hover != nil) != tt.linted {
				t.Errorf("hover %v", hover)
			}
		})
	}
	c.shutdown()
}
