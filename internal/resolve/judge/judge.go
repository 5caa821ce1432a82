// Package judge asks a language model whether a source supports a claim,
// for the claim-support scores the lexical scorer cannot settle. Any
// OpenAI-compatible chat-completions endpoint works: Ollama, llama.cpp's
// server, vLLM, or a hosted API. It is optional and never required: every
// failure (timeout, HTTP error, an answer not in the format asked for) is
// returned as an error, and the caller keeps its lexical verdict, counts
// the failure and shows it (Session).
//
// Two prompt formats (Format): MiniCheck's "Document: … Claim: …" with a
// Yes/No answer, which grounding models such as Bespoke-MiniCheck are
// trained on, and a JSON verdict with the quoted passage, for general
// instruction models. With Logprobs the request asks for token
// log-probabilities and, when the server returns them, the verdict carries
// P(Yes) as a continuous score; servers that ignore the field are read from
// the text answer.
//
// Answers are cached with the resolver cache, keyed by model, format and
// the whole prompt, so a run repeats no question.
//
// The URL and the key may be chosen by a config file from a pull request,
// so the request passes the same private-address guard as links (unless
// the caller's HTTP client says otherwise) and redirects are never
// followed: the key goes to the URL's host and nowhere else. Which hosts
// may receive the key is the caller's decision (docs/security.md).
package judge

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/citelint/citelint/internal/resolve"
	"github.com/citelint/citelint/internal/resolve/cache"
	"github.com/citelint/citelint/internal/resolve/httpclient"
	"github.com/citelint/citelint/internal/rules"
)

// Prompt and answer formats (config judge.format).
const (
	// FormatMiniCheck sends "Document: {evidence}\nClaim: {claim}" as the
	// only message and reads a Yes/No answer.
	FormatMiniCheck = "minicheck"
	// FormatJSON asks, under a system prompt, for {"supported": bool,
	// "quote": str}.
	FormatJSON = "json"
)

// Formats lists the accepted judge.format values.
var Formats = []string{FormatMiniCheck, FormatJSON}

// Client asks one model.
type Client struct {
	// URL is the API base, e.g. http://localhost:11434/v1; the client
	// posts to URL + "/chat/completions".
	URL, Model, APIKey string
	// Format is FormatMiniCheck or FormatJSON ("" = FormatJSON).
	Format string
	// Logprobs asks for token log-probabilities (minicheck format).
	Logprobs bool
	Timeout  time.Duration
	// Cache, when set, keeps answers (kind "judge").
	Cache *cache.Cache
	// HTTP is the transport; when nil, a client whose transport refuses
	// private addresses as httpclient does. Its redirect policy is
	// replaced: redirects are not followed.
	HTTP *http.Client
	// Offline asks nothing: only cached answers (--offline). Refresh
	// ignores cached answers, asks again and keeps the new ones
	// (--refresh).
	Offline, Refresh bool
}

// ErrOffline is the answer to a question not in the cache, offline.
var ErrOffline = errors.New("judge: offline, and the answer is not cached")

// FormatError is an answer that does not parse in the format asked for:
// usually judge.format does not match the model.
type FormatError struct {
	Format, Answer string
}

func (e *FormatError) Error() string {
	want := `Yes or No`
	if e.Format == FormatJSON {
		want = `JSON {"supported": true or false, ...}`
	}
	return fmt.Sprintf("answer is not in the %s format (want %s): %q", e.Format, want, clip(e.Answer, 160))
}

const jsonSystemPrompt = `You check citations. Given a CLAIM and a SOURCE, decide whether the SOURCE states or directly implies the CLAIM. Answer with JSON only: {"supported": true or false, "quote": "the sentence of the SOURCE that decides it, copied exactly, or empty"}.`

// miniCheckSystemPrompt is Bespoke-MiniCheck-7B's own system prompt, as
// its Ollama build sets it (SYSTEM in the model's Modelfile). Sent
// explicitly because other servers (vLLM, llama.cpp, a hosted endpoint)
// apply no Modelfile: without it the model answers out of the setting it
// was trained and measured in. Under Ollama it replaces the same text.
const miniCheckSystemPrompt = `Determine whether the provided claim is consistent with the corresponding document. Consistency in this context implies that all information presented in the claim is substantiated by the document. If not, it should be considered inconsistent. Please assess the claim's consistency with the document by responding with either "Yes" or "No".`

// topLogprobs is how many alternatives per token are asked for: enough to
// see both "Yes" and "No" and their case variants.
const topLogprobs = 10

func (c *Client) format() string {
	if c.Format == "" {
		return FormatJSON
	}
	return c.Format
}

// messages is the prompt for claim and document in the client's format.
func (c *Client) messages(claim, document string) []chatMessage {
	if c.format() == FormatMiniCheck {
		return []chatMessage{
			{Role: "system", Content: miniCheckSystemPrompt},
			{Role: "user", Content: "Document: " + document + "\nClaim: " + claim},
		}
	}
	return []chatMessage{
		{Role: "system", Content: jsonSystemPrompt},
		{Role: "user", Content: jsonUserMessage(claim, document)},
	}
}

// jsonUserMessage is the question in the JSON format.
func jsonUserMessage(claim, document string) string {
	return "CLAIM: " + claim + "\n\nSOURCE:\n" + document
}

// Judge asks whether document supports claim.
func (c *Client) Judge(ctx context.Context, claim, document string) (rules.JudgeVerdict, error) {
	v, _, err := c.Ask(ctx, claim, document)
	return v, err
}

// Cached returns the cached answer to the question, if any (none with
// Refresh).
func (c *Client) Cached(claim, document string) (rules.JudgeVerdict, bool) {
	if c.Cache == nil || c.Refresh {
		return rules.JudgeVerdict{}, false
	}
	l, ok := c.Cache.Get("judge", c.key(c.messages(claim, document)))
	if !ok {
		return rules.JudgeVerdict{}, false
	}
	return fromLookup(l)
}

// Ask is Judge that also says whether the answer came from the cache.
func (c *Client) Ask(ctx context.Context, claim, document string) (v rules.JudgeVerdict, cached bool, err error) {
	if v, ok := c.Cached(claim, document); ok {
		return v, true, nil
	}
	if c.Offline {
		return rules.JudgeVerdict{}, false, ErrOffline
	}
	msgs := c.messages(claim, document)
	key := c.key(msgs)
	v, err = c.ask(ctx, msgs)
	if err != nil {
		return rules.JudgeVerdict{}, false, err
	}
	if c.Cache != nil {
		c.Cache.Put("judge", key, toLookup(v))
	}
	return v, false, nil
}

// The cached verdict keeps the score in Reason, which people read too:
// "judge: supported p=0.9731".
func toLookup(v rules.JudgeVerdict) resolve.Lookup {
	l := resolve.Lookup{Verdict: resolve.Broken, Text: v.Quote, Reason: "judge: not supported"}
	if v.Supported {
		l.Verdict, l.Reason = resolve.OK, "judge: supported"
	}
	if v.Continuous {
		l.Reason += " p=" + strconv.FormatFloat(v.Score, 'f', 6, 64)
	}
	return l
}

func fromLookup(l resolve.Lookup) (rules.JudgeVerdict, bool) {
	if l.Verdict != resolve.OK && l.Verdict != resolve.Broken {
		return rules.JudgeVerdict{}, false
	}
	v := rules.JudgeVerdict{Supported: l.Verdict == resolve.OK, Quote: l.Text}
	v.Score = b2f(v.Supported)
	if _, p, ok := strings.Cut(l.Reason, " p="); ok {
		f, err := strconv.ParseFloat(p, 64)
		if err != nil || f < 0 || f > 1 {
			return rules.JudgeVerdict{}, false
		}
		v.Score, v.Continuous = f, true
	}
	return v, true
}

func (c *Client) key(msgs []chatMessage) string {
	h := sha256.New()
	// The server is part of the question: another server with a model of
	// the same name is another judge.
	parts := []string{c.URL, c.Model, c.format(), strconv.FormatBool(c.Logprobs && c.format() == FormatMiniCheck)}
	for _, m := range msgs {
		parts = append(parts, m.Role, m.Content)
	}
	for _, s := range parts {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

type chatRequest struct {
	Model       string        `json:"model"`
	Messages    []chatMessage `json:"messages"`
	Temperature float64       `json:"temperature"`
	MaxTokens   int           `json:"max_tokens,omitempty"`
	Logprobs    bool          `json:"logprobs,omitempty"`
	TopLogprobs int           `json:"top_logprobs,omitempty"`
	// ResponseFormat asks servers that support it for JSON; others ignore it.
	ResponseFormat map[string]string `json:"response_format,omitempty"`
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type tokenLogprob struct {
	Token   string  `json:"token"`
	Logprob float64 `json:"logprob"`
}

type chatResponse struct {
	Choices []struct {
		Message  chatMessage `json:"message"`
		Logprobs *struct {
			Content []struct {
				tokenLogprob
				TopLogprobs []tokenLogprob `json:"top_logprobs"`
			} `json:"content"`
		} `json:"logprobs"`
	} `json:"choices"`
}

func (c *Client) request(msgs []chatMessage) []byte {
	r := chatRequest{Model: c.Model, Messages: msgs}
	if c.format() == FormatMiniCheck {
		// One word is the answer; a short cap keeps a chatty model cheap.
		r.MaxTokens = 8
		if c.Logprobs {
			r.Logprobs, r.TopLogprobs = true, topLogprobs
		}
	} else {
		r.ResponseFormat = map[string]string{"type": "json_object"}
	}
	body, _ := json.Marshal(r)
	return body
}

func (c *Client) ask(ctx context.Context, msgs []chatMessage) (rules.JudgeVerdict, error) {
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(c.URL, "/")+"/chat/completions", bytes.NewReader(c.request(msgs)))
	if err != nil {
		return rules.JudgeVerdict{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	if c.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.APIKey)
	}
	var hc http.Client
	if c.HTTP != nil {
		hc = *c.HTTP
	} else {
		hc.Transport = guarded
		hc.Timeout = timeout
	}
	hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := hc.Do(req)
	if err != nil {
		return rules.JudgeVerdict{}, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return rules.JudgeVerdict{}, err
	}
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		return rules.JudgeVerdict{}, fmt.Errorf("HTTP %d redirect to %q not followed (the API key goes to the configured host only)", resp.StatusCode, resp.Header.Get("Location"))
	}
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
		return rules.JudgeVerdict{}, &RateLimitError{Status: resp.StatusCode, RetryAfter: retryAfter(resp.Header.Get("Retry-After"))}
	}
	if resp.StatusCode != http.StatusOK {
		return rules.JudgeVerdict{}, fmt.Errorf("HTTP %d: %s", resp.StatusCode, clip(strings.TrimSpace(string(data)), 200))
	}
	var cr chatResponse
	if err := json.Unmarshal(data, &cr); err != nil || len(cr.Choices) == 0 {
		return rules.JudgeVerdict{}, errors.New("not a chat-completions response")
	}
	content := cr.Choices[0].Message.Content
	if c.format() == FormatJSON {
		return parseVerdict(content)
	}
	v, err := parseYesNo(content)
	if lp := cr.Choices[0].Logprobs; c.Logprobs && lp != nil {
		var first []tokenLogprob
		for _, t := range lp.Content {
			if strings.TrimSpace(t.Token) != "" {
				first = append(t.TopLogprobs, t.tokenLogprob)
				break
			}
		}
		if p, ok := probYes(first); ok {
			return rules.JudgeVerdict{Supported: p >= 0.5, Score: p, Continuous: true}, nil
		}
	}
	return v, err
}

// RateLimitError is a 429 or 503 answer: the server asks to be asked
// later, which is no failure of the judge (Session waits and asks again).
type RateLimitError struct {
	Status     int
	RetryAfter time.Duration // 0 when the server did not say
}

func (e *RateLimitError) Error() string {
	if e.RetryAfter > 0 {
		return fmt.Sprintf("HTTP %d: rate limited, retry after %v", e.Status, e.RetryAfter)
	}
	return fmt.Sprintf("HTTP %d: rate limited", e.Status)
}

// retryAfter reads a Retry-After header given in seconds (an HTTP date
// is not worth its parsing here), capped at a minute.
func retryAfter(h string) time.Duration {
	n, err := strconv.Atoi(strings.TrimSpace(h))
	if err != nil || n < 0 {
		return 0
	}
	return min(time.Duration(n)*time.Second, time.Minute)
}

// guarded is the default transport: the private-address guard with no
// exemptions.
var guarded = httpclient.New(httpclient.Options{Version: "judge"}).Transport()

// parseVerdict reads the model's JSON, tolerating a Markdown code fence or
// prose around it.
func parseVerdict(content string) (rules.JudgeVerdict, error) {
	s := strings.TrimSpace(content)
	if i, j := strings.IndexByte(s, '{'), strings.LastIndexByte(s, '}'); i >= 0 && j > i {
		s = s[i : j+1]
	}
	var v struct {
		Supported *bool  `json:"supported"`
		Quote     string `json:"quote"`
	}
	if err := json.Unmarshal([]byte(s), &v); err != nil || v.Supported == nil {
		return rules.JudgeVerdict{}, &FormatError{Format: FormatJSON, Answer: content}
	}
	return rules.JudgeVerdict{Supported: *v.Supported, Score: b2f(*v.Supported), Quote: v.Quote}, nil
}

// parseYesNo reads a MiniCheck answer: its first word, Yes or No in any
// case, with punctuation around it ("Yes.", "**No**"), after a reasoning
// model's <think>…</think> block.
func parseYesNo(content string) (rules.JudgeVerdict, error) {
	answer := strings.TrimSpace(content)
	if strings.HasPrefix(answer, "<think>") {
		if _, after, ok := strings.Cut(answer, "</think>"); ok {
			answer = after
		}
	}
	w := firstWord(answer)
	switch w {
	case "yes":
		return rules.JudgeVerdict{Supported: true, Score: 1}, nil
	case "no":
		return rules.JudgeVerdict{Supported: false, Score: 0}, nil
	}
	return rules.JudgeVerdict{}, &FormatError{Format: FormatMiniCheck, Answer: content}
}

func firstWord(s string) string {
	// Any white space (a form feed, a no-break space) and the marks models
	// put around a word.
	s = strings.TrimLeftFunc(s, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune("*_\"'`([", r) })
	end := strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	})
	if end >= 0 {
		s = s[:end]
	}
	return strings.ToLower(s)
}

// probYes is P(Yes) from the first answer token's alternatives: the
// probabilities of every spelling of "Yes" and of "No" summed, normalised
// against each other when both appear. ok is false when neither does.
func probYes(alts []tokenLogprob) (p float64, ok bool) {
	var yes, no float64
	var sawYes, sawNo bool
	seen := map[string]bool{}
	for _, a := range alts {
		if seen[a.Token] || a.Logprob > 0 || a.Logprob != a.Logprob {
			continue
		}
		seen[a.Token] = true
		switch firstWord(a.Token) {
		case "yes":
			yes, sawYes = yes+math.Exp(a.Logprob), true
		case "no":
			no, sawNo = no+math.Exp(a.Logprob), true
		}
	}
	switch {
	case sawYes && sawNo && yes+no > 0:
		return yes / (yes + no), true
	case sawYes:
		return min(yes, 1), true
	case sawNo:
		return max(1-no, 0), true
	}
	return 0, false
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
