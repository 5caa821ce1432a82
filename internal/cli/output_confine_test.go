package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputConfinedToProject: a .citelint.yaml from a pull request must
// not make citelint write outside the project, by a path or by a link the
// pull request commits; a path named with --format is the workflow's.
func TestOutputConfinedToProject(t *testing.T) {
	outside := t.TempDir()
	victim := filepath.Join(outside, "victim.txt")
	for _, tt := range []struct {
		name, format, path string
		link               bool // the project holds report.out -> victim
	}{
		{"json up and out", "json", "../" + filepath.Base(outside) + "/r.json", false},
		{"html folder up and out", "html", "../" + filepath.Base(outside) + "/deep/", false},
		{"absolute", "sarif", filepath.Join(outside, "r.sarif"), false},
		{"committed link", "json", "report.out", true},
		{"html through a committed link", "html", "report.out", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			parent := t.TempDir()
			dir := filepath.Join(parent, "project")
			write(t, dir, ".git/HEAD", "x")
			write(t, dir, "a.md", broken)
			os.WriteFile(victim, []byte("keep"), 0o644)
			if tt.link {
				if err := os.Symlink(victim, filepath.Join(dir, "report.out")); err != nil {
					t.Skip("no symbolic links here:", err)
				}
			}
			path := tt.path
			if strings.HasPrefix(path, "../") {
				// Relative to the project: climb out of it into outside's parent.
				rel, _ := filepath.Rel(dir, filepath.Join(outside, strings.TrimPrefix(path, "../"+filepath.Base(outside)+"/")))
				path = filepath.ToSlash(rel)
				if strings.HasSuffix(tt.path, "/") {
					path += "/"
				}
			}
			write(t, dir, ".citelint.yaml", "version: \"1\"\noutput:\n  formats:\n    "+tt.format+":\n      path: \""+path+"\"\n")
			code, _, errs := run(t, dir, "", "run", filepath.Join(dir, "a.md"))
			if code == ExitOK || code == ExitIssues || !strings.Contains(errs, "outside the project only when --format names it") {
				t.Errorf("exit %d, want a refusal naming --format:\n%s", code, errs)
			}
			if b, _ := os.ReadFile(victim); string(b) != "keep" {
				t.Errorf("the file outside the project was overwritten: %q", b)
			}
			entries, _ := os.ReadDir(outside)
			if len(entries) != 1 {
				t.Errorf("files appeared outside the project: %v", entries)
			}
		})
	}
	// The same path named with --format is written: the workflow chose it.
	dir := t.TempDir()
	write(t, dir, ".git/HEAD", "x")
	write(t, dir, "a.md", broken)
	target := filepath.Join(outside, "chosen.json")
	if code, _, errs := run(t, dir, "", "run", "--no-config", "--format", "json:"+target, filepath.Join(dir, "a.md")); code != ExitIssues {
		t.Fatalf("--format json:%s: exit %d\n%s", target, code, errs)
	}
	if _, err := os.Stat(target); err != nil {
		t.Errorf("--format's file was not written: %v", err)
	}

	// A path from the file inside the project is written as before.
	write(t, dir, ".citelint.yaml", "version: \"1\"\noutput:\n  formats:\n    json:\n      path: r.json\n")
	if code, _, errs := run(t, dir, "", "run", filepath.Join(dir, "a.md")); code != ExitIssues {
		t.Fatalf("output.formats json: r.json: exit %d\n%s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "r.json")); err != nil {
		t.Errorf("the config's report inside the project was not written: %v", err)
	}
}
