package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/internal/notebook"
	"github.com/citelint/citelint/internal/suppress"
	"github.com/citelint/citelint/result"
)

// codeAction offers the fixes of the issues in the requested range: safe
// fixes, and unsafe ones (titled as such) only when the client asked for
// them with the unsafeFixes initialization option, as `citelint run
// --fix` applies unsafe fixes only with --unsafe-fixes; then, for each
// rule reported there, the actions that suppress it on the issue's line
// and in the file. A source action applies every safe fix of the document
// at once.
//
// Every edit is of the text the diagnostics were computed for, and says
// so: a client that supports documentChanges gets them as a
// TextDocumentEdit carrying that version, which it refuses to apply to a
// newer text. A request whose diagnostics (their data field) are of an
// older text than the server's gets no action at all: its range and
// diagnostics describe text that is gone.
func (s *Server) codeAction(ctx *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	actions := []protocol.CodeAction{}
	// A request about an older text is answered before any lint: right
	// after typing, editors ask with the old diagnostics, and linting the
	// new text only to refuse them would cost a lint per request.
	s.mu.Lock()
	var rev int
	var version int32
	if d := s.docs[p.TextDocument.URI]; d != nil {
		rev, version = d.rev, d.version
	}
	s.mu.Unlock()
	if staleRequest(ctx.Params, rev, version) {
		return actions, nil
	}
	d, an := s.current(s.reqContext(ctx), p.TextDocument.URI)
	if an == nil || an.rev != rev {
		return actions, nil // changed meanwhile: the request is of an older text
	}
	s.mu.Lock()
	unsafe, docChanges := s.unsafeFixes, s.docChanges
	s.mu.Unlock()
	edit := func(edits []protocol.TextEdit) *protocol.WorkspaceEdit {
		return workspaceEdit(d.uri, an.version, docChanges, edits)
	}
	quick, fixAll := wantKinds(p.Context.Only)
	start, end := an.lines.offset(p.Range.Start), an.lines.offset(p.Range.End)
	var inRange []int
	for i := range an.issues {
		iss := &an.issues[i]
		if iss.Start > end || start > max(iss.End, iss.Start) {
			continue
		}
		inRange = append(inRange, i)
		if !quick || iss.Fix == nil || len(iss.Fix.Edits) == 0 || iss.Fix.Unsafe && !unsafe {
			continue
		}
		actions = append(actions, fixAction(an, i, edit))
	}
	if quick {
		actions = append(actions, suppressActions(d, an, inRange, edit)...)
	}
	if fixAll {
		if a, ok := fixAllAction(an, edit); ok {
			actions = append(actions, a)
		}
	}
	return actions, nil
}

// staleRequest reports whether a code action request's diagnostics are
// of another text than an's: the client asked about what it showed for an
// older version (or before a save that carried new text). The raw
// parameters are read because glsp's Diagnostic cannot decode its data
// as the server wrote it.
func staleRequest(params json.RawMessage, rev int, version int32) bool {
	var p struct {
		Context struct {
			Diagnostics []struct {
				Data json.RawMessage `json:"data"`
			} `json:"diagnostics"`
		} `json:"context"`
	}
	if json.Unmarshal(params, &p) != nil {
		return false
	}
	for _, dg := range p.Context.Diagnostics {
		if data, ok := dataOf(dg.Data); ok && (data.Rev != rev || data.Version != version) {
			return true
		}
	}
	return false
}

// workspaceEdit holds edits of the document uri at version: a versioned
// TextDocumentEdit when the client supports documentChanges (it refuses
// the edit once the document has changed), else the plain changes map.
func workspaceEdit(uri string, version int32, docChanges bool, edits []protocol.TextEdit) *protocol.WorkspaceEdit {
	if !docChanges {
		return &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{uri: edits}}
	}
	v := protocol.Integer(version)
	list := make([]any, len(edits))
	for i, e := range edits {
		list[i] = e
	}
	return &protocol.WorkspaceEdit{DocumentChanges: []any{protocol.TextDocumentEdit{
		TextDocument: protocol.OptionalVersionedTextDocumentIdentifier{
			TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: &v,
		},
		Edits: list,
	}}}
}

// wantKinds reads the client's "only" filter: quick fixes, the fix-all
// source action, or (no filter) both.
func wantKinds(only []protocol.CodeActionKind) (quick, fixAll bool) {
	if len(only) == 0 {
		return true, true
	}
	for _, k := range only {
		switch {
		case k == protocol.CodeActionKindQuickFix || strings.HasPrefix(string(protocol.CodeActionKindQuickFix), string(k)+"."):
			quick = true
		case strings.HasPrefix(string(fixAllKind), string(k)):
			fixAll = true
		}
	}
	return quick, fixAll
}

func fixAction(an *analysis, i int, edit func([]protocol.TextEdit) *protocol.WorkspaceEdit) protocol.CodeAction {
	iss := &an.issues[i]
	title := iss.Fix.Description
	if title == "" {
		title = "fix " + iss.Rule
	}
	title = "citelint: " + title
	if iss.Fix.Unsafe && !strings.Contains(title, "unsafe") {
		title += " (unsafe: may change what the text claims)"
	}
	kind := protocol.CodeActionKindQuickFix
	preferred := !iss.Fix.Unsafe
	return protocol.CodeAction{
		Title:       title,
		Kind:        &kind,
		Diagnostics: []protocol.Diagnostic{an.diags[i]},
		IsPreferred: &preferred,
		Edit:        edit(textEdits(an.lines, iss.Fix.Edits)),
	}
}

// fixAllAction gathers every safe fix whose edits do not overlap an
// earlier one's; what is left is offered again once the client has
// applied these and the document is linted anew.
func fixAllAction(an *analysis, edit func([]protocol.TextEdit) *protocol.WorkspaceEdit) (protocol.CodeAction, bool) {
	var edits []result.Edit
	taken := func(e result.Edit) bool {
		for _, t := range edits {
			if e.Start < t.End && t.Start < e.End || e.Start == t.Start {
				return true
			}
		}
		return false
	}
	for i := range an.issues {
		f := an.issues[i].Fix
		if f == nil || f.Unsafe || len(f.Edits) == 0 {
			continue
		}
		ok := true
		for _, e := range f.Edits {
			ok = ok && !taken(e)
		}
		if ok {
			edits = append(edits, f.Edits...)
		}
	}
	if len(edits) == 0 {
		return protocol.CodeAction{}, false
	}
	sort.Slice(edits, func(a, b int) bool { return edits[a].Start < edits[b].Start })
	kind := fixAllKind
	return protocol.CodeAction{
		Title: "citelint: apply every safe fix",
		Kind:  &kind,
		Edit:  edit(textEdits(an.lines, edits)),
	}, true
}

func textEdits(l *lines, edits []result.Edit) []protocol.TextEdit {
	out := make([]protocol.TextEdit, len(edits))
	for i, e := range edits {
		out[i] = protocol.TextEdit{Range: l.rangeOf(e.Start, e.End), NewText: e.New}
	}
	return out
}

// suppressActions offers, for each rule reported by the issues at idx,
// the comments that silence it (package suppress): on the issue's line
// (one action per rule and line) and in the whole file (one per rule).
// They are never preferred: a fix, where there is one, is. None is
// offered for the directives' own errors (invalid-suppression cannot be
// suppressed) nor in a notebook, whose text is JSON, not Markdown.
func suppressActions(d *document, an *analysis, idx []int, edit func([]protocol.TextEdit) *protocol.WorkspaceEdit) []protocol.CodeAction {
	if an.doc == nil || notebook.Is(d.path) {
		return nil
	}
	var line, file []protocol.CodeAction
	seenLine, seenFile := map[string]bool{}, map[string]bool{}
	no := false
	kind := protocol.CodeActionKindQuickFix
	for _, i := range idx {
		iss := &an.issues[i]
		if iss.Rule == suppress.DirectiveRule {
			continue
		}
		diags := []protocol.Diagnostic{an.diags[i]}
		ln := an.lines.idx.LineOf(max(iss.Start, 0))
		if k := fmt.Sprint(iss.Rule, ":", ln); !seenLine[k] {
			if e, ok := lineSuppression(an, iss.Rule, iss.Start); ok {
				seenLine[k] = true
				line = append(line, protocol.CodeAction{
					Title: "citelint: suppress " + iss.Rule + " on this line", Kind: &kind,
					Diagnostics: diags, IsPreferred: &no, Edit: edit([]protocol.TextEdit{e}),
				})
			}
		}
		if !seenFile[iss.Rule] {
			seenFile[iss.Rule] = true
			file = append(file, protocol.CodeAction{
				Title: "citelint: suppress " + iss.Rule + " in this file", Kind: &kind,
				Diagnostics: diags, IsPreferred: &no, Edit: edit([]protocol.TextEdit{fileSuppression(an, iss.Rule)}),
			})
		}
	}
	return append(line, file...)
}

// lineSuppression is the edit that suppresses rule on the line holding
// off: a citelint-disable-line comment at the end of the line's text
// (before a table row's closing pipe, so that the comment stays in the
// row's last cell, and before trailing spaces, which may be a hard line
// break). A link reference definition would stop being one with a
// comment after it, so its comment is a citelint-disable-next-line on
// the line above. Nothing is offered in the front matter, whose YAML a
// comment would change.
func lineSuppression(an *analysis, rule string, off int) (protocol.TextEdit, bool) {
	src, doc := an.lines.src, an.doc
	if fm := doc.FrontMatter; fm.Len() > 0 && off < fm.End+1 {
		return protocol.TextEdit{}, false
	}
	ln := an.lines.idx.LineOf(max(off, 0))
	start, end := an.lines.idx.LineBounds(ln)
	text := src[start:end]
	if onLinkDef(doc, start, end) {
		indent := text[:len(text)-len(bytes.TrimLeft(text, " \t"))]
		pos := an.lines.position(start)
		return protocol.TextEdit{
			Range:   protocol.Range{Start: pos, End: pos},
			NewText: string(indent) + "<!-- citelint-disable-next-line " + rule + " -->\n",
		}, true
	}
	at := start + len(bytes.TrimRight(text, " \t"))
	comment := "<!-- citelint-disable-line " + rule + " -->"
	newText := " " + comment
	if t := bytes.TrimSpace(text); len(t) > 1 && t[0] == '|' && t[len(t)-1] == '|' {
		at-- // the closing pipe
		newText = comment + " "
		if src[at-1] != ' ' && src[at-1] != '\t' {
			newText = " " + newText
		}
	}
	if at == start {
		newText = comment
	}
	pos := an.lines.position(at)
	return protocol.TextEdit{Range: protocol.Range{Start: pos, End: pos}, NewText: newText}, true
}

// onLinkDef reports whether a link reference definition holds part of
// the line [start, end).
func onLinkDef(doc *markdown.Document, start, end int) bool {
	for i := range doc.References {
		r := &doc.References[i]
		if r.Kind == markdown.RefLinkDef && r.Span.Start <= end && start < r.Span.End {
			return true
		}
	}
	return false
}

// fileSuppression is the edit that suppresses rule in the whole file: a
// citelint-disable-file comment on a line of its own at the top, after
// the front matter (which must stay first) and a byte order mark.
func fileSuppression(an *analysis, rule string) protocol.TextEdit {
	src := an.lines.src
	at := 0
	if bytes.HasPrefix(src, []byte("\ufeff")) {
		at = 3
	}
	newText := "<!-- citelint-disable-file " + rule + " -->\n"
	if fm := an.doc.FrontMatter; fm.Len() > 0 {
		at = fm.End
		if i := bytes.IndexByte(src[at:], '\n'); i >= 0 {
			at += i + 1
		} else {
			at = len(src)
			newText = "\n" + newText
		}
	}
	pos := an.lines.position(at)
	return protocol.TextEdit{Range: protocol.Range{Start: pos, End: pos}, NewText: newText}
}
