// Package judge asks a language model whether a source supports a claim,
// for the borderline scores of the low-overlap rule. Any OpenAI-compatible
// chat-completions endpoint works: a local llama.cpp, vLLM or Ollama
// server, or a hosted API. It is optional and never required: every
// failure (timeout, HTTP error, an answer that is not the JSON asked for)
// is returned as an error, and the caller keeps its lexical verdict.
// Answers are cached with the resolver cache, keyed by model, claim and
// source, so a run repeats no question.
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
	"net/http"
	"strings"
	"time"

	"github.com/citelint/citelint/resolve"
	"github.com/citelint/citelint/resolve/cache"
	"github.com/citelint/citelint/resolve/httpclient"
	"github.com/citelint/citelint/rules"
)

// Client asks one model.
type Client struct {
	// URL is the API base, e.g. http://localhost:8080/v1; the client
	// posts to URL + "/chat/completions".
	URL, Model, APIKey string
	Timeout            time.Duration
	// Cache, when set, keeps answers (kind "judge").
	Cache *cache.Cache
	// HTTP is the transport; when nil, a client whose transport refuses
	// private addresses as httpclient does. Its redirect policy is
	// replaced: redirects are not followed.
	HTTP *http.Client
}

// maxSource bounds the source text sent: the best passages come first, so
// the cut loses the least relevant part.
const maxSource = 12000

const systemPrompt = `You check citations. Given a CLAIM and a SOURCE, decide whether the SOURCE states or directly implies the CLAIM. Answer with JSON only: {"supported": true or false, "quote": "the sentence of the SOURCE that decides it, copied exactly, or empty"}.`

// Judge asks whether source supports claim.
func (c *Client) Judge(ctx context.Context, claim, source string) (rules.JudgeVerdict, error) {
	if len(source) > maxSource {
		source = source[:maxSource]
	}
	key := c.key(claim, source)
	if c.Cache != nil {
		if l, ok := c.Cache.Get("judge", key); ok {
			return rules.JudgeVerdict{Supported: l.Verdict == resolve.OK, Quote: l.Text}, nil
		}
	}
	v, err := c.ask(ctx, claim, source)
	if err != nil {
		return rules.JudgeVerdict{}, err
	}
	if c.Cache != nil {
		l := resolve.Lookup{Verdict: resolve.Broken, Text: v.Quote, Reason: "judge: not supported"}
		if v.Supported {
			l.Verdict, l.Reason = resolve.OK, "judge: supported"
		}
		c.Cache.Put("judge", key, l)
	}
	return v, nil
}

func (c *Client) key(claim, source string) string {
	h := sha256.New()
	for _, s := range []string{c.Model, systemPrompt, claim, source} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

type chatRequest struct {
	Model       string        `json:"model"`
	Messages    []chatMessage `json:"messages"`
	Temperature float64       `json:"temperature"`
	// ResponseFormat asks servers that support it for JSON; others ignore it.
	ResponseFormat map[string]string `json:"response_format,omitempty"`
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type chatResponse struct {
	Choices []struct {
		Message chatMessage `json:"message"`
	} `json:"choices"`
}

func (c *Client) ask(ctx context.Context, claim, source string) (rules.JudgeVerdict, error) {
	body, _ := json.Marshal(chatRequest{
		Model: c.Model, Temperature: 0,
		Messages: []chatMessage{
			{Role: "system", Content: systemPrompt},
			{Role: "user", Content: "CLAIM: " + claim + "\n\nSOURCE:\n" + source},
		},
		ResponseFormat: map[string]string{"type": "json_object"},
	})
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(c.URL, "/")+"/chat/completions", bytes.NewReader(body))
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
		return rules.JudgeVerdict{}, fmt.Errorf("judge: HTTP %d redirect to %q not followed (the API key goes to the configured host only)", resp.StatusCode, resp.Header.Get("Location"))
	}
	if resp.StatusCode != http.StatusOK {
		return rules.JudgeVerdict{}, fmt.Errorf("judge: HTTP %d: %s", resp.StatusCode, strings.TrimSpace(string(data[:min(len(data), 200)])))
	}
	var cr chatResponse
	if err := json.Unmarshal(data, &cr); err != nil || len(cr.Choices) == 0 {
		return rules.JudgeVerdict{}, errors.New("judge: not a chat-completions response")
	}
	return parseVerdict(cr.Choices[0].Message.Content)
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
		return rules.JudgeVerdict{}, fmt.Errorf("judge: answer is not the JSON asked for: %q", content[:min(len(content), 120)])
	}
	return rules.JudgeVerdict{Supported: *v.Supported, Quote: v.Quote}, nil
}
