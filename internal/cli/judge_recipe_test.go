package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/citelint/citelint/internal/corpus"
)

// recipeConfig is the .citelint.yaml block of docs/judge.md's recipe with
// its URL pointed at url: the test runs what the documentation says.
func recipeConfig(t *testing.T, url string) string {
	t.Helper()
	b, err := os.ReadFile("../../docs/judge.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)<!-- recipe -->\n```yaml\n(.*?)```").FindSubmatch(b)
	if m == nil {
		t.Fatal("docs/judge.md has no <!-- recipe --> yaml block")
	}
	y := strings.Replace(string(m[1]), "http://localhost:11434/v1", url+"/v1", 1)
	if y == string(m[1]) {
		t.Fatal("the recipe's judge.url is not http://localhost:11434/v1")
	}
	return "version: \"1\"\nresolvers:\n  cache: {dir: cache}\n" + y
}

// miniCheckStub is a loopback chat-completions server that answers
// MiniCheck prompts with decide(document, claim); with logprobs it also
// returns P(Yes) = 0.9 or 0.1 as token log-probabilities.
func miniCheckStub(t *testing.T, decide func(doc, claim string) bool, calls *atomic.Int32) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		var req struct {
			Model    string `json:"model"`
			Logprobs bool   `json:"logprobs"`
			Messages []struct{ Role, Content string }
		}
		b, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(b, &req); err != nil || len(req.Messages) != 2 || req.Messages[0].Role != "system" || req.Model != "bespoke-minicheck" {
			t.Errorf("not a MiniCheck request: %.300s", b)
			w.WriteHeader(400)
			return
		}
		u := req.Messages[1].Content
		i := strings.LastIndex(u, "\nClaim: ")
		if !strings.HasPrefix(u, "Document: ") || i < 0 {
			t.Errorf("not a MiniCheck prompt: %.300s", u)
		}
		yes := decide(u[len("Document: "):i], u[i+len("\nClaim: "):])
		answer, p := "No", 0.1
		if yes {
			answer, p = "Yes", 0.9
		}
		choice := map[string]any{"message": map[string]string{"role": "assistant", "content": answer}}
		if req.Logprobs {
			top := []map[string]any{{"token": "Yes", "logprob": ln(p)}, {"token": "No", "logprob": ln(1 - p)}}
			choice["logprobs"] = map[string]any{"content": []any{map[string]any{"token": answer, "logprob": ln(max(p, 1-p)), "top_logprobs": top}}}
		}
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{choice}})
	}))
	t.Cleanup(srv.Close)
	return srv
}

// wiceRow is a WiCE dev line.
type wiceRow struct {
	Label    string   `json:"label"`
	Claim    string   `json:"claim"`
	Evidence []string `json:"evidence"`
	Sets     [][]int  `json:"supporting_sentences"`
}

func squashSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestJudgeRecipeWiCE is the issue's target: with a judge that says Yes
// exactly when the prompt holds every sentence of one of the claim's gold
// evidence sets, `calibrate --judge` on WiCE dev (supported vs
// not_supported) reaches balanced accuracy 0.95 at the default budget,
// with docs/judge.md's recipe config: the passages sent hold the
// evidence. A not_supported claim has no evidence set that supports it
// (its annotators' sets are partial evidence or empty), so the oracle
// says No to it.
func TestJudgeRecipeWiCE(t *testing.T) {
	f, err := os.Open(corpus.Path(t, "labelled", "wice", "dev.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gold := map[string][][]string{}
	var pairs strings.Builder
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var r wiceRow
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		if r.Label == "partially_supported" {
			continue
		}
		if r.Label == "supported" {
			for _, set := range r.Sets {
				var sents []string
				for _, i := range set {
					sents = append(sents, squashSpace(r.Evidence[i]))
				}
				if len(sents) > 0 {
					gold[r.Claim] = append(gold[r.Claim], sents)
				}
			}
		}
		line, _ := json.Marshal(map[string]any{"claim": r.Claim, "source": strings.Join(r.Evidence, "\n"), "supported": r.Label == "supported"})
		pairs.Write(append(line, '\n'))
	}
	oracle := func(doc, claim string) bool {
		doc = squashSpace(doc)
	sets:
		for _, set := range gold[claim] {
			for _, s := range set {
				if !strings.Contains(doc, s) {
					continue sets
				}
			}
			return true
		}
		return false
	}
	var calls atomic.Int32
	srv := miniCheckStub(t, oracle, &calls)
	dir := t.TempDir()
	write(t, dir, ".citelint.yaml", recipeConfig(t, srv.URL))
	data := write(t, dir, "wice.jsonl", pairs.String())
	code, stdout, stderr := run(t, dir, "", "calibrate", "--data", data, "--judge", "--judge-url", srv.URL+"/v1", "--format", "json")
	if code != ExitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	t.Logf("calibrate --judge on WiCE dev, supported vs not_supported, against the oracle stub:\n%s%s", stdout, stderr)
	var out struct {
		N      int `json:"n"`
		AUROC  float64
		Judge  map[string]any `json:"judge"`
		Hybrid map[string]any `json:"hybrid"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	if out.N != 158 || out.AUROC == 0 {
		t.Errorf("lexical keys: n %d auroc %v, want 158 pairs", out.N, out.AUROC)
	}
	if ba := out.Judge["balanced_accuracy"].(float64); ba < 0.95 {
		t.Errorf("judge balanced accuracy %.3f < 0.95: the passages sent miss the evidence", ba)
	}
	if out.Judge["failed"].(float64) != 0 || out.Judge["calls"].(float64) != float64(calls.Load()) || calls.Load() < 158 {
		t.Errorf("judge %v, stub asked %d times", out.Judge, calls.Load())
	}
	if out.Judge["auroc"] == nil || out.Hybrid["auroc"] == nil || out.Hybrid["best_band"] == nil {
		t.Errorf("judge %v hybrid %v: want AUROC from log-probabilities and a best band", out.Judge, out.Hybrid)
	}
	// A second calibration is answered from the cache.
	before := calls.Load()
	if code, _, stderr := run(t, dir, "", "calibrate", "--data", data, "--judge", "--judge-url", srv.URL+"/v1"); code != ExitOK || calls.Load() != before || !strings.Contains(stderr, "0 judged, 158 cached") {
		t.Errorf("second run: exit %d, %d new calls\n%s", code, calls.Load()-before, stderr)
	}
}

func ln(p float64) float64 { return math.Log(p) }

// TestJudgeRecipeRun: a run with the recipe's config asks the judge in
// the MiniCheck format about the cited sentences, keeps a sentence the
// judge supports, reports one it does not, and ends with the summary line.
func TestJudgeRecipeRun(t *testing.T) {
	var calls atomic.Int32
	srv := miniCheckStub(t, func(doc, claim string) bool {
		return strings.Contains(claim, "0.20 m") && strings.Contains(doc, "0.20 m")
	}, &calls)
	dir := t.TempDir()
	write(t, dir, "s.jsonl", `{"id": "d_1", "title": "IPCC AR6", "text": "Global mean sea level increased by 0.20 m between 1901 and 2018. Human influence was very likely the main driver."}`+"\n")
	cfg := strings.Replace(recipeConfig(t, srv.URL), "judge-band: 0.15", "judge-band: 1", 1)
	write(t, dir, ".citelint.yaml", cfg+"sources: s.jsonl\n")
	p := write(t, dir, "a.md", "Sea level rose by 0.20 m over the last century [REF|d_1].\n\nSea level rose by 2 m, mostly from natural causes [REF|d_1].\n")
	code, stdout, stderr := runEnv(t, dir, nil, "run", "--judge-url", srv.URL+"/v1", "--format", "json", p)
	if code != ExitIssues {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if n := strings.Count(stdout, "says the judge model"); n != 1 || calls.Load() != 2 {
		t.Errorf("%d judged issues, %d calls\n%s", n, calls.Load(), stdout)
	}
	if !strings.Contains(stderr, "citelint: judge: 2 judged, 0 cached, 0 failed, 0 skipped by cap\n") {
		t.Errorf("no summary line:\n%s", stderr)
	}
}

// TestJudgeWrongFormatShown: a model that answers prose to the MiniCheck
// prompt leaves every lexical verdict as it was, and the user sees the
// model's first answer once, the failures counted in the summary line.
func TestJudgeWrongFormatShown(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := calls.Add(1)
		io.Copy(io.Discard, r.Body)
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"message": map[string]string{
			"role": "assistant", "content": fmt.Sprintf("Answer %d: the claim is consistent with the document.", n)}}}})
	}))
	defer srv.Close()
	dir := t.TempDir()
	write(t, dir, "s.jsonl", `{"id": "d_1", "title": "IPCC AR6", "text": "Global mean sea level increased by 0.20 m between 1901 and 2018."}`+"\n")
	doc := "Sea level rose by 0.20 m over the last century [REF|d_1].\n\nSea level rose by 2 m, mostly from natural causes [REF|d_1].\n"
	p := write(t, dir, "a.md", doc)
	write(t, dir, ".citelint.yaml", "version: \"1\"\nsources: s.jsonl\nrules:\n  enable: [low-overlap]\n")
	_, lexical, _ := runEnv(t, dir, nil, "run", "--format", "json", p)
	write(t, dir, ".citelint.yaml", strings.Replace(recipeConfig(t, srv.URL), "judge-band: 0.15", "judge-band: 1", 1)+"sources: s.jsonl\n")
	_, stdout, stderr := runEnv(t, dir, nil, "run", "--judge-url", srv.URL+"/v1", "--format", "json", p)
	// The questions go out at once: the answer said is whichever came
	// first, once.
	if n := strings.Count(stderr, "not in the minicheck format"); n != 1 || !regexp.MustCompile(`"Answer [12]: the claim is consistent with the document."`).MatchString(stderr) {
		t.Errorf("the wrong format was said %d times, or without the model's first answer:\n%s", n, stderr)
	}
	if !strings.Contains(stderr, "citelint: judge: 0 judged, 0 cached, 2 failed, 0 skipped by cap (lexical verdict kept for 2)") {
		t.Errorf("summary line:\n%s", stderr)
	}
	if got, want := strings.Count(stdout, `"rule": "low-overlap"`), strings.Count(lexical, `"rule": "low-overlap"`); got != want || want == 0 {
		t.Errorf("%d low-overlap issues with a failing judge, %d without a judge", got, want)
	}
	if !strings.Contains(stdout, "the judge gave no answer") {
		t.Errorf("the issue does not say the judge failed:\n%s", stdout)
	}
}
