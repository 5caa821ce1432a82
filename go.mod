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

require github.com/go-git/go-git/v5 v5.19.3 // .gitignore matching in directory walks (lint/gitignore.go)

require (
	github.com/go-git/gcfg v1.5.1-0.20230307220236-3a3c6141e376 // indirect
	github.com/go-git/go-billy/v5 v5.9.2 // indirect
	github.com/jbenet/go-context v0.0.0-20150711004518-d14ea06fba99 // indirect
	gopkg.in/warnings.v0 v0.1.2 // indirect
)
