package reportfile

import (
	"slices"
	"testing"

	"github.com/citelint/citelint/config"
)

func TestParseFlag(t *testing.T) {
	tests := []struct {
		in, wantErr string
		want        config.OutputFormat
	}{
		{in: "sarif:out.sarif", want: config.OutputFormat{Format: "sarif", Path: "out.sarif"}},
		{in: "text", want: config.OutputFormat{Format: "text", Path: config.Stdout}},
		{in: "github-actions:stderr", want: config.OutputFormat{Format: "github-actions", Path: config.Stderr}},
		{in: "junit:x.xml", wantErr: `--format: unknown format "junit" (did you mean "junit-xml"?); want one of text, json, sarif, github-actions, checkstyle, junit-xml, code-climate, html`},
	}
	for _, tt := range tests {
		got, err := ParseFlag(tt.in)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("ParseFlag(%q) error = %v", tt.in, err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseFlag(%q) = %v, %v", tt.in, got, err)
		}
	}
}

func TestAwayFromStdout(t *testing.T) {
	tests := []struct{ path, want string }{
		{config.Stdout, config.Stderr},
		{"", config.Stderr},
		{config.Stderr, config.Stderr},
		{"out.sarif", "out.sarif"},
	}
	var in, want []config.OutputFormat
	for _, tt := range tests {
		in = append(in, config.OutputFormat{Format: "json", Path: tt.path})
		want = append(want, config.OutputFormat{Format: "json", Path: tt.want})
	}
	AwayFromStdout(in)
	if !slices.Equal(in, want) {
		t.Errorf("AwayFromStdout = %v, want %v", in, want)
	}
}
