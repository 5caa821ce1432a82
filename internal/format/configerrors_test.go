package format

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/citelint/citelint/config"
)

// TestGitHubConfigErrors: every *config.Error in the error's tree becomes
// an annotation on its file and line when the file lies in the folder the
// report's paths are relative to, else one with the position in the
// message; an error with none is annotated whole only when the config
// could not be read at all.
func TestGitHubConfigErrors(t *testing.T) {
	inRepo := &config.Error{File: "/r/.citelint.yaml", Line: 3, Column: 12, Msg: "rules.enable[0]: unknown rule"}
	outside := &config.Error{File: "/elsewhere/c.yaml", Line: 5, Column: 2, Msg: "run.timeout: bad"}
	flagErr := &config.Error{Msg: "--enable: unknown rule \"nope\""}
	tests := []struct {
		name   string
		err    error
		unread bool
		want   []string
	}{
		{"one in the repository", inRepo, false, []string{
			"::error file=.citelint.yaml,line=3,col=12,title=citelint (config)::rules.enable[0]: unknown rule"}},
		{"joined and wrapped, in order", fmt.Errorf("load: %w", errors.Join(inRepo, outside, flagErr)), false, []string{
			"::error file=.citelint.yaml,line=3,col=12,title=citelint (config)::rules.enable[0]: unknown rule",
			"::error title=citelint (config)::" + outside.Error(),
			"::error title=citelint (config)::" + flagErr.Error()}},
		{"no config error, config read", errors.New("boom"), false, nil},
		{"no config error, config unread", errors.New("stat x: no such file"), true, []string{
			"::error title=citelint (config)::stat x: no such file"}},
		{"nil", nil, true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			GitHubConfigErrors(&b, tt.err, "/r", "", tt.unread)
			if got, want := b.String(), strings.Join(append(tt.want, ""), "\n"); got != want && !(got == "" && len(tt.want) == 0) {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func TestAnnotationPath(t *testing.T) {
	tests := []struct {
		file, wd, prefix, want string
		ok                     bool
	}{
		{"/r/.citelint.yaml", "/r", "", ".citelint.yaml", true},
		{"/r/.citelint.yaml", "/r/docs", "docs", ".citelint.yaml", true},
		{"/r/docs/.citelint.yaml", "/r/docs", "docs", "docs/.citelint.yaml", true},
		{"c.yaml", "/r/docs", "docs", "docs/c.yaml", true},
		{"../c.yaml", "/r/docs", "docs", "c.yaml", true},
		{"/r/.citelint.yaml", "/r/docs", "", "", false},
		{"/elsewhere/c.yaml", "/r", "", "", false},
		{"../../c.yaml", "/r/docs", "docs", "", false},
		{"", "/r", "", "", false},
		{"/r/c.yaml", "", "", "", false},
	}
	for _, tt := range tests {
		got, ok := annotationPath(tt.file, tt.wd, tt.prefix)
		if got != tt.want || ok != tt.ok {
			t.Errorf("annotationPath(%q, %q, %q) = %q, %v; want %q, %v", tt.file, tt.wd, tt.prefix, got, ok, tt.want, tt.ok)
		}
	}
}
