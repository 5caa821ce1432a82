package lsp

import (
	"fmt"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/engine"
)

// workspace is the loaded config and the engine built from it.
type workspace struct {
	root    string   // the workspace folder: the engine's working directory
	cfgPath string   // the config file in use, "" for the defaults
	inputs  []string // the bibliographies and source store the config names
	eng     *engine.Engine
	err     error // why the project's config is not in use, if it is not

	selMu    sync.Mutex
	selected map[string]bool // path → `citelint run` lints it (exclude.go)
}

func configNames() []string { return config.FileNames }

// loadWorkspace finds and loads the config for root and builds the engine.
// When the config (or what it names) does not load, the workspace falls
// back to the default rules and says why in err: an editor keeps showing
// diagnostics while the user fixes the config.
func (s *Server) loadWorkspace(root string) (*workspace, error) {
	ws := &workspace{root: root}
	cfg, path, err := s.loadConfig(root)
	if err == nil {
		ws.cfgPath = path
		for _, b := range cfg.Bibliography {
			ws.inputs = append(ws.inputs, filepath.Clean(cfg.Resolve(b)))
		}
		if cfg.Sources != "" {
			ws.inputs = append(ws.inputs, filepath.Clean(cfg.Resolve(cfg.Sources)))
		}
		ws.eng, err = engine.New(cfg, engine.Options{WorkDir: root})
	}
	if err != nil {
		ws.err = fmt.Errorf("config not used, linting with the default rules: %w", err)
		eng, derr := engine.New(config.New(engine.ConfigOptions()), engine.Options{WorkDir: root})
		if derr != nil {
			return nil, derr
		}
		ws.eng = eng
	}
	return ws, ws.err
}

// loadConfig loads the config the options name, else the one found from
// root upwards, else the defaults, as `citelint run` in root does.
func (s *Server) loadConfig(root string) (*config.Config, string, error) {
	return engine.LoadConfig(root, s.opts.ConfigPath, s.opts.NoConfig)
}

// isConfigFile reports whether path may be the config in use or one that
// would replace it (a new .citelint.yaml between the file and the root),
// or a bibliography or source store the config names (in or under it):
// the engine holds what they held when it was built.
func (s *Server) isConfigFile(path string) bool {
	base := filepath.Base(path)
	for _, n := range config.FileNames {
		if base == n {
			return true
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ws == nil {
		return false
	}
	path = filepath.Clean(path)
	if s.ws.cfgPath != "" && path == filepath.Clean(s.ws.cfgPath) {
		return true
	}
	for _, in := range s.ws.inputs {
		if path == in || strings.HasPrefix(path, in+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// reload loads the config again and lints every open document with it.
func (s *Server) reload() {
	s.mu.Lock()
	root := s.ws.root
	s.mu.Unlock()
	ws, err := s.loadWorkspace(root)
	if ws == nil {
		s.showMessage(protocol.MessageTypeError, "%v", err)
		return
	}
	if err != nil {
		s.showMessage(protocol.MessageTypeError, "%v", err)
	} else {
		s.logger.Printf("config reloaded (%s)", orDefault(ws.cfgPath))
	}
	s.mu.Lock()
	s.ws = ws
	docs := make([]*document, 0, len(s.docs))
	for _, d := range s.docs {
		docs = append(docs, d)
	}
	s.mu.Unlock()
	for _, d := range docs {
		s.schedule(d, 0)
	}
}

func orDefault(p string) string {
	if p == "" {
		return "default rules"
	}
	return p
}

// uriPath converts a file: URI to a local path; other URIs are returned
// as they are (an untitled buffer's name).
func uriPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return uri
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/")
	}
	return filepath.FromSlash(p)
}

// pathURI converts a local path to a file: URI.
func pathURI(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
