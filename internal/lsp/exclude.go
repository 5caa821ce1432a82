package lsp

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/output"
)

// lintDocument lints text as the file at path with the workspace's engine
// (within ctx), unless the project leaves that file out of `citelint run`
// (run.exclude, run.include, run.paths, .gitignore, an ending that is not
// a document's): then the report is empty, as run reports nothing for it,
// and the document nil. A buffer that is no file (untitled), and a file
// outside the workspace folder, which no walk of the project reaches, are
// linted: the user opened them and the project's choice of files does not
// speak of them. ws is the workspace the caller read under s.mu, so the
// engine that lints and the one that selects are the same after a reload.
func (s *Server) lintDocument(ctx context.Context, ws *workspace, uri, path string, text []byte) (*output.Report, *markdown.Document) {
	if strings.HasPrefix(uri, "file:") && !ws.selects(path) {
		return &output.Report{}, nil
	}
	return ws.eng.LintDocument(ctx, path, text)
}

// selects reports whether `citelint run` lints path, remembered per
// workspace (a config reload makes a new one): asking walks the folders
// down to the file and reads their .gitignore files, once per file, not
// per keystroke.
func (ws *workspace) selects(path string) bool {
	if rel, err := filepath.Rel(ws.root, path); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return true
	}
	ws.selMu.Lock()
	defer ws.selMu.Unlock()
	in, ok := ws.selected[path]
	if !ok {
		in = ws.eng.Selects(path)
		if ws.selected == nil {
			ws.selected = map[string]bool{}
		}
		ws.selected[path] = in
	}
	return in
}
