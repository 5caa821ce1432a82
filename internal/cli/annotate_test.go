package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigErrorAnnotations (issue 36): a run that stops with exit 2
// because of .citelint.yaml writes, with --format github-actions, each
// problem as an ::error annotation on the config's file, line and column
// (relative to the working directory, under --path-prefix), so that the
// runner shows it on the file as it shows issues; other formats print
// nothing new on standard output.
func TestConfigErrorAnnotations(t *testing.T) {
	root := t.TempDir()
	write(t, root, "docs/a.md", clean)
	bad := "version: \"1\"\nrules:\n  enable: [nosuchrule]\nrun:\n  timeout: banana\n"
	write(t, root, ".citelint.yaml", bad)
	write(t, root, "other/bad.yaml", "version: \"1\"\nrun:\n  timeout: \"x%,\\n::add-mask::y\"\n")
	write(t, root, "cachedir/.citelint.yaml", "version: \"1\"\nresolvers:\n  cache:\n    dir: /etc\n")
	write(t, root, "cachedir/a.md", "See [1].\n\n[1]: https://doi.org/10.1000/xyz\n")
	outside := t.TempDir()
	write(t, outside, "c.yaml", bad)
	docs := filepath.Join(root, "docs")

	tests := []struct {
		name, dir string
		args      []string
		want      []string // lines of standard output, in order
	}{
		{"config found at the root", root, []string{"run", "--format", "github-actions", "docs"}, []string{
			`::error file=.citelint.yaml,line=3,col=12,title=citelint (config)::rules.enable[0]: unknown rule "nosuchrule"`,
			`::error file=.citelint.yaml,line=5,col=12,title=citelint (config)::run.timeout: invalid duration "banana" (want e.g. "30s", "1m30s" or 0)`,
		}},
		{"run from a subfolder, as the Action with working-directory", docs, []string{"run", "--format", "github-actions", "--path-prefix", "docs", "."}, []string{
			`::error file=.citelint.yaml,line=3,col=12,title=citelint (config)::rules.enable[0]: unknown rule "nosuchrule"`,
			`::error file=.citelint.yaml,line=5,col=12,title=citelint (config)::run.timeout: invalid duration "banana" (want e.g. "30s", "1m30s" or 0)`,
		}},
		{"--config, message escaped", root, []string{"run", "--format=github-actions", "--config", filepath.Join(root, "other", "bad.yaml"), "docs"}, []string{
			`::error file=other/bad.yaml,line=3,col=12,title=citelint (config)::run.timeout: invalid duration "x%25,\n::add-mask::y" (want e.g. "30s", "1m30s" or 0)`,
		}},
		{"config outside the repository: no file, the position in the message", root, []string{"run", "--format", "github-actions", "--config", filepath.Join(outside, "c.yaml"), "docs"}, []string{
			`::error title=citelint (config)::` + filepath.Join(outside, "c.yaml") + `:3:12: rules.enable[0]: unknown rule "nosuchrule"`,
			`::error title=citelint (config)::` + filepath.Join(outside, "c.yaml") + `:5:12: run.timeout: invalid duration "banana" (want e.g. "30s", "1m30s" or 0)`,
		}},
		{"config unreadable", root, []string{"run", "--format", "github-actions", "--config", filepath.Join(root, "missing.yaml"), "docs"}, []string{
			`::error title=citelint (config)::stat ` + filepath.Join(root, "missing.yaml") + `: no such file or directory`,
		}},
		{"a flag's error has no file", root, []string{"run", "--format", "github-actions", "--no-config", "-E", "nope", "docs"}, []string{
			`::error title=citelint (config)::--enable: unknown rule "nope"`,
		}},
		{"found when the network pass starts", filepath.Join(root, "cachedir"), []string{"run", "--format", "github-actions", "--path-prefix", "cachedir", "-E", "dead-doi", "."}, []string{
			`::error file=cachedir/.citelint.yaml,line=4,col=10,title=citelint (config)::resolvers.cache.dir: "/etc": want a folder inside the project, relative to the config file's directory: not absolute, not under ~, no .. and not in .git (a cache elsewhere is the workflow's choice: --cache-dir or CITELINT_CACHE_DIR)`,
		}},
		{"text format: nothing on standard output", root, []string{"run", "docs"}, nil},
		{"github-actions to a file: nothing on standard output", root, []string{"run", "--format", "github-actions:" + filepath.Join(t.TempDir(), "out"), "docs"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, tt.dir, "", tt.args...)
			if code != ExitUsage {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, ExitUsage, stdout, stderr)
			}
			var got []string
			if s := strings.TrimSuffix(stdout, "\n"); s != "" {
				got = strings.Split(s, "\n")
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("stdout:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if !strings.Contains(stderr, "citelint: ") {
				t.Errorf("the error is no longer on standard error: %q", stderr)
			}
		})
	}
}
