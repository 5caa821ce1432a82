// Package lsp is citelint's Language Server Protocol server: diagnostics
// as the document changes, quick fixes, hover on a citation and
// go-to-definition from a marker to its reference entry.
//
// Documents are linted through the public entry point (engine.New with the
// loaded config, LintDocument = LintBytes plus the parsed document), so
// that an editor shows what `citelint run` reports for the same file. The
// server runs no network lookups: it lints on every keystroke, and a
// document or config from a pull request must not make the editor fetch
// anything.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"path/filepath"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Options configure a Server.
type Options struct {
	// Debounce is how long the changes of a burst (typing) wait for the
	// next one before the document is linted, so that a burst lints once;
	// the first change after a pause is linted at once. 0 is
	// DefaultDebounce; negative is none.
	Debounce time.Duration
	// WorkDir is the folder used when the client names no workspace root.
	WorkDir string
	// ConfigPath, when set, is the config file to use instead of the
	// .citelint.yaml found from the workspace root (the -c flag).
	ConfigPath string
	// NoConfig ignores every config file.
	NoConfig bool
	// Version is reported as the server's version.
	Version string
	// Log receives the server's own errors (standard error for `citelint
	// lsp`: standard output carries the protocol).
	Log io.Writer
	// Timeout bounds each request and each lint of a document; 0 is
	// DefaultTimeout.
	Timeout time.Duration

	// lintStarted, when set (tests), is called as each lint starts, with
	// its context and the document's rev.
	lintStarted func(ctx context.Context, rev int)
	// maxMessage, when set (tests), replaces MaxMessage.
	maxMessage int
}

// DefaultDebounce is short enough that diagnostics follow typing within a
// tenth of a second on a typical report, long enough to skip the lints a
// fast typist's intermediate states would cost.
const DefaultDebounce = 50 * time.Millisecond

// DefaultTimeout bounds one request's work and one lint of a document: a
// document that takes longer gets one diagnostic saying so. A lint of the
// largest document lint accepts (8 MB of citation-dense text) takes a few
// seconds.
const DefaultTimeout = 20 * time.Second

// codeRequestCancelled is LSP's answer to a request the client cancelled
// ($/cancelRequest) before it was answered.
const codeRequestCancelled = -32800

// Server is one editor session.
type Server struct {
	opts    Options
	handler protocol.Handler
	logger  *log.Logger

	mu          sync.Mutex
	conn        *jsonrpc2.Conn
	ws          *workspace
	docs        map[string]*document
	enc         string // negotiated position encoding
	unsafeFixes bool
	docChanges  bool // the client takes versioned edits (workspaceEdit.documentChanges)
	watch       bool // the client lets us register file watchers
	shutdown    bool
	exited      bool

	// base is the session's context: every lint's and request's parent.
	base context.Context
	// requests are the requests being answered, by id, for
	// $/cancelRequest; reqCtx their contexts, by the glsp.Context the
	// feature handlers get (which carries none).
	reqMu    sync.Mutex
	requests map[jsonrpc2.ID]context.CancelFunc
	reqCtx   map[*glsp.Context]context.Context
}

// New returns a server; Serve runs it on a connection.
func New(opts Options) *Server {
	if opts.Debounce == 0 {
		opts.Debounce = DefaultDebounce
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	s := &Server{opts: opts, docs: map[string]*document{}, enc: encUTF16, logger: log.New(opts.Log, "citelint lsp: ", 0),
		base: context.Background(), requests: map[jsonrpc2.ID]context.CancelFunc{}, reqCtx: map[*glsp.Context]context.Context{}}
	s.handler = protocol.Handler{
		Initialize:                     s.initialize,
		Initialized:                    s.initialized,
		Shutdown:                       s.shutdownReq,
		Exit:                           func(*glsp.Context) error { return nil },
		SetTrace:                       func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		CancelRequest:                  func(*glsp.Context, *protocol.CancelParams) error { return nil },
		TextDocumentDidOpen:            s.didOpen,
		TextDocumentDidChange:          s.didChange,
		TextDocumentDidSave:            s.didSave,
		TextDocumentDidClose:           s.didClose,
		TextDocumentCodeAction:         s.codeAction,
		TextDocumentHover:              s.hover,
		TextDocumentDefinition:         s.definition,
		WorkspaceDidChangeWatchedFiles: s.didChangeWatchedFiles,
		WorkspaceDidChangeConfiguration: func(*glsp.Context, *protocol.DidChangeConfigurationParams) error {
			return nil
		},
	}
	return s
}

// ErrNoShutdown is Serve's error when the client exited without asking
// the server to shut down first (the protocol's exit code 1).
var ErrNoShutdown = errors.New("exit without shutdown")

// Serve speaks the protocol on rw (Content-Length framed JSON-RPC, read
// by frameStream: a malformed message is answered with an error and the
// session goes on) until the client sends exit or closes the stream.
func (s *Server) Serve(ctx context.Context, rw io.ReadWriteCloser) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // the lints and requests still running
	s.mu.Lock()
	s.base = ctx
	s.mu.Unlock()
	maxBody := s.opts.maxMessage
	if maxBody <= 0 {
		maxBody = MaxMessage
	}
	stream := newFrameStream(rw, maxBody)
	stream.malformed = func(err error) { s.logger.Print(err) }
	conn := jsonrpc2.NewConn(ctx, stream, handlerFunc(s.dispatch), jsonrpc2.SetLogger(s.logger))
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.docs {
		d.stop()
	}
	if s.exited && !s.shutdown {
		return ErrNoShutdown
	}
	return nil
}

// dispatch handles one message. Notifications (the document's changes)
// and the session's own requests are handled in order, as they come; the
// feature requests (hover, definition, code actions), which may lint, are
// answered from goroutines, each with its context: the client's
// $/cancelRequest cancels it (answered with RequestCancelled) and
// Options.Timeout ends it, and meanwhile the changes and cancellations
// that follow are read.
func (s *Server) dispatch(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) {
	if req.Method == protocol.MethodCancelRequest {
		s.cancelRequest(req)
		return
	}
	if req.Notif || req.Method == protocol.MethodInitialize || req.Method == protocol.MethodShutdown {
		s.answer(ctx, conn, req, ctx)
		return
	}
	rctx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
	s.reqMu.Lock()
	s.requests[req.ID] = cancel
	s.reqMu.Unlock()
	go func() {
		defer func() {
			s.reqMu.Lock()
			delete(s.requests, req.ID)
			s.reqMu.Unlock()
			cancel()
		}()
		s.answer(ctx, conn, req, rctx)
	}()
}

// handlerFunc is a function as a jsonrpc2.Handler.
type handlerFunc func(context.Context, *jsonrpc2.Conn, *jsonrpc2.Request)

func (f handlerFunc) Handle(ctx context.Context, c *jsonrpc2.Conn, r *jsonrpc2.Request) { f(ctx, c, r) }

// cancelRequest cancels the request $/cancelRequest names, if it is
// still being answered.
func (s *Server) cancelRequest(req *jsonrpc2.Request) {
	if req.Params == nil {
		return
	}
	var p struct {
		ID jsonrpc2.ID `json:"id"`
	}
	if json.Unmarshal(*req.Params, &p) != nil {
		return
	}
	s.reqMu.Lock()
	cancel := s.requests[p.ID]
	s.reqMu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// answer handles req with rctx as its context and sends the reply (for a
// request) as jsonrpc2.HandlerWithError does, with two errors of its own:
// RequestCancelled when the client cancelled it, and one naming the limit
// when Options.Timeout passed.
func (s *Server) answer(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request, rctx context.Context) {
	jsonrpc2.HandlerWithError(func(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
		result, err := s.handle(rctx, conn, req)
		switch {
		case req.Notif:
		case errors.Is(rctx.Err(), context.Canceled) && ctx.Err() == nil:
			return nil, &jsonrpc2.Error{Code: codeRequestCancelled, Message: "request cancelled"}
		case errors.Is(rctx.Err(), context.DeadlineExceeded):
			return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("%s took longer than %v", req.Method, s.opts.Timeout)}
		}
		return result, err
	}).SuppressErrClosed().Handle(ctx, conn, req)
}

// reqContext is the context of the request a feature handler answers.
func (s *Server) reqContext(g *glsp.Context) context.Context {
	s.reqMu.Lock()
	ctx := s.reqCtx[g]
	s.reqMu.Unlock()
	if ctx != nil {
		return ctx
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.base
}

// handle passes one message to glsp's dispatcher, which decodes the
// parameters into the protocol types; exit closes the connection.
func (s *Server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	s.mu.Lock()
	s.conn = conn
	s.mu.Unlock()
	gctx := &glsp.Context{
		Method: req.Method,
		Notify: func(method string, params any) { s.notify(method, params) },
		Call: func(method string, params, result any) {
			if err := conn.Call(ctx, method, params, result); err != nil {
				s.logger.Printf("%s: %v", method, err)
			}
		},
	}
	if req.Params != nil {
		gctx.Params = *req.Params
	}
	if req.Method == protocol.MethodExit {
		s.mu.Lock()
		s.exited = true
		s.mu.Unlock()
		return nil, conn.Close()
	}
	s.reqMu.Lock()
	s.reqCtx[gctx] = ctx
	s.reqMu.Unlock()
	defer func() {
		s.reqMu.Lock()
		delete(s.reqCtx, gctx)
		s.reqMu.Unlock()
	}()
	r, validMethod, validParams, err := s.handler.Handle(gctx)
	switch {
	case !validMethod:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not supported: " + req.Method}
	case !validParams:
		msg := "invalid params"
		if err != nil {
			msg = err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: err.Error()}
	}
	return r, nil
}

// notify sends a notification; the debounced lints call it from their
// own goroutines.
func (s *Server) notify(method string, params any) {
	s.mu.Lock()
	conn := s.conn
	s.mu.Unlock()
	if conn == nil {
		return
	}
	if err := conn.Notify(context.Background(), method, params); err != nil && !errors.Is(err, jsonrpc2.ErrClosed) {
		s.logger.Printf("%s: %v", method, err)
	}
}

// showMessage tells the user something went wrong outside any document
// (a config that does not load).
func (s *Server) showMessage(typ protocol.MessageType, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	s.logger.Print(msg)
	s.notify(protocol.ServerWindowShowMessage, protocol.ShowMessageParams{Type: typ, Message: "citelint: " + msg})
}

// initParams is the part of InitializeParams the server reads, with the
// 3.17 fields glsp's 3.16 types lack (general.positionEncodings).
type initParams struct {
	RootURI          *string `json:"rootUri"`
	RootPath         *string `json:"rootPath"`
	WorkspaceFolders []struct {
		URI string `json:"uri"`
	} `json:"workspaceFolders"`
	Capabilities struct {
		General struct {
			PositionEncodings []string `json:"positionEncodings"`
		} `json:"general"`
		Workspace struct {
			DidChangeWatchedFiles struct {
				DynamicRegistration bool `json:"dynamicRegistration"`
			} `json:"didChangeWatchedFiles"`
			WorkspaceEdit struct {
				DocumentChanges bool `json:"documentChanges"`
			} `json:"workspaceEdit"`
		} `json:"workspace"`
	} `json:"capabilities"`
	InitializationOptions struct {
		// UnsafeFixes offers the fixes that may change what the text
		// claims (as `citelint run --fix --unsafe-fixes` applies them).
		UnsafeFixes bool `json:"unsafeFixes"`
	} `json:"initializationOptions"`
}

// initResult is InitializeResult with the 3.17 positionEncoding.
type initResult struct {
	Capabilities serverCapabilities                   `json:"capabilities"`
	ServerInfo   *protocol.InitializeResultServerInfo `json:"serverInfo,omitempty"`
}

type serverCapabilities struct {
	PositionEncoding   string                           `json:"positionEncoding,omitempty"`
	TextDocumentSync   protocol.TextDocumentSyncOptions `json:"textDocumentSync"`
	HoverProvider      bool                             `json:"hoverProvider"`
	DefinitionProvider bool                             `json:"definitionProvider"`
	CodeActionProvider protocol.CodeActionOptions       `json:"codeActionProvider"`
}

// fixAllKind is the source action that applies every safe fix at once.
const fixAllKind = protocol.CodeActionKind("source.fixAll.citelint")

func (s *Server) initialize(ctx *glsp.Context, _ *protocol.InitializeParams) (any, error) {
	var p initParams
	if err := json.Unmarshal(ctx.Params, &p); err != nil {
		return nil, err
	}
	enc := encUTF16
	for _, e := range p.Capabilities.General.PositionEncodings {
		if e == encUTF8 {
			enc = encUTF8
		}
	}
	root := s.opts.WorkDir
	switch {
	case len(p.WorkspaceFolders) > 0:
		root = uriPath(p.WorkspaceFolders[0].URI)
	case p.RootURI != nil && *p.RootURI != "":
		root = uriPath(*p.RootURI)
	case p.RootPath != nil && *p.RootPath != "":
		root = *p.RootPath
	}
	ws, err := s.loadWorkspace(root)
	if ws == nil {
		return nil, err
	}
	if err != nil {
		// The session still starts, with the default rules: initialized
		// shows why the project's config is not in use.
		s.logger.Print(err)
	}
	s.mu.Lock()
	s.enc, s.ws = enc, ws
	s.unsafeFixes = p.InitializationOptions.UnsafeFixes
	s.watch = p.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
	s.docChanges = p.Capabilities.Workspace.WorkspaceEdit.DocumentChanges
	s.mu.Unlock()

	yes, change := true, protocol.TextDocumentSyncKindIncremental
	version := s.opts.Version
	return initResult{
		Capabilities: serverCapabilities{
			PositionEncoding:   enc,
			TextDocumentSync:   protocol.TextDocumentSyncOptions{OpenClose: &yes, Change: &change, Save: true},
			HoverProvider:      true,
			DefinitionProvider: true,
			CodeActionProvider: protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix, fixAllKind}},
		},
		ServerInfo: &protocol.InitializeResultServerInfo{Name: "citelint", Version: &version},
	}, nil
}

// initialized shows a config error from initialize (the client may not
// show messages before this point) and asks the client to report changes
// to config files, when it can.
func (s *Server) initialized(ctx *glsp.Context, _ *protocol.InitializedParams) error {
	s.mu.Lock()
	watch, ws := s.watch, s.ws
	s.mu.Unlock()
	if ws.err != nil {
		s.showMessage(protocol.MessageTypeError, "%v", ws.err)
	}
	if !watch {
		return nil
	}
	// A request to the client from inside a handler would wait for a reply
	// that the (sequential) reader cannot deliver until the handler returns.
	go func() {
		var watchers []protocol.FileSystemWatcher
		for _, n := range configNames() {
			watchers = append(watchers, protocol.FileSystemWatcher{GlobPattern: "**/" + n})
		}
		s.mu.Lock()
		for _, in := range s.ws.inputs {
			watchers = append(watchers, protocol.FileSystemWatcher{GlobPattern: filepath.ToSlash(in)})
		}
		s.mu.Unlock()
		ctx.Call(protocol.ServerClientRegisterCapability, protocol.RegistrationParams{Registrations: []protocol.Registration{{
			ID: "citelint-config", Method: protocol.MethodWorkspaceDidChangeWatchedFiles,
			RegisterOptions: protocol.DidChangeWatchedFilesRegistrationOptions{Watchers: watchers},
		}}}, nil)
	}()
	return nil
}

func (s *Server) shutdownReq(*glsp.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.shutdown = true
	for _, d := range s.docs {
		d.stop()
	}
	return nil
}
