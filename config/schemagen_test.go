package config

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var updateSchema = flag.Bool("update-schema", false, "rewrite citelint.schema.json from the Config types")

// TestSchemaUpToDate: the committed schema, which editors fetch by its $id,
// is exactly what Schema generates from the types the decoder reads. After
// changing a type or tag, run `go test ./config -update-schema`.
func TestSchemaUpToDate(t *testing.T) {
	const file = "citelint.schema.json"
	if *updateSchema {
		if err := os.WriteFile(file, Schema(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	committed, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(committed, Schema()) {
		t.Errorf("%s differs from Schema(); run go test ./config -update-schema", file)
	}
}
