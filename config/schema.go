package config

import (
	"bytes"
	_ "embed"
)

//go:embed citelint.schema.json
var schema []byte

// Schema returns the JSON Schema (draft 2020-12) of .citelint.yaml, for
// `citelint config schema` and for editors (yaml-language-server's
// "# yaml-language-server: $schema=..." comment). The committed file is
// generated from the Config types and their tags, which the decoder reads
// too: TestSchemaUpToDate (schemagen_test.go) fails when they drift apart,
// and `go test ./config -update-schema` rewrites it. The generator lives
// with the tests because a run never needs it, only the file. The schema is
// looser than Parse where JSON Schema cannot say more: rule names, glob
// syntax, duplicates.
func Schema() []byte { return bytes.Clone(schema) }

// Verify implements `citelint config verify`: every problem Parse finds, each
// an *Error with file:line:col where the YAML gives one, in file order; nil
// means valid. It is Parse and nothing else, so that `config verify` and the
// commands that load the file accept and reject exactly the same files.
func Verify(name string, data []byte, opts Options) []error {
	if _, err := Parse(name, data, opts); err != nil {
		return err.(Errors).Unwrap() // Parse's only error type
	}
	return nil
}

//go:embed init.citelint.yaml
var initTemplate []byte

// InitTemplate returns the commented starter file `citelint config init`
// writes, kept as a real YAML file so it reads as what users will see; a
// test makes sure it verifies.
func InitTemplate() []byte { return bytes.Clone(initTemplate) }
