package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// files lists the regular files under dir, relative to it.
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, rel)
		}
		return nil
	})
	return out
}

// TestCacheDirChoice (issue 37, point 1): the resolver cache goes where
// the workflow says (--cache-dir, else CITELINT_CACHE_DIR), anywhere;
// else where the config says, only inside the project: a committed link
// that leads the config's folder out of the project is a config error
// naming the file and line, and nothing is written through it. The Action
// sets CITELINT_CACHE_DIR, so what it archives is never a folder a pull
// request chose.
func TestCacheDirChoice(t *testing.T) {
	dir, doc, _ := networkSetup(t)
	ci, flagDir := t.TempDir(), t.TempDir()

	code, out, errs := runEnv(t, dir, map[string]string{envCacheDir: ci}, "run", "--allow-private", doc)
	if code != ExitIssues || len(files(t, ci)) == 0 || len(files(t, filepath.Join(dir, "cache"))) != 0 {
		t.Fatalf("%s: exit %d, %d files there, %d in the config's folder\n%s%s", envCacheDir, code, len(files(t, ci)), len(files(t, filepath.Join(dir, "cache"))), out, errs)
	}
	code, _, _ = runEnv(t, dir, map[string]string{envCacheDir: ci}, "run", "--allow-private", "--cache-dir", flagDir, doc)
	if code != ExitIssues || len(files(t, flagDir)) == 0 {
		t.Errorf("--cache-dir: exit %d, %d files there", code, len(files(t, flagDir)))
	}
	for _, tc := range []struct {
		vars map[string]string
		args []string
		want string
	}{
		{nil, nil, filepath.Join(dir, "cache")},
		{map[string]string{envCacheDir: ci}, nil, ci},
		{map[string]string{envCacheDir: ci}, []string{"--cache-dir", flagDir}, flagDir},
		{nil, []string{"--cache-dir", "rel"}, filepath.Join(dir, "rel")}, // from the working directory
	} {
		code, out, errs := runEnv(t, dir, tc.vars, append([]string{"cache", "path"}, tc.args...)...)
		if code != ExitOK || out != tc.want+"\n" {
			t.Errorf("cache path %v %v = exit %d, %q %s; want %s", tc.vars, tc.args, code, out, errs, tc.want)
		}
	}

	// A pull request commits cache -> a folder outside the project.
	outside := t.TempDir()
	if err := os.RemoveAll(filepath.Join(dir, "cache")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "cache")); err != nil {
		t.Skip("no symlinks:", err)
	}
	cfg := filepath.Join(dir, ".citelint.yaml")
	for _, args := range [][]string{{"run", "--allow-private", doc}, {"run", "--allow-private", "--offline", doc}, {"cache", "path"}, {"cache", "status"}} {
		code, out, errs = runEnv(t, dir, nil, args...)
		if code != ExitUsage || !strings.HasPrefix(errs, "citelint: "+cfg+":6:16: resolvers.cache.dir: ") || !strings.Contains(errs, "resolves outside") {
			t.Errorf("%v through a link out: exit %d, want a config error at %s:6:16\n%s%s", args, code, cfg, out, errs)
		}
	}
	if f := files(t, outside); len(f) != 0 {
		t.Errorf("written through the link: %v", f)
	}
	// The workflow's folder replaces it, and the run goes on.
	if code, out, errs := runEnv(t, dir, map[string]string{envCacheDir: ci}, "run", "--allow-private", doc); code != ExitIssues {
		t.Errorf("with %s: exit %d\n%s%s", envCacheDir, code, out, errs)
	}
	if f := files(t, outside); len(f) != 0 {
		t.Errorf("written through the link: %v", f)
	}
}
