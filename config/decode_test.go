package config

import (
	"fmt"
	"reflect"
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

// TestParseDuplicatesAndLimits: keys that differ only as
// written name one thing, and aliases cannot make Parse do unbounded work.
func TestParseDuplicatesAndLimits(t *testing.T) {
	laughs := v1 + "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n" +
		"d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n" +
		"rules:\n  settings:\n    uncited-claim: {extra: {x: 1}, nested: *e}\n"
	tests := []struct{ src, want string }{
		{v1 + "resolvers:\n  hosts:\n    Example.org: {}\n    example.org: {}\n",
			`s.yaml:5:5: resolvers.hosts: "example.org" is "example.org" again (line 4); give it once`},
		{laughs, `rules.settings.uncited-claim: document contains excessive aliasing`},
	}
	opts := testOpts
	opts.NewSettings = func(string) any { return &claimSettings{} }
	for _, tt := range tests {
		_, err := Parse("s.yaml", []byte(tt.src), opts)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) = %v\nwant %s", tt.src, err, tt.want)
		}
	}
}

// TestDecodeBudget: the decoder's own bound on the values aliases expand
// to, for types yaml.v3's aliasing check does not guard (it guards rule
// settings at Parse).
func TestDecodeBudget(t *testing.T) {
	type tree map[string]tree
	level := func(anchor, alias string) string {
		var kv []string
		for i := range 10 {
			kv = append(kv, fmt.Sprintf("k%d: %s", i, alias))
		}
		return fmt.Sprintf("%s: &%s {%s}\n", anchor, anchor, strings.Join(kv, ", "))
	}
	src := level("a", "{}") + level("b", "*a") + level("c", "*b") + level("d", "*c") + level("e", "*d")
	d := newDecoder("s.yaml", Options{})
	var v tree
	d.decode(d.parseYAML([]byte(src)), nil, reflect.ValueOf(&v).Elem(), "")
	if len(d.errs) != 1 || !strings.Contains(d.errs[0].Error(), "aliases expand to more than 100000 values") {
		t.Errorf("errors = %v", d.errs)
	}
}
