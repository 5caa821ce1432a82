package main

// Tests of the Action's diff step (only-new-issues from the GitHub API's
// diff, issue 36) and its SARIF gate (no upload from a fork's pull
// request), run as the runner would against loopback servers.

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/citelint/citelint/internal/gittest"
)

// runStep runs step's script in dir as the runner would, with env (every
// variable the step's env: names must be given) on top of the test's
// environment, and returns what it printed and its outputs.
func runStep(t *testing.T, step actionStep, dir string, env map[string]string) (string, map[string]string) {
	t.Helper()
	for k := range step.Env {
		if _, ok := env[k]; !ok {
			t.Fatalf("the test does not set the step's env %s", k)
		}
	}
	tmp := t.TempDir()
	outFile := filepath.Join(tmp, "output")
	script := filepath.Join(tmp, "step.sh")
	os.WriteFile(script, []byte(step.Run), 0o644)
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GITHUB_OUTPUT="+outFile, "GIT_CONFIG_NOSYSTEM=1")
	if _, ok := env["RUNNER_TEMP"]; !ok {
		cmd.Env = append(cmd.Env, "RUNNER_TEMP="+tmp)
	}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, _ := cmd.CombinedOutput()
	b, _ := os.ReadFile(outFile)
	outputs := map[string]string{}
	for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			outputs[k] = v
		}
	}
	return string(out), outputs
}

// diffAPI is a loopback GitHub API answering the two diff requests the
// diff step makes, and recording them.
type diffAPI struct {
	mu       sync.Mutex
	requests []string
	status   int    // 0: 200
	ctype    string // "": a diff's
	body     string
}

func (a *diffAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	a.mu.Lock()
	a.requests = append(a.requests, r.URL.Path)
	a.mu.Unlock()
	if r.Header.Get("Authorization") != "Bearer tok-123" || r.Header.Get("Accept") != "application/vnd.github.v3.diff" {
		http.Error(w, `{"message":"Bad credentials"}`, http.StatusUnauthorized)
		return
	}
	if !strings.HasPrefix(r.URL.Path, "/repos/o/r/pulls/") && !strings.HasPrefix(r.URL.Path, "/repos/o/r/compare/") {
		http.NotFound(w, r)
		return
	}
	ct := a.ctype
	if ct == "" {
		ct = "application/vnd.github.v3.diff; charset=utf-8"
	}
	w.Header().Set("Content-Type", ct)
	if a.status != 0 {
		w.WriteHeader(a.status)
	}
	w.Write([]byte(a.body))
}

const apiDiff = "diff --git a/docs/a.md b/docs/a.md\nindex 1..2 100644\n--- a/docs/a.md\n+++ b/docs/a.md\n@@ -1,0 +2 @@\n+New broken [8].\n"

func TestActionDiffStep(t *testing.T) {
	gittest.Require(t)
	step := actionStepByID(t, loadAction(t), "diff")
	repo := t.TempDir()
	git(t, repo, "init", "-q", "-b", "main")
	os.WriteFile(filepath.Join(repo, "a.md"), []byte("x\n"), 0o644)
	git(t, repo, "add", ".")
	git(t, repo, "commit", "-qm", "base")
	head := git(t, repo, "rev-parse", "HEAD")
	base := strings.Repeat("b", 40)
	zeros := strings.Repeat("0", 40)

	tests := []struct {
		name                   string
		event, prHead, before  string
		prBase, mergeGroupBase string
		token                  string
		status                 int // -1: the API does not answer
		ctype                  string
		wantRequest            string // "": none
		wantBase               string
		wantPatch              bool
		wantNotice             string
	}{
		{"pull request, its head checked out: the pull request's diff", "pull_request", head, "", base, "", "tok-123", 0, "",
			"/repos/o/r/pulls/7", base, true, ""},
		{"pull request, its merge commit checked out: compare the base with HEAD", "pull_request", strings.Repeat("c", 40), "", base, "", "tok-123", 0, "",
			"/repos/o/r/compare/" + base + "..." + head, base, true, ""},
		{"pull_request_target", "pull_request_target", head, "", base, "", "tok-123", 0, "",
			"/repos/o/r/pulls/7", base, true, ""},
		{"push", "push", "", base, "", "", "tok-123", 0, "",
			"/repos/o/r/compare/" + base + "..." + head, base, true, ""},
		{"merge group", "merge_group", "", "", "", base, "tok-123", 0, "",
			"/repos/o/r/compare/" + base + "..." + head, base, true, ""},
		{"push of a new branch: no base", "push", "", zeros, "", "", "tok-123", 0, "",
			"", "", false, "no base commit for a 'push' event"},
		{"workflow_dispatch: no base", "workflow_dispatch", "", "", "", "", "tok-123", 0, "",
			"", "", false, "no base commit for a 'workflow_dispatch' event"},
		{"a base that is not a commit id is not put in a URL", "pull_request", head, "", "../../x", "", "tok-123", 0, "",
			"", "", false, "no base commit"},
		{"diff too large: git is the fallback", "pull_request", head, "", base, "", "tok-123", http.StatusNotAcceptable, "",
			"/repos/o/r/pulls/7", base, false, "the GitHub API gave no diff (406 "},
		{"not a diff (JSON): git is the fallback", "pull_request", head, "", base, "", "tok-123", 0, "application/json; charset=utf-8",
			"/repos/o/r/pulls/7", base, false, "the GitHub API gave no diff (200 application/json"},
		{"a refused token: git is the fallback", "pull_request", head, "", base, "", "wrong", 0, "",
			"/repos/o/r/pulls/7", base, false, "the GitHub API gave no diff (401 "},
		{"no token: git, no request", "pull_request", head, "", base, "", "", 0, "",
			"", base, false, "no github-token"},
		{"API unreachable: git is the fallback", "pull_request", head, "", base, "", "tok-123", -1, "",
			"", base, false, "the GitHub API gave no diff (no answer: curl exit code 7)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			api := &diffAPI{status: tt.status, ctype: tt.ctype, body: apiDiff}
			srv := httptest.NewServer(api)
			defer srv.Close()
			apiURL := srv.URL
			if tt.status == -1 {
				// A port nothing listens on any more.
				srv.Close()
			}
			pr := ""
			if strings.HasPrefix(tt.event, "pull_request") {
				pr = "7"
			}
			tmp := t.TempDir()
			out, outputs := runStep(t, step, repo, map[string]string{
				"EVENT_NAME": tt.event, "PR_NUMBER": pr, "PR_BASE_SHA": tt.prBase, "PR_HEAD_SHA": tt.prHead,
				"MERGE_GROUP_BASE_SHA": tt.mergeGroupBase, "PUSH_BEFORE": tt.before, "TOKEN": tt.token,
				"GITHUB_API_URL": apiURL, "GITHUB_REPOSITORY": "o/r", "RUNNER_TEMP": tmp,
				"NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost",
			})
			api.mu.Lock()
			reqs := api.requests
			api.mu.Unlock()
			if tt.wantRequest == "" && len(reqs) != 0 || tt.wantRequest != "" && (len(reqs) != 1 || reqs[0] != tt.wantRequest) {
				t.Errorf("requests %q, want %q\n%s", reqs, tt.wantRequest, out)
			}
			if outputs["base"] != tt.wantBase {
				t.Errorf("base=%q, want %q\n%s", outputs["base"], tt.wantBase, out)
			}
			if p := outputs["patch"]; tt.wantPatch {
				b, err := os.ReadFile(p)
				if p != filepath.Join(tmp, "citelint-changes.diff") || err != nil || string(b) != apiDiff {
					t.Errorf("patch=%q (%v): %q\n%s", p, err, b, out)
				}
			} else if p != "" {
				t.Errorf("patch=%q given for an answer that is no diff\n%s", p, out)
			}
			if tt.wantNotice != "" && !strings.Contains(out, "::notice title=citelint::only-new-issues: "+tt.wantNotice) {
				t.Errorf("no notice %q in\n%s", tt.wantNotice, out)
			}
			if tt.wantNotice == "" && strings.Contains(out, "::") {
				t.Errorf("unexpected workflow command in\n%s", out)
			}
			if strings.Contains(out, "tok-123") {
				t.Errorf("the token is in the log:\n%s", out)
			}
		})
	}
}

// TestActionOnlyNewFromAPIShallow: with the diff from the API, a
// depth-1 clone whose remote is gone (no history to fetch) reports only
// the changed line; without it, the git fallback cannot and the run
// fails (exit 2) rather than report everything or nothing.
func TestActionOnlyNewFromAPIShallow(t *testing.T) {
	gittest.Require(t)
	a := loadAction(t)
	bin := buildCitelint(t)
	origin := t.TempDir()
	git(t, origin, "init", "-q", "-b", "main")
	os.MkdirAll(filepath.Join(origin, "docs"), 0o755)
	doc := filepath.Join(origin, "docs", "a.md")
	os.WriteFile(doc, []byte("Old broken [9], fine [1].\n\n[1]: https://example.org/1\n"), 0o644)
	git(t, origin, "add", ".")
	git(t, origin, "commit", "-qm", "base")
	base := git(t, origin, "rev-parse", "HEAD")
	os.WriteFile(doc, []byte("Old broken [9], fine [1].\nNew broken [8].\n\n[1]: https://example.org/1\n"), 0o644)
	git(t, origin, "commit", "-qam", "topic")
	head := git(t, origin, "rev-parse", "HEAD")
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, filepath.Dir(clone), "clone", "-q", "--depth", "1", "file://"+origin, clone)
	os.RemoveAll(origin)

	api := &diffAPI{body: apiDiff}
	srv := httptest.NewServer(api)
	defer srv.Close()
	for _, withAPI := range []bool{true, false} {
		tmp := t.TempDir()
		token := "tok-123"
		if !withAPI {
			token = ""
		}
		out, outputs := runStep(t, actionStepByID(t, a, "diff"), clone, map[string]string{
			"EVENT_NAME": "pull_request", "PR_NUMBER": "7", "PR_BASE_SHA": base, "PR_HEAD_SHA": head,
			"MERGE_GROUP_BASE_SHA": "", "PUSH_BEFORE": "", "TOKEN": token,
			"GITHUB_API_URL": srv.URL, "GITHUB_REPOSITORY": "o/r", "RUNNER_TEMP": tmp,
			"NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost",
		})
		out2, runOutputs := runStep(t, actionStepByID(t, a, "run"), clone, map[string]string{
			"PATH": bin + string(os.PathListSeparator) + os.Getenv("PATH"), "RUNNER_TEMP": tmp,
			"GITHUB_STEP_SUMMARY": filepath.Join(tmp, "summary.md"), "ACTION_PATH": actionDir(t),
			"INPUT_ARGS": "docs", "INPUT_CONFIG": "", "INPUT_WORKDIR": ".", "ONLY_NEW": "true",
			"SARIF": "false", "REVIEW_PAGE": "false", "DIFF_BASE": outputs["base"], "DIFF_PATCH": outputs["patch"],
			"CITELINT_CACHE_DIR": filepath.Join(tmp, "cache"),
		})
		out += out2
		if withAPI {
			if runOutputs["exit-code"] != "1" || !strings.Contains(out, "file=docs/a.md,line=2,") || strings.Contains(out, "line=1,") {
				t.Errorf("with the API's diff: outputs %v\n%s", runOutputs, out)
			}
		} else if runOutputs["exit-code"] != "2" || !strings.Contains(out, "--new-from-merge-base") {
			t.Errorf("without it, in a clone with no history: outputs %v, want exit-code 2\n%s", runOutputs, out)
		}
	}
}

func TestActionSarifGate(t *testing.T) {
	step := actionStepByID(t, loadAction(t), "sarif-gate")
	tests := []struct {
		name, event, headRepo string
		want                  string
	}{
		{"pull request from a branch", "pull_request", "o/r", "true"},
		{"pull request from a fork", "pull_request", "someone/r", "false"},
		{"pull request from a deleted fork", "pull_request", "", "false"},
		{"review of a fork's pull request", "pull_request_review", "someone/r", "false"},
		{"pull_request_target from a fork: the base's token", "pull_request_target", "someone/r", "true"},
		{"push", "push", "", "true"},
		{"schedule", "schedule", "", "true"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, outputs := runStep(t, step, t.TempDir(), map[string]string{
				"EVENT_NAME": tt.event, "HEAD_REPO": tt.headRepo, "REPOSITORY": "o/r",
			})
			if outputs["upload"] != tt.want {
				t.Errorf("upload=%q, want %q\n%s", outputs["upload"], tt.want, out)
			}
			notice := strings.Contains(out, "::notice title=citelint::SARIF not uploaded to code scanning: a pull request from a fork")
			if notice != (tt.want == "false") {
				t.Errorf("notice %v, want %v:\n%s", notice, tt.want == "false", out)
			}
		})
	}
	// The upload step waits for the gate.
	b, _ := os.ReadFile("../../action.yml")
	if !strings.Contains(string(b), "if: ${{ !cancelled() && steps.sarif-gate.outputs.upload == 'true' }}\n      uses: github/codeql-action/upload-sarif@") {
		t.Error("the upload-sarif step does not depend on the sarif-gate step")
	}
}

// TestActionTokenNotGivenToCitelint: the token reaches the diff and SARIF
// upload steps only, never the step that runs citelint on a pull
// request's files.
func TestActionTokenNotGivenToCitelint(t *testing.T) {
	a := loadAction(t)
	var with []string
	for _, s := range a.Runs.Steps {
		for k, v := range s.Env {
			if strings.Contains(v, "github-token") || strings.Contains(v, "secrets.") || strings.Contains(v, "github.token") {
				with = append(with, s.ID+"."+k)
			}
		}
	}
	sort.Strings(with)
	if strings.Join(with, " ") != "diff.TOKEN" {
		t.Errorf("steps given the token: %v, want the diff step's alone", with)
	}
}

// TestActionConfigErrorAnnotated (issue 36): a .citelint.yaml citelint
// cannot use stops the run step with exit code 2 and an ::error on the
// config's line, from the repository root, also when the action runs in
// a subfolder (working-directory).
func TestActionConfigErrorAnnotated(t *testing.T) {
	bin := buildCitelint(t)
	repo := t.TempDir()
	os.MkdirAll(filepath.Join(repo, "docs"), 0o755)
	os.WriteFile(filepath.Join(repo, "docs", "a.md"), []byte("A claim [1].\n\n[1]: https://example.org/1\n"), 0o644)
	os.WriteFile(filepath.Join(repo, "docs", ".citelint.yaml"), []byte("version: \"1\"\nrules:\n  enable: [nosuchrule]\n"), 0o644)
	step := actionStepByID(t, loadAction(t), "run")
	for _, workdir := range []string{".", "docs"} {
		tmp := t.TempDir()
		config := "docs/.citelint.yaml"
		if workdir == "docs" {
			config = ""
		}
		out, outputs := runStep(t, step, filepath.Join(repo, workdir), map[string]string{
			"PATH": bin + string(os.PathListSeparator) + os.Getenv("PATH"), "RUNNER_TEMP": tmp,
			"GITHUB_STEP_SUMMARY": filepath.Join(tmp, "summary.md"), "ACTION_PATH": actionDir(t),
			"INPUT_ARGS": "", "INPUT_CONFIG": config, "INPUT_WORKDIR": workdir, "ONLY_NEW": "false",
			"SARIF": "false", "REVIEW_PAGE": "false", "DIFF_BASE": "", "DIFF_PATCH": "",
			"CITELINT_CACHE_DIR": filepath.Join(tmp, "cache"),
		})
		want := `::error file=docs/.citelint.yaml,line=3,col=12,title=citelint (config)::rules.enable[0]: unknown rule "nosuchrule"`
		if outputs["exit-code"] != "2" || !strings.Contains(out, want+"\n") {
			t.Errorf("working-directory %s: outputs %v, want exit-code 2 and\n%s\nin\n%s", workdir, outputs, want, out)
		}
	}
}
