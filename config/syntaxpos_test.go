package config

import (
	"strings"
	"testing"
)

// TestSyntaxErrorPositions: yaml.v3 reports some syntax errors with a
// 0-based line, or none; every one still names where it is.
func TestSyntaxErrorPositions(t *testing.T) {
	tests := []struct{ src, want string }{
		{v1 + "run:\n  paths: [docs\n", `s.yaml:3: invalid YAML: did not find expected ',' or ']'`},
		{v1 + "run: {paths: [a}\n", `s.yaml:2: invalid YAML: did not find expected ',' or ']'`},
		{v1 + "run:\n  paths: *nowhere\n", `s.yaml:3:10: invalid YAML: unknown anchor 'nowhere' referenced`},
		{v1 + "sources: \"a\xffb\"\n", `s.yaml:2:12: invalid YAML: invalid leading UTF-8 octet`},
		{v1 + "sources: a\x01b\n", `s.yaml:2:11: invalid YAML: control characters are not allowed`},
		{"\tversion: 1\n", `s.yaml:1: invalid YAML: found character that cannot start any token`},
	}
	for _, tt := range tests {
		_, err := Parse("s.yaml", []byte(tt.src), testOpts)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("Parse(%q) = %v\nwant %s", tt.src, err, tt.want)
		}
	}
}
