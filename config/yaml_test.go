package config

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestAliasNamesNoAlias: resolve takes one step because yaml.v3 gives an
// alias no anchor, so an alias never names another alias.
func TestAliasNamesNoAlias(t *testing.T) {
	for _, src := range []string{"a: &x 1\nb: &y *x\n", "a: &x [1]\nb: *x\nc: &z *x\n", "a: &x *x\n"} {
		d := newDecoder("s.yaml", Options{})
		if d.parseYAML([]byte(src)); len(d.errs) == 0 {
			t.Errorf("%q parses", src)
		}
	}
	d := newDecoder("s.yaml", Options{})
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n.Kind == yaml.AliasNode && (n.Alias == nil || n.Alias.Kind == yaml.AliasNode) {
			t.Errorf("line %d: alias names %v", n.Line, n.Alias)
		}
		for _, c := range n.Content {
			if c != n && c.Kind != yaml.AliasNode {
				walk(c)
			}
		}
	}
	walk(d.parseYAML([]byte("a: &x [*x]\nb: &y {k: *x}\nc: [*y, *x]\n")))
	// A sequence holding itself is bounded by the budget, not resolve.
	_, err := Parse("s.yaml", []byte(v1+"bibliography: &x [a, *x]\n"), testOpts)
	if err == nil || !strings.Contains(err.Error(), "bibliography[1]: want a string, got a list") {
		t.Errorf("err = %v", err)
	}
}

func TestShort(t *testing.T) {
	for s, want := range map[string]string{
		"":                               "",
		strings.Repeat("a", 60):          strings.Repeat("a", 60),
		strings.Repeat("a", 61):          strings.Repeat("a", 60) + "…",
		strings.Repeat("é", 60):          strings.Repeat("é", 60),
		strings.Repeat("é", 61):          strings.Repeat("é", 60) + "…",
		"\xff" + strings.Repeat("a", 60): "\ufffd" + strings.Repeat("a", 59) + "…",
	} {
		if got := short(s); got != want {
			t.Errorf("short(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestKpathKey: a key is written bare exactly when it matches
// ^[A-Za-z0-9_-]+$, and quoted otherwise.
func TestKpathKey(t *testing.T) {
	plain := regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
	for _, k := range []string{"", "a", "max-per-rule", "A_9", "a.b", "a b", "é", "-", "[0]", "a\n", "a:b", "x/y", "ÿ", "\xff"} {
		got := kpath{"p"}.key(k).String()
		want := "p." + k
		if !plain.MatchString(k) {
			want = fmt.Sprintf("p[%q]", k)
		}
		if got != want {
			t.Errorf("key(%q) = %s, want %s", k, got, want)
		}
	}
}
