package lsp_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/citelint/citelint/internal/cli"
	"github.com/citelint/citelint/internal/corpus"
	"github.com/citelint/citelint/internal/lsp"
)

// diagKey is what an editor shows of an issue: rule, severity, message
// and the 0-based range in UTF-16 code units.
type diagKey struct {
	Rule, Severity, Message    string
	Line, Col, EndLine, EndCol int
}

func (k diagKey) String() string {
	return fmt.Sprintf("%d:%d-%d:%d %s %s: %s", k.Line, k.Col, k.EndLine, k.EndCol, k.Severity, k.Rule, k.Message)
}

// runJSON runs `citelint run --format json` on path in dir and returns its
// issues (not the suppressed ones) as the keys an editor would show.
func runJSON(t testing.TB, dir, path string) []diagKey {
	t.Helper()
	var out, errb bytes.Buffer
	code := cli.Main([]string{"run", "--format", "json", "--issues-exit-code=0", path}, cli.Env{
		Stdout: &out, Stderr: &errb, Getwd: func() (string, error) { return dir, nil },
	})
	if code != 0 {
		t.Fatalf("citelint run %s: exit %d: %s", path, code, errb.String())
	}
	var rep struct {
		Issues []struct {
			Rule, Severity, Message string
			Line, Column            int
			EndLine                 int `json:"end_line"`
			EndColumn               int `json:"end_column"`
			Suppressed              bool
		} `json:"issues"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	keys := []diagKey{}
	for _, i := range rep.Issues {
		if i.Suppressed {
			continue
		}
		keys = append(keys, diagKey{i.Rule, i.Severity, i.Message, i.Line - 1, i.Column - 1, i.EndLine - 1, i.EndColumn - 1})
	}
	return keys
}

var severityName = map[int]string{1: "error", 2: "warning", 3: "note", 4: "note"}

func diagKeys(ds []testDiag) []diagKey {
	keys := []diagKey{}
	for _, d := range ds {
		keys = append(keys, diagKey{d.Code, severityName[d.Severity], d.Message, int(d.Range.Start.Line), int(d.Range.Start.Character), int(d.Range.End.Line), int(d.Range.End.Character)})
	}
	return keys
}

func sameKeys(t testing.TB, what string, got, want []diagKey) {
	t.Helper()
	sortKeys := func(k []diagKey) {
		sort.SliceStable(k, func(a, b int) bool { return k[a].String() < k[b].String() })
	}
	sortKeys(got)
	sortKeys(want)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		var b strings.Builder
		for _, k := range got {
			fmt.Fprintf(&b, "  got  %s\n", k)
		}
		for _, k := range want {
			fmt.Fprintf(&b, "  want %s\n", k)
		}
		t.Errorf("%s: the server's diagnostics differ from citelint run's:\n%s", what, b.String())
	}
}

// copyFixture copies testdata/name into a fresh project folder.
func copyFixture(t testing.TB, name string) (dir, path, text string) {
	t.Helper()
	dir = t.TempDir()
	text = readFixture(t, name)
	path = filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, path, text
}

// The server's diagnostics equal `citelint run`'s for the same file: the
// fixtures, the example report and (when present) the shared corpus's
// LLM-written reports.
func TestDiagnosticsEqualRun(t *testing.T) {
	type doc struct{ name, path string }
	docs := []doc{{"fixture", filepath.Join("testdata", "report.md")}, {"example", filepath.Join("..", "..", "examples", "report.md")}}
	if d := corpus.Dir(); d != "" {
		files, _ := filepath.Glob(filepath.Join(d, "reports", "*", "*.md"))
		more, _ := filepath.Glob(filepath.Join(d, "reports", "*", "*", "*.md"))
		files = append(files, more...)
		sort.Strings(files)
		for i, f := range files {
			if i%7 == 0 { // a spread of the corpus, to keep the test short
				docs = append(docs, doc{filepath.Base(filepath.Dir(f)) + "/" + filepath.Base(f), f})
			}
		}
		// The other dialects an editor opens: Quarto, R Markdown and
		// notebooks (whose positions are in the .ipynb's own text).
		for _, g := range []struct {
			glob  string
			every int
		}{{"docs/quarto-web/docs/*/*.qmd", 10}, {"docs/quarto-web/docs/*/*/*.ipynb", 1}, {"docs/rmarkdown-book/*.Rmd", 5}} {
			files, _ := filepath.Glob(filepath.Join(d, g.glob))
			sort.Strings(files)
			for i, f := range files {
				if i%g.every == 0 {
					docs = append(docs, doc{filepath.Base(filepath.Dir(f)) + "/" + filepath.Base(f), f})
				}
			}
		}
	}
	for _, d := range docs {
		t.Run(d.name, func(t *testing.T) {
			src, err := os.ReadFile(d.path)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			path := filepath.Join(dir, "doc"+filepath.Ext(d.path))
			if err := os.WriteFile(path, src, 0o644); err != nil {
				t.Fatal(err)
			}
			c := startClient(t, dir, lsp.Options{Debounce: -1})
			c.initialize(nil, nil)
			got := c.open(path, string(src))
			sameKeys(t, d.name, diagKeys(got.Diagnostics), runJSON(t, dir, path))
			c.shutdown()
		})
	}
}

// TestDiagnosticsWithSourcesEqualRun: on a project whose config names a
// source store and turns the claim-support rules on, the editor shows
// what run reports, their findings included (issue 34: run reported ten
// issues, the editor none, only the agent path wiring the evidence).
func TestDiagnosticsWithSourcesEqualRun(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write(".citelint.yaml", "version: \"1\"\nsources: s.jsonl\nrules:\n  enable: [low-overlap, number-mismatch]\n")
	write("s.jsonl", `{"id": "d_1", "text": "Global mean sea level increased by 0.20 m between 1901 and 2018."}`+"\n"+
		`{"id": "d_2", "text": "Penguins live almost exclusively in the Southern Hemisphere."}`+"\n")
	src := "Sea level rose by 0.35 m between 1901 and 2018 [REF|d_1].\n\nPenguins nest on Greenland's glaciers in the Arctic [REF|d_2].\n"
	path := write("a.md", src)
	c := startClient(t, dir, lsp.Options{Debounce: -1})
	c.initialize(nil, nil)
	got := diagKeys(c.open(path, src).Diagnostics)
	want := runJSON(t, dir, path)
	if len(want) < 2 {
		t.Fatalf("run reports %d issues, want the claim-support findings: %v", len(want), want)
	}
	sameKeys(t, "sources", got, want)
	c.shutdown()
}

// One session as an editor runs it: open, diagnostics, an incremental
// change, a quick fix, hover, go-to-definition, shutdown.
func TestSession(t *testing.T) {
	dir, path, text := copyFixture(t, "report.md")
	uri := fileURI(path)
	c := startClient(t, dir, lsp.Options{Debounce: -1})
	res := c.initialize(nil, nil)
	caps := res["capabilities"].(map[string]any)
	if caps["positionEncoding"] != "utf-16" || caps["hoverProvider"] != true || caps["definitionProvider"] != true {
		t.Errorf("capabilities: %v", caps)
	}
	if sync := caps["textDocumentSync"].(map[string]any); sync["change"] != 2.0 {
		t.Errorf("textDocumentSync.change = %v, want 2 (incremental)", sync["change"])
	}
	select {
	case r := <-c.regs:
		if len(r.Registrations) != 1 || r.Registrations[0].Method != "workspace/didChangeWatchedFiles" {
			t.Errorf("registration: %+v", r)
		}
	case d := <-c.diags:
		t.Fatalf("diagnostics before any document was opened: %+v", d)
	}

	first := c.open(path, text)
	keys := diagKeys(first.Diagnostics)
	if !hasKey(keys, "unresolvable-label", 5, 67) {
		t.Fatalf("no unresolvable-label for [8] at 5:67 (after accents and an emoji): %v", keys)
	}

	// Incremental change: "[8]" (line 5) becomes "[1]"; its issue goes.
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"range": rng(5, 68, 5, 69), "text": "1"}},
	})
	second := c.waitDiags(uri, 2)
	if k := diagKeys(second.Diagnostics); hasKey(k, "unresolvable-label", 5, 67) || len(k) != len(keys)-1 {
		t.Errorf("after the change: %v", k)
	}

	// The quick fix of "[2, 7]" (line 3) drops the dangling label.
	var actions []protocol.CodeAction
	c.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri}, "range": rng(3, 76, 3, 77),
		"context": map[string]any{"diagnostics": []any{}},
	}, &actions)
	var quick *protocol.CodeAction
	for i := range actions {
		if actions[i].Kind != nil && *actions[i].Kind == protocol.CodeActionKindQuickFix && !strings.Contains(actions[i].Title, "suppress") {
			quick = &actions[i]
		}
	}
	if quick == nil {
		t.Fatalf("no quick fix for [7]: %+v", actions)
	}
	edits := quick.Edit.Changes[uri]
	if len(edits) != 1 || edits[0].NewText != "[2]" || edits[0].Range != rng(3, 72, 3, 78) || strings.Contains(quick.Title, "unsafe") {
		t.Errorf("quick fix: %q %+v", quick.Title, edits)
	}

	// Hover on [1] shows the entry and its identifier; definition jumps to it.
	var hover struct {
		Contents protocol.MarkupContent `json:"contents"`
	}
	c.call("textDocument/hover", pos(uri, 2, 65), &hover)
	for _, want := range []string{"IPCC AR6 WG1 Summary for Policymakers", "doi:10.1017/9781009157896.001", "reference entry `[1]`"} {
		if !strings.Contains(hover.Contents.Value, want) {
			t.Errorf("hover on [1] lacks %q:\n%s", want, hover.Contents.Value)
		}
	}
	var loc protocol.Location
	c.call("textDocument/definition", pos(uri, 2, 65), &loc)
	if loc.URI != uri || loc.Range.Start.Line != 14 {
		t.Errorf("definition of [1]: %+v, want line 14 of %s", loc, uri)
	}
	c.call("textDocument/hover", pos(uri, 0, 3), &hover)

	c.shutdown()
}

func hasKey(keys []diagKey, rule string, line, col int) bool {
	for _, k := range keys {
		if k.Rule == rule && k.Line == line && k.Col == col {
			return true
		}
	}
	return false
}

func rng(l1, c1, l2, c2 int) protocol.Range {
	return protocol.Range{Start: protocol.Position{Line: uint32(l1), Character: uint32(c1)}, End: protocol.Position{Line: uint32(l2), Character: uint32(c2)}}
}

func pos(uri string, line, char int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": line, "character": char}}
}
