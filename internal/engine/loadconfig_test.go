package engine_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/citelint/citelint/internal/engine"
)

// TestLoadConfig: the file named, else the one found from the folder
// upwards, else the defaults; --no-config looks for nothing.
func TestLoadConfig(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "docs", "deep")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	found := filepath.Join(root, ".citelint.yaml")
	named := filepath.Join(root, "other.yaml")
	for p, src := range map[string]string{found: "version: \"1\"\nrules: {default: none}\n", named: "version: \"1\"\nrules: {default: all}\n"} {
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name, dir, path string
		none            bool
		wantPath, want  string
	}{
		{"found upwards", sub, "", false, found, "none"},
		{"named", sub, named, false, named, "all"},
		{"no config", sub, named, true, "", "standard"},
		{"none found", t.TempDir(), "", false, "", "standard"},
	} {
		cfg, path, err := engine.LoadConfig(tc.dir, tc.path, tc.none)
		if err != nil || path != tc.wantPath || cfg.Rules.Default != tc.want {
			t.Errorf("%s: %q, default %q, %v; want %q, %q", tc.name, path, cfg.Rules.Default, err, tc.wantPath, tc.want)
		}
	}
	if _, _, err := engine.LoadConfig(sub, filepath.Join(root, "missing.yaml"), false); err == nil {
		t.Error("a named config that is missing loads")
	}
}
