module github.com/citelint/citelint

go 1.26.0

require (
	github.com/bmatcuk/doublestar/v4 v4.10.4
	github.com/kljensen/snowball v0.10.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // tests only: config's schema-agreement tests, output's SARIF check
	github.com/yuin/goldmark v1.8.7
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/net v0.62.0
	golang.org/x/text v0.43.0
)

require github.com/sergi/go-diff v1.4.0

require github.com/modelcontextprotocol/go-sdk v1.8.0 // citelint mcp: the official MCP SDK

require (
	github.com/google/jsonschema-go v0.4.3
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/segmentio/encoding v0.5.4 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/time v0.15.0 // indirect
)

require github.com/go-git/go-git/v5 v5.19.3 // .gitignore matching in directory walks (lint/gitignore.go)

require (
	github.com/go-git/gcfg v1.5.1-0.20230307220236-3a3c6141e376 // indirect
	github.com/go-git/go-billy/v5 v5.9.2 // indirect
	github.com/jbenet/go-context v0.0.0-20150711004518-d14ea06fba99 // indirect
	gopkg.in/warnings.v0 v0.1.2 // indirect
)

// the editor server (lsp): glsp's LSP types and dispatch, over glsp's own JSON-RPC transport
require (
	github.com/sourcegraph/jsonrpc2 v0.2.3
	github.com/tliron/glsp v0.2.2
)
