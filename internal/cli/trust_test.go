package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/citelint/citelint/internal/resolve/judge"
)

// runEnv runs citelint with the given environment variables.
func runEnv(t *testing.T, dir string, vars map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb strings.Builder
	code := Main(args, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
		Getenv: func(k string) string { return vars[k] },
		Getwd:  func() (string, error) { return dir, nil }})
	return code, out.String(), errb.String()
}

// TestJudgeKeyNeedsConsent pins issue 20, defect 3: a config with
// judge: {url: http://127.0.0.1:PORT/v1, api-key-env: GITHUB_TOKEN} sent the
// token to that address. The key now goes only to a host the workflow
// names, and a private judge address needs the same consent.
func TestJudgeKeyNeedsConsent(t *testing.T) {
	var mu sync.Mutex
	var auths []string
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		auths = append(auths, r.Header.Get("Authorization"))
		mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"choices": []map[string]any{{"message": map[string]string{"content": `{"supported": true}`}}}})
	}))
	defer model.Close()
	port := model.URL[strings.LastIndexByte(model.URL, ':')+1:]
	// The config names GITHUB_TOKEN; the workflow's key is in
	// CITELINT_JUDGE_API_KEY. Issue 34: a config inside the project no
	// longer chooses which variable is sent.
	const secret = "ghs_FAKE_SECRET"
	const judgeKey = "judge_KEY"
	const ignored = "judge.api-key-env ($GITHUB_TOKEN) is not read from a config inside the project"
	tests := []struct {
		name     string
		judgeURL string // judge.url in the config
		args     []string
		vars     map[string]string
		want     string // Authorization seen by the model; "-" = not reached
		warning  string // on stderr
	}{
		{"config alone", model.URL + "/v1", nil, nil, "-", "is a private address, refused"},
		{"allow-private is not key consent", model.URL + "/v1", []string{"--allow-private"}, nil, "", ignored},
		{"trusted host flag", model.URL + "/v1", []string{"--trusted-host", "127.0.0.1"}, nil, "Bearer " + judgeKey, ignored},
		{"trusted host:port in env", model.URL + "/v1", nil, map[string]string{envTrustedHosts: "example.org, 127.0.0.1:" + port}, "Bearer " + judgeKey, ignored},
		{"another port is not trusted", model.URL + "/v1", []string{"--trusted-host", "127.0.0.1:1"}, nil, "-", "is a private address, refused"},
		{"judge URL flag", "http://127.0.0.1:1/v1", []string{"--judge-url", model.URL + "/v1"}, nil, "Bearer " + judgeKey, ignored},
		{"judge URL env", "http://127.0.0.1:1/v1", nil, map[string]string{envJudgeURL: model.URL + "/v1"}, "Bearer " + judgeKey, ignored},
		{"numeric spelling of loopback", "http://2130706433:" + port + "/v1", nil, nil, "-", "is a private address, refused"},
		{"the workflow names the variable", model.URL + "/v1", []string{"--trusted-host", "127.0.0.1", "--judge-key-env", "GITHUB_TOKEN"}, nil, "Bearer " + secret, ""},
		{"the workflow names it in env", model.URL + "/v1", []string{"--trusted-host", "127.0.0.1"}, map[string]string{envJudgeKeyEnv: "GITHUB_TOKEN"}, "Bearer " + secret, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mu.Lock()
			auths = nil
			mu.Unlock()
			dir := t.TempDir()
			write(t, dir, "s.jsonl", `{"id": "d_1", "text": "Global mean sea level increased by 0.20 m between 1901 and 2018."}`+"\n")
			write(t, dir, ".citelint.yaml", fmt.Sprintf("version: \"1\"\nsources: s.jsonl\nrules:\n  default: none\n  enable: [low-overlap]\n  settings:\n    low-overlap: {judge-band: 1}\nresolvers:\n  cache: {dir: cache}\njudge:\n  url: %s\n  model: m\n  api-key-env: GITHUB_TOKEN\n", tt.judgeURL))
			doc := write(t, dir, "a.md", "Global mean sea level increased by 0.20 m between 1901 and 2018 [REF|d_1].\n")
			vars := map[string]string{"GITHUB_TOKEN": secret, envJudgeKey: judgeKey}
			for k, v := range tt.vars {
				vars[k] = v
			}
			args := append(append([]string{"run"}, tt.args...), "--format", "json", doc)
			_, _, stderr := runEnv(t, dir, vars, args...)
			mu.Lock()
			got := append([]string{}, auths...)
			mu.Unlock()
			if tt.want == "-" && len(got) != 0 {
				t.Errorf("the model was reached %d times, Authorization %q", len(got), got)
			}
			if tt.want != "-" && (len(got) == 0 || got[0] != tt.want) {
				t.Errorf("Authorization %q, want %q\n%s", got, tt.want, stderr)
			}
			for _, a := range got {
				if tt.want != "Bearer "+secret && strings.Contains(a, secret) {
					t.Errorf("GITHUB_TOKEN was sent: the config chose it")
				}
			}
			if tt.warning != "" && !strings.Contains(stderr, tt.warning) || tt.warning == "" && strings.Contains(stderr, "warning") {
				t.Errorf("stderr %q, want a warning containing %q", stderr, tt.warning)
			}
		})
	}
}

// TestAllowPrivateNeedsConsent: resolvers.url.allow-private from the config
// alone no longer opens loopback; the workflow's flag or variable does.
func TestAllowPrivateNeedsConsent(t *testing.T) {
	for _, tt := range []struct {
		name    string
		args    []string
		vars    map[string]string
		fetched bool
		code    int
	}{
		{"config alone", nil, nil, false, ExitOK},
		{"flag", []string{"--allow-private"}, nil, true, ExitIssues},
		{"env", nil, map[string]string{envAllowPrivate: "true"}, true, ExitIssues},
		{"env false", nil, map[string]string{envAllowPrivate: "0"}, false, ExitOK},
		{"env not a boolean", nil, map[string]string{envAllowPrivate: "please"}, false, ExitUsage},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir, doc, stub := networkSetup(t) // its config says allow-private: true
			args := append(append([]string{"run"}, tt.args...), "--format", "json", doc)
			code, stdout, stderr := runEnv(t, dir, tt.vars, args...)
			fetched := stub.Requests()["page"] > 0
			if code != tt.code || fetched != tt.fetched {
				t.Errorf("exit %d, pages fetched %v; want %d, %v\n%s%s", code, fetched, tt.code, tt.fetched, stdout, stderr)
			}
			if !tt.fetched && strings.Contains(stdout, "dead-link") {
				t.Errorf("a refused link was reported dead\n%s", stdout)
			}
			if noted := strings.Contains(stderr, "not checked, private address refused: ") && strings.Contains(stderr, stub.URL+"/busy,"); noted != (!tt.fetched && tt.code != ExitUsage) {
				t.Errorf("refusal note shown %v\n%s", noted, stderr)
			}
			if warned := strings.Contains(stderr, "allow-private is ignored"); warned != (!tt.fetched && tt.code != ExitUsage) {
				t.Errorf("warning shown %v\n%s", warned, stderr)
			}
		})
	}
}

// TestHangingJudgeGivesUp: a judge that never answers cost its timeout for
// every borderline sentence; after a few failures it is not asked again.
func TestHangingJudgeGivesUp(t *testing.T) {
	stop := make(chan struct{})
	var mu sync.Mutex
	hits := 0
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hits++
		mu.Unlock()
		select {
		case <-r.Context().Done():
		case <-stop:
		}
	}))
	defer model.Close()
	defer close(stop) // before Close, which waits for the handlers
	dir := t.TempDir()
	write(t, dir, "s.jsonl", `{"id": "d_1", "text": "Global mean sea level increased by 0.20 m between 1901 and 2018."}`+"\n")
	write(t, dir, ".citelint.yaml", fmt.Sprintf("version: \"1\"\nsources: s.jsonl\nrules:\n  default: none\n  enable: [low-overlap]\n  settings:\n    low-overlap: {judge-band: 1}\nresolvers:\n  cache: {dir: cache}\njudge:\n  url: %s/v1\n  model: m\n  timeout: 1s\n", model.URL))
	var doc strings.Builder
	for i := range 8 {
		fmt.Fprintf(&doc, "Global mean sea level increased by 0.20 m between 1901 and 2018, says study %d [REF|d_1].\n\n", i)
	}
	p := write(t, dir, "a.md", doc.String())
	code, stdout, stderr := runEnv(t, dir, nil, "run", "--trusted-host", "127.0.0.1", "--format", "json", p)
	mu.Lock()
	n := hits
	mu.Unlock()
	// The document's questions go out at once, judge.concurrency (4) at a
	// time: the four in flight, and one more for each failure before the
	// third, which turns the judge off (MaxFailures - 1 + 4). Possibly
	// none: on a loaded machine a 1 s call can time out before the
	// server accepts it. That the failures were counted shows in "not
	// asked again" below.
	if most := judge.MaxFailures - 1 + 4; n > most {
		t.Errorf("the hanging judge was asked %d times, want at most %d\n%s", n, most, stderr)
	}
	if code != ExitOK || !strings.Contains(stderr, "not asked again") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestTrustedHostIsNoLink pins issue 37, finding 4: --trusted-host and
// --judge-url exempted every request to that host, so a document linking
// to a page on a private judge host had it fetched and quoted. The host is
// trusted for the judge (and the resolvers' URLs), not for document links
// or redirects; --allow-private is what lets links reach private hosts.
func TestTrustedHostIsNoLink(t *testing.T) {
	var mu sync.Mutex
	var pages []string
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/v1/") {
			json.NewEncoder(w).Encode(map[string]any{"choices": []map[string]any{{"message": map[string]string{"content": `{"supported": true}`}}}})
			return
		}
		mu.Lock()
		pages = append(pages, r.Method+" "+r.URL.Path)
		mu.Unlock()
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte("internal admin page: the deploy token is hunter2"))
	}))
	defer host.Close()
	port := host.URL[strings.LastIndexByte(host.URL, ':')+1:]
	for _, tt := range []struct {
		name    string
		args    []string
		fetched bool
	}{
		{"judge URL", []string{"--judge-url", host.URL + "/v1"}, false},
		{"trusted host", []string{"--trusted-host", "127.0.0.1"}, false},
		{"trusted host:port", []string{"--trusted-host", "127.0.0.1:" + port}, false},
		{"allow-private", []string{"--allow-private"}, true}, // the control: the test reaches the page
	} {
		t.Run(tt.name, func(t *testing.T) {
			mu.Lock()
			pages = nil
			mu.Unlock()
			dir := t.TempDir()
			write(t, dir, ".citelint.yaml", "version: \"1\"\nrules:\n  default: none\n  enable: [dead-link, low-overlap]\nresolvers:\n  cache: {dir: cache}\n")
			doc := write(t, dir, "a.md", "The deploy token is rotated weekly [1].\n\n## References\n\n1. Admin. "+host.URL+"/admin\n")
			args := append(append([]string{"run"}, tt.args...), "--format", "json", doc)
			_, stdout, stderr := runEnv(t, dir, nil, args...)
			mu.Lock()
			got := append([]string{}, pages...)
			mu.Unlock()
			if fetched := len(got) > 0; fetched != tt.fetched {
				t.Errorf("pages fetched: %v, want fetched %v\n%s%s", got, tt.fetched, stdout, stderr)
			}
			if !tt.fetched && (strings.Contains(stdout, "hunter2") || !strings.Contains(stderr, "1 request not checked, private address refused: "+host.URL+"/admin")) {
				t.Errorf("want the link refused and named\n%s%s", stdout, stderr)
			}
		})
	}
}
