package config

import (
	"bytes"
	_ "embed"
)

//go:embed init.citelint.yaml
var initTemplate []byte

// InitTemplate returns the commented starter file `citelint config init`
// writes. It is kept as a real YAML file (init.citelint.yaml) rather than a
// Go string so it can be read and edited as what users will see, and a test
// makes sure it parses and verifies.
func InitTemplate() []byte { return bytes.Clone(initTemplate) }
