package lsp

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/markdown"
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// document is an open text document as the client last described it.
type document struct {
	uri     string
	path    string // absolute: what the engine lints it as
	text    []byte
	version int32
	rev     int // counts every change of text, including a save that carries it
	closed  bool
	timer   *time.Timer
	changed time.Time // when the last change came
	an      *analysis // the latest lint, possibly of an older version
	// linting is set while a scheduled lint runs; cancelLint cancels it
	// (a newer text supersedes it), and again asks it to lint the
	// current text once it ends.
	linting    bool
	again      bool
	cancelLint context.CancelFunc

	pubMu sync.Mutex // orders the publication of two lints of one document
}

// stop cancels a pending lint and the one running; the caller holds the
// server's lock.
func (d *document) stop() {
	if d.timer != nil {
		d.timer.Stop()
	}
	if d.cancelLint != nil {
		d.cancelLint()
		d.cancelLint = nil
	}
}

// analysis is one lint of one version of a document.
type analysis struct {
	version int32
	rev     int            // the document's rev it linted
	eng     *engine.Engine // the workspace's engine it linted with
	lines   *lines
	doc     *markdown.Document // nil when the text could not be linted
	issues  []result.Issue     // reported and not suppressed, in the report's order
	diags   []protocol.Diagnostic
}

func (s *Server) didOpen(_ *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	d := &document{uri: p.TextDocument.URI, text: []byte(p.TextDocument.Text), version: p.TextDocument.Version}
	d.path = uriPath(d.uri)
	if !filepath.IsAbs(d.path) {
		d.path = filepath.Join(s.wsRoot(), filepath.Base(d.path))
	}
	s.mu.Lock()
	if old := s.docs[d.uri]; old != nil {
		old.stop()
	}
	s.docs[d.uri] = d
	s.mu.Unlock()
	s.schedule(d, 0)
	return nil
}

func (s *Server) didChange(_ *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		s.mu.Unlock()
		return nil
	}
	utf8Enc := s.enc == encUTF8
	for _, c := range p.ContentChanges {
		switch c := c.(type) {
		case protocol.TextDocumentContentChangeEvent:
			d.text = applyChange(d.text, c.Range, c.Text, utf8Enc) // text.go
		case protocol.TextDocumentContentChangeEventWhole:
			d.text = []byte(c.Text)
		}
	}
	d.version = p.TextDocument.Version
	d.rev++
	// The first change after a pause lints at once; the changes of a
	// burst (typing) wait until it pauses for the debounce interval.
	delay := s.opts.Debounce
	now := time.Now()
	if now.Sub(d.changed) >= delay && d.timer == nil {
		delay = 0
	}
	d.changed = now
	s.mu.Unlock()
	s.schedule(d, delay)
	return nil
}

func (s *Server) didSave(_ *glsp.Context, p *protocol.DidSaveTextDocumentParams) error {
	if s.isConfigFile(uriPath(p.TextDocument.URI)) {
		s.reload() // relints every open document, this one too
		return nil
	}
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d != nil && p.Text != nil {
		d.text = []byte(*p.Text)
		d.rev++ // the version stays: only rev says the text is new
	}
	s.mu.Unlock()
	if d != nil {
		s.schedule(d, 0)
	}
	return nil
}

func (s *Server) didClose(_ *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	delete(s.docs, p.TextDocument.URI)
	if d != nil {
		d.stop()
		d.closed = true
	}
	s.mu.Unlock()
	// The diagnostics of a closed file go with it, as with other servers
	// that lint only open documents.
	s.notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []protocol.Diagnostic{}})
	return nil
}

func (s *Server) didChangeWatchedFiles(_ *glsp.Context, p *protocol.DidChangeWatchedFilesParams) error {
	for _, c := range p.Changes {
		if s.isConfigFile(uriPath(c.URI)) {
			s.reload()
			return nil
		}
	}
	return nil
}

func (s *Server) wsRoot() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ws.root
}

// schedule lints d after delay, replacing a lint already waiting and
// cancelling one running: its text is superseded. A document has at most
// one scheduled lint running: a timer that fires while one runs (its
// cancellation is seen between the lint's steps, not inside a parse)
// leaves the next lint to it, so a burst of edits costs the lint it
// cancelled and one lint of the last text, not a lint per edit running
// side by side (issue 37: 20,000 edits on a 1 MB document took 55 s of
// CPU and 1.19 GB).
func (s *Server) schedule(d *document, delay time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d.stop()
	var t *time.Timer
	t = time.AfterFunc(max(delay, 0), func() {
		s.mu.Lock()
		if d.timer != t || d.closed {
			s.mu.Unlock()
			return // stopped after it fired
		}
		d.timer = nil
		if d.linting {
			d.again = true // the running lint lints the new text next
			s.mu.Unlock()
			return
		}
		d.linting = true
		for {
			ctx, cancel := context.WithTimeout(s.base, s.opts.Timeout)
			d.cancelLint = cancel
			s.mu.Unlock()
			s.lintAndPublish(ctx, d)
			cancel()
			s.mu.Lock()
			d.cancelLint = nil
			if !d.again || d.closed {
				d.linting, d.again = false, false
				s.mu.Unlock()
				return
			}
			d.again = false
		}
	})
	d.timer = t
}

// lintAndPublish lints d's current text and publishes the diagnostics,
// unless the text changed meanwhile (the newer lint publishes) or ctx was
// cancelled (superseded, or the session ended).
func (s *Server) lintAndPublish(ctx context.Context, d *document) {
	an := s.analyse(ctx, d)
	if an == nil {
		return
	}
	d.pubMu.Lock()
	defer d.pubMu.Unlock()
	s.mu.Lock()
	current := !d.closed && d.rev == an.rev && s.ws.eng == an.eng
	s.mu.Unlock()
	if !current {
		return
	}
	version := protocol.UInteger(an.version)
	s.notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: d.uri, Version: &version, Diagnostics: an.diags})
}

// analyse lints d's current text and keeps the result as d's latest. It
// returns nil when ctx was cancelled before the lint finished; past its
// deadline, the analysis holds one diagnostic saying so.
func (s *Server) analyse(ctx context.Context, d *document) *analysis {
	s.mu.Lock()
	if d.closed {
		s.mu.Unlock()
		return nil
	}
	text, version, rev, path, ws, utf8Enc := d.text, d.version, d.rev, d.path, s.ws, s.enc == encUTF8
	s.mu.Unlock()
	eng := ws.eng

	if s.opts.lintStarted != nil {
		s.opts.lintStarted(ctx, rev)
	}
	report, doc := s.lintDocument(ctx, ws, d.uri, path, text) // exclude.go
	an := &analysis{version: version, rev: rev, eng: eng, lines: newLines(text, utf8Enc), doc: doc}
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		an.doc = nil
		an.diags = []protocol.Diagnostic{notLinted(0, fmt.Sprintf("linting it took longer than %v", s.opts.Timeout))}
	case ctx.Err() != nil:
		return nil
	default:
		an.issues, an.diags = diagnostics(report, an.lines)
		decorate(an, d.uri)
	}

	// Kept when it is of the current text and the current config (a
	// reload or a save that carries text keeps the version, so the
	// version alone would keep an analysis of the old ones).
	s.mu.Lock()
	if d.rev == rev && s.ws.eng == eng {
		d.an = an
	}
	s.mu.Unlock()
	return an
}

// current returns the analysis of d's current text, linting it now (with
// the request's context ctx) when the debounced lint has not run yet: a
// hover or code action right after typing must not answer for the text
// before it.
func (s *Server) current(ctx context.Context, uri string) (*document, *analysis) {
	s.mu.Lock()
	d := s.docs[uri]
	if d == nil {
		s.mu.Unlock()
		return nil, nil
	}
	an := d.an
	fresh := an != nil && an.rev == d.rev && an.eng == s.ws.eng
	s.mu.Unlock()
	if fresh {
		return d, an
	}
	return d, s.analyse(ctx, d)
}

// diagnostics converts the report's issues into LSP diagnostics. Issues an
// in-source directive suppressed are left out, as `citelint run`'s text
// output leaves them out; a file that could not be linted gets one
// diagnostic at its start saying why.
func diagnostics(r *output.Report, l *lines) ([]result.Issue, []protocol.Diagnostic) {
	var issues []result.Issue
	diags := []protocol.Diagnostic{}
	for _, iss := range r.Issues {
		if iss.Suppressed {
			continue
		}
		issues = append(issues, iss)
		diags = append(diags, diagnostic(&iss, l))
	}
	for _, fe := range r.Summary.Errors {
		diags = append(diags, notLinted(uint32(max(fe.Line-1, 0)), fe.Msg))
	}
	return issues, diags
}

// notLinted is the diagnostic of a file that could not be linted, at the
// start of line (0-based), saying why.
func notLinted(line uint32, why string) protocol.Diagnostic {
	sev := protocol.DiagnosticSeverityError
	return protocol.Diagnostic{
		Range:    protocol.Range{Start: protocol.Position{Line: line}, End: protocol.Position{Line: line}},
		Severity: &sev, Source: strPtr("citelint"), Message: "file not linted: " + why,
	}
}

func diagnostic(iss *result.Issue, l *lines) protocol.Diagnostic {
	end := max(iss.End, iss.Start)
	sev := severity(iss.Severity)
	return protocol.Diagnostic{
		Range:    l.rangeOf(iss.Start, end),
		Severity: &sev,
		Code:     &protocol.IntegerOrString{Value: iss.Rule},
		Source:   strPtr("citelint"),
		Message:  iss.Message,
	}
}

func severity(s result.Severity) protocol.DiagnosticSeverity {
	switch s {
	case result.SeverityError:
		return protocol.DiagnosticSeverityError
	case result.SeverityWarning:
		return protocol.DiagnosticSeverityWarning
	}
	return protocol.DiagnosticSeverityInformation
}

func strPtr(s string) *string { return &s }
