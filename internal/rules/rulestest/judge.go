package rulestest

import (
	"context"
	"sync"

	"github.com/citelint/citelint/internal/rules"
)

// ScriptJudge is a judge for tests: it answers from Answer and records
// the documents it was sent in Docs. A rule asks a document's questions
// at once, so it locks.
type ScriptJudge struct {
	Answer func(doc string) (rules.JudgeVerdict, error)
	mu     sync.Mutex
	Docs   []string
}

// Judge records doc and answers it.
func (j *ScriptJudge) Judge(_ context.Context, _, doc string) (rules.JudgeVerdict, error) {
	j.mu.Lock()
	j.Docs = append(j.Docs, doc)
	j.mu.Unlock()
	return j.Answer(doc)
}
