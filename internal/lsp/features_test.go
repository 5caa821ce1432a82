package lsp_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/citelint/citelint/internal/cli"
	"github.com/citelint/citelint/internal/lsp"
)

// A client that offers UTF-8 gets it, and positions count bytes; one that
// offers nothing gets UTF-16 code units. The fixture's line 5 has accents,
// a narrow no-break space and an emoji before its [8].
func TestPositionEncoding(t *testing.T) {
	for _, tt := range []struct {
		offer   []string
		want    string
		col, to int // of [8]'s issue, and of the replacement that removes it
	}{
		{nil, "utf-16", 67, 68},
		{[]string{"utf-16"}, "utf-16", 67, 68},
		{[]string{"utf-8", "utf-16"}, "utf-8", 75, 76},
	} {
		t.Run(strings.Join(tt.offer, ","), func(t *testing.T) {
			dir, path, text := copyFixture(t, "report.md")
			uri := fileURI(path)
			c := startClient(t, dir, lsp.Options{Debounce: -1})
			res := c.initialize(tt.offer, nil)
			if got := res["capabilities"].(map[string]any)["positionEncoding"]; got != tt.want {
				t.Fatalf("positionEncoding = %v, want %s", got, tt.want)
			}
			first := diagKeys(c.open(path, text).Diagnostics)
			if !hasKey(first, "unresolvable-label", 5, tt.col) {
				t.Fatalf("no issue for [8] at 5:%d: %v", tt.col, first)
			}
			c.notify("textDocument/didChange", map[string]any{
				"textDocument":   map[string]any{"uri": uri, "version": 2},
				"contentChanges": []any{map[string]any{"range": rng(5, tt.to, 5, tt.to+1), "text": "1"}},
			})
			if second := diagKeys(c.waitDiags(uri, 2).Diagnostics); hasKey(second, "unresolvable-label", 5, tt.col) {
				t.Errorf("the edit at 5:%d did not replace the 8 of [8]: %v", tt.to, second)
			}
		})
	}
}

// Unsafe fixes are offered only when the client opts in, and are titled
// as unsafe; the fix-all action takes safe fixes only.
func TestUnsafeFixes(t *testing.T) {
	text := "Prose claim [1] and [7].\n\n| a | b |\n|---|---|\n| x [8] | y |\n\n## References\n\n[1] Smith. Title. 2020.\n"
	for _, optIn := range []bool{false, true} {
		dir := t.TempDir()
		path := filepath.Join(dir, "u.md")
		uri := fileURI(path)
		c := startClient(t, dir, lsp.Options{Debounce: -1})
		c.initialize(nil, map[string]any{"unsafeFixes": optIn})
		c.open(path, text)
		var actions []protocol.CodeAction
		c.call("textDocument/codeAction", map[string]any{
			"textDocument": map[string]any{"uri": uri}, "range": rng(0, 0, 9, 0),
			"context": map[string]any{"diagnostics": []any{}},
		}, &actions)
		var titles []string
		unsafe, fixAll := 0, 0
		for _, a := range actions {
			if strings.Contains(a.Title, "citelint: suppress ") {
				continue // TestSuppressActions
			}
			titles = append(titles, a.Title)
			if strings.Contains(a.Title, "unsafe") {
				unsafe++
				if a.IsPreferred != nil && *a.IsPreferred {
					t.Errorf("unsafe fix marked preferred: %q", a.Title)
				}
			}
			if a.Kind != nil && *a.Kind == "source.fixAll.citelint" {
				fixAll++
				for _, e := range a.Edit.Changes[uri] {
					if e.Range.Start.Line == 4 {
						t.Errorf("fix-all includes the unsafe fix in the table: %+v", e)
					}
				}
			}
		}
		want := 0
		if optIn {
			want = 1
		}
		if unsafe != want || fixAll != 1 || len(titles) != 2+want {
			t.Errorf("unsafeFixes=%v: %d unsafe, %d fix-all of %q", optIn, unsafe, fixAll, titles)
		}
		c.shutdown()
	}
}

// Editing .citelint.yaml relints the open documents with the new config;
// a config that does not load is reported and the default rules apply.
func TestConfigReload(t *testing.T) {
	dir, path, text := copyFixture(t, "report.md")
	cfgPath := filepath.Join(dir, ".citelint.yaml")
	write := func(s string) {
		if err := os.WriteFile(cfgPath, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("version: \"1\"\nrules:\n  disable: [unused-reference]\n")
	uri := fileURI(path)
	c := startClient(t, dir, lsp.Options{Debounce: -1})
	c.initialize(nil, nil)
	count := func(p publishParams, rule string) int {
		n := 0
		for _, d := range p.Diagnostics {
			if d.Code == rule {
				n++
			}
		}
		return n
	}
	if n := count(c.open(path, text), "unused-reference"); n != 0 {
		t.Fatalf("unused-reference is disabled but reported %d times", n)
	}

	write("version: \"1\"\n")
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": fileURI(cfgPath), "type": 2}}})
	if n := count(c.waitDiags(uri, 1), "unused-reference"); n != 2 {
		t.Errorf("after the config enabled it again: %d unused-reference, want 2", n)
	}

	// Saving the config in the editor reloads it too; a broken one is shown.
	write("version: \"1\"\nrules:\n  disable: [no-such-rule]\n")
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": fileURI(cfgPath)}})
	select {
	case m := <-c.messages:
		if m.Type != protocol.MessageTypeError || !strings.Contains(m.Message, "no-such-rule") || !strings.Contains(m.Message, "default rules") {
			t.Errorf("message: %+v", m)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no message about the broken config")
	}
	if n := count(c.waitDiags(uri, 1), "unused-reference"); n != 2 {
		t.Errorf("with the default rules: %d unused-reference, want 2", n)
	}
	c.shutdown()
}

// Hover on a citation whose source is in the source store quotes the
// passage closest to the citing sentence; definition on a pandoc key
// jumps to the bibliography file.
func TestHoverSources(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		".citelint.yaml": "version: \"1\"\nbibliography: [refs.bib]\nsources: sources.jsonl\n",
		"refs.bib":       "@article{smith2020,\n  title = {Boiling points},\n  author = {Smith, J.},\n  year = {2020},\n  doi = {10.1000/boil}\n}\n",
		"sources.jsonl":  `{"id": "1", "title": "Lab notes", "text": "The kettle was cleaned. Water boils at 100 degrees Celsius at sea level. Pressure changes the boiling point."}` + "\n",
		"doc.md":         "Water boils at 100 degrees Celsius at sea level [SOURCE_1].\n\nBoiling points were measured [@smith2020].\n",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "doc.md")
	uri := fileURI(path)
	c := startClient(t, dir, lsp.Options{Debounce: -1})
	c.initialize(nil, nil)
	c.open(path, files["doc.md"])
	var hover struct {
		Contents protocol.MarkupContent `json:"contents"`
	}
	c.call("textDocument/hover", pos(uri, 0, 52), &hover)
	for _, want := range []string{"source `", "Closest passage", "Water boils at 100 degrees Celsius at sea level."} {
		if !strings.Contains(hover.Contents.Value, want) {
			t.Errorf("hover on [SOURCE_1] lacks %q:\n%s", want, hover.Contents.Value)
		}
	}
	c.call("textDocument/hover", pos(uri, 2, 32), &hover)
	if !strings.Contains(hover.Contents.Value, "smith2020") || !strings.Contains(hover.Contents.Value, "doi:10.1000/boil") {
		t.Errorf("hover on [@smith2020]:\n%s", hover.Contents.Value)
	}
	var loc protocol.Location
	c.call("textDocument/definition", pos(uri, 2, 32), &loc)
	if loc.URI != fileURI(filepath.Join(dir, "refs.bib")) || loc.Range.Start.Line != 0 {
		t.Errorf("definition of [@smith2020]: %+v", loc)
	}
	c.shutdown()
}

// Saving a bibliography the config names rebuilds the engine: a key added
// to it resolves in the open documents.
func TestBibliographyReload(t *testing.T) {
	dir := t.TempDir()
	bib := filepath.Join(dir, "refs.bib")
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".citelint.yaml", "version: \"1\"\nbibliography: [refs.bib]\n")
	write("refs.bib", "@article{smith2020,\n  title = {Boiling points},\n  year = {2020}\n}\n")
	path := filepath.Join(dir, "doc.md")
	text := "Boiling points were measured [@smith2020; @jones2021].\n"
	c := startClient(t, dir, lsp.Options{Debounce: -1})
	c.initialize(nil, nil)
	first := c.open(path, text)
	if !strings.Contains(fmt.Sprint(first.Diagnostics), "jones2021") {
		t.Fatalf("jones2021 is not in the bibliography yet: %+v", first.Diagnostics)
	}
	write("refs.bib", "@article{smith2020,\n  title = {Boiling points},\n  year = {2020}\n}\n@article{jones2021,\n  title = {More boiling},\n  year = {2021}\n}\n")
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": fileURI(bib)}})
	if second := c.waitDiags(fileURI(path), 1); strings.Contains(fmt.Sprint(second.Diagnostics), "jones2021") {
		t.Errorf("after saving refs.bib: %+v", second.Diagnostics)
	}
	c.shutdown()
}

// The fix-all action's edits, applied as an editor applies them (UTF-16
// positions on text with an emoji), give what `citelint run --fix` writes.
func TestFixAllEqualsRunFix(t *testing.T) {
	dir, path, text := copyFixture(t, "report.md")
	uri := fileURI(path)
	c := startClient(t, dir, lsp.Options{Debounce: -1})
	c.initialize(nil, nil)
	c.open(path, text)
	var actions []protocol.CodeAction
	c.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri}, "range": rng(0, 0, 0, 0),
		"context": map[string]any{"diagnostics": []any{}, "only": []string{"source.fixAll"}},
	}, &actions)
	if len(actions) != 1 {
		t.Fatalf("want one fix-all action, got %+v", actions)
	}
	got := applyEdits(text, actions[0].Edit.Changes[uri])

	var out, errb strings.Builder
	if code := cli.Main([]string{"run", "--fix", "--issues-exit-code=0", path}, cli.Env{
		Stdout: &out, Stderr: &errb, Getwd: func() (string, error) { return dir, nil },
	}); code != 0 {
		t.Fatalf("citelint run --fix: exit %d: %s", code, errb.String())
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("fix-all gives\n%s\nrun --fix gives\n%s", got, want)
	}
	if got == text {
		t.Error("fix-all changed nothing")
	}
	c.shutdown()
}

// applyEdits applies LSP text edits (UTF-16 positions) to text, from the
// last to the first, as an editor does.
func applyEdits(text string, edits []protocol.TextEdit) string {
	lines := strings.SplitAfter(text, "\n")
	offset := func(p protocol.Position) int {
		off := 0
		for i := 0; i < int(p.Line); i++ {
			off += len(lines[i])
		}
		return off + byteCol(lines[p.Line], int(p.Character))
	}
	sorted := append([]protocol.TextEdit(nil), edits...)
	sort.Slice(sorted, func(a, b int) bool { return offset(sorted[a].Range.Start) > offset(sorted[b].Range.Start) })
	for _, e := range sorted {
		s, en := offset(e.Range.Start), offset(e.Range.End)
		text = text[:s] + e.NewText + text[en:]
	}
	return text
}

// TestCodeActionsFollowTheLatestLint: a reload of the config, or a save
// that carries new text under the same version, gives code actions and
// hover the new lint, not the one kept from before (the version alone
// said the old analysis was current).
func TestCodeActionsFollowTheLatestLint(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, ".citelint.yaml")
	write := func(s string) {
		if err := os.WriteFile(cfgPath, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("version: \"1\"\nrules:\n  disable: [unresolvable-label]\n")
	path := filepath.Join(dir, "u.md")
	uri := fileURI(path)
	withLost := "Prose claim [1] and [7].\n\n## References\n\n[1] Smith. Title. 2020.\n"
	c := startClient(t, dir, lsp.Options{Debounce: -1})
	c.initialize(nil, nil)
	c.open(path, withLost)
	actions := func() int {
		var as []protocol.CodeAction
		c.call("textDocument/codeAction", map[string]any{
			"textDocument": map[string]any{"uri": uri}, "range": rng(0, 0, 6, 0),
			"context": map[string]any{"diagnostics": []any{}},
		}, &as)
		return len(as)
	}
	if n := actions(); n != 0 {
		t.Fatalf("unresolvable-label is disabled, yet %d code actions", n)
	}

	write("version: \"1\"\n")
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": fileURI(cfgPath), "type": 2}}})
	c.waitDiags(uri, 1)
	if n := actions(); n == 0 {
		t.Error("after the reload enabled unresolvable-label: no code action for [7]")
	}

	noneLost := "Prose claim [1].\n\n## References\n\n[1] Smith. Title. 2020.\n"
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}, "text": noneLost})
	c.waitDiags(uri, 1)
	if n := actions(); n != 0 {
		t.Errorf("after a save that removed [7]: %d code actions", n)
	}
	c.shutdown()
}
