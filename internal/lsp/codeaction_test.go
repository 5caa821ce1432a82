package lsp_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/citelint/citelint/internal/lsp"
)

// codeActions asks for the code actions at rng, sending diags as the
// diagnostics the client shows there.
func (c *testClient) codeActions(uri string, r protocol.Range, diags []testDiag) []testAction {
	c.t.Helper()
	if diags == nil {
		diags = []testDiag{}
	}
	var actions []testAction
	c.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri}, "range": r,
		"context": map[string]any{"diagnostics": diags},
	}, &actions)
	return actions
}

// edits returns a's edits of uri and the version they are for (-1: none
// given, the unversioned changes map).
func (a testAction) edits(uri string) ([]protocol.TextEdit, int) {
	if len(a.Edit.DocumentChanges) > 0 {
		dc := a.Edit.DocumentChanges[0]
		if dc.TextDocument.URI != uri || dc.TextDocument.Version == nil {
			return nil, -2
		}
		return dc.Edits, *dc.TextDocument.Version
	}
	return a.Edit.Changes[uri], -1
}

func firstFix(actions []testAction) *testAction {
	for i := range actions {
		if actions[i].Kind == "quickfix" && !strings.Contains(actions[i].Title, "suppress") {
			return &actions[i]
		}
	}
	return nil
}

// TestStaleQuickFix is issue 36's corruption: the diagnostics of version
// 1 offer a fix of "[2, 7]"; the user types before applying it. A client
// that supports documentChanges gets the fix as a TextDocumentEdit of the
// version it was computed for (and refuses it for a newer text); a
// request that sends version 1's diagnostics after version 2 arrived gets
// no action, whatever the client supports; a request about version 2
// gets a fix computed from version 2's text, which applied to it gives
// the right text, not "reaching[2]m per year".
func TestStaleQuickFix(t *testing.T) {
	const v1 = "Sea level rose by 0.2 m [2, 7].\n\n## References\n\n[2] IPCC. Report. 2021.\n"
	const v2 = "Sea level rose, reaching 0.2 m [2, 7].\n\n## References\n\n[2] IPCC. Report. 2021.\n"
	const fixed = "Sea level rose, reaching 0.2 m [2].\n\n## References\n\n[2] IPCC. Report. 2021.\n"
	for _, tt := range []struct {
		name       string
		docChanges bool
		debounce   time.Duration // long: version 2 is linted only when asked
	}{
		{"documentChanges", true, -1},
		{"changes map", false, -1},
		{"documentChanges, lint pending", true, time.Hour},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "s.md")
			uri := fileURI(path)
			c := startClient(t, dir, lsp.Options{Debounce: tt.debounce})
			c.docChanges = tt.docChanges
			c.initialize(nil, nil)
			first := c.open(path, v1)
			at := rng(0, 28, 0, 29)
			fix := firstFix(c.codeActions(uri, at, first.Diagnostics))
			if fix == nil {
				t.Fatalf("no fix for [2, 7] in version 1: %+v", first.Diagnostics)
			}
			edits, version := fix.edits(uri)
			wantVersion := map[bool]int{true: 1, false: -1}[tt.docChanges]
			if version != wantVersion || applyEdits(v1, edits) != strings.Replace(v1, "[2, 7]", "[2]", 1) {
				t.Errorf("version 1's fix: version %d (want %d), gives %q", version, wantVersion, applyEdits(v1, edits))
			}

			// The user types: "reaching" goes before the number. The first
			// change after a pause lints at once (unless the debounce holds it).
			c.notify("textDocument/didChange", map[string]any{
				"textDocument":   map[string]any{"uri": uri, "version": 2},
				"contentChanges": []any{map[string]any{"text": v2}},
			})
			if tt.debounce < 0 {
				c.waitDiags(uri, 2)
			}
			if stale := c.codeActions(uri, at, first.Diagnostics); len(stale) != 0 {
				t.Errorf("a request with version 1's diagnostics after version 2: %d actions, want none: %+v", len(stale), stale)
			}
			fix = firstFix(c.codeActions(uri, rng(0, 35, 0, 36), nil))
			if fix == nil {
				t.Fatal("no fix for [2, 7] in version 2")
			}
			edits, version = fix.edits(uri)
			wantVersion = map[bool]int{true: 2, false: -1}[tt.docChanges]
			if got := applyEdits(v2, edits); version != wantVersion || got != fixed {
				t.Errorf("version 2's fix: version %d (want %d), gives %q, want %q", version, wantVersion, got, fixed)
			}
			c.shutdown()
		})
	}
}

// TestSuppressActions: each issue gets "suppress <rule> on this line"
// and "in this file" quick fixes, never preferred; applied as the editor
// applies them, the line's comment silences that issue and no other, the
// file's every issue of the rule, and neither leaves an invalid or unused
// directive. The comment goes where it keeps the Markdown as it was: at
// the end of a paragraph's line but before its hard-break spaces, inside
// a table row's last cell, above a link definition (which a trailing
// comment would unmake), after the front matter.
func TestSuppressActions(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		line, col  int // of the issue
		rule       string
		wantLine   string // the line after the line action ("" : no line action)
	}{
		{"paragraph", "A claim [7] here.\n\nAnother [7].\n\n## References\n\n[1] Smith. 2020.\n\nCited [1].\n",
			0, 8, "unresolvable-label", "A claim [7] here. <!-- citelint-disable-line unresolvable-label -->"},
		{"hard break", "A claim [7] here.  \nNext line [1].\n\n## References\n\n[1] Smith. 2020.\n",
			0, 8, "unresolvable-label", "A claim [7] here. <!-- citelint-disable-line unresolvable-label -->  "},
		{"table row", "| a | b |\n|---|---|\n| x [8] | y |\n\nCited [1].\n\n## References\n\n[1] Smith. 2020.\n",
			2, 4, "unresolvable-label", "| x [8] | y <!-- citelint-disable-line unresolvable-label --> |"},
		{"reference entry", "Cited [1] and [2].\n\n## References\n\n[1] Smith. 2020.\n[2] Jones. 2021.\n[3] Lee. 2022.\n",
			6, 1, "unused-reference", "[3] Lee. 2022. <!-- citelint-disable-line unused-reference -->"},
		{"link definition", "See [the site][site].\n\n[site]: https://example.com/a\n[site]: https://example.com/b\n",
			3, 0, "duplicate-reference", "<!-- citelint-disable-next-line duplicate-reference -->"},
		{"front matter", "---\ntitle: T\n---\n\nA claim [7].\n\n## References\n\n[1] Smith. 2020.\n\nCited [1].\n",
			4, 8, "unresolvable-label", "A claim [7]. <!-- citelint-disable-line unresolvable-label -->"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "s.md")
			uri := fileURI(path)
			c := startClient(t, dir, lsp.Options{Debounce: -1})
			c.initialize(nil, nil)
			first := c.open(path, tt.text)
			count := func(p publishParams) (rule, other int) {
				for _, d := range p.Diagnostics {
					switch d.Code {
					case tt.rule:
						rule++
					case "invalid-suppression", "unused-suppression":
						other++
					}
				}
				return
			}
			before, _ := count(first)
			if !hasKey(diagKeys(first.Diagnostics), tt.rule, tt.line, tt.col) {
				t.Fatalf("no %s at %d:%d: %v", tt.rule, tt.line, tt.col, diagKeys(first.Diagnostics))
			}
			var onLine, inFile *testAction
			actions := c.codeActions(uri, rng(tt.line, tt.col, tt.line, tt.col), first.Diagnostics)
			for i, a := range actions {
				if a.Kind != "quickfix" {
					continue
				}
				switch a.Title {
				case "citelint: suppress " + tt.rule + " on this line":
					onLine = &actions[i]
				case "citelint: suppress " + tt.rule + " in this file":
					inFile = &actions[i]
				default:
					continue
				}
				if a.IsPreferred == nil || *a.IsPreferred {
					t.Errorf("%q is preferred (or does not say)", a.Title)
				}
				if len(a.Diagnostics) != 1 || a.Diagnostics[0].Code != tt.rule {
					t.Errorf("%q names diagnostics %+v", a.Title, a.Diagnostics)
				}
			}
			if onLine == nil || inFile == nil {
				t.Fatalf("line action %v, file action %v among %+v", onLine != nil, inFile != nil, actions)
			}
			version := 1
			try := func(a *testAction, want int, check func(string)) {
				t.Helper()
				edits, _ := a.edits(uri)
				text := applyEdits(tt.text, edits)
				check(text)
				version++
				c.notify("textDocument/didChange", map[string]any{
					"textDocument":   map[string]any{"uri": uri, "version": version},
					"contentChanges": []any{map[string]any{"text": text}},
				})
				if n, other := count(c.waitDiags(uri, version)); n != want || other != 0 {
					t.Errorf("after %q: %d %s (want %d), %d invalid or unused directives\n%s", a.Title, n, tt.rule, want, other, text)
				}
			}
			try(onLine, before-1, func(text string) {
				lines := strings.Split(text, "\n")
				if !strings.Contains(text, tt.wantLine+"\n") {
					t.Errorf("line action gives\n%s\nwant the line %q", text, tt.wantLine)
				}
				if len(lines) > 3 && strings.HasPrefix(tt.text, "---\n") && lines[0] != "---" {
					t.Errorf("the comment went before the front matter:\n%s", text)
				}
			})
			try(inFile, 0, func(text string) {
				if strings.HasPrefix(tt.text, "---\n") && !strings.HasPrefix(text, "---\ntitle: T\n---\n<!-- citelint-disable-file "+tt.rule+" -->\n") {
					t.Errorf("file action gives\n%s", text)
				}
			})
			c.shutdown()
		})
	}
}
