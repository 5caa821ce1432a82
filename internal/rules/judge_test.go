package rules_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/citelint/citelint/internal/rules"
	"github.com/citelint/citelint/internal/rules/rulestest"
	"github.com/citelint/citelint/internal/score"
)

// TestAskJudgeChunks: the passages go to the judge chunk by chunk, supported
// as soon as one chunk supports the claim, failed when any chunk fails.
func TestAskJudgeChunks(t *testing.T) {
	docs := []score.Doc{{Title: "One", Text: "Tema port opened in 1962."}, {Title: "Two", Text: "British engineers designed Tema port."}}
	opt := score.SelectOptions{ChunkTokens: 12}
	for _, tt := range []struct {
		name    string
		answer  func(doc string) (rules.JudgeVerdict, error)
		wantSup bool
		wantErr bool
		asked   int
	}{
		{"second chunk supports", func(doc string) (rules.JudgeVerdict, error) {
			return rules.JudgeVerdict{Supported: strings.Contains(doc, "Two"), Score: map[bool]float64{true: 0.9, false: 0.2}[strings.Contains(doc, "Two")]}, nil
		}, true, false, 2},
		{"first supports: no more asked", func(string) (rules.JudgeVerdict, error) { return rules.JudgeVerdict{Supported: true, Score: 1}, nil }, true, false, 1},
		{"one chunk fails: the answer fails", func(doc string) (rules.JudgeVerdict, error) {
			if strings.Contains(doc, "Two") {
				return rules.JudgeVerdict{}, errors.New("timeout")
			}
			return rules.JudgeVerdict{}, nil
		}, false, true, 2},
	} {
		j := &rulestest.ScriptJudge{Answer: tt.answer}
		v, err := rules.AskJudge(context.Background(), j, "Tema port opened in 1962, designed by British engineers.", docs, opt)
		if (err != nil) != tt.wantErr || v.Supported != tt.wantSup || len(j.Docs) != tt.asked {
			t.Errorf("%s: %+v %v after %d questions %q", tt.name, v, err, len(j.Docs), j.Docs)
		}
	}
}
