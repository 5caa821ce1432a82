package engine_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/engine"
)

// TestOpenCacheConfined: a resolvers.cache.dir from a config file (which a
// pull request may have written, with a link committed beside it) is a
// folder inside the project, through every link and not under .git; else
// it is an error of the config naming its file and line, before anything
// is written. A folder the caller chose (FromFlag: --cache-dir,
// CITELINT_CACHE_DIR) is used as given.
func TestOpenCacheConfined(t *testing.T) {
	tests := []struct {
		name  string
		dir   string
		plant func(t *testing.T, project, outside string)
		ok    bool
	}{
		{"a folder inside", "cache", nil, true},
		{"a folder that does not exist yet, deep", "a/b/c", nil, true},
		{"a link to a folder inside", "cache", func(t *testing.T, p, _ string) {
			must(t, os.Mkdir(filepath.Join(p, "real"), 0o755))
			must(t, os.Symlink("real", filepath.Join(p, "cache")))
		}, true},
		{"a link out of the project", "cache", func(t *testing.T, p, o string) {
			must(t, os.Symlink(o, filepath.Join(p, "cache")))
		}, false},
		{"a link above it out of the project", "up/cache", func(t *testing.T, p, o string) {
			must(t, os.Symlink(o, filepath.Join(p, "up")))
		}, false},
		{"a link into .git", "cache", func(t *testing.T, p, _ string) {
			must(t, os.MkdirAll(filepath.Join(p, ".git", "hooks"), 0o755))
			must(t, os.Symlink(filepath.Join(".git", "hooks"), filepath.Join(p, "cache")))
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := t.TempDir()
			project, outside := filepath.Join(base, "project"), filepath.Join(base, "outside")
			must(t, os.Mkdir(project, 0o755))
			must(t, os.Mkdir(outside, 0o755))
			if tt.plant != nil {
				tt.plant(t, project, outside)
			}
			cfgPath := writeFile(t, project, ".citelint.yaml", "version: \"1\"\nrules: {enable: [dead-doi]}\nresolvers:\n  cache:\n    dir: "+tt.dir+"\n")
			cfg, err := config.Load(cfgPath, engine.ConfigOptions())
			if err != nil {
				t.Fatal(err)
			}
			_, err = engine.New(cfg, engine.Options{WorkDir: project, Network: &engine.NetworkOptions{}})
			c, oerr := engine.OpenCache(cfg)
			if tt.ok {
				if err != nil || oerr != nil {
					t.Fatalf("New: %v; OpenCache: %v", err, oerr)
				}
				if !strings.HasSuffix(c.Dir(), filepath.FromSlash("/"+tt.dir)) {
					t.Errorf("Dir %s", c.Dir())
				}
				return
			}
			var ce *config.Error
			if !errors.As(err, &ce) || ce.File != cfgPath || ce.Line != 5 || ce.Column != 10 ||
				!strings.HasPrefix(err.Error(), cfgPath+":5:10: resolvers.cache.dir: ") || !strings.Contains(err.Error(), "--cache-dir") {
				t.Errorf("New = %v, want a config error at %s:5:10 naming --cache-dir", err, cfgPath)
			}
			if oerr == nil {
				t.Error("OpenCache accepted it")
			}
			for _, d := range []string{outside, filepath.Join(project, ".git", "hooks")} {
				if ents, _ := os.ReadDir(d); len(ents) != 0 {
					t.Errorf("%s written: %v", d, ents)
				}
			}
		})
	}

	// The caller's choice is used as given; a program's Dir that is not a
	// folder inside the project, without FromFlag, is refused.
	elsewhere := filepath.Join(t.TempDir(), "ci-cache")
	cfg := config.New(engine.ConfigOptions())
	cfg.Resolvers.Cache.Dir = elsewhere
	if _, err := engine.OpenCache(cfg); err == nil {
		t.Error("an absolute Dir without FromFlag was accepted")
	}
	cfg.Resolvers.Cache.FromFlag = true
	if c, err := engine.OpenCache(cfg); err != nil || c.Dir() != elsewhere {
		t.Errorf("FromFlag: %v, %v", c, err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
