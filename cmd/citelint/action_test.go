package main

// Tests of the repository's GitHub Action (action.yml) and pre-commit hooks
// (.pre-commit-hooks.yaml): their scripts are run here as the runner would
// run them, against a real git repository and the citelint binary.

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/gittest"
	"github.com/citelint/citelint/internal/registrystub"
	"github.com/citelint/citelint/internal/testbin"
	"go.yaml.in/yaml/v3"
)

type actionStep struct {
	ID    string            `yaml:"id"`
	Name  string            `yaml:"name"`
	If    string            `yaml:"if"`
	Shell string            `yaml:"shell"`
	Run   string            `yaml:"run"`
	Env   map[string]string `yaml:"env"`
}

type actionFile struct {
	Inputs map[string]struct {
		Default string `yaml:"default"`
	} `yaml:"inputs"`
	Runs struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

func loadAction(t *testing.T) actionFile {
	t.Helper()
	b, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var a actionFile
	if err := yaml.Unmarshal(b, &a); err != nil {
		t.Fatal(err)
	}
	return a
}

// buildCitelint returns a folder holding a citelint binary built from this
// checkout, for scripts to find on PATH.
func buildCitelint(t *testing.T) string {
	t.Helper()
	bin := testbin.Path(t)
	if filepath.Base(bin) == "citelint" {
		return filepath.Dir(bin)
	}
	dir := t.TempDir() // a prebuilt binary by another name
	if err := os.Symlink(bin, filepath.Join(dir, "citelint")); err != nil {
		t.Fatal(err)
	}
	return dir
}

func git(t *testing.T, dir string, args ...string) string { return gittest.Run(t, dir, args...) }

func TestActionMetadata(t *testing.T) {
	a := loadAction(t)
	if a.Runs.Using != "composite" {
		t.Fatalf("runs.using = %q", a.Runs.Using)
	}
	for _, in := range []string{"version", "args", "working-directory", "only-new-issues", "config", "sarif"} {
		if _, ok := a.Inputs[in]; !ok {
			t.Errorf("input %q missing (golangci-lint-action's names)", in)
		}
	}
	setupGo := false
	for _, s := range a.Runs.Steps {
		if s.Name == "Set up Go" {
			setupGo = true
			// Only a build from source needs Go.
			if s.If != "${{ inputs.version == 'source' }}" {
				t.Errorf("Set up Go runs if %q", s.If)
			}
		}
		if s.Run != "" && s.Shell == "" {
			t.Errorf("step %q has run: but no shell:", s.ID)
		}
		if strings.Contains(s.Run, "${{") {
			t.Errorf("step %q inlines an expression in its script; pass it through env: (script injection)", s.ID)
		}
	}
	if !setupGo {
		t.Error("no Set up Go step")
	}
}

func TestActionRunStep(t *testing.T) {
	gittest.Require(t)
	a := loadAction(t)
	var step actionStep
	for _, s := range a.Runs.Steps {
		if s.ID == "run" {
			step = s
		}
	}
	bin := buildCitelint(t)

	repo := t.TempDir()
	git(t, repo, "init", "-q", "-b", "main")
	os.MkdirAll(filepath.Join(repo, "docs"), 0o755)
	doc := filepath.Join(repo, "docs", "a.md")
	// A list ([1]) makes the unresolved markers citations.
	os.WriteFile(doc, []byte("Old broken [9], fine [1].\n\n[1]: https://example.org/1\n"), 0o644)
	git(t, repo, "add", ".")
	git(t, repo, "commit", "-qm", "base")
	base := git(t, repo, "rev-parse", "HEAD")
	git(t, repo, "checkout", "-qb", "topic")
	os.WriteFile(doc, []byte("Old broken [9], fine [1].\nNew broken [8].\n\n[1]: https://example.org/1\n"), 0o644)
	git(t, repo, "commit", "-qam", "topic")

	// The diff step's patch: line 2 of docs/a.md is new (issue 36: no
	// history is needed when the API gives the diff).
	patch := filepath.Join(t.TempDir(), "changes.diff")
	os.WriteFile(patch, []byte("diff --git a/docs/a.md b/docs/a.md\n--- a/docs/a.md\n+++ b/docs/a.md\n@@ -1,0 +2 @@\n+New broken [8].\n"), 0o644)
	actionPath, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name, workdir, args, onlyNew, sarif string
		review                              string
		diffBase, diffPatch                 string // the diff step's outputs
		wantExit                            string
		want, notWant                       []string
	}{
		{"only new issues from git history, SARIF", ".", "docs", "true", "true", "false", base, "", "1",
			[]string{"file=docs/a.md,line=2,", "sarif-file="}, []string{"line=1,"}},
		// A base git cannot find would fail the run (exit 2): the patch
		// is used, not git.
		{"only new issues from the API's patch", ".", "docs", "true", "false", "false", strings.Repeat("ab", 20), patch, "1",
			[]string{"file=docs/a.md,line=2,"}, []string{"line=1,"}},
		{"only new issues without a base: all issues", ".", "docs", "true", "false", "false", "", "", "1",
			[]string{"file=docs/a.md,line=1,", "file=docs/a.md,line=2,"}, nil},
		{"all issues from a subfolder", "docs", ".", "false", "false", "false", "", "", "1",
			[]string{"file=docs/a.md,line=1,", "file=docs/a.md,line=2,"}, []string{"sarif-file=", "review-dir="}},
		{"args pass through", ".", "docs --issues-exit-code 0", "false", "false", "false", "", "", "0",
			[]string{"exit-code=0"}, nil},
		{"review page", ".", "docs", "false", "false", "true", "", "", "1",
			[]string{"review-dir=", "file=docs/a.md,line=2,"}, nil},
		// A file named --issues-exit-code=0 would be a flag if the runner's
		// shell expanded "*" (issue 37): the literal reaches citelint.
		{"args are not glob-expanded", ".", "*", "false", "false", "false", "", "", "3",
			[]string{"stat *: no such file"}, []string{"exit-code=0"}},
		// Issue 36: args were split on white space, so the quotes reached
		// citelint ("\"error\"": exit 2).
		{"args with double quotes", ".", `docs --fail-level "error"`, "false", "false", "false", "", "", "1",
			[]string{"file=docs/a.md,line=2,"}, []string{"exit-code=2", "--fail-level"}},
		{"args with single quotes and a newline", ".", "docs\n--issues-exit-code '0'\n", "false", "false", "false", "", "", "0",
			nil, nil},
		{"args with a path in quotes", ".", `"docs/a.md"`, "false", "false", "false", "", "", "1",
			[]string{"file=docs/a.md,line=1,"}, nil},
		// Nothing in args is run: a command substitution is refused before
		// citelint starts (exit 2, an annotation), and makes no file.
		{"args with a command substitution", ".", "docs $(touch canary) `touch canary`", "true", "true", "true", base, "", "2",
			[]string{"::error title=citelint::args: '$' at byte 6 would be expanded"}, []string{"sarif-file=", "review-dir=", "file=docs/a.md"}},
		{"args with a shell operator", ".", "docs; touch canary", "false", "false", "false", "", "", "2",
			[]string{"::error title=citelint::args: ';' at byte 5 is a shell operator"}, []string{"file=docs/a.md"}},
		{"args with an unbalanced quote", ".", `docs --fail-level "error`, "false", "false", "false", "", "", "2",
			[]string{"::error title=citelint::args: the double quote at byte 19 is never closed"}, []string{"file=docs/a.md"}},
	}
	os.WriteFile(filepath.Join(repo, "--issues-exit-code=0"), nil, 0o644)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmp := t.TempDir()
			outFile := filepath.Join(tmp, "output")
			env := append(os.Environ(),
				"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
				"RUNNER_TEMP="+tmp, "GITHUB_OUTPUT="+outFile,
				"GITHUB_STEP_SUMMARY="+filepath.Join(tmp, "summary.md"),
				"INPUT_ARGS="+tt.args, "INPUT_CONFIG=", "INPUT_WORKDIR="+tt.workdir,
				"ONLY_NEW="+tt.onlyNew, "SARIF="+tt.sarif, "REVIEW_PAGE="+tt.review,
				"DIFF_BASE="+tt.diffBase, "DIFF_PATCH="+tt.diffPatch, "ACTION_PATH="+actionPath,
				"CITELINT_CACHE_DIR="+filepath.Join(tmp, "cache"),
				"GIT_CONFIG_NOSYSTEM=1", "HOME="+repo)
			out, _ := runStepEnv(t, step, tmp, filepath.Join(repo, tt.workdir), env)
			outputs, _ := os.ReadFile(outFile)
			all := string(out) + string(outputs)
			// No network rule ran, so nothing was written to the resolver
			// cache and the save step is skipped.
			if strings.Contains(string(outputs), "cache-written=") {
				t.Errorf("cache-written set by a run without network rules:\n%s", outputs)
			}
			if !strings.Contains(string(outputs), "exit-code="+tt.wantExit+"\n") {
				t.Errorf("outputs %q, want exit-code=%s\n%s", outputs, tt.wantExit, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(all, w) {
					t.Errorf("missing %q in\n%s", w, all)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(all, w) {
					t.Errorf("unexpected %q in\n%s", w, all)
				}
			}
			if _, err := os.Stat(filepath.Join(repo, tt.workdir, "canary")); err == nil {
				t.Fatalf("args ran a command: %s made canary", tt.args)
			}
			if tt.sarif == "true" && tt.wantExit != "2" {
				if _, err := os.Stat(filepath.Join(tmp, "citelint.sarif")); err != nil {
					t.Errorf("no SARIF written: %v", err)
				}
			}
			if tt.review == "true" && tt.wantExit != "2" {
				// The upload step takes the folder the output names.
				page, err := os.ReadFile(filepath.Join(tmp, "citelint-review", "index.html"))
				if err != nil || !strings.Contains(string(page), "New broken") || !strings.Contains(string(outputs), "review-dir="+tmp+"/citelint-review/\n") {
					t.Errorf("review page: %v; outputs %q", err, outputs)
				}
			}
		})
	}
}

func TestPreCommitHooks(t *testing.T) {
	b, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID       string   `yaml:"id"`
		Entry    string   `yaml:"entry"`
		Language string   `yaml:"language"`
		TypesOr  []string `yaml:"types_or"`
	}
	if err := yaml.Unmarshal(b, &hooks); err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, h := range hooks {
		ids[h.ID] = h.Entry
		// python: pre-commit pip-installs this repository, whose
		// pyproject.toml depends on the release's wheel (the binary), so
		// that the hooks install without Go.
		if h.Language != "python" {
			t.Errorf("%s: language %q, want python", h.ID, h.Language)
		}
		if !strings.HasPrefix(h.Entry, "citelint run") {
			t.Errorf("%s: entry %q", h.ID, h.Entry)
		}
	}
	if ids["citelint"] == "" || !strings.Contains(ids["citelint-fix"], "--fix") {
		t.Errorf("hooks: %v", ids)
	}
}

// actionDir is the action's folder (github.action_path).
func actionDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// actionStepByID returns the step of action.yml with id.
func actionStepByID(t *testing.T, a actionFile, id string) actionStep {
	t.Helper()
	for _, s := range a.Runs.Steps {
		if s.ID == id {
			return s
		}
	}
	t.Fatalf("action.yml has no step %q", id)
	return actionStep{}
}

// runActionStep runs a step's script as the runner would, in dir, with
// env added to the test's environment.
func runActionStep(t *testing.T, step actionStep, dir string, env ...string) string {
	t.Helper()
	script := filepath.Join(t.TempDir(), "step.sh")
	os.WriteFile(script, []byte(step.Run), 0o644)
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, _ := cmd.CombinedOutput()
	return string(out)
}

// TestActionResolverCache (issue 37, point 1): the Action archives a
// folder of its own, which it hands to citelint as CITELINT_CACHE_DIR,
// never the folder a pull request's .citelint.yaml names: here the config
// names cache, committed as a link to a folder outside the checkout, and
// nothing is written there; the answers go to the action's folder, which
// the save step then archives.
func TestActionResolverCache(t *testing.T) {
	a := loadAction(t)
	bin := buildCitelint(t)
	dir, doc, _ := registrystub.Project(t, "url: {allow-private: true}")
	outside := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(dir, "cache")); err != nil {
		t.Skip("no symlinks:", err)
	}
	tmp := t.TempDir()
	outFile := filepath.Join(tmp, "output")
	base := []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"), "RUNNER_TEMP=" + tmp, "GITHUB_OUTPUT=" + outFile}

	out := runActionStep(t, actionStepByID(t, a, "cache-dir"), dir, base...)
	outputs, _ := os.ReadFile(outFile)
	want := filepath.Join(tmp, "citelint-cache")
	if string(outputs) != "dir="+want+"\n" {
		t.Fatalf("cache-dir step: outputs %q\n%s", outputs, out)
	}
	os.Remove(outFile)
	out = runActionStep(t, actionStepByID(t, a, "run"), dir, append(base,
		"GITHUB_STEP_SUMMARY="+filepath.Join(tmp, "summary.md"),
		"INPUT_ARGS=--allow-private "+filepath.Base(doc), "INPUT_CONFIG=", "INPUT_WORKDIR=.",
		"ONLY_NEW=false", "SARIF=false", "REVIEW_PAGE=false", "DIFF_BASE=", "DIFF_PATCH=",
		"ACTION_PATH="+actionDir(t), "CITELINT_CACHE_DIR="+want)...)
	outputs, _ = os.ReadFile(outFile)
	if !strings.Contains(string(outputs), "exit-code=1\n") || !strings.Contains(string(outputs), "cache-written=true\n") {
		t.Errorf("run step: outputs %q, want exit-code=1 and cache-written=true\n%s", outputs, out)
	}
	if ents, _ := os.ReadDir(want); len(ents) == 0 {
		t.Errorf("nothing in the action's cache folder %s", want)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Errorf("written through the config's link out of the checkout: %v", ents)
	}
	// The restore and save steps archive that folder and no other.
	b, _ := os.ReadFile("../../action.yml")
	if n := strings.Count(string(b), "path: ${{ steps.cache-dir.outputs.dir }}"); n != 2 || strings.Contains(string(b), "cache path") {
		t.Errorf("action.yml: %d cache steps archive the action's folder, want 2 (restore and save), and none asks citelint where its cache is", n)
	}
}

// TestActionScriptsShellcheck: the action's step scripts and the scripts
// they call pass shellcheck at warning level (actionlint checks the
// scripts of workflows, not of a composite action's steps).
func TestActionScriptsShellcheck(t *testing.T) {
	sc, err := exec.LookPath("shellcheck")
	if err != nil {
		t.Skip("no shellcheck")
	}
	files := []string{"../../.github/split-args", "../../.github/download-release"}
	for _, s := range loadAction(t).Runs.Steps {
		if s.Run == "" {
			continue
		}
		p := filepath.Join(t.TempDir(), s.ID+".sh")
		os.WriteFile(p, []byte("#!/usr/bin/env bash\n"+s.Run), 0o644)
		files = append(files, p)
	}
	for _, f := range files {
		if out, err := exec.Command(sc, "-S", "warning", "-s", "bash", f).CombinedOutput(); err != nil {
			t.Errorf("shellcheck %s: %v\n%s", filepath.Base(f), err, out)
		}
	}
}

// TestActionInstallStep runs the install step as the runner would against
// a loopback server laid out like GitHub's release downloads: by default
// it downloads the release named by the action's VERSION file, an explicit
// tag picks another, and an archive that does not match checksums.txt is
// refused. (version: source builds with Go; the Set up Go step runs only
// then, as TestActionMetadata checks.)
func TestActionInstallStep(t *testing.T) {
	a := loadAction(t)
	var step actionStep
	for _, s := range a.Runs.Steps {
		if s.ID == "install" {
			step = s
		}
	}
	if step.Run == "" {
		t.Fatal("no install step")
	}
	raw, err := os.ReadFile("../../VERSION")
	if err != nil {
		t.Fatal(err)
	}
	own := "v" + strings.TrimSpace(string(raw))
	actionPath, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}

	// A release is a tar.gz holding a "citelint" that says its version,
	// and checksums.txt.
	files := map[string][]byte{}
	release := func(tag string, tamper bool) {
		var buf bytes.Buffer
		gz := gzip.NewWriter(&buf)
		tw := tar.NewWriter(gz)
		script := []byte(fmt.Sprintf("#!/bin/sh\ncase \"$1\" in version) echo 'citelint %s (fake)';; cache) echo \"$RUNNER_TEMP/cache\";; esac\n", strings.TrimPrefix(tag, "v")))
		tw.WriteHeader(&tar.Header{Name: "citelint", Mode: 0o755, Size: int64(len(script))})
		tw.Write(script)
		tw.Close()
		gz.Close()
		name := fmt.Sprintf("citelint_%s_linux_amd64.tar.gz", strings.TrimPrefix(tag, "v"))
		sum := sha256.Sum256(buf.Bytes())
		if tamper {
			sum[0] ^= 1
		}
		files["/download/"+tag+"/"+name] = buf.Bytes()
		files["/download/"+tag+"/checksums.txt"] = []byte(fmt.Sprintf("%x  %s\n", sum, name))
	}
	release(own, false)
	release("v0.0.9", false)
	release("v0.0.8", true)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write(b)
	}))
	defer srv.Close()

	for _, tt := range []struct {
		version, want string
		fail          bool
	}{
		{"", "citelint " + strings.TrimPrefix(own, "v") + " (fake)", false},
		{"v0.0.9", "citelint 0.0.9 (fake)", false},
		{"v0.0.8", "does not match the release's checksums.txt", true},
		{"v0.0.7", "could not download", true},
	} {
		t.Run("version="+tt.version, func(t *testing.T) {
			tmp := t.TempDir()
			env := append(os.Environ(), "VERSION="+tt.version, "ACTION_PATH="+actionPath,
				"INPUT_CONFIG=", "INPUT_WORKDIR=.", "RUNNER_TEMP="+tmp,
				"GITHUB_PATH="+filepath.Join(tmp, "path"), "GITHUB_OUTPUT="+filepath.Join(tmp, "output"),
				"CITELINT_RELEASES_URL="+srv.URL, "RUNNER_OS=Linux", "RUNNER_ARCH=X64")
			out, err := runStepEnv(t, step, tmp, tmp, env)
			if tt.fail != (err != nil) || !strings.Contains(string(out), tt.want) {
				t.Fatalf("err %v, want failure %v and %q in:\n%s", err, tt.fail, tt.want, out)
			}
			if !tt.fail {
				path, _ := os.ReadFile(filepath.Join(tmp, "path"))
				if strings.TrimSpace(string(path)) != filepath.Join(tmp, "citelint-bin") {
					t.Errorf("GITHUB_PATH = %q", path)
				}
			}
		})
	}
}

// TestThirdPartyActionsPinnedBySHA: every action the Action and the
// repository's workflows use is pinned to a full commit SHA with the
// release it is in a comment (as OpenSSF Scorecard and zizmor ask): a
// moved tag cannot change what runs beside a pull request's token.
func TestThirdPartyActionsPinnedBySHA(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", ".github", "workflows", "*.yml"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join("..", "..", "action.yml"))
	pinned := regexp.MustCompile(`^[\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*$`)
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			s := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "- "))
			if strings.HasPrefix(strings.TrimSpace(line), "#") || !strings.HasPrefix(s, "uses:") {
				continue
			}
			use := strings.TrimSpace(strings.TrimPrefix(s, "uses:"))
			if strings.HasPrefix(use, "./") {
				continue // this repository's own action
			}
			n++
			if !pinned.MatchString(use) {
				t.Errorf("%s:%d: %q is not pinned to a commit SHA with its version in a comment", filepath.Base(f), i+1, use)
			}
		}
	}
	if n < 5 {
		t.Fatalf("found %d uses: lines; the test reads nothing", n)
	}
}

// runStepEnv runs an action step's script as the runner does (bash, with
// -eo pipefail) in dir with the whole environment env (runStep adds to
// the process's), after checking that env sets every
// variable the step's env: names.
func runStepEnv(t *testing.T, step actionStep, tmp, dir string, env []string) ([]byte, error) {
	t.Helper()
	for k := range step.Env {
		found := false
		for _, e := range env {
			found = found || strings.HasPrefix(e, k+"=")
		}
		if !found {
			t.Fatalf("the test does not set the step's env %s", k)
		}
	}
	script := filepath.Join(tmp, "step.sh")
	if err := os.WriteFile(script, []byte(step.Run), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Dir = dir
	cmd.Env = env
	return cmd.CombinedOutput()
}
