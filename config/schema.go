package config

import (
	"bytes"
	_ "embed"
)

// schemaJSON is the JSON Schema (draft 2020-12) editors use to complete and
// check .citelint.yaml, e.g. with yaml-language-server's
// "# yaml-language-server: $schema=..." comment. Tests check it against
// Parse with a maintained validator (jsonschema/v6): every file Parse
// accepts, the schema accepts, and it rejects what Parse rejects wherever a
// schema can say so.
//
//go:embed citelint.schema.json
var schemaJSON []byte

const schemaURL = "https://raw.githubusercontent.com/citelint/citelint/main/config/citelint.schema.json"

// Schema returns the embedded JSON Schema, for `citelint config schema` and
// for editors.
func Schema() []byte { return bytes.Clone(schemaJSON) }

// Verify implements `citelint config verify`: every problem Parse finds, each
// an *Error with file:line:col where the YAML gives one, in file order; nil
// means valid. It is Parse and nothing else, so that `config verify` and the
// commands that load the file accept and reject exactly the same files (a
// second, schema-only check used to reject files that run accepted).
func Verify(name string, data []byte, opts Options) []error {
	_, err := Parse(name, data, opts)
	if err == nil {
		return nil
	}
	es, ok := err.(Errors)
	if !ok {
		return []error{err}
	}
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}
