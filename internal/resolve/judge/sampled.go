package judge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"sync"

	"github.com/citelint/citelint/internal/rules"
)

// Sampled is a judge whose model is someone else's: an agent's host,
// asked through the Model Context Protocol's sampling. The agent checking
// its own draft then needs no judge server and no key.
//
// The protocol asks in rounds (multi round-trip requests): a tool call
// that needs the host's model returns its questions instead of a result,
// and the client calls again with the answers. Sampled serves both
// rounds: with no answer for a question, it records it as pending and
// fails (the lexical verdict stands for now); with the answer, it reads
// it. A check is deterministic, so the second round asks exactly the
// questions the first recorded. It asks in the JSON format: a host's
// model is a general instruction model, not MiniCheck.
type Sampled struct {
	// Answers holds the host model's text answers by question id
	// (Question.ID); nil in the first round.
	Answers map[string]string
	// MaxCalls caps the questions of one check (0 = 50): a host may ask
	// its user to approve each, and each costs their tokens.
	MaxCalls int

	mu      sync.Mutex
	pending map[string]Question
	stats   SampledStats
}

// Question is one question for the host's model.
type Question struct {
	System, User string
}

// ID names the question: the answer to it, and to no other, is read back.
func (q Question) ID() string {
	h := sha256.Sum256([]byte(q.System + "\x00" + q.User))
	return hex.EncodeToString(h[:12])
}

// SampledStats counts one check's questions to the host's model.
type SampledStats struct {
	Judged     int `json:"judged"`      // answered in the format asked
	Failed     int `json:"failed"`      // unanswered or unreadable: lexical verdict kept
	SkippedCap int `json:"skipped_cap"` // not asked, over the cap: lexical verdict kept
}

// ErrPending is the answer to a question recorded for the host's model:
// the lexical verdict stands until the next round brings its answer.
var ErrPending = errors.New("judge: asked the host's model; its answer comes in the next round")

// errCapped is the answer to a question over MaxCalls.
var errCapped = errors.New("judge: not asked, the per-check cap is reached")

// Judge answers from the host model's answer to the question, or records
// the question.
func (s *Sampled) Judge(_ context.Context, claim, document string) (rules.JudgeVerdict, error) {
	q := Question{System: jsonSystemPrompt, User: jsonUserMessage(claim, document)}
	id := q.ID()
	s.mu.Lock()
	defer s.mu.Unlock()
	limit := s.MaxCalls
	if limit <= 0 {
		limit = 50
	}
	if s.Answers != nil {
		answer, ok := s.Answers[id]
		if !ok && len(s.Answers) >= limit {
			s.stats.SkippedCap++ // over the cap in the first round too
			return rules.JudgeVerdict{}, errCapped
		}
		if !ok {
			s.stats.Failed++
			return rules.JudgeVerdict{}, errors.New("judge: the host's model gave no answer to this question")
		}
		v, err := parseVerdict(answer)
		if err != nil {
			s.stats.Failed++
			return rules.JudgeVerdict{}, err
		}
		s.stats.Judged++
		return v, nil
	}
	if _, ok := s.pending[id]; !ok && len(s.pending) >= limit {
		s.stats.SkippedCap++
		return rules.JudgeVerdict{}, errCapped
	}
	if s.pending == nil {
		s.pending = map[string]Question{}
	}
	s.pending[id] = q
	return rules.JudgeVerdict{}, ErrPending
}

// Pending returns the questions recorded in a first round, by id.
func (s *Sampled) Pending() map[string]Question {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pending
}

// Stats returns the counts so far.
func (s *Sampled) Stats() SampledStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}
