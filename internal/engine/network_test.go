package engine_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/citelint/citelint/config"
	"github.com/citelint/citelint/internal/engine"
	"github.com/citelint/citelint/internal/evidence"
	"github.com/citelint/citelint/internal/registrystub"
	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/output"
	"github.com/citelint/citelint/result"
)

// networkProject is registrystub.Project.
func networkProject(t *testing.T) (dir, doc string, stub *registrystub.Server) {
	return registrystub.Project(t)
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func loadEngine(t *testing.T, dir string, o engine.Options) *engine.Engine {
	t.Helper()
	cfg, err := config.Load(filepath.Join(dir, ".citelint.yaml"), engine.ConfigOptions())
	if err != nil {
		t.Fatal(err)
	}
	o.WorkDir = dir
	eng, err := engine.New(cfg, o)
	if err != nil {
		t.Fatal(err)
	}
	return eng
}

// lookUpAndLint runs the network pass with o, then lints what it looked
// up, as run does.
func lookUpAndLint(t *testing.T, eng *engine.Engine, doc string, o engine.NetworkOptions) *output.Report {
	t.Helper()
	ctx := context.Background()
	fs := eng.Walk([]string{doc})
	n, err := eng.LookUp(ctx, fs, o)
	if err != nil {
		t.Fatal(err)
	}
	r := eng.NewReport(engine.ReportOptions{})
	var issues []result.Issue
	r.Stream(ctx, fs.Paths, eng.Options(fs), func(iss []result.Issue) { issues = append(issues, iss...) })
	r.SetIssues(issues)
	r.Finish(fs.Errs, n.Unverified())
	return r.Output()
}

func ruleLines(r *output.Report) string {
	var s []string
	for _, iss := range r.Issues {
		s = append(s, fmt.Sprintf("%s:%d:%s", filepath.Base(iss.Path), iss.Pos.Line, iss.Rule))
	}
	return strings.Join(s, " ")
}

// TestLookUp: the pass's answers reach the network rules; the 503 is
// unverified, never dead; a warm cache asks only what was transient;
// offline with an empty cache nothing is asked and nothing is dead.
func TestLookUp(t *testing.T) {
	dir, doc, stub := networkProject(t)
	o := engine.NetworkOptions{AllowPrivate: true} // the stub's registries and pages are on loopback
	const want = "report.md:6:dead-doi report.md:8:dead-link"

	r := lookUpAndLint(t, loadEngine(t, dir, engine.Options{}), doc, o)
	if got := ruleLines(r); got != want {
		t.Errorf("issues %s, want %s", got, want)
	}
	if r.Summary.Unverified != 1 || r.Summary.Extra["unverified_url"] != 1 {
		t.Errorf("unverified %d %v; want the 503 page alone", r.Summary.Unverified, r.Summary.Extra)
	}
	first := stub.Requests()

	r = lookUpAndLint(t, loadEngine(t, dir, engine.Options{}), doc, o)
	if got := ruleLines(r); got != want {
		t.Errorf("warm cache: issues %s", got)
	}
	for kind, n := range stub.Requests() {
		if kind != "page" && n != first[kind] {
			t.Errorf("warm cache asked %s again (%d then %d requests)", kind, first[kind], n)
		}
	}

	os.RemoveAll(filepath.Join(dir, "cache"))
	before := stub.Requests()
	r = lookUpAndLint(t, loadEngine(t, dir, engine.Options{}), doc, engine.NetworkOptions{Offline: true})
	if got := ruleLines(r); got != "" || r.Summary.Unverified != 5 {
		t.Errorf("offline, empty cache: issues %q, unverified %d; want none, 5", got, r.Summary.Unverified)
	}
	for kind, n := range stub.Requests() {
		if n != before[kind] {
			t.Errorf("offline made %s requests", kind)
		}
	}
}

// TestLookUpRefusesPrivate: without the caller's consent nothing on the
// stub's loopback address is asked or called dead, and one note names it.
func TestLookUpRefusesPrivate(t *testing.T) {
	dir, doc, stub := networkProject(t)
	var notes bytes.Buffer
	r := lookUpAndLint(t, loadEngine(t, dir, engine.Options{}), doc, engine.NetworkOptions{Stderr: &notes})
	if got := ruleLines(r); got != "" || len(stub.Requests()) != 0 {
		t.Errorf("a private address was asked or called dead: %s, %v", got, stub.Requests())
	}
	// The stub's registries are on loopback too: all five requests.
	if got := notes.String(); strings.Count(got, "\n") != 1 || !strings.Contains(got, "note: 5 requests not checked, private address refused: ") || !strings.Contains(got, stub.URL+"/busy, "+stub.URL+"/gone") {
		t.Errorf("note %q", got)
	}
}

// TestLookUpTrustedHostIsNoLink pins issue 37, finding 4: a host the
// caller trusts serves the resolvers configured there (the stub's
// registries: the dead DOI is found) but a document's links to it are
// refused, named in the note, never fetched nor called dead.
func TestLookUpTrustedHostIsNoLink(t *testing.T) {
	dir, doc, stub := networkProject(t)
	var notes bytes.Buffer
	o := engine.NetworkOptions{TrustedHosts: []string{strings.TrimPrefix(stub.URL, "http://")}, Stderr: &notes}
	r := lookUpAndLint(t, loadEngine(t, dir, engine.Options{}), doc, o)
	if got := ruleLines(r); got != "report.md:6:dead-doi" {
		t.Errorf("issues %s, want the dead DOI alone", got)
	}
	if n := stub.Requests()["page"]; n != 0 {
		t.Errorf("%d pages fetched from the trusted host", n)
	}
	if got := notes.String(); !strings.Contains(got, "note: 2 requests not checked, private address refused: "+stub.URL+"/busy, "+stub.URL+"/gone") {
		t.Errorf("note %q", got)
	}
}

// TestLookUpBytesRefusesNumericLoopback pins issue 37, finding 8 on the
// path citelint mcp takes (LookUpBytes): numeric spellings of loopback were
// looked up in DNS as names and reported dead ("host not found"). They are
// refused, unverified and counted in the note; no DNS is asked, so the
// test needs none.
func TestLookUpBytesRefusesNumericLoopback(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer srv.Close()
	port := srv.URL[strings.LastIndexByte(srv.URL, ':')+1:]
	eng, _ := newEngine(t, "version: \"1\"\nrules: {default: none, enable: [dead-link]}\nresolvers:\n  cache: {dir: cache}\n")
	spellings := []string{"127.1", "2130706433", "0177.0.0.1", "127.0.0.1.", "0x7f.0.0.1", "[::ffff:127.0.0.1]", "0x7f000001", "017700000001", "127.0.1"}
	var doc strings.Builder
	doc.WriteString("Claims [1].\n\n## References\n\n")
	var urls []string
	for i, h := range spellings {
		u := "http://" + h + ":" + port + "/status"
		urls = append(urls, u)
		fmt.Fprintf(&doc, "%d. Page. %s\n", i+1, u)
	}
	var notes bytes.Buffer
	n, err := eng.LookUpBytes(context.Background(), "r.md", []byte(doc.String()), engine.NetworkOptions{Stderr: &notes})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range urls {
		if l, ok := n.Lookups.URL(u); !ok || l.Verdict == resolve.Broken || l.Reason != "private address refused" {
			t.Errorf("%s: %+v (%v), want refused", u, l, ok)
		}
	}
	if !strings.Contains(notes.String(), fmt.Sprintf("note: %d requests not checked, private address refused: ", len(spellings))) {
		t.Errorf("note %q", notes.String())
	}
	if hits.Load() != 0 {
		t.Errorf("the loopback server was reached %d times", hits.Load())
	}
}

// TestLookUpNothingToDo: with no network or claim-support rule the pass
// makes no request and sets nothing up.
func TestLookUpNothingToDo(t *testing.T) {
	eng, dir := newEngine(t, "")
	n, err := eng.LookUp(context.Background(), eng.Walk([]string{dir}), engine.NetworkOptions{})
	if err != nil || n.Lookups != nil || n.Support != nil || n.Judge != nil || n.Unverified() != nil {
		t.Errorf("LookUp = %+v, %v; want nothing", n, err)
	}
}

// TestNewNetworkCache: with Options.Network and a network rule on, a
// resolver cache that cannot be opened (no cache folder is named and the
// user has none) is New's error, as it is run's; offline it is no error
// (everything is unverified).
func TestNewNetworkCache(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("os.UserCacheDir fails without $HOME only on Linux and the BSDs")
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	dir, _, _ := networkProject(t)
	cfg, err := config.Load(filepath.Join(dir, ".citelint.yaml"), engine.ConfigOptions())
	if err != nil {
		t.Fatal(err)
	}
	cfg.Resolvers.Cache.Dir = ""
	if _, err := engine.New(cfg, engine.Options{WorkDir: dir, Network: &engine.NetworkOptions{}}); err == nil || !strings.Contains(err.Error(), "resolver cache") {
		t.Errorf("New = %v; want the resolver cache's error", err)
	}
	if _, err := engine.New(cfg, engine.Options{WorkDir: dir, Network: &engine.NetworkOptions{Offline: true}}); err != nil {
		t.Errorf("offline: %v", err)
	}
	if _, err := engine.New(cfg, engine.Options{WorkDir: dir}); err != nil {
		t.Errorf("without Network: %v", err)
	}
}

// TestLintBytesSupport: LintBytes reports the support summary run
// reports for the file, with the engine's evidence or the caller's.
func TestLintBytesSupport(t *testing.T) {
	eng, _ := newEngine(t, "version: \"1\"\nrules:\n  enable: [low-overlap, number-mismatch]\n")
	eng.AddSources(store(t))
	// The engine's own offline evidence: the store's text.
	if r := eng.LintBytes(context.Background(), "a.md", []byte(supported)); r.Summary.Support == nil || r.Summary.Support.Scored != 2 {
		t.Fatalf("support %+v with the engine's evidence", r.Summary.Support)
	}
	dir := t.TempDir()
	writeFile(t, dir, ".citelint.yaml", "version: \"1\"\nrules:\n  enable: [low-overlap, number-mismatch]\n")
	eng = loadEngine(t, dir, engine.Options{Evidence: &evidence.Finder{}})
	eng.AddSources(store(t))
	r := eng.LintBytes(context.Background(), "a.md", []byte(supported))
	if s := r.Summary.Support; s == nil || s.CitedClaims != 2 || s.Scored != 2 || len(r.Summary.SupportFiles) != 1 {
		t.Errorf("support %+v, files %+v", s, r.Summary.SupportFiles)
	}
}

// TestJudgeNeedsTheCallersURL: the engine asks the judge only at the URL
// the caller gives, with the key the caller gives; the config's judge.url
// and api-key-env alone (a pull request could write them) ask nothing.
func TestJudgeNeedsTheCallersURL(t *testing.T) {
	var calls atomic.Int32
	var auth atomic.Value
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		auth.Store(r.Header.Get("Authorization"))
		json.NewEncoder(w).Encode(map[string]any{"choices": []map[string]any{{"message": map[string]string{"content": `{"supported": false, "quote": "Penguins live in the south."}`}}}})
	}))
	defer model.Close()
	dir := t.TempDir()
	writeFile(t, dir, "s.jsonl", `{"id": "d_1", "text": "Global mean sea level increased by 0.20 m between 1901 and 2018."}`+"\n")
	writeFile(t, dir, ".citelint.yaml", fmt.Sprintf("version: \"1\"\nsources: s.jsonl\nrules:\n  default: none\n  enable: [low-overlap]\n  settings:\n    low-overlap: {judge-band: 1}\nresolvers:\n  cache: {dir: cache}\njudge:\n  url: %s/v1\n  model: m\n  api-key-env: JUDGE_KEY\n", model.URL))
	t.Setenv("JUDGE_KEY", "from-the-environment")
	src := []byte("Global mean sea level increased by 0.20 m between 1901 and 2018 [REF|d_1].\n")
	host := strings.TrimPrefix(model.URL, "http://")

	for _, tc := range []struct {
		name      string
		judge     engine.JudgeOptions
		wantCalls bool
		wantAuth  string
	}{
		{"config alone", engine.JudgeOptions{}, false, ""},
		{"caller's URL, no key", engine.JudgeOptions{URL: model.URL + "/v1"}, true, ""},
		{"caller's URL and key", engine.JudgeOptions{URL: model.URL + "/v1", APIKey: "given"}, true, "Bearer given"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.RemoveAll(filepath.Join(dir, "cache"))
			calls.Store(0)
			auth.Store("")
			var stderr bytes.Buffer
			eng := loadEngine(t, dir, engine.Options{Network: &engine.NetworkOptions{TrustedHosts: []string{host}, Judge: tc.judge, Stderr: &stderr}})
			r := eng.LintBytes(context.Background(), "a.md", src)
			judged := strings.Contains(ruleLines(r), "low-overlap")
			if (calls.Load() > 0) != tc.wantCalls || judged != tc.wantCalls || auth.Load() != tc.wantAuth {
				t.Errorf("calls %d, issues %q, Authorization %q; want called %v with %q", calls.Load(), ruleLines(r), auth.Load(), tc.wantCalls, tc.wantAuth)
			}
			if tc.wantCalls && !strings.Contains(stderr.String(), "judge") {
				t.Errorf("no judge counts on Stderr: %q", stderr.String())
			}
		})
	}
}

// TestLintPathsTimeoutInNetworkPass: when ctx's deadline comes while the
// lookups hang, LintPaths still lints every file (the offline finding)
// and the lookup it had no time for is unverified, never dead, as run
// reports it: the pass gets only its share of the time.
func TestLintPathsTimeoutInNetworkPass(t *testing.T) {
	var cued atomic.Bool
	var expire context.CancelFunc
	defer func(d func(context.Context, time.Duration) (context.Context, context.CancelFunc)) {
		engine.NetworkDeadline = d
	}(engine.NetworkDeadline)
	engine.NetworkDeadline = func(parent context.Context, _ time.Duration) (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(parent)
		expire = cancel
		return ctx, cancel
	}
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cued.Store(true)
		expire() // the pass's share ends once the server has the lookup
		<-r.Context().Done()
	}))
	defer hang.Close()
	dir := t.TempDir()
	writeFile(t, dir, ".citelint.yaml", "version: \"1\"\nrules: {enable: [dead-link]}\nresolvers:\n  cache: {dir: cache}\n  request-timeout: 1m\n  host-budget: 2m\n")
	doc := writeFile(t, dir, "r.md", "A claim [1] and a lost one [9].\n\n## References\n\n[1] Page. "+hang.URL+"/1\n")
	eng := loadEngine(t, dir, engine.Options{WorkDir: dir, Network: &engine.NetworkOptions{AllowPrivate: true}})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // a deadline, for the share
	defer cancel()
	r := eng.LintPaths(ctx, []string{doc})
	if !cued.Load() {
		t.Fatal("the network pass never reached the hanging server")
	}
	if got := ruleLines(r); !strings.Contains(got, "unresolvable-label") || strings.Contains(got, "dead-link") {
		t.Errorf("want the file linted and its link not dead, got:\n%s", got)
	}
	if len(r.Summary.Errors) > 0 || r.Summary.Unverified != 1 {
		t.Errorf("errors %v, unverified %d; want none and 1", r.Summary.Errors, r.Summary.Unverified)
	}
}

// TestLookUpThenLintCountsUnverified: a LookUp whose answers a lint then
// uses leaves its unverified lookups in that lint's summary.
func TestLookUpThenLintCountsUnverified(t *testing.T) {
	dir, doc, _ := networkProject(t)
	eng := loadEngine(t, dir, engine.Options{WorkDir: dir})
	if _, err := eng.LookUp(context.Background(), eng.Walk([]string{doc}), engine.NetworkOptions{AllowPrivate: true}); err != nil {
		t.Fatal(err)
	}
	r := eng.LintPaths(context.Background(), []string{doc})
	if r.Summary.Unverified != 1 { // the page that answers 503
		t.Errorf("unverified %d, want 1 (the busy page)\n%s", r.Summary.Unverified, ruleLines(r))
	}
}

// TestConcurrentLintsShareStderr: lints with Options.Network may run at
// once and write their notes to one writer. The race detector is what
// fails it when the writes are not serialised: .ci/run runs this package
// with -race.
func TestConcurrentLintsShareStderr(t *testing.T) {
	dir, doc, _ := networkProject(t)
	var stderr bytes.Buffer
	eng := loadEngine(t, dir, engine.Options{WorkDir: dir, Network: &engine.NetworkOptions{Stderr: &stderr}})
	src, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	for range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			eng.LintBytes(context.Background(), doc, src)
		}()
	}
	for range 4 {
		<-done
	}
	if n := strings.Count(stderr.String(), "private address refused"); n != 4 {
		t.Errorf("%d refusal notes, want one per lint:\n%s", n, stderr.String())
	}
}
