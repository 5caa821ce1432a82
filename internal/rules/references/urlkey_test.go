package references

import (
	"testing"
)

var urlKeySeeds = []string{
	"https://example.org/",
	"HTTP://Example.ORG/a/b?x=1#frag",
	"https://a.com",
	"https://a.com?x",
	"https://a.com/?q=/",
	"https://a.com:8080/p",
	"https://a.com:/p",
	"https://:80/",
	"https://a:1:2/",
	"https://user@a.com/",
	"https://a.com/x@y(1)!$&'*+,;=:",
	"https://[::1]/",
	"https://a.com/a b",
	"https://a.com/%41",
	"https://a.com/#%zz",
	"https://a.com/é",
	"mailto:x@y.z",
	"//a.com/x",
	"https:///x",
	"a+b-c.d://host/",
	"1http://host/",
	"https://a.com/x?y=\"z\"",
	"https://a.com/x\\y",
	"https://www.sciencedirect.com/science/article/pii/S0753332224008813",
	"https://a.com/x/#L104",
	"https://a.com/x#:~:text=sea%20level",
	"https://a.com/x#",
}

// TestURLKeyFast checks the fast path on URLs it must take, and that it
// agrees with urlKey on everything it takes.
func TestURLKeyFast(t *testing.T) {
	for _, u := range []string{"https://example.org/", "HTTP://Example.ORG/a/b?x=1#frag", "https://a.com:8080/p",
		"https://www.sciencedirect.com/science/article/pii/S0753332224008813"} {
		if _, ok := urlKeyFast(u); !ok {
			t.Errorf("urlKeyFast(%q) declined a plain URL", u)
		}
	}
	for _, u := range urlKeySeeds {
		if k, ok := urlKeyFast(u); ok && k != urlKey(u) {
			t.Errorf("urlKeyFast(%q) = %q, urlKey = %q", u, k, urlKey(u))
		}
	}
	for raw, want := range map[string]string{
		"HTTP://Example.ORG/a/?x#f":       "https://example.org/a/?x#f",
		"https://a.com/x/#L104":           "https://a.com/x#L104",
		"https://a.com/x#:~:text=sea":     "https://a.com/x",
		"https://a.com/x#":                "https://a.com/x",
		"https://github.com/o/r/a.go#L17": "https://github.com/o/r/a.go#L17",
	} {
		if got := urlKey(raw); got != want {
			t.Errorf("urlKey(%q) = %q, want %q", raw, got, want)
		}
	}
}

// FuzzURLKey holds urlKeyFast to urlKey, its definition.
func FuzzURLKey(f *testing.F) {
	for _, u := range urlKeySeeds {
		f.Add(u)
	}
	f.Fuzz(func(t *testing.T, u string) {
		if k, ok := urlKeyFast(u); ok && k != urlKey(u) {
			t.Errorf("urlKeyFast(%q) = %q, urlKey = %q", u, k, urlKey(u))
		}
	})
}
