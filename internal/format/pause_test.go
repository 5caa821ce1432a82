package format

import (
	"regexp"
	"strings"
	"testing"
)

// TestPauseWorkflowCommands: inside Actions the text between the two lines
// is taken as plain text, under a token the text cannot guess; outside,
// nothing is written.
func TestPauseWorkflowCommands(t *testing.T) {
	stop := regexp.MustCompile(`^::stop-commands::([0-9a-f]{32})\n$`)
	tests := []struct {
		name      string
		inActions bool
	}{{"outside Actions", false}, {"inside Actions", true}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			resume := PauseWorkflowCommands(&b, tt.inActions)
			paused := b.String()
			resume()
			if !tt.inActions {
				if b.Len() != 0 {
					t.Errorf("wrote %q outside Actions", b.String())
				}
				return
			}
			m := stop.FindStringSubmatch(paused)
			if m == nil {
				t.Fatalf("pause = %q, want ::stop-commands:: and a random token", paused)
			}
			if got, want := b.String()[len(paused):], "::"+m[1]+"::\n"; got != want {
				t.Errorf("resume = %q, want %q", got, want)
			}
			var other strings.Builder
			PauseWorkflowCommands(&other, true)
			if strings.Contains(other.String(), m[1]) {
				t.Errorf("two pauses share the token %s", m[1])
			}
		})
	}
}
