package cli

import (
	"testing"

	"github.com/citelint/citelint/config"
)

func TestParseFormatFlag(t *testing.T) {
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
		got, err := parseFormatFlag(tt.in)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("parseFormatFlag(%q) error = %v", tt.in, err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("parseFormatFlag(%q) = %v, %v", tt.in, got, err)
		}
	}
}
