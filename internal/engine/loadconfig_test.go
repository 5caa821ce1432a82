package engine_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citelint/citelint/config"
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

// TestVerifyConfig: the file named, else the one found upwards, read as
// LoadConfig reads it; each problem of the file apart, in file order, and
// a file that cannot be read an error.
func TestVerifyConfig(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "docs")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(root, ".citelint.yaml")
	bad := filepath.Join(root, "bad.yaml")
	for p, src := range map[string]string{good: "version: \"1\"\n", bad: "version: \"1\"\nrules:\n  enable: [nosuchrule]\nrun:\n  timeout: banana\n"} {
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name, dir, path string
		wantPath        string
		wantProblems    []string // prefixes, in order
		wantErr         bool
	}{
		{"found upwards", sub, "", good, nil, false},
		{"none found", t.TempDir(), "", "", nil, false},
		{"named, two problems", sub, bad, bad, []string{bad + ":3:", bad + ":5:"}, false},
		{"named and missing", sub, filepath.Join(root, "missing.yaml"), filepath.Join(root, "missing.yaml"), nil, true},
		{"named and not a regular file", sub, root, root, nil, true},
	} {
		path, problems, err := engine.VerifyConfig(tc.dir, tc.path)
		if path != tc.wantPath || (err != nil) != tc.wantErr || len(problems) != len(tc.wantProblems) {
			t.Errorf("%s: %q, %v, %v; want %q, %d problems, error %v", tc.name, path, problems, err, tc.wantPath, len(tc.wantProblems), tc.wantErr)
			continue
		}
		for i, p := range problems {
			if ce, ok := p.(*config.Error); !ok || !strings.HasPrefix(p.Error(), tc.wantProblems[i]) {
				t.Errorf("%s: problem %d = %v (%T), want a *config.Error starting %q", tc.name, i, p, ce, tc.wantProblems[i])
			}
		}
	}
}
