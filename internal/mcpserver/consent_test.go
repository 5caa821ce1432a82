package mcpserver_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/mcpserver"
	"github.com/citelint/citelint/internal/registrystub"
)

// TestNetworkConsent: with a Consent hook the check tool runs the network
// pass for the document under what the hook grants: the loopback stub
// only with consent to private addresses (the dead DOI, the gone page and
// the busy one unverified), nothing without it, and a hook's error is the
// call's, never a pass taken to be clean.
func TestNetworkConsent(t *testing.T) {
	dir, doc, stub := registrystub.Project(t, "url: {allow-private: true}")
	src, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name         string
		consent      func(*config.Config) (engine.NetworkOptions, error)
		wantRequests bool
		wantRules    []string // rules of the issues, in order
		wantErr      string
	}{
		{"private addresses refused", func(*config.Config) (engine.NetworkOptions, error) {
			return engine.NetworkOptions{}, nil
		}, false, nil, ""},
		{"private addresses allowed", func(*config.Config) (engine.NetworkOptions, error) {
			return engine.NetworkOptions{AllowPrivate: true}, nil
		}, true, []string{"dead-doi", "dead-link"}, ""},
		{"consent refused", func(*config.Config) (engine.NetworkOptions, error) {
			return engine.NetworkOptions{}, errors.New("judge URL \"x\": want an http(s) URL")
		}, false, nil, "network lookups: judge URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := total(stub.Requests())
			cs := connect(t, mcpserver.Options{WorkDir: dir, Consent: tt.consent})
			res := call(t, cs, mcpserver.ToolCheck, map[string]any{"text": string(src), "path": "report.md"})
			if asked := total(stub.Requests()) > before; asked != tt.wantRequests {
				t.Errorf("requests made: %v, want %v", asked, tt.wantRequests)
			}
			if tt.wantErr != "" {
				if !res.IsError || !strings.Contains(text(res), tt.wantErr) {
					t.Errorf("result %q (error %v), want an error with %q", text(res), res.IsError, tt.wantErr)
				}
				return
			}
			got := structured(t, res)
			if nr := got["network_rules_not_run"].([]any); len(nr) != 0 {
				t.Errorf("network_rules_not_run = %v with a network pass", nr)
			}
			var rules []string
			for _, is := range got["issues"].([]any) {
				rules = append(rules, is.(map[string]any)["rule"].(string))
			}
			if strings.Join(rules, " ") != strings.Join(tt.wantRules, " ") {
				t.Errorf("issues' rules %v, want %v", rules, tt.wantRules)
			}
		})
	}
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
